//! The top-level help and the usage errors: thirty commands listed in groups so that they can
//! be scanned, and clap's errors written as eight writes its own diagnostics (`eight: ` first,
//! a line each), so that a user meets one style whoever found the mistake.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use eight::format::judge::{self, Goal};
use eight::Board;

/// The judges whose question is not a shortest path: most are decided without a search.
const ASKING_ELSE: [&str; 7] = [
    "sgu139",
    "hdu6620",
    "cf645a",
    "kattis-npuzzle",
    "poj2893",
    "hdu3600",
    "uva10085",
];

/// The groups of the top-level help after the judges', each a heading and its commands.
const GROUPS: [(&str, &[&str]); 4] = [
    (
        "Practise: test data, answer files, your own program",
        &["gen", "batch", "judge", "stress", "check"],
    ),
    (
        "The puzzle's own: draw it, count it, play it",
        &["show", "histogram", "play"],
    ),
    (
        "Large searches: the databases' folder, a search over many machines",
        &["cache", "merge"],
    ),
    ("This program", &["man", "completions", "help"]),
];

/// Every group of the top-level help: the judges' commands first, then [`GROUPS`].
pub(super) fn groups() -> Vec<(&'static str, Vec<&'static str>)> {
    let solving: Vec<&str> = judge::ALL.iter().map(|judge| judge.command).collect();
    let mut commands: Vec<&str> = Vec::new();
    for name in solving {
        if !commands.contains(&name) {
            commands.push(name);
        }
    }
    let (other, shortest): (Vec<&str>, Vec<&str>) = commands
        .into_iter()
        .partition(|name| ASKING_ELSE.contains(name));
    let mut groups = vec![
        (
            "Judges: each reads its judge's cases and prints the fewest moves or a shortest path",
            shortest,
        ),
        ("Judges that ask something else", other),
    ];
    groups.extend(
        GROUPS
            .iter()
            .map(|&(heading, names)| (heading, names.to_vec())),
    );
    groups
}

/// The top-level help's template: clap's, with the commands (in [`groups`]) in place of one
/// list, as the help's `after` text: [`listed`] for `--help`, [`named`] for `-h`.
pub(super) const TEMPLATE: &str =
    "{before-help}{about-with-newline}\n{usage-heading} {usage}{after-help}\n\nOptions:\n{options}";

