//! How the host proves who it is to the IMAP server: a password in the
//! config, a command that prints the password (so it need not sit in the
//! file), or a command that prints an OAuth2 access token (refreshed by the
//! operator's command, as himalaya and getmail do), sent with XOAUTH2 or
//! OAUTHBEARER. Commands run at every login, so a new token is used on
//! the next reconnect.

use super::ImapError;
use std::process::{Command, Stdio};

/// The SASL mechanism an OAuth2 token is sent with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OAuthMechanism {
    XOAuth2,
    OAuthBearer,
}

impl OAuthMechanism {
    pub(crate) fn from_name(name: &str) -> Option<OAuthMechanism> {
        match name.to_ascii_lowercase().as_str() {
            "xoauth2" => Some(OAuthMechanism::XOAuth2),
            "oauthbearer" => Some(OAuthMechanism::OAuthBearer),
            _ => None,
        }
    }

    pub(crate) fn sasl_name(self) -> &'static str {
        match self {
            OAuthMechanism::XOAuth2 => "XOAUTH2",
            OAuthMechanism::OAuthBearer => "OAUTHBEARER",
        }
    }

    /// The initial client response for `user` and `token`.
    pub(crate) fn response(self, user: &str, token: &str) -> String {
        match self {
            OAuthMechanism::XOAuth2 => format!("user={user}\x01auth=Bearer {token}\x01\x01"),
            OAuthMechanism::OAuthBearer => {
                format!("n,a={user},\x01auth=Bearer {token}\x01\x01")
            }
        }
    }
}

#[derive(Clone, PartialEq, Eq)]
pub enum Credentials {
    Password(String),
    /// A shell command whose first line of output is the password.
    PasswordCommand(String),
    /// A shell command whose first line of output is an access token.
    OAuth2Command {
        command: String,
        mechanism: OAuthMechanism,
    },
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Credentials::Password(_) => f.write_str("Password(****)"),
            Credentials::PasswordCommand(command) => write!(f, "PasswordCommand({command:?})"),
            Credentials::OAuth2Command { command, mechanism } => {
                write!(f, "OAuth2Command({command:?}, {mechanism:?})")
            }
        }
    }
}

/// What a login sends, once the commands have run.
pub(crate) enum Secret {
    Password(String),
    Token(OAuthMechanism, String),
}

impl Credentials {
    /// The password or token, running the operator's command if that is
    /// where it comes from.
    pub(crate) fn secret(&self) -> Result<Secret, ImapError> {
        match self {
            Credentials::Password(password) => Ok(Secret::Password(password.clone())),
            Credentials::PasswordCommand(command) => Ok(Secret::Password(first_line_of(
                command,
                "password_command",
            )?)),
            Credentials::OAuth2Command { command, mechanism } => Ok(Secret::Token(
                *mechanism,
                first_line_of(command, "oauth2_token_command")?,
            )),
        }
    }
}

/// Runs `command` with `sh -c` and takes the first line it prints.
fn first_line_of(command: &str, key: &str) -> Result<String, ImapError> {
    let failed = |problem: String| {
        ImapError::Credentials(format!("inbound.imap.{key} ({command:?}) {problem}"))
    };
    let output = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|err| failed(format!("cannot be run: {err}")))?;
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr);
        return Err(failed(format!(
            "failed ({}): {}",
            output.status,
            said.trim()
        )));
    }
    let text = String::from_utf8(output.stdout)
        .map_err(|_| failed("printed something that is not UTF-8".into()))?;
    let line = text.lines().next().unwrap_or("").trim_end_matches('\r');
    if line.is_empty() {
        return Err(failed("printed nothing".into()));
    }
    Ok(line.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_gives_its_first_line_and_a_failing_one_says_why() {
        let command = Credentials::PasswordCommand("printf 'sesame\\nmore\\n'".into());
        let Secret::Password(password) = command.secret().unwrap() else {
            panic!("a password command gives a password");
        };
        assert_eq!(password, "sesame");
        let failing = Credentials::PasswordCommand("echo locked >&2; exit 3".into());
        let err = failing.secret().err().unwrap().to_string();
        assert!(
            err.contains("password_command") && err.contains("locked"),
            "{err}"
        );
        let silent = Credentials::OAuth2Command {
            command: "true".into(),
            mechanism: OAuthMechanism::XOAuth2,
        };
        let err = silent.secret().err().unwrap().to_string();
        assert!(err.contains("printed nothing"), "{err}");
    }

    #[test]
    fn the_password_never_shows_in_debug_output() {
        let shown = format!("{:?}", Credentials::Password("hunter2".into()));
        assert!(!shown.contains("hunter2"), "{shown}");
    }

    #[test]
    fn oauth_responses_follow_the_mechanisms() {
        assert_eq!(
            OAuthMechanism::XOAuth2.response("u@x", "tok"),
            "user=u@x\x01auth=Bearer tok\x01\x01"
        );
        assert_eq!(
            OAuthMechanism::OAuthBearer.response("u@x", "tok"),
            "n,a=u@x,\x01auth=Bearer tok\x01\x01"
        );
    }
}
