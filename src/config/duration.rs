//! Lengths of time as the config writes them ("30s", "5d"), read by
//! every section that has one.

use std::time::Duration;

/// Reads a length of time such as "250ms", "30s", "5m", "2h" or "5d".
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: u64 = number.parse().map_err(|_| {
        format!("{text:?} is not a length of time (like \"30s\", \"5m\", \"2h\", \"5d\")")
    })?;
    let millis_per_unit = match unit.trim() {
        "ms" => 1,
        "s" => 1000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => {
            return Err(format!(
                "{text:?} has no known unit: use ms, s, m, h or d (like \"30s\", \"5d\")"
            ))
        }
    };
    number
        .checked_mul(millis_per_unit)
        .map(Duration::from_millis)
        .ok_or_else(|| format!("{text:?} is too long"))
}
