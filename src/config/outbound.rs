//! The `[outbound]` settings: the transport (files, SMTP, sendmail) and
//! the retry policy, each value checked with the key it came from.

use super::duration::parse_duration;
use super::error::ConfigError;
use crate::mail::outbound::sender::RetryPolicy;
use crate::mail::outbound::transport::{SmtpSettings, TlsMode};
use serde::Deserialize;
use std::path::PathBuf;
use std::time::Duration;

/// How outgoing mail leaves the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TransportChoice {
    /// `.eml` files in `Config::outbox_folder`.
    File,
    Smtp(SmtpSettings),
    Sendmail {
        command: PathBuf,
    },
}

/// The outgoing side: the transport, the retry policy, and how long
/// sent and dropped rows are kept before they are pruned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OutboundSettings {
    pub(crate) transport: TransportChoice,
    pub(crate) retry: RetryPolicy,
    pub(crate) keep_sent: std::time::Duration,
}

type Invalid<'a> = &'a dyn Fn(&'static str, String) -> ConfigError;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OutboundSection {
    transport: Option<String>,
    pub(super) folder: Option<PathBuf>,
    first_retry: Option<String>,
    max_retry: Option<String>,
    give_up_after: Option<String>,
    keep_sent: Option<String>,
    smtp: Option<SmtpSection>,
    sendmail: Option<SendmailSection>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SmtpSection {
    host: Option<String>,
    port: Option<u16>,
    tls: Option<String>,
    user: Option<String>,
    password: Option<String>,
    timeout: Option<String>,
    hello_name: Option<String>,
    connections: Option<usize>,
    ca_file: Option<PathBuf>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SendmailSection {
    command: Option<PathBuf>,
}

pub(super) fn outbound_settings(
    section: OutboundSection,
    invalid: Invalid,
) -> Result<OutboundSettings, ConfigError> {
    let duration = |key: &'static str, given: Option<String>, default: Duration| match given {
        None => Ok(default),
        Some(text) => parse_duration(&text).map_err(|problem| invalid(key, problem)),
    };
    let defaults = RetryPolicy::default();
    let retry = RetryPolicy {
        first_retry: duration(
            "outbound.first_retry",
            section.first_retry,
            defaults.first_retry,
        )?,
        max_retry: duration("outbound.max_retry", section.max_retry, defaults.max_retry)?,
        give_up_after: duration(
            "outbound.give_up_after",
            section.give_up_after,
            defaults.give_up_after,
        )?,
    };
    if retry.first_retry.is_zero() {
        return Err(invalid(
            "outbound.first_retry",
            "must be longer than 0, or a failing server would be tried without pause".into(),
        ));
    }
    if retry.max_retry < retry.first_retry {
        return Err(invalid(
            "outbound.max_retry",
            "must not be shorter than outbound.first_retry".into(),
        ));
    }
    if retry.give_up_after < retry.first_retry {
        return Err(invalid(
            "outbound.give_up_after",
            "must not be shorter than outbound.first_retry, or mail would be given up before its first retry".into(),
        ));
    }
    let keep_sent = keep_sent(section.keep_sent, invalid)?;
    let transport = match section.transport.as_deref() {
        None | Some("file") => TransportChoice::File,
        Some("smtp") => TransportChoice::Smtp(smtp_settings(
            section.smtp.unwrap_or_default(),
            invalid,
        )?),
        Some("sendmail") => {
            let command = section
                .sendmail
                .and_then(|sendmail| sendmail.command)
                .unwrap_or_else(|| PathBuf::from("/usr/sbin/sendmail"));
            if command.as_os_str().is_empty() {
                return Err(invalid(
                    "outbound.sendmail.command",
                    "is empty; give the sendmail program's path".into(),
                ));
            }
            TransportChoice::Sendmail { command }
        }
        Some(other) => {
            return Err(invalid(
                "outbound.transport",
                format!("{other:?} is not a transport this host has: use \"file\", \"smtp\" or \"sendmail\""),
            ))
        }
    };
    Ok(OutboundSettings {
        transport,
        retry,
        keep_sent,
    })
}

/// How long sent and dropped outbox rows are kept (`outbound.keep_sent`):
/// at least the hour the cap counts.
fn keep_sent(given: Option<String>, invalid: Invalid) -> Result<Duration, ConfigError> {
    use crate::mail::outbound::sender::{DEFAULT_KEEP_SENT, MIN_KEEP_SENT};
    let keep = match given {
        None => DEFAULT_KEEP_SENT,
        Some(text) => {
            parse_duration(&text).map_err(|problem| invalid("outbound.keep_sent", problem))?
        }
    };
    if keep < MIN_KEEP_SENT {
        return Err(invalid(
            "outbound.keep_sent",
            "must be at least 1h: the hourly cap counts the last hour's mail".into(),
        ));
    }
    Ok(keep)
}

fn smtp_settings(section: SmtpSection, invalid: Invalid) -> Result<SmtpSettings, ConfigError> {
    let host = smtp_host(section.host, invalid)?;
    let tls = match section.tls.as_deref() {
        None => TlsMode::StartTls,
        Some(name) => TlsMode::from_name(name).ok_or_else(|| {
            invalid(
                "outbound.smtp.tls",
                format!("{name:?} is not a TLS mode: use {}", TlsMode::NAMES),
            )
        })?,
    };
    let port = section.port.unwrap_or(tls.default_port());
    if port == 0 {
        return Err(invalid("outbound.smtp.port", "must be 1 to 65535".into()));
    }
    let credentials = smtp_credentials(section.user, section.password, invalid)?;
    let loopback = host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    if credentials.is_some() && tls == TlsMode::None && !loopback {
        return Err(invalid(
            "outbound.smtp.tls",
            "\"none\" would send the password in clear text to another machine: use \"starttls\" or \"implicit\"".into(),
        ));
    }
    let timeout = match section.timeout {
        None => Duration::from_secs(30),
        Some(text) => {
            parse_duration(&text).map_err(|problem| invalid("outbound.smtp.timeout", problem))?
        }
    };
    if timeout.is_zero() {
        return Err(invalid(
            "outbound.smtp.timeout",
            "must be longer than 0".into(),
        ));
    }
    if let Some(name) = &section.hello_name {
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c.is_control()) {
            return Err(invalid(
                "outbound.smtp.hello_name",
                format!("{name:?} is not a host name"),
            ));
        }
    }
    let connections = section.connections.unwrap_or(4);
    if !(1..=32).contains(&connections) {
        return Err(invalid(
            "outbound.smtp.connections",
            format!("{connections} is out of range: use 1 to 32"),
        ));
    }
    Ok(SmtpSettings {
        host,
        port,
        tls,
        credentials,
        timeout,
        hello_name: section.hello_name,
        connections,
        ca_file: section.ca_file,
    })
}

fn smtp_host(given: Option<String>, invalid: Invalid) -> Result<String, ConfigError> {
    match given {
        Some(host) if !host.trim().is_empty() && !host.contains(char::is_whitespace) => Ok(host),
        Some(host) => Err(invalid(
            "outbound.smtp.host",
            format!("{host:?} is not a host name or address"),
        )),
        None => Err(invalid(
            "outbound.smtp.host",
            "is required when outbound.transport is \"smtp\"".into(),
        )),
    }
}

/// The user and password, both or neither.
fn smtp_credentials(
    user: Option<String>,
    password: Option<String>,
    invalid: Invalid,
) -> Result<Option<(String, String)>, ConfigError> {
    match (user, password) {
        (None, None) => Ok(None),
        (Some(user), Some(password)) => Ok(Some((user, password))),
        (Some(_), None) => Err(invalid(
            "outbound.smtp.password",
            "is required when outbound.smtp.user is set".into(),
        )),
        (None, Some(_)) => Err(invalid(
            "outbound.smtp.user",
            "is required when outbound.smtp.password is set".into(),
        )),
    }
}
