//! The SMTP transport, on lettre's low-level `SmtpConnection`.
//!
//! Why not lettre's `SmtpTransport`: its released version writes a
//! message's body and the closing `\r\n.\r\n` as two writes on a socket
//! with Nagle's algorithm on, so the short second write waits for the
//! server's delayed ACK (about 40 ms on Linux) and one connection manages
//! some twenty messages a second. Here the dot-stuffed body and its
//! terminator go out as ONE write, connections stay open between messages
//! (kept in a small pool, one per sending thread), and the outbox sender
//! runs several sends at once.

use super::{FailureKind, Outgoing, SendError, Transport};
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{Certificate, SmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Mail, Rcpt, Rset};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How the connection to the server is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TlsMode {
    /// Plain text; only sensible to a server on the same machine.
    None,
    /// STARTTLS when the server offers it, plain text otherwise.
    Opportunistic,
    /// STARTTLS, and no mail is sent if the server does not offer it.
    StartTls,
    /// TLS from the first byte (SMTPS, usually port 465).
    Implicit,
}

impl TlsMode {
    pub(crate) const NAMES: &'static str =
        "\"starttls\", \"opportunistic\", \"implicit\" or \"none\"";

    pub(crate) fn from_name(name: &str) -> Option<TlsMode> {
        match name {
            "none" => Some(TlsMode::None),
            "opportunistic" => Some(TlsMode::Opportunistic),
            "starttls" => Some(TlsMode::StartTls),
            "implicit" => Some(TlsMode::Implicit),
            _ => None,
        }
    }

    /// The port a server usually listens on for this mode.
    pub(crate) fn default_port(self) -> u16 {
        match self {
            TlsMode::None => 25,
            TlsMode::Opportunistic | TlsMode::StartTls => 587,
            TlsMode::Implicit => 465,
        }
    }
}

/// Where and how to reach the SMTP server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub tls: TlsMode,
    /// AUTH user and password, when the server wants them.
    pub credentials: Option<(String, String)>,
    /// Connect, read and write timeout.
    pub timeout: Duration,
    /// The EHLO name; the machine's host name when absent.
    pub hello_name: Option<String>,
    /// How many connections (and sending threads) at most.
    pub connections: usize,
    /// A PEM certificate to trust as a root besides the webpki roots (a
    /// private CA, or a test's).
    pub ca_file: Option<std::path::PathBuf>,
}

/// A connection idle longer than this is closed rather than reused: the
/// server may have dropped it (RFC 5321 lets it after five minutes).
const IDLE_LIMIT: Duration = Duration::from_secs(60);

pub struct SmtpTransport {
    settings: SmtpSettings,
    tls: Option<TlsParameters>,
    hello: ClientId,
    credentials: Option<Credentials>,
    /// Open connections not in use, with the time each was last used.
    idle: Mutex<Vec<(SmtpConnection, Instant)>>,
}

/// Which step of a transaction failed, to know whether retrying on a
/// fresh connection could send the message twice.
enum Step {
    /// Nothing of the message has reached the server yet.
    BeforeData,
    /// The body may have reached the server.
    AfterData,
}

impl SmtpTransport {
    /// Prepares the transport; no connection is made until the first send.
    pub fn new(settings: SmtpSettings) -> Result<SmtpTransport, String> {
        let tls = match settings.tls {
            TlsMode::None => None,
            _ => Some(tls_parameters(&settings)?),
        };
        let hello = match &settings.hello_name {
            Some(name) => ClientId::Domain(name.clone()),
            None => ClientId::default(),
        };
        let credentials = settings
            .credentials
            .as_ref()
            .map(|(user, password)| Credentials::new(user.clone(), password.clone()));
        Ok(SmtpTransport {
            settings,
            tls,
            hello,
            credentials,
            idle: Mutex::new(Vec::new()),
        })
    }

    /// A new connection, with TLS and AUTH as configured. Any failure
    /// here is the server's or the network's, never the message's.
    fn open(&self) -> Result<SmtpConnection, SendError> {
        let unavailable = |what: &str, err: &dyn std::fmt::Display| {
            SendError::new(
                FailureKind::Unavailable,
                format!(
                    "SMTP {}:{}: {what}: {err}",
                    self.settings.host, self.settings.port
                ),
            )
        };
        let implicit = match self.settings.tls {
            TlsMode::Implicit => self.tls.as_ref(),
            _ => None,
        };
        let mut conn = SmtpConnection::connect(
            (self.settings.host.as_str(), self.settings.port),
            Some(self.settings.timeout),
            &self.hello,
            implicit,
            None,
        )
        .map_err(|err| unavailable("cannot connect", &err))?;
        let wants_starttls = match self.settings.tls {
            TlsMode::StartTls => true,
            TlsMode::Opportunistic => conn.can_starttls(),
            TlsMode::None | TlsMode::Implicit => false,
        };
        if let (true, Some(tls)) = (wants_starttls, self.tls.as_ref()) {
            conn.starttls(tls, &self.hello)
                .map_err(|err| unavailable("STARTTLS failed", &err))?;
        }
        if let Some(credentials) = &self.credentials {
            conn.auth(DEFAULT_MECHANISMS, credentials)
                .map_err(|err| unavailable("authentication failed", &err))?;
        }
        Ok(conn)
    }

    /// A pooled connection young enough to trust, or a new one; the flag
    /// says whether it was reused.
    fn checkout(&self) -> Result<(SmtpConnection, bool), SendError> {
        let pooled = self.idle.lock().map(|mut idle| idle.pop()).ok().flatten();
        match pooled {
            Some((conn, last_used)) if last_used.elapsed() < IDLE_LIMIT => Ok((conn, true)),
            Some((mut stale, _)) => {
                let _ = stale.quit();
                Ok((self.open()?, false))
            }
            None => Ok((self.open()?, false)),
        }
    }

