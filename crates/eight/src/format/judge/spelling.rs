//! A judge as people write it: its id or command in any case (`P1379`, `POJ1077`, `hdu-1043`),
//! its site and number (`Luogu P1379`, `AOJ ALDS1_13_B`), or its problem's address
//! (`https://www.luogu.com.cn/problem/P1379`, `http://poj.org/problem?id=1077`); and the nearest
//! names to a spelling that is none of them.

use super::{Judge, ALL};

/// The sites' addresses, by a part of their host, with the site's name as the judges give it.
const HOSTS: [(&str, &str); 17] = [
    ("luogu", "Luogu"),
    ("poj.org", "POJ"),
    ("hdu.edu.cn", "HDU"),
    ("hit.edu.cn", "HOJ"),
    ("lightoj", "LightOJ"),
    ("onlinejudge.org", "UVa"),
    ("leetcode", "LeetCode"),
    ("princeton.edu", "Princeton"),
    ("acwing", "AcWing"),
    ("zju.edu.cn", "ZOJ"),
    ("acmicpc.net", "BOJ"),
    ("u-aizu", "AOJ"),
    ("hackerrank", "HackerRank"),
    ("sgu.ru", "SGU"),
    ("codeforces", "Codeforces"),
    ("kattis", "Kattis"),
    ("zoj", "ZOJ"),
];

/// The words of a problem's address that are not its number (LeetCode's slug for 773).
const SLUGS: [(&str, &str); 1] = [("leetcode773", "slidingpuzzle")];

/// `text` lowercased, with only its letters and digits: `HDU-1043` and `hdu 1043` are `hdu1043`.
fn plain(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl Judge {
    /// The judge `text` names as people write it: [`Judge::from_name`]'s names in any case
    /// and with any punctuation, a site and number (`Luogu P1379`), a number alone where one
    /// judge has it, or a problem's address; `None` when it names none (or more than one).
    pub fn spelled(text: &str) -> Option<&'static Judge> {
        if let Some(judge) = Judge::from_name(text) {
            return Some(judge);
        }
        let text = text.trim();
        if let Some(address) = text.split_once("://").map(|(_, rest)| rest) {
            return at_address(address);
        }
        let wanted = plain(text);
        if wanted.is_empty() {
            return None;
        }
        let by_name = ALL.into_iter().find(|judge| {
            let site = plain(judge.site) + &plain(judge.number);
            [plain(judge.id), plain(judge.command), site].contains(&wanted)
        });
        if by_name.is_some() {
            return by_name;
        }
        let mut numbered = ALL
            .into_iter()
            .filter(|judge| plain(judge.number) == wanted);
        match (numbered.next(), numbered.next()) {
            (Some(judge), None) => Some(judge),
            _ => None,
        }
    }

    /// The names of [`Judge::names`] nearest to `text`, nearest first: at most three, for an
    /// error that says what was meant.
    pub fn nearest(text: &str) -> Vec<&'static str> {
        let wanted = plain(text);
        let mut names: Vec<(f64, &str)> = Judge::names()
            .into_iter()
            .map(|name| (strsim::normalized_levenshtein(&wanted, &plain(name)), name))
            .collect();
        names.sort_by(|a, b| b.0.total_cmp(&a.0));
        names.into_iter().take(3).map(|(_, name)| name).collect()
    }
}

/// The judge of a problem's address (the part after `://`): its site by the host, then the
/// judge of that site whose number (or slug) the rest holds, the longest where several do.
fn at_address(address: &str) -> Option<&'static Judge> {
    let (host, rest) = address.split_once('/').unwrap_or((address, ""));
    let host = host.to_ascii_lowercase();
    let (_, site) = HOSTS.into_iter().find(|(part, _)| host.contains(part))?;
    let rest = plain(rest);
    ALL.into_iter()
        .filter(|judge| judge.site == site)
        .filter_map(|judge| {
            let slug = SLUGS.iter().find(|(id, _)| *id == judge.id);
            let words = [
                Some(plain(judge.number)),
                slug.map(|(_, slug)| slug.to_string()),
            ];
            let found = words
                .into_iter()
                .flatten()
                .filter(|word| rest.contains(word.as_str()));
            found.map(|word| word.len()).max().map(|len| (len, judge))
        })
        .max_by_key(|(len, _)| *len)
        .map(|(_, judge)| judge)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_are_found_as_people_write_them() {
        let named = |text: &str| Judge::spelled(text).map(|judge| judge.id);
        for (text, id) in [
            ("P1379", "p1379"),
            ("POJ1077", "poj1077"),
            ("hdu-1043", "hdu1043"),
            ("HDU 3567", "hdu3567"),
            ("Luogu P1379", "p1379"),
            ("LeetCode 773", "leetcode773"),
            ("ALDS1_13_B", "aoj-8puzzle"),
            ("CF645A", "cf645a"),
            ("Kattis-NPuzzle", "kattis-npuzzle"),
            ("PATH", "poj1077"),
            ("https://www.luogu.com.cn/problem/P1379", "p1379"),
            ("http://poj.org/problem?id=1077", "poj1077"),
            ("https://acm.hdu.edu.cn/showproblem.php?pid=3567", "hdu3567"),
            (
                "https://leetcode.com/problems/sliding-puzzle/",
                "leetcode773",
            ),
            ("https://www.acmicpc.net/problem/1525", "boj1525"),
            (
                "https://onlinejudge.u-aizu.ac.jp/problems/ALDS1_13_C",
                "aoj-15puzzle",
            ),
            ("https://codeforces.com/problemset/problem/645/A", "cf645a"),
            ("https://open.kattis.com/problems/npuzzle", "kattis-npuzzle"),
            (
                "https://www.hackerrank.com/challenges/n-puzzle",
                "hackerrank-npuzzle",
            ),
            ("https://onlinejudge.org/external/101/10181.pdf", "uva10181"),
        ] {
            assert_eq!(named(text), Some(id), "{text}");
        }
        // a number two judges share, a site's problem eight does not know, and nothing
        for text in [
            "",
            "--",
            "1",
            "https://poj.org/problem?id=1000",
            "https://example.com/1077",
        ] {
            assert_eq!(named(text), None, "{text}");
        }
        assert_eq!(Judge::nearest("p1397")[0], "p1379");
    }
}
