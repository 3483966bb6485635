//! `eight judge`'s quantities: times and sizes as a user writes them (`1.5`, `500ms`, `512M`) and as
//! its lines show them.

use std::time::Duration;

const MIB: u64 = 1 << 20;

/// A time limit: seconds, or a number with `ms` or `s`; positive, finite, at most a day.
pub(super) fn parse_time(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, scale) = match text.strip_suffix("ms") {
        Some(number) => (number, 0.001),
        None => (text.strip_suffix('s').unwrap_or(text), 1.0),
    };
    let seconds = number
        .trim()
        .parse::<f64>()
        .map_err(|_| format!("`{text}` is not a time (1.5, 2s, 500ms)"))?
        * scale;
    if !(0.001..=86_400.0).contains(&seconds) {
        return Err(format!("`{text}` is not a time from 1ms to a day"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// A size in bytes: MiB, or a number with `K`, `M` or `G` (`KiB`, `MB`… alike), from one byte
/// up to `most`.
fn parse_size(text: &str, most: u64) -> Result<u64, String> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = match &lower[digits.len()..] {
        "" | "m" | "mb" | "mib" => MIB,
        "k" | "kb" | "kib" => 1 << 10,
        "g" | "gb" | "gib" => 1 << 30,
        _ => return Err(format!("`{trimmed}` is not a size (256, 512M, 1G, 800K)")),
    };
    let number: f64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("`{trimmed}` is not a size (256, 512M, 1G, 800K)"))?;
    let bytes = number * unit as f64;
    if !(bytes >= 1.0 && bytes <= most as f64) {
        return Err(format!(
            "`{trimmed}` is not a size from 1 byte to {}",
            shown_size(most)
        ));
    }
    Ok(bytes as u64)
}

pub(super) fn parse_memory(text: &str) -> Result<u64, String> {
    parse_size(text, 1 << 40)
}

pub(super) fn parse_output(text: &str) -> Result<u64, String> {
    parse_size(text, 1 << 30)
}

/// A size as a person writes it: `64 MiB`, `1.5 GiB`, `800 KiB`.
pub(super) fn shown_size(bytes: u64) -> String {
    let (unit, name) = match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => (1 << 30, "GiB"),
        b if b >= MIB => (MIB, "MiB"),
        b if b >= 1 << 10 => (1 << 10, "KiB"),
        _ => (1, "bytes"),
    };
    let value = bytes as f64 / unit as f64;
    format!("{} {name}", trimmed_number(value))
}

/// A number without trailing zeros: `0.3`, `1`, `1.25`.
pub(super) fn trimmed_number(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_times_and_refuses_the_impossible() {
        assert_eq!(parse_time("0.3"), Ok(Duration::from_millis(300)));
        assert_eq!(parse_time("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_time("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_time("1ms"), Ok(Duration::from_millis(1)));
        for bad in [
            "0",
            "-1",
            "NaN",
            "inf",
            "1e300",
            "18446744073709551616",
            "2h",
            "",
            "1e-9",
            "0.5ms",
        ] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parses_sizes_and_refuses_the_impossible() {
        assert_eq!(parse_memory("64"), Ok(64 * MIB));
        assert_eq!(parse_memory("512M"), Ok(512 * MIB));
        assert_eq!(parse_memory("1G"), Ok(1 << 30));
        assert_eq!(parse_memory("800k"), Ok(800 << 10));
        for bad in ["0", "-5", "17592186044416", "1T", "x", "NaN"] {
            assert!(parse_memory(bad).is_err(), "{bad}");
        }
        assert!(parse_output("17592186044416").is_err());
        assert_eq!(shown_size(64 * MIB), "64 MiB");
        assert_eq!(shown_size(1 << 30), "1 GiB");
    }
}