    fn checkin(&self, conn: SmtpConnection) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push((conn, Instant::now()));
        }
    }

    /// One SMTP transaction on an open connection.
    fn transact(
        &self,
        conn: &mut SmtpConnection,
        mail: &Outgoing,
    ) -> Result<(), (Step, lettre::transport::smtp::Error)> {
        let before = |err| (Step::BeforeData, err);
        let mut options = Vec::new();
        let envelope = &mail.envelope;
        let non_ascii_address = envelope
            .from()
            .is_some_and(|a| !AsRef::<str>::as_ref(a).is_ascii())
            || envelope
                .to()
                .iter()
                .any(|a| !AsRef::<str>::as_ref(a).is_ascii());
        if non_ascii_address && conn.server_info().supports_feature(Extension::SmtpUtfEight) {
            options.push(MailParameter::SmtpUtfEight);
        }
        if !mail.bytes.is_ascii() && conn.server_info().supports_feature(Extension::EightBitMime) {
            options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        conn.command(Mail::new(envelope.from().cloned(), options))
            .map_err(before)?;
        for to in envelope.to() {
            conn.command(Rcpt::new(to.clone(), Vec::new()))
                .map_err(before)?;
        }
        conn.command(Data).map_err(before)?;
        let after = |err| (Step::AfterData, err);
        match String::from_utf8(data_section(&mail.bytes)) {
            // One write for the body and its terminator: see the module
            // comment.
            Ok(text) => conn.command(text.as_str()).map_err(after)?,
            // Not UTF-8 (never from the host's own builder): lettre's own
            // writer takes bytes, at its slower pace.
            Err(_) => conn.message(&mail.bytes).map_err(after)?,
        };
        Ok(())
    }
}

fn tls_parameters(settings: &SmtpSettings) -> Result<TlsParameters, String> {
    let mut builder = TlsParameters::builder(settings.host.clone());
    if let Some(path) = &settings.ca_file {
        let pem = std::fs::read(path).map_err(|err| {
            format!(
                "outbound.smtp.ca_file: cannot read {}: {err}",
                path.display()
            )
        })?;
        let certificate = Certificate::from_pem(&pem).map_err(|err| {
            format!(
                "outbound.smtp.ca_file: {} is not a PEM certificate: {err}",
                path.display()
            )
        })?;
        builder = builder.add_root_certificate(certificate);
    }
    builder
        .build_rustls()
        .map_err(|err| format!("cannot set up TLS for {}: {err}", settings.host))
}

/// The DATA section of a message: lines starting with a dot get a second
/// one (RFC 5321 4.5.2), and the `.` line ends it.
pub(crate) fn data_section(message: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len() + message.len() / 64 + 5);
    let mut line_start = true;
    for &byte in message {
        if line_start && byte == b'.' {
            out.push(b'.');
        }
        out.push(byte);
        line_start = byte == b'\n';
    }
    if !message.ends_with(b"\r\n") {
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b".\r\n");
    out
}

fn classify(err: &lettre::transport::smtp::Error) -> FailureKind {
    if err.is_permanent() {
        FailureKind::Rejected
    } else if err.is_transient() {
        FailureKind::Deferred
    } else {
        FailureKind::Unavailable
    }
}

impl Transport for SmtpTransport {
    fn send(&self, mail: &Outgoing) -> Result<(), SendError> {
        let (mut conn, mut reused) = self.checkout()?;
        loop {
            match self.transact(&mut conn, mail) {
                Ok(()) => {
                    self.checkin(conn);
                    return Ok(());
                }
                Err((step, err)) => {
                    // A reused connection the server has since closed
                    // (silently, or with 421 "closing"): nothing of the
                    // message went out, so a fresh one cannot double it.
                    let closing = err.status().map(u16::from) == Some(421);
                    let kind = classify(&err);
                    if reused
                        && matches!(step, Step::BeforeData)
                        && (closing || kind == FailureKind::Unavailable)
                    {
                        conn.abort();
                        conn = self.open()?;
                        reused = false;
                        continue;
                    }
                    if kind != FailureKind::Unavailable {
                        // The server answered with a code: the connection
                        // is fine once the transaction is reset.
                        if conn.command(Rset).is_ok() {
                            self.checkin(conn);
                        } else {
                            conn.abort();
                        }
                        return Err(SendError::new(kind, format!("SMTP: {err}")));
                    }
                    conn.abort();
                    return Err(SendError::new(
                        kind,
                        format!("SMTP {}:{}: {err}", self.settings.host, self.settings.port),
                    ));
                }
            }
        }
    }

    fn parallel_sends(&self) -> usize {
        self.settings.connections
    }

    fn describe(&self) -> String {
        format!("SMTP to {}:{}", self.settings.host, self.settings.port)
    }
}

impl Drop for SmtpTransport {
    fn drop(&mut self) {
        if let Ok(idle) = self.idle.get_mut() {
            for (mut conn, _) in idle.drain(..) {
                // A polite QUIT, but a hung server must not hold up a
                // shutdown for the whole timeout.
                let _ = conn.set_timeout(Some(Duration::from_secs(1)));
                let _ = conn.quit();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::data_section;

    #[test]
    fn data_section_doubles_leading_dots_and_ends_with_the_dot_line() {
        assert_eq!(
            data_section(b".a\r\nb\r\n..c\r\n"),
            b"..a\r\nb\r\n...c\r\n.\r\n".to_vec()
        );
        assert_eq!(data_section(b"x"), b"x\r\n.\r\n".to_vec());
        assert_eq!(
            data_section(b"a.b\r\n.\r\n"),
            b"a.b\r\n..\r\n.\r\n".to_vec()
        );
    }
}
