//! `[limits]`: how much one sender can make the host send to others.

use crate::host::model::limits::Limits;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LimitsSection {
    max_comment_bytes: Option<usize>,
    accounts_per_address: Option<usize>,
    stranger_answers_per_hour: Option<u32>,
}

pub(super) fn limits(section: &LimitsSection) -> Result<Limits, (&'static str, String)> {
    let defaults = Limits::default();
    let max_comment_bytes = section
        .max_comment_bytes
        .unwrap_or(defaults.max_comment_bytes);
    if !(256..=1024 * 1024).contains(&max_comment_bytes) {
        return Err((
            "limits.max_comment_bytes",
            format!("{max_comment_bytes} is out of range: use 256 to 1048576"),
        ));
    }
    let accounts_per_address = section
        .accounts_per_address
        .unwrap_or(defaults.accounts_per_address);
    if !(1..=100).contains(&accounts_per_address) {
        return Err((
            "limits.accounts_per_address",
            format!("{accounts_per_address} is out of range: use 1 to 100"),
        ));
    }
    let stranger_answers_per_hour = section
        .stranger_answers_per_hour
        .unwrap_or(defaults.stranger_answers_per_hour);
    if !(1..=1_000_000).contains(&stranger_answers_per_hour) {
        return Err((
            "limits.stranger_answers_per_hour",
            format!("{stranger_answers_per_hour} is out of range: use 1 to 1000000"),
        ));
    }
    Ok(Limits {
        max_comment_bytes,
        accounts_per_address,
        stranger_answers_per_hour,
    })
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    #[test]
    fn limits_are_read_and_checked_by_name() {
        let config = Config::from_toml(
            "[limits]\nmax_comment_bytes = 1000\naccounts_per_address = 1\n\
             stranger_answers_per_hour = 5\n",
            None,
        )
        .unwrap();
        assert_eq!(config.host.flood.max_comment_bytes, 1000);
        assert_eq!(config.host.flood.accounts_per_address, 1);
        assert_eq!(config.host.flood.stranger_answers_per_hour, 5);
        let err = Config::from_toml("[limits]\nmax_comment_bytes = 10\n", None).unwrap_err();
        assert!(
            err.to_string().contains("limits.max_comment_bytes"),
            "{err}"
        );
        let err = Config::from_toml("[limits]\naccounts_per_address = 0\n", None).unwrap_err();
        assert!(
            err.to_string().contains("limits.accounts_per_address"),
            "{err}"
        );
        let err = Config::from_toml("[limits]\nmystery = 1\n", None).unwrap_err();
        assert!(err.to_string().contains("mystery"), "{err}");
    }
}
