//! The operator's settings, from a TOML file; every setting has a default
//! so the host runs with no file at all.

use crate::host::screen::InboundLimits;
use crate::host::HostSettings;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A config that cannot be used, naming the key and the problem.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("config {path}: {message}")]
    Syntax { path: String, message: String },
    #[error("config {path}: {key}: {problem}")]
    Invalid {
        path: String,
        key: &'static str,
        problem: String,
    },
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    data_dir: Option<PathBuf>,
    #[serde(default)]
    host: HostSection,
    #[serde(default)]
    storage: StorageSection,
    #[serde(default)]
    inbound: InboundSection,
    #[serde(default)]
    outbound: OutboundSection,
    templates: Option<PathBuf>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct HostSection {
    address: Option<String>,
    name: Option<String>,
    max_mails_per_hour: Option<u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct StorageSection {
    database: Option<PathBuf>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct InboundSection {
    maildir: Option<PathBuf>,
    poll_interval_ms: Option<u64>,
    max_message_bytes: Option<usize>,
    max_commands_per_mail: Option<usize>,
    max_references: Option<usize>,
    max_received_hops: Option<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutboundSection {
    transport: Option<String>,
    folder: Option<PathBuf>,
}

/// The settings in force, with every path resolved.
#[derive(Clone, Debug)]
pub struct Config {
    pub data_dir: PathBuf,
    pub database: PathBuf,
    pub maildir: PathBuf,
    pub outbox_folder: PathBuf,
    /// Operator templates overriding the built-in ones, when the folder
    /// exists.
    pub templates: PathBuf,
    pub poll_interval: Duration,
    pub host: HostSettings,
}

pub const DEFAULT_DATA_DIR: &str = "./pbem-data";

impl Config {
    /// The settings from `file` (none: every default), with `data_dir`
    /// replaced by `data_override` when given. Paths in the file that are
    /// relative are taken inside the data directory.
    pub fn load(file: Option<&Path>, data_override: Option<&Path>) -> Result<Config, ConfigError> {
        let (parsed, path) = match file {
            Some(path) => {
                let shown = path.display().to_string();
                let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
                    path: shown.clone(),
                    source,
                })?;
                let parsed =
                    toml::from_str::<ConfigFile>(&text).map_err(|err| ConfigError::Syntax {
                        path: shown.clone(),
                        message: err.to_string().trim_end().to_string(),
                    })?;
                (parsed, shown)
            }
            None => (ConfigFile::default(), "(built-in default)".to_string()),
        };
        Config::resolve(parsed, &path, data_override)
    }

    /// Reads settings from TOML text, for tests and checks.
    pub fn from_toml(text: &str, data_override: Option<&Path>) -> Result<Config, ConfigError> {
        let parsed = toml::from_str::<ConfigFile>(text).map_err(|err| ConfigError::Syntax {
            path: "(text)".into(),
            message: err.to_string().trim_end().to_string(),
        })?;
        Config::resolve(parsed, "(text)", data_override)
    }

    fn resolve(
        parsed: ConfigFile,
        path: &str,
        data_override: Option<&Path>,
    ) -> Result<Config, ConfigError> {
        let invalid = |key: &'static str, problem: String| ConfigError::Invalid {
            path: path.to_string(),
            key,
            problem,
        };
        let data_dir = data_override
            .map(Path::to_path_buf)
            .or(parsed.data_dir)
            .unwrap_or_else(|| PathBuf::from(DEFAULT_DATA_DIR));
        let inside = |given: Option<PathBuf>, default: &str| match given {
            Some(path) if path.is_absolute() => path,
            Some(path) => data_dir.join(path),
            None => data_dir.join(default),
        };
        let defaults = HostSettings::default();
        let address = parsed.host.address.unwrap_or(defaults.address);
        let valid_address = address.parse::<lettre::Address>().is_ok();
        if !valid_address {
            return Err(invalid(
                "host.address",
                format!("{address:?} is not a mail address (like pbem@example.org)"),
            ));
        }
        let name = parsed.host.name.unwrap_or(defaults.name);
        if name.contains(['\r', '\n', '<', '>', '"']) {
            return Err(invalid(
                "host.name",
                "must be plain text without line breaks, quotes or angle brackets".into(),
            ));
        }
        let max_mails_per_hour = parsed
            .host
            .max_mails_per_hour
            .unwrap_or(defaults.max_mails_per_hour);
        if max_mails_per_hour == 0 {
            return Err(invalid(
                "host.max_mails_per_hour",
                "must be at least 1, or the host could never answer".into(),
            ));
        }
        let poll_ms = parsed.inbound.poll_interval_ms.unwrap_or(250);
        if !(10..=5000).contains(&poll_ms) {
            return Err(invalid(
                "inbound.poll_interval_ms",
                format!("{poll_ms} is out of range: use 10 to 5000 (mail is answered within a second at the default 250)"),
            ));
        }
        let limits =
            inbound_limits(&parsed.inbound).map_err(|(key, problem)| invalid(key, problem))?;
        match parsed.outbound.transport.as_deref() {
            None | Some("file") => {}
            Some(other) => {
                return Err(invalid(
                    "outbound.transport",
                    format!(
                        "{other:?} is not a transport this host has; the only one now is \"file\""
                    ),
                ))
            }
        }
        Ok(Config {
            database: inside(parsed.storage.database, "pbem.sqlite"),
            maildir: inside(parsed.inbound.maildir, "inbox"),
            outbox_folder: inside(parsed.outbound.folder, "outbox"),
            templates: inside(parsed.templates, "templates"),
            poll_interval: Duration::from_millis(poll_ms),
            host: HostSettings {
                address,
                name,
                max_mails_per_hour,
                limits,
            },
            data_dir,
        })
    }
}

