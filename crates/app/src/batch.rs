//! `eight batch`'s words for a wrong case. The checker ([`super::check`]) compares a fixture's
//! recorded `.out` with the canonical answers under the judge's rule ([`super::check::rule`]); here the
//! recorded line is what the `.out` "expected" and `eight`'s answer what it "got", the reverse
//! of `eight judge`, which expects `eight`'s answer and got the program's.

use super::check::Wrong;
use eight::format::answer::{Fault, Side};

/// What a failing file's line says after its name: the case and why, or the count of extra
/// answers.
pub fn describe(wrong: &Wrong) -> String {
    let recorded = wrong.got.as_deref().unwrap_or("");
    let reason = wrong.fault.told(Side::Recorded, recorded, &wrong.expected);
    match wrong.fault {
        Fault::Extra { .. } => reason,
        _ => format!("case {} (line {}): {reason}", wrong.case, wrong.line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{check, rule, Verdict};
    use eight::format::judge::{Judge, HDU1043, HOJ10466, P1379};
    use eight::solve::Engine;

    /// What `batch` says of `recorded` as the `.out` of `input`.
    fn said(judge: &Judge, input: &str, recorded: &str) -> String {
        let verdict = check(
            judge,
            input.as_bytes(),
            recorded.as_bytes(),
            rule(true),
            &mut Engine::default(),
        );
        match verdict.expect("memory").expect("well-formed") {
            Verdict::Wrong(wrong) => describe(&wrong),
            Verdict::Accepted { cases } => format!("accepted {cases}"),
        }
    }

    #[test]
    fn names_the_first_wrong_case() {
        let input = "283104765\n123804765\n283104765\n";
        assert_eq!(
            said(&P1379, input, "4\n1\n5\n"),
            "case 2 (line 2): expected 1, got 0"
        );
        assert_eq!(
            said(&P1379, input, "4\n0\n"),
            "case 3 (line 3): expected nothing (the .out ends), got 4"
        );
        assert_eq!(
            said(&P1379, input, "4\n0\n4\n9\n"),
            "3 cases, but the .out has 4 answers"
        );
        assert_eq!(said(&HOJ10466, "283104765 123804765", "4\n"), "accepted 1");
    }

    #[test]
    fn words_each_path_fault_from_the_recorded_side() {
        let input = "1 2 3 4 5 6 7 x 8\n";
        for (recorded, reason) in [
            ("d", "expected `d`, whose move 1 (`d`) leaves the board"),
            (
                "u",
                "expected `u`, which ends on 123406758, not on the goal 123456780",
            ),
            ("rlr", "expected `rlr`, 3 moves, but the shortest has 1: r"),
            ("unsolvable", "expected unsolvable, got r (1 move)"),
            (
                "rx",
                "expected `rx`, which holds `x`, not a move (d, l, r, u)",
            ),
        ] {
            assert_eq!(
                said(&HDU1043, input, &format!("{recorded}\n")),
                format!("case 1 (line 1): {reason}")
            );
        }
        assert_eq!(
            said(&HDU1043, "2 1 3 4 5 6 7 8 x", "r\n"),
            "case 1 (line 1): expected `r`, got unsolvable"
        );
    }
}
