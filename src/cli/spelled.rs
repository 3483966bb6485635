//! The judge an argument names, as people write it ([`Judge::spelled`]), parsed for clap.

use clap::builder::{PossibleValue, TypedValueParser};
use eight::format::Judge;

/// Parses a judge's id or its command's name, offering both in `--help` and completions.
pub(super) fn judge_parser() -> JudgeParser {
    JudgeParser
}

/// A judge as people write it ([`Judge::spelled`]: `P1379`, `hdu-1043`, a problem's address);
/// its possible values, for help and completions, are the ids and commands.
#[derive(Clone, Copy)]
pub(super) struct JudgeParser;

impl TypedValueParser for JudgeParser {
    type Value = &'static Judge;

    fn parse_ref(
        &self,
        _: &clap::Command,
        _: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<&'static Judge, clap::Error> {
        let text = value.to_string_lossy();
        Judge::spelled(&text).ok_or_else(|| {
            let nearest = Judge::nearest(&text)
                .into_iter()
                .map(|name| format!("`{name}`"))
                .collect::<Vec<_>>();
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!(
                    "`{text}` names no judge: the nearest are {}; every judge is in `eight --help`, \
                     and an id, a problem's number (`P1379`, `POJ 1077`) or its address is taken\n",
                    nearest.join(", ")
                ),
            )
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(Judge::names().into_iter().map(PossibleValue::new)))
    }
}
