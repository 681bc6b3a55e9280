//! A real SMTP server for tests: aiosmtpd (from PyPI, installed by
//! tests/setup.sh) on a free loopback port, writing every message it
//! accepts into a Maildir. Tests start and stop it themselves, so they can
//! take it away in the middle of a run.

pub use super::certificate::TestCertificate;
use super::free_port;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct SmtpSink {
    pub port: u16,
    pub maildir: PathBuf,
    child: Option<Child>,
}

/// Fails the test, loudly, when aiosmtpd is not installed: a missing
/// server must never make an SMTP test pass by doing nothing.
fn require_aiosmtpd() {
    let found = Command::new("python3")
        .args(["-c", "import aiosmtpd"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    assert!(
        found,
        "aiosmtpd is not installed (python3 -c 'import aiosmtpd' fails): run tests/setup.sh first"
    );
}

const AUTH_SERVER: &str = r#"
import sys, time
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox
from aiosmtpd.smtp import AuthResult, LoginPassword

port, maildir, user, password = sys.argv[1:5]


def authenticator(server, session, envelope, mechanism, auth_data):
    good = (
        isinstance(auth_data, LoginPassword)
        and auth_data.login == user.encode()
        and auth_data.password == password.encode()
    )
    return AuthResult(success=good)


controller = Controller(
    Mailbox(maildir),
    hostname="127.0.0.1",
    port=int(port),
    authenticator=authenticator,
    auth_required=True,
    auth_require_tls=False,
)
controller.start()
while True:
    time.sleep(3600)
"#;

const REFUSING_HANDLER: &str = r#"
from aiosmtpd.handlers import Mailbox


class Refusing(Mailbox):
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.startswith("refused"):
            return "550 5.1.1 no such mailbox here"
        if address.startswith("later"):
            return "451 4.3.0 mailbox busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"
"#;

impl SmtpSink {
    /// Starts a sink on a free port writing into `maildir`.
    pub fn start(maildir: &Path) -> SmtpSink {
        SmtpSink::start_on(free_port(), maildir)
    }

    /// Starts a sink on `port`; returns once it answers.
    pub fn start_on(port: u16, maildir: &Path) -> SmtpSink {
        SmtpSink::launch(port, maildir, "aiosmtpd.handlers.Mailbox", None)
    }

    /// A sink that refuses recipients starting with "refused" for good
    /// (550) and those starting with "later" for now (451), and keeps the
    /// rest.
    pub fn start_refusing(maildir: &Path) -> SmtpSink {
        let module_dir = maildir.with_extension("handler");
        std::fs::create_dir_all(&module_dir).unwrap();
        std::fs::write(module_dir.join("refusing.py"), REFUSING_HANDLER).unwrap();
        SmtpSink::launch(free_port(), maildir, "refusing.Refusing", Some(&module_dir))
    }

    /// A sink that wants AUTH (PLAIN or LOGIN) as `user`/`password` before
    /// it takes mail; plain text, which is fine on loopback.
    pub fn start_with_auth(maildir: &Path, user: &str, password: &str) -> SmtpSink {
        require_aiosmtpd();
        let script = maildir.with_extension("auth.py");
        std::fs::write(&script, AUTH_SERVER).unwrap();
        let port = free_port();
        let child = Command::new("python3")
            .arg(&script)
            .arg(port.to_string())
            .arg(maildir)
            .args([user, password])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 runs");
        SmtpSink::wait_ready(SmtpSink {
            port,
            maildir: maildir.to_path_buf(),
            child: Some(child),
        })
    }

    /// A sink that speaks TLS with `certificate`: STARTTLS (and refuses
    /// mail before it), or implicit TLS from the first byte.
    pub fn start_tls(maildir: &Path, certificate: &TestCertificate, implicit: bool) -> SmtpSink {
        let (cert_flag, key_flag) = if implicit {
            ("--smtpscert", "--smtpskey")
        } else {
            ("--tlscert", "--tlskey")
        };
        let tls = [
            cert_flag.to_string(),
            certificate.server_cert.display().to_string(),
            key_flag.to_string(),
            certificate.server_key.display().to_string(),
        ];
        SmtpSink::launch_with(
            free_port(),
            maildir,
            "aiosmtpd.handlers.Mailbox",
            None,
            &tls,
        )
    }

    fn launch(port: u16, maildir: &Path, handler: &str, python_path: Option<&Path>) -> SmtpSink {
        SmtpSink::launch_with(port, maildir, handler, python_path, &[])
    }

    fn launch_with(
        port: u16,
        maildir: &Path,
        handler: &str,
        python_path: Option<&Path>,
        extra: &[String],
    ) -> SmtpSink {
        require_aiosmtpd();
        let mut command = Command::new("python3");
        if let Some(dir) = python_path {
            command.env("PYTHONPATH", dir);
        }
        let child = command
            .args(["-m", "aiosmtpd", "-n"])
            .args(extra)
            .arg("-l")
            .arg(format!("127.0.0.1:{port}"))
            .args(["-c", handler])
            .arg(maildir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 runs");
        SmtpSink::wait_ready(SmtpSink {
            port,
            maildir: maildir.to_path_buf(),
            child: Some(child),
        })
    }

    fn wait_ready(mut sink: SmtpSink) -> SmtpSink {
        let port = sink.port;
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Some(status) = sink.child.as_mut().and_then(|c| c.try_wait().unwrap()) {
                panic!("aiosmtpd on port {port} exited at start: {status}");
            }
            assert!(
                Instant::now() < deadline,
                "aiosmtpd did not start on {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        sink
    }

    /// Stops the server; its port refuses connections afterwards.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The config section that sends to this sink as "localhost" over
    /// TLS in `mode`, trusting `ca` when given.
    pub fn tls_config(&self, mode: &str, ca: Option<&Path>) -> String {
        let ca = ca
            .map(|path| format!("ca_file = {:?}\n", path.display().to_string()))
            .unwrap_or_default();
        format!(
            "[outbound]\ntransport = \"smtp\"\nfirst_retry = \"1h\"\n\
             [outbound.smtp]\nhost = \"localhost\"\nport = {}\ntls = \"{mode}\"\n\
             timeout = \"5s\"\nhello_name = \"pbem.test\"\n{ca}",
            self.port
        )
    }

    /// The config section that sends to this sink, retrying soon.
    pub fn config(&self) -> String {
        self.config_retrying("100ms", "400ms")
    }

    /// The config section that sends to this sink, retrying a mail first
    /// after `first_retry` and then at most `max_retry` apart.
    pub fn config_retrying(&self, first_retry: &str, max_retry: &str) -> String {
        format!(
            "[outbound]\ntransport = \"smtp\"\nfirst_retry = \"{first_retry}\"\n\
             max_retry = \"{max_retry}\"\n\
             [outbound.smtp]\nhost = \"127.0.0.1\"\nport = {}\ntls = \"none\"\ntimeout = \"5s\"\n\
             hello_name = \"pbem.test\"\n",
            self.port
        )
    }

    /// Every message file the sink has written.
    pub fn messages(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.maildir.join("new"))
            .map(|dir| dir.map(|entry| entry.unwrap().path()).collect())
            .unwrap_or_default();
        files.sort();
        files
    }

    /// The Message-ID of every message received, with repeats.
    pub fn message_ids(&self) -> Vec<String> {
        self.messages()
            .iter()
            .map(|path| {
                let text = std::fs::read_to_string(path).unwrap();
                header(&text, "Message-ID").unwrap_or_else(|| panic!("no Message-ID in {text}"))
            })
            .collect()
    }
}

/// A header's value from a message's text (unfolded lines only).
pub fn header(text: &str, name: &str) -> Option<String> {
    text.lines()
        .take_while(|line| !line.is_empty())
        .find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
    }
}
