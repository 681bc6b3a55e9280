//! `[seeks]` and `[messages]`: how long an open challenge stands and how
//! many a player may post, and how many messages a player may send
//! other players in an hour.

use super::duration::parse_duration;
use crate::host::{MessageSettings, SeekSettings};
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SeeksSection {
    lifetime: Option<String>,
    max_open: Option<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MessagesSection {
    per_hour: Option<u32>,
}

pub(super) fn seek_settings(
    section: &SeeksSection,
) -> Result<SeekSettings, (&'static str, String)> {
    let defaults = SeekSettings::default();
    let lifetime = match &section.lifetime {
        None => defaults.lifetime,
        Some(text) => {
            let seconds = parse_duration(text)
                .map_err(|problem| ("seeks.lifetime", problem))?
                .as_secs();
            if !(3600..=366 * 86_400).contains(&seconds) {
                return Err((
                    "seeks.lifetime",
                    format!("{text:?} is out of range: use an hour to a year"),
                ));
            }
            seconds as i64
        }
    };
    let max_open = section.max_open.unwrap_or(defaults.max_open);
    if !(1..=100).contains(&max_open) {
        return Err((
            "seeks.max_open",
            format!("{max_open} is out of range: use 1 to 100"),
        ));
    }
    Ok(SeekSettings { lifetime, max_open })
}

pub(super) fn message_settings(
    section: &MessagesSection,
) -> Result<MessageSettings, (&'static str, String)> {
    let per_hour = section
        .per_hour
        .unwrap_or(MessageSettings::default().per_hour);
    if !(1..=1000).contains(&per_hour) {
        return Err((
            "messages.per_hour",
            format!("{per_hour} is out of range: use 1 to 1000"),
        ));
    }
    Ok(MessageSettings { per_hour })
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    #[test]
    fn seeks_and_messages_are_read_and_checked() {
        let config = Config::from_toml(
            "[seeks]\nlifetime = \"3d\"\nmax_open = 2\n[messages]\nper_hour = 4\n",
            None,
        )
        .unwrap();
        assert_eq!(config.host.seeks.lifetime, 3 * 86_400);
        assert_eq!(config.host.seeks.max_open, 2);
        assert_eq!(config.host.messages.per_hour, 4);
        let err = Config::from_toml("[seeks]\nlifetime = \"5m\"\n", None).unwrap_err();
        assert!(err.to_string().contains("seeks.lifetime"), "{err}");
        let err = Config::from_toml("[messages]\nper_hour = 0\n", None).unwrap_err();
        assert!(err.to_string().contains("messages.per_hour"), "{err}");
    }
}
