//! The operator's settings, from a TOML file; every setting has a default
//! so the host runs with no file at all.

mod accounts;
mod boards;
mod clocks;
mod competition;
mod duration;
mod error;
mod exposure;
mod inbound;
mod limits;
mod outbound;
mod robots;
mod social;
mod web;

pub(crate) use exposure::exposed_secret_warning;

pub use error::ConfigError;
pub(crate) use inbound::InboundSource;
pub(crate) use outbound::{OutboundSettings, TransportChoice};

use crate::host::HostSettings;
use crate::mail::inbound::screen::InboundLimits;
use outbound::{outbound_settings, OutboundSection};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

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
    #[serde(default)]
    log: LogSection,
    #[serde(default)]
    accounts: accounts::AccountsSection,
    #[serde(default)]
    clocks: clocks::ClocksSection,
    #[serde(default)]
    ratings: competition::RatingsSection,
    #[serde(default)]
    ladders: competition::LaddersSection,
    #[serde(default)]
    tournaments: competition::TournamentsSection,
    #[serde(default)]
    boards: boards::BoardsSection,
    #[serde(default)]
    seeks: social::SeeksSection,
    #[serde(default)]
    messages: social::MessagesSection,
    #[serde(default)]
    robots: robots::RobotsSection,
    #[serde(default)]
    limits: limits::LimitsSection,
    #[serde(default)]
    web: web::WebSection,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct LogSection {
    filter: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct HostSection {
    address: Option<String>,
    name: Option<String>,
    language: Option<String>,
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
    source: Option<String>,
    imap: Option<inbound::ImapSection>,
}

/// The settings in force, with every path resolved.
#[derive(Clone, Debug)]
pub struct Config {
    pub data_dir: PathBuf,
    pub database: PathBuf,
    pub(crate) maildir: PathBuf,
    pub outbox_folder: PathBuf,
    /// Operator templates overriding the built-in ones, when the folder
    /// exists.
    pub templates: PathBuf,
    pub(crate) poll_interval: Duration,
    /// Where `serve` takes mail from: the Maildir or an IMAP mailbox.
    pub(crate) source: InboundSource,
    /// What the log shows (`tracing` filter syntax: "info", "debug",
    /// "info,pbem::mail=debug"); `PBEM_LOG` in the environment wins.
    pub(crate) log_filter: String,
    pub(crate) host: HostSettings,
    pub(crate) outbound: OutboundSettings,
    /// Where `serve` runs the web view (`[web] listen`); none: it runs
    /// none.
    pub(crate) web_listen: Option<String>,
}

pub(crate) const DEFAULT_DATA_DIR: &str = "./pbem-data";

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
        mut parsed: ConfigFile,
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
            .or(parsed.data_dir.take())
            .unwrap_or_else(|| PathBuf::from(DEFAULT_DATA_DIR));
        let inside = |given: Option<PathBuf>, default: &str| match given {
            Some(path) if path.is_absolute() => path,
            Some(path) => data_dir.join(path),
            None => data_dir.join(default),
        };
        let host = std::mem::take(&mut parsed.host);
        let mut host = host_settings(host, &parsed, &invalid)?;
        let (web_listen, public_url) =
            web::web_settings(&parsed.web).map_err(|(key, problem)| invalid(key, problem))?;
        host.public_url = public_url;
        let poll_ms = parsed.inbound.poll_interval_ms.unwrap_or(250);
        if !(10..=5000).contains(&poll_ms) {
            return Err(invalid(
                "inbound.poll_interval_ms",
                format!("{poll_ms} is out of range: use 10 to 5000 (mail is answered within a second at the default 250)"),
            ));
        }
        let log_filter = parsed.log.filter.unwrap_or_else(|| "info".to_string());
        crate::log::filter_is_valid(&log_filter)
            .map_err(|problem| invalid("log.filter", problem))?;
        let outbox_folder = inside(parsed.outbound.folder.take(), "outbox");
        let outbound = outbound_settings(parsed.outbound, &invalid)?;
        let source =
            inbound::inbound_source(parsed.inbound.source.as_deref(), parsed.inbound.imap.take())
                .map_err(|(key, problem)| invalid(key, problem))?;
        Ok(Config {
            database: inside(parsed.storage.database, "pbem.sqlite"),
            maildir: inside(parsed.inbound.maildir, "inbox"),
            outbox_folder,
            templates: inside(parsed.templates, "templates"),
            poll_interval: Duration::from_millis(poll_ms),
            source,
            log_filter,
            host,
            outbound,
            web_listen,
            data_dir,
        })
    }
}

/// The `[host]` settings and everything the host's logic reads from the
/// other sections.
fn host_settings(
    host: HostSection,
    parsed: &ConfigFile,
    invalid: &dyn Fn(&'static str, String) -> ConfigError,
) -> Result<HostSettings, ConfigError> {
    let invalid_at = |(key, problem): (&'static str, String)| invalid(key, problem);
    let defaults = HostSettings::default();
    let address = host.address.unwrap_or(defaults.address);
    if address.parse::<lettre::Address>().is_err() {
        return Err(invalid(
            "host.address",
            format!("{address:?} is not a mail address (like pbem@example.org)"),
        ));
    }
    let name = host.name.unwrap_or(defaults.name);
    if name.contains(['\r', '\n', '<', '>', '"']) {
        return Err(invalid(
            "host.name",
            "must be plain text without line breaks, quotes or angle brackets".into(),
        ));
    }
    let max_mails_per_hour = host
        .max_mails_per_hour
        .unwrap_or(defaults.max_mails_per_hour);
    if max_mails_per_hour == 0 {
        return Err(invalid(
            "host.max_mails_per_hour",
            "must be at least 1, or the host could never answer".into(),
        ));
    }
    Ok(HostSettings {
        address,
        name,
        language: host.language.unwrap_or(defaults.language),
        max_mails_per_hour,
        limits: inbound_limits(&parsed.inbound).map_err(invalid_at)?,
        accounts: accounts::account_policy(&parsed.accounts).map_err(invalid_at)?,
        clocks: clocks::clock_settings(&parsed.clocks).map_err(invalid_at)?,
        competition: competition::competition_settings(
            &parsed.ratings,
            &parsed.ladders,
            &parsed.tournaments,
        )
        .map_err(invalid_at)?,
        boards: boards::board_pictures(&parsed.boards),
        seeks: social::seek_settings(&parsed.seeks).map_err(invalid_at)?,
        messages: social::message_settings(&parsed.messages).map_err(invalid_at)?,
        robots: robots::robot_settings(&parsed.robots).map_err(invalid_at)?,
        flood: limits::limits(&parsed.limits).map_err(invalid_at)?,
        public_url: None,
    })
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
mod tests;