/// The commands in their groups, each with what it does: `eight --help`'s list.
pub(super) fn listed(command: &clap::Command) -> String {
    let width = 100;
    let column = 2
        + command
            .get_subcommands()
            .map(|command| command.get_name().len())
            .max()
            .unwrap_or(0)
        + 2;
    let mut text = String::new();
    for (heading, names) in groups() {
        text.push_str(&format!("\n{heading}:\n"));
        for name in names {
            let about = match command.find_subcommand(name) {
                Some(found) => described(found),
                None => "Print this message or the help of the given command".to_string(),
            };
            let mut line = format!("  {name:<0$}", column - 2);
            for (index, piece) in wrapped(&about, width - column).into_iter().enumerate() {
                if index > 0 {
                    line.push('\n');
                    line.push_str(&" ".repeat(column));
                }
                line.push_str(&piece);
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
    }
    text.trim_start().to_string()
}

/// The commands in their groups, by name only: `eight -h`'s list, which fits a screen.
pub(super) fn named() -> String {
    let mut text = String::new();
    for (heading, names) in groups() {
        // a heading's first words: `Practise: test data, ...` is `Practise`
        let short = heading.split(':').next().unwrap_or(heading);
        text.push_str(&format!("\n{short}:\n"));
        for line in wrapped(&names.join(" "), 96) {
            text.push_str(&format!("  {line}\n"));
        }
    }
    text.push_str(
        "\n`eight --help` says what each command does, `eight COMMAND -h` what one takes\n",
    );
    text.trim_start().to_string()
}

/// A command's line in the list: what it does, and its aliases.
fn described(command: &clap::Command) -> String {
    let about = command
        .get_about()
        .map(ToString::to_string)
        .unwrap_or_default();
    let aliases: Vec<&str> = command.get_visible_aliases().collect();
    match aliases.as_slice() {
        [] => about,
        [alias] => format!("{about} [alias: {alias}]"),
        _ => format!("{about} [aliases: {}]", aliases.join(", ")),
    }
}

/// `text` in lines of at most `width` characters, broken at spaces.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

/// A usage error as eight's own diagnostics are written: `eight: ` and what is wrong on one
/// line (clap's list of possible values on it), then the usage and where to read more, each a
/// line of its own. `invoked` names the command the command line names, if any.
pub(super) fn restyle(error: &clap::Error, invoked: Option<&str>) -> String {
    let rendered = error.render().to_string();
    // the command whose usage clap shows (`Usage: eight steps [OPTIONS] ...`), else the one invoked
    let command = rendered
        .lines()
        .find_map(|line| line.strip_prefix("Usage: eight "))
        .and_then(|usage| usage.split_whitespace().next())
        .filter(|word| !word.starts_with(['[', '<', '-']))
        .or(invoked)
        .unwrap_or("eight");
    let (message, rest) = rendered.split_once("\n\n").unwrap_or((&rendered, ""));
    let message = message
        .trim()
        .strip_prefix("error: ")
        .unwrap_or(message.trim());
    // clap's indented lines (a list of values, a tip) join the message's line
    let message = message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let mut lines = vec![message];
    for part in rest.split("\n\n") {
        let part = part.trim();
        if let Some(usage) = part.strip_prefix("Usage: ") {
            lines.push(format!("usage: {}", usage.trim()));
        } else if part.starts_with("For more information") {
            let help = match command {
                "eight" => "eight --help".to_string(),
                name => format!("eight {name} --help"),
            };
            lines.push(format!("more: {help}"));
        } else if !part.is_empty() {
            lines.push(part.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    if let Some(hint) = board_for_command(error).or_else(|| program_without_dashes(error, command))
    {
        lines.push(hint);
    }
    lines
        .iter()
        .map(|line| format!("eight: {line}\n"))
        .collect()
}

/// The program of `eight judge` or `eight stress` left without the `--` before it: its words
/// were read as test paths, or as nothing at all.
fn program_without_dashes(error: &clap::Error, command: &str) -> Option<String> {
    let missing = match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::Strings(args)) => args.iter().any(|arg| arg.contains("<COMMAND>")),
        _ => false,
    };
    let example = match command {
        "judge" => "eight judge hdu1043 fixtures/hdu1043 -- ./a.out",
        "stress" => "eight stress hdu1043 -- ./a.out",
        _ => return None,
    };
    (error.kind() == ErrorKind::MissingRequiredArgument && missing)
        .then(|| format!("the program to run comes after `--`, as in `{example}`"))
}

/// A board given where a command was expected (`eight 283104765`): which commands solve it.
fn board_for_command(error: &clap::Error) -> Option<String> {
    if error.kind() != ErrorKind::InvalidSubcommand {
        return None;
    }
    let Some(ContextValue::String(word)) = error.get(ContextKind::InvalidSubcommand) else {
        return None;
    };
    word.parse::<Board>().ok()?;
    // the two commands' own goals and judges, as their descriptions hold them
    let told = |name: &str, what: &str| {
        let judge = judge::Judge::from_name(name)?;
        let Goal::Fixed(goal) = judge.goal else {
            return None;
        };
        Some(format!(
            "`eight {name} {word}` ({what} {goal}, {})",
            judge.name()
        ))
    };
    Some(format!(
        "to solve a board, name what to print: {}, {}",
        told("steps", "the fewest moves to")?,
        told("path", "the path to")?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_is_in_one_group_and_every_group_names_commands() {
        let command = super::super::command();
        let listed: Vec<&str> = groups().into_iter().flat_map(|(_, names)| names).collect();
        for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
            let name = sub.get_name();
            let times = listed.iter().filter(|&&listed| listed == name).count();
            assert_eq!(times, 1, "`{name}` is in {times} groups");
        }
        for name in listed.iter().filter(|&&name| name != "help") {
            assert!(
                command.find_subcommand(name).is_some(),
                "no command `{name}`"
            );
        }
    }

    /// The restyled error of the command line `words`.
    fn error_of(words: &[&str]) -> String {
        let error = super::super::command()
            .try_get_matches_from(words)
            .expect_err("a usage error");
        let invoked = words.get(1).copied().filter(|word| !word.starts_with('-'));
        restyle(&error, invoked)
    }

    #[test]
    fn clap_s_errors_are_written_as_eight_s_a_line_each() {
        let text = error_of(&["eight", "steps", "--algo", "foo", "1"]);
        assert!(
            text.lines().all(|line| line.starts_with("eight: ")),
            "{text}"
        );
        assert!(
            text.starts_with(
                "eight: invalid value 'foo' for '--algo <ALGO>' [possible values: auto, table,"
            ),
            "{text}"
        );
        assert!(
            text.ends_with("eight: more: eight steps --help\n"),
            "{text}"
        );
        let text = error_of(&["eight", "gen"]);
        assert!(text.contains("eight: usage: eight gen <JUDGE>\n"), "{text}");
        assert!(!text.contains("error:"), "{text}");
    }

    #[test]
    fn a_board_given_for_a_command_is_shown_the_commands_that_solve_it() {
        let text = error_of(&["eight", "283104765"]);
        assert!(
            text.contains("eight: to solve a board, name what to print: `eight steps 283104765`"),
            "{text}"
        );
        assert!(
            text.contains("`eight path 283104765` (the path to 123456780, POJ 1077)"),
            "{text}"
        );
        assert!(!error_of(&["eight", "frob"]).contains("to solve a board"));
    }

    #[test]
    fn lines_are_broken_at_spaces_within_the_width() {
        assert_eq!(wrapped("one two three", 7), ["one two", "three"]);
        assert_eq!(wrapped("", 7), [""]);
    }
}
