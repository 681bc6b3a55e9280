//! The byte stream under the IMAP client: plain TCP or TLS through rustls
//! (the ring provider and web PKI roots, as lettre uses for SMTP), every
//! read held to the [`Bounds`] of the command under way (its deadline,
//! also the IDLE's, and its byte budget), and a handle another thread can
//! use to cut the connection (so a stopping daemon is not held in IDLE).

use super::bounds::Bounds;
use super::ImapError;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, StreamOwned};
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The connection, plain or protected.
pub(crate) enum Io {
    Plain(TcpStream),
    Tls(Box<StreamOwned<ClientConnection, TcpStream>>),
}

/// A connection with the bounds its reads are held to.
pub(crate) struct Stream {
    io: Io,
    bounds: Arc<Bounds>,
}

impl Stream {
    pub(crate) fn new(io: Io, bounds: Arc<Bounds>) -> Stream {
        Stream { io, bounds }
    }

    fn tcp(&self) -> &TcpStream {
        match &self.io {
            Io::Plain(tcp) => tcp,
            Io::Tls(tls) => tls.get_ref(),
        }
    }

    /// A handle that cuts this connection from another thread.
    pub(crate) fn cutter(&self) -> Option<Cutter> {
        self.tcp().try_clone().ok().map(Cutter)
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.bounds.before_read()?;
        self.tcp().set_read_timeout(Some(left))?;
        let read = match &mut self.io {
            Io::Plain(tcp) => tcp.read(buf),
            Io::Tls(tls) => tls.read(buf),
        };
        // The socket waited just until the deadline.
        let read = match read {
            Err(err) if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(self.bounds.overdue())
            }
            other => other?,
        };
        self.bounds.after_read(read)?;
        Ok(read)
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bounds.command_sent();
        match &mut self.io {
            Io::Plain(tcp) => tcp.write(buf),
            Io::Tls(tls) => tls.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.io {
            Io::Plain(tcp) => tcp.flush(),
            Io::Tls(tls) => tls.flush(),
        }
    }
}

/// The client's IDLE sets its wait here; the bounds keep it.
impl imap::extensions::idle::SetReadTimeout for Stream {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> imap::Result<()> {
        self.bounds.waiting(timeout);
        Ok(())
    }
}

/// Cuts a connection (both ways) so a read blocked on it returns.
#[derive(Debug)]
pub(crate) struct Cutter(TcpStream);

impl Cutter {
    pub(crate) fn try_clone(&self) -> Option<Cutter> {
        self.0.try_clone().ok().map(Cutter)
    }

    pub(crate) fn cut(&self) {
        let _ = self.0.shutdown(Shutdown::Both);
    }
}

/// A TCP connection to `host:port`, each read and write waiting `timeout`
/// at most.
pub(crate) fn connect_tcp(
    host: &str,
    port: u16,
    timeout: Duration,
) -> Result<TcpStream, ImapError> {
    let server = format!("{host}:{port}");
    let failed = |source| ImapError::Connect {
        server: server.clone(),
        source,
    };
    let addresses = (host, port).to_socket_addrs().map_err(failed)?;
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, "no address for the name");
    for address in addresses {
        match TcpStream::connect_timeout(&address, timeout) {
            Ok(tcp) => {
                tcp.set_read_timeout(Some(timeout)).map_err(failed)?;
                tcp.set_write_timeout(Some(timeout)).map_err(failed)?;
                let _ = tcp.set_nodelay(true);
                return Ok(tcp);
            }
            Err(err) => last = err,
        }
    }
    Err(failed(last))
}

/// The TLS settings: the web PKI roots, and the operator's `ca_file`.
pub(crate) fn tls_config(
    server: &str,
    ca_file: Option<&Path>,
) -> Result<Arc<ClientConfig>, ImapError> {
    let tls_error = |message: String| ImapError::Tls {
        server: server.to_string(),
        message,
    };
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = ca_file {
        let shown = path.display();
        let pem = std::fs::read(path).map_err(|err| {
            tls_error(format!("inbound.imap.ca_file: cannot read {shown}: {err}"))
        })?;
        let mut found = 0;
        for certificate in CertificateDer::pem_slice_iter(&pem) {
            let certificate = certificate.map_err(|err| {
                tls_error(format!("inbound.imap.ca_file: {shown} is not PEM: {err}"))
            })?;
            roots
                .add(certificate)
                .map_err(|err| tls_error(format!("inbound.imap.ca_file: {shown}: {err}")))?;
            found += 1;
        }
        if found == 0 {
            return Err(tls_error(format!(
                "inbound.imap.ca_file: {shown} holds no PEM certificate"
            )));
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|err| tls_error(err.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// TLS over `tcp`, the handshake done (so a bad certificate is told here).
pub(crate) fn wrap_tls(
    tcp: TcpStream,
    host: &str,
    config: Arc<ClientConfig>,
) -> Result<Io, ImapError> {
    let tls_error = |message: String| ImapError::Tls {
        server: host.to_string(),
        message,
    };
    let name = ServerName::try_from(host.to_string())
        .map_err(|err| tls_error(format!("{host:?} is not a server name: {err}")))?;
    let connection =
        ClientConnection::new(config, name).map_err(|err| tls_error(err.to_string()))?;
    let mut tls = StreamOwned::new(connection, tcp);
    while tls.conn.is_handshaking() {
        tls.conn
            .complete_io(&mut tls.sock)
            .map_err(|err| tls_error(err.to_string()))?;
    }
    Ok(Io::Tls(Box::new(tls)))
}

/// The plain part of STARTTLS, on the bare connection: the greeting, the
/// command and its OK, read a byte at a time so nothing of the TLS
/// handshake that follows is taken, all within `timeout`.
pub(crate) fn start_tls(
    tcp: &mut TcpStream,
    server: &str,
    timeout: Duration,
) -> Result<(), ImapError> {
    let deadline = Instant::now() + timeout;
    let failed = |message: String| ImapError::Command {
        which: "STARTTLS",
        message: format!("{server}: {message}"),
    };
    let greeting = read_line(tcp, deadline).map_err(|err| failed(err.to_string()))?;
    if !greeting.starts_with("* OK") {
        return Err(failed(format!(
            "the greeting was {:?}",
            greeting.trim_end()
        )));
    }
    tcp.write_all(b"pbem0 STARTTLS\r\n")
        .map_err(|err| failed(err.to_string()))?;
    loop {
        let line = read_line(tcp, deadline).map_err(|err| failed(err.to_string()))?;
        if let Some(status) = line.strip_prefix("pbem0 ") {
            return if status.starts_with("OK") {
                Ok(())
            } else {
                Err(failed(format!("the server said {:?}", status.trim_end())))
            };
        }
    }
}

/// One line from the server (8 KiB at most), its line break included,
/// before `deadline`.
fn read_line(tcp: &mut TcpStream, deadline: Instant) -> std::io::Result<String> {
    let mut line = Vec::new();
    let mut byte = [0u8];
    while !line.ends_with(b"\n") {
        if line.len() > 8192 {
            return Err(std::io::Error::other("a line longer than 8 KiB"));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the server did not answer STARTTLS in time",
            ));
        }
        tcp.set_read_timeout(Some(left))?;
        if tcp.read(&mut byte)? == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "the server closed the connection",
            ));
        }
        line.push(byte[0]);
    }
    Ok(String::from_utf8_lossy(&line).into_owned())
}