/// The `[inbound]` limits, each at least 1 (a limit of 0 would refuse
/// every mail).
fn inbound_limits(section: &InboundSection) -> Result<InboundLimits, (&'static str, String)> {
    let defaults = InboundLimits::default();
    let at_least_one = |key: &'static str, value: Option<usize>, default: usize| match value {
        Some(0) => Err((key, "must be at least 1".to_string())),
        Some(value) => Ok(value),
        None => Ok(default),
    };
    Ok(InboundLimits {
        max_message_bytes: at_least_one(
            "inbound.max_message_bytes",
            section.max_message_bytes,
            defaults.max_message_bytes,
        )?,
        max_commands_per_mail: at_least_one(
            "inbound.max_commands_per_mail",
            section.max_commands_per_mail,
            defaults.max_commands_per_mail,
        )?,
        max_references: at_least_one(
            "inbound.max_references",
            section.max_references,
            defaults.max_references,
        )?,
        max_received_hops: at_least_one(
            "inbound.max_received_hops",
            section.max_received_hops,
            defaults.max_received_hops,
        )?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_config_gives_the_data_directory_layout() {
        let config = Config::load(None, Some(Path::new("/srv/pbem"))).unwrap();
        assert_eq!(config.database, Path::new("/srv/pbem/pbem.sqlite"));
        assert_eq!(config.maildir, Path::new("/srv/pbem/inbox"));
        assert_eq!(config.outbox_folder, Path::new("/srv/pbem/outbox"));
        assert_eq!(config.poll_interval, Duration::from_millis(250));
    }

    #[test]
    fn the_example_config_is_valid() {
        let text = include_str!("../config.example.toml");
        let config = Config::from_toml(text, None).unwrap();
        assert_eq!(config.host.address, "pbem@localhost");
    }

    #[test]
    fn errors_name_the_key() {
        let err = Config::from_toml("[host]\naddress = \"nobody\"", None).unwrap_err();
        assert!(err.to_string().contains("host.address"), "{err}");
        let err = Config::from_toml("[inbound]\npoll_interval_ms = 60000", None).unwrap_err();
        assert!(
            err.to_string().contains("inbound.poll_interval_ms"),
            "{err}"
        );
        let err = Config::from_toml("[host]\nadress = \"a@b\"", None).unwrap_err();
        assert!(err.to_string().contains("adress"), "{err}");
        let err = Config::from_toml("[inbound]\nmax_message_bytes = 0", None).unwrap_err();
        assert!(
            err.to_string().contains("inbound.max_message_bytes"),
            "{err}"
        );
        let err = Config::from_toml("[outbound]\ntransport = \"smtp\"", None).unwrap_err();
        assert!(err.to_string().contains("outbound.transport"), "{err}");
    }
}
