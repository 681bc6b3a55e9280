//! `[inbound] source` and `[inbound.imap]`: where mail comes from.

use super::duration::parse_duration;
use crate::mail::inbound::imap::credentials::OAuthMechanism;
use crate::mail::inbound::imap::{AfterHandling, Credentials, ImapSettings, ImapTls};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where `serve` takes mail from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum InboundSource {
    /// The Maildir (`[inbound] maildir`), the embedded default.
    Maildir,
    /// An IMAP mailbox.
    Imap(Box<ImapSettings>),
}

impl InboundSource {
    /// The intake as the log names it: the Maildir (`maildir`, the
    /// config's), or the IMAP server, mailbox and user.
    pub(crate) fn describe(&self, maildir: &Path) -> String {
        match self {
            InboundSource::Maildir => format!("Maildir {}", maildir.display()),
            InboundSource::Imap(imap) => format!(
                "IMAP {}:{} mailbox {} as {}",
                imap.host, imap.port, imap.folder, imap.user
            ),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ImapSection {
    host: Option<String>,
    port: Option<u16>,
    tls: Option<String>,
    ca_file: Option<PathBuf>,
    user: Option<String>,
    password: Option<String>,
    password_command: Option<String>,
    oauth2_token_command: Option<String>,
    oauth2_mechanism: Option<String>,
    folder: Option<String>,
    move_to: Option<String>,
    flag: Option<String>,
    poll_interval: Option<String>,
    idle: Option<bool>,
    idle_renew: Option<String>,
    timeout: Option<String>,
}

type Invalid = (&'static str, String);

/// The inbound source from `[inbound] source` and `[inbound.imap]`.
pub(crate) fn inbound_source(
    source: Option<&str>,
    imap: Option<ImapSection>,
) -> Result<InboundSource, Invalid> {
    match source {
        None | Some("maildir") => Ok(InboundSource::Maildir),
        Some("imap") => Ok(InboundSource::Imap(Box::new(imap_settings(imap.ok_or(
            (
                "inbound.imap",
                "is required when inbound.source is \"imap\"".into(),
            ),
        )?)?))),
        Some(other) => Err((
            "inbound.source",
            format!("{other:?} is not a source this host has: use \"maildir\" or \"imap\""),
        )),
    }
}

fn imap_settings(section: ImapSection) -> Result<ImapSettings, Invalid> {
    let host = imap_host(section.host)?;
    let tls = match section.tls.as_deref() {
        None => ImapTls::Implicit,
        Some(name) => ImapTls::from_name(name).ok_or_else(|| {
            (
                "inbound.imap.tls",
                format!("{name:?} is not a TLS mode: use {}", ImapTls::NAMES),
            )
        })?,
    };
    let port = section.port.unwrap_or(tls.default_port());
    if port == 0 {
        return Err(("inbound.imap.port", "must be 1 to 65535".into()));
    }
    let user = imap_user(section.user)?;
    let credentials = credentials(
        section.password,
        section.password_command,
        section.oauth2_token_command,
        section.oauth2_mechanism,
    )?;
    let loopback = host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    if tls == ImapTls::None && !loopback {
        return Err((
            "inbound.imap.tls",
            "\"none\" would send the password in clear text to another machine: use \"implicit\" or \"starttls\"".into(),
        ));
    }
    let folder = folder_name("inbound.imap.folder", section.folder, "INBOX")?;
    let after = after_handling(section.move_to, section.flag.as_deref())?;
    if after == AfterHandling::MoveTo(folder.clone()) {
        return Err((
            "inbound.imap.move_to",
            "must be another folder than inbound.imap.folder".into(),
        ));
    }
    let duration = positive_duration;
    let idle_renew = duration(
        "inbound.imap.idle_renew",
        section.idle_renew,
        Duration::from_secs(600),
    )?;
    if idle_renew > Duration::from_secs(25 * 60) {
        return Err((
            "inbound.imap.idle_renew",
            "must be at most 25m: servers may drop an IDLE after 29 minutes".into(),
        ));
    }
    Ok(ImapSettings {
        host,
        port,
        tls,
        ca_file: section.ca_file,
        user,
        credentials,
        folder,
        after,
        poll_interval: duration(
            "inbound.imap.poll_interval",
            section.poll_interval,
            Duration::from_secs(60),
        )?,
        idle: section.idle.unwrap_or(true),
        idle_renew,
        timeout: duration(
            "inbound.imap.timeout",
            section.timeout,
            Duration::from_secs(60),
        )?,
    })
}

fn imap_host(given: Option<String>) -> Result<String, Invalid> {
    match given {
        Some(host) if !host.trim().is_empty() && !host.contains(char::is_whitespace) => Ok(host),
        Some(host) => Err(("inbound.imap.host", format!("{host:?} is not a host name"))),
        None => Err(("inbound.imap.host", "is required".into())),
    }
}

fn imap_user(given: Option<String>) -> Result<String, Invalid> {
    match given {
        Some(user) if !user.is_empty() && !user.contains(['\r', '\n']) => Ok(user),
        _ => Err((
            "inbound.imap.user",
            "is required (the mailbox's login)".into(),
        )),
    }
}

/// A length of time longer than 0, or `default` when none is given.
fn positive_duration(
    key: &'static str,
    given: Option<String>,
    default: Duration,
) -> Result<Duration, Invalid> {
    let value = match given {
        None => default,
        Some(text) => parse_duration(&text).map_err(|problem| (key, problem))?,
    };
    if value.is_zero() {
        return Err((key, "must be longer than 0".to_string()));
    }
    Ok(value)
}

/// What becomes of a handled mail: `move_to` (the default) or `flag`.
fn after_handling(move_to: Option<String>, flag: Option<&str>) -> Result<AfterHandling, Invalid> {
    Ok(match (move_to, flag) {
        (Some(_), Some(_)) => {
            return Err((
                "inbound.imap.flag",
                "cannot go with inbound.imap.move_to: a handled mail is moved or flagged".into(),
            ))
        }
        (None, Some(flag)) => match flag.trim_start_matches('\\').to_ascii_lowercase().as_str() {
            "seen" => AfterHandling::Seen,
            "deleted" => AfterHandling::Delete,
            _ => {
                return Err((
                    "inbound.imap.flag",
                    format!(
                        "{flag:?} is not a flag the host sets: use \"\\\\Seen\" or \"\\\\Deleted\""
                    ),
                ))
            }
        },
        (move_to, None) => AfterHandling::MoveTo(folder_name(
            "inbound.imap.move_to",
            move_to,
            "pbem-handled",
        )?),
    })
}

fn credentials(
    password: Option<String>,
    password_command: Option<String>,
    token_command: Option<String>,
    mechanism: Option<String>,
) -> Result<Credentials, Invalid> {
    let mechanism = match mechanism.as_deref() {
        None => None,
        Some(name) => Some(OAuthMechanism::from_name(name).ok_or_else(|| {
            (
                "inbound.imap.oauth2_mechanism",
                format!("{name:?} is not one: use \"xoauth2\" or \"oauthbearer\""),
            )
        })?),
    };
    let empty = |key: &'static str| (key, "is empty".to_string());
    let credentials = match (password, password_command, token_command) {
        (Some(password), None, None) if !password.is_empty() => Credentials::Password(password),
        (Some(_), None, None) => return Err(empty("inbound.imap.password")),
        (None, Some(command), None) if !command.trim().is_empty() => {
            Credentials::PasswordCommand(command)
        }
        (None, Some(_), None) => return Err(empty("inbound.imap.password_command")),
        (None, None, Some(command)) if !command.trim().is_empty() => Credentials::OAuth2Command {
            command,
            mechanism: mechanism.unwrap_or(OAuthMechanism::XOAuth2),
        },
        (None, None, Some(_)) => return Err(empty("inbound.imap.oauth2_token_command")),
        (None, None, None) => {
            return Err((
                "inbound.imap.password",
                "is required, or password_command, or oauth2_token_command".into(),
            ))
        }
        _ => {
            return Err((
                "inbound.imap.password",
                "give only one of password, password_command and oauth2_token_command".into(),
            ))
        }
    };
    if mechanism.is_some() && !matches!(credentials, Credentials::OAuth2Command { .. }) {
        return Err((
            "inbound.imap.oauth2_mechanism",
            "goes only with inbound.imap.oauth2_token_command".into(),
        ));
    }
    Ok(credentials)
}

fn folder_name(key: &'static str, given: Option<String>, default: &str) -> Result<String, Invalid> {
    let name = given.unwrap_or_else(|| default.to_string());
    if name.is_empty() || name.contains(|c: char| c.is_control() || !c.is_ascii()) {
        return Err((
            key,
            format!("{name:?} is not a folder name the host can use (plain ASCII, not empty)"),
        ));
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<InboundSource, Invalid> {
        #[derive(Deserialize)]
        struct Wrap {
            source: Option<String>,
            imap: Option<ImapSection>,
        }
        let wrap: Wrap = toml::from_str(text).unwrap();
        inbound_source(wrap.source.as_deref(), wrap.imap)
    }

    #[test]
    fn a_minimal_imap_section_takes_the_defaults() {
        let source = parse(
            "source = \"imap\"\n[imap]\nhost = \"imap.example.org\"\nuser = \"u\"\npassword = \"p\"",
        )
        .unwrap();
        let InboundSource::Imap(imap) = source else {
            panic!("imap");
        };
        assert_eq!((imap.port, imap.tls), (993, ImapTls::Implicit));
        assert_eq!(imap.folder, "INBOX");
        assert_eq!(imap.after, AfterHandling::MoveTo("pbem-handled".into()));
        assert!(imap.idle);
    }

    #[test]
    fn broken_imap_sections_name_their_key() {
        let cases = [
            ("source = \"pop3\"", "inbound.source"),
            ("source = \"imap\"", "inbound.imap"),
            ("source = \"imap\"\n[imap]\nuser = \"u\"\npassword = \"p\"", "inbound.imap.host"),
            ("source = \"imap\"\n[imap]\nhost = \"h\"\nuser = \"u\"", "inbound.imap.password"),
            (
                "source = \"imap\"\n[imap]\nhost = \"h\"\nuser = \"u\"\npassword = \"p\"\npassword_command = \"x\"",
                "inbound.imap.password",
            ),
            (
                "source = \"imap\"\n[imap]\nhost = \"h\"\nuser = \"u\"\npassword = \"p\"\ntls = \"none\"",
                "inbound.imap.tls",
            ),
            (
                "source = \"imap\"\n[imap]\nhost = \"h\"\nuser = \"u\"\npassword = \"p\"\nflag = \"\\\\Flagged\"",
                "inbound.imap.flag",
            ),
            (
                "source = \"imap\"\n[imap]\nhost = \"h\"\nuser = \"u\"\npassword = \"p\"\nflag = \"\\\\Seen\"\nmove_to = \"x\"",
                "inbound.imap.flag",
            ),
            (
                "source = \"imap\"\n[imap]\nhost = \"h\"\nuser = \"u\"\npassword = \"p\"\nmove_to = \"INBOX\"",
                "inbound.imap.move_to",
            ),
            (
                "source = \"imap\"\n[imap]\nhost = \"h\"\nuser = \"u\"\npassword = \"p\"\nidle_renew = \"29m\"",
                "inbound.imap.idle_renew",
            ),
        ];
        for (text, key) in cases {
            let err = parse(text)
                .err()
                .unwrap_or_else(|| panic!("{text} is refused"));
            assert_eq!(err.0, key, "{text}: {}", err.1);
        }
    }

    #[test]
    fn flags_and_token_commands_are_read() {
        let source = parse(
            "source = \"imap\"\n[imap]\nhost = \"127.0.0.1\"\ntls = \"none\"\nuser = \"u\"\noauth2_token_command = \"tok\"\noauth2_mechanism = \"oauthbearer\"\nflag = \"\\\\Deleted\"",
        )
        .unwrap();
        let InboundSource::Imap(imap) = source else {
            panic!("imap");
        };
        assert_eq!(imap.after, AfterHandling::Delete);
        assert_eq!(imap.port, 143);
        assert_eq!(
            imap.credentials,
            Credentials::OAuth2Command {
                command: "tok".into(),
                mechanism: OAuthMechanism::OAuthBearer
            }
        );
    }
}
