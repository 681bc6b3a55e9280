//! A Dovecot of the tests' own: started from tests/dovecot/dovecot.conf as
//! the user running the tests, on free loopback ports, its mail, sockets,
//! log and test certificate in a temporary folder; stopped when dropped.
//! tests/setup.sh installs dovecot-imapd (the package starts no service
//! that the tests would need or meet).
#![allow(dead_code)]

use super::certificate::TestCertificate;
use super::{free_port, wait_until};
use pbem::mail::inbound::imap::{
    self, AfterHandling, Credentials, ImapSession, ImapSettings, ImapTls,
};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub const USER: &str = "games";
pub const PASSWORD: &str = "secret (with spaces) \"and quotes\"";

pub struct Dovecot {
    dir: tempfile::TempDir,
    pub port: u16,
    pub tls_port: u16,
    /// LMTP, for a Postfix to hand mail in.
    pub lmtp_port: u16,
    /// Dovecot's auth, for a Postfix to check submission logins.
    pub auth_port: u16,
    master: Option<Child>,
}

fn id(args: &[&str]) -> String {
    let out = Command::new("id").args(args).output().expect("id runs");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

impl Dovecot {
    pub fn start() -> Dovecot {
        assert!(
            Path::new("/usr/sbin/dovecot").exists(),
            "dovecot is not installed: run tests/setup.sh (it installs dovecot-imapd)"
        );
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path();
        for sub in ["run", "state", "mail", "home"] {
            std::fs::create_dir_all(base.join(sub)).unwrap();
        }
        TestCertificate::make(base);
        std::fs::write(base.join("users"), format!("{USER}:{{PLAIN}}{PASSWORD}\n")).unwrap();
        // Dovecot runs no login process as root, nor mail as uid 0: as
        // root, its own users (made by the package) take those parts.
        let root = id(&["-u"]) == "0";
        let (user, login, group, uid, gid) = if root {
            let status = Command::new("chown")
                .args(["dovecot:dovecot"])
                .arg(base.join("mail"))
                .arg(base.join("home"))
                .status()
                .unwrap();
            assert!(status.success(), "chown to dovecot");
            (
                "dovecot".to_string(),
                "dovenull".to_string(),
                "dovecot".to_string(),
                id(&["-u", "dovecot"]),
                id(&["-g", "dovecot"]),
            )
        } else {
            let me = id(&["-un"]);
            (me.clone(), me, id(&["-gn"]), id(&["-u"]), id(&["-g"]))
        };
        let port = free_port();
        let tls_port = free_port();
        let (lmtp_port, auth_port) = (free_port(), free_port());
        let template = include_str!("../../dovecot/dovecot.conf");
        let config = template
            .replace("@BASE@", &base.display().to_string())
            .replace("@PORT@", &port.to_string())
            .replace("@TLS_PORT@", &tls_port.to_string())
            .replace("@LMTP_PORT@", &lmtp_port.to_string())
            .replace("@AUTH_PORT@", &auth_port.to_string())
            .replace("@USER@", &user)
            .replace("@LOGIN_USER@", &login)
            .replace("@GROUP@", &group)
            .replace("@UID@", &uid)
            .replace("@GID@", &gid);
        std::fs::write(base.join("dovecot.conf"), config).unwrap();
        let mut dovecot = Dovecot {
            dir,
            port,
            tls_port,
            lmtp_port,
            auth_port,
            master: None,
        };
        dovecot.run();
        dovecot
    }

    fn config(&self) -> PathBuf {
        self.dir.path().join("dovecot.conf")
    }

    /// The test CA that signed the server's certificate (for `ca_file`).
    pub fn cert(&self) -> PathBuf {
        self.dir.path().join("ca.pem")
    }

    /// The server's certificate and key, for another test server on
    /// localhost that the same `ca_file` trusts.
    pub fn server_cert_and_key(&self) -> (PathBuf, PathBuf) {
        let base = self.dir.path();
        (base.join("server.pem"), base.join("server.key"))
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("dovecot.log")).unwrap_or_default()
    }

    /// Starts the master in the foreground, as a child of the tests, and
    /// waits until both ports answer.
    pub fn run(&mut self) {
        let master = Command::new("/usr/sbin/dovecot")
            .arg("-F")
            .arg("-c")
            .arg(self.config())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("dovecot starts");
        self.master = Some(master);
        for port in [self.port, self.tls_port, self.lmtp_port, self.auth_port] {
            wait_until("dovecot to listen", Duration::from_secs(20), || {
                TcpStream::connect(("127.0.0.1", port)).is_ok()
            });
        }
    }

    /// Stops the master with SIGTERM (it ends every client's session) and
    /// waits until it is gone.
    pub fn stop(&mut self) {
        let Some(mut master) = self.master.take() else {
            return;
        };
        let _ = Command::new("kill").arg(master.id().to_string()).status();
        let _ = master.wait();
    }

    /// Runs doveadm on this instance, for the test user.
    pub fn doveadm(&self, args: &[&str]) -> String {
        let out = Command::new("doveadm")
            .arg("-c")
            .arg(self.config())
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "doveadm {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// How many messages `folder` holds (0 when it does not exist).
    pub fn count(&self, folder: &str) -> usize {
        let out = Command::new("doveadm")
            .arg("-c")
            .arg(self.config())
            .args([
                "-f", "flow", "mailbox", "status", "-u", USER, "messages", folder,
            ])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        // "INBOX messages=3"
        text.split_whitespace()
            .find_map(|word| word.strip_prefix("messages="))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }

    /// The settings for the host's `[inbound.imap]` on the plain port.
    pub fn settings(&self) -> ImapSettings {
        ImapSettings {
            host: "127.0.0.1".into(),
            port: self.port,
            tls: ImapTls::None,
            ca_file: None,
            user: USER.into(),
            credentials: Credentials::Password(PASSWORD.into()),
            folder: "INBOX".into(),
            after: AfterHandling::MoveTo("pbem-handled".into()),
            poll_interval: Duration::from_secs(1),
            idle: true,
            idle_renew: Duration::from_secs(600),
            timeout: Duration::from_secs(20),
        }
    }

    /// A session of the tests' own, through the host's IMAP client.
    pub fn client(&self) -> ImapSession {
        imap::connect(&self.settings()).expect("the test session logs in")
    }

    /// Appends each message to INBOX over one session.
    pub fn append_all(&self, messages: &[Vec<u8>]) {
        let mut client = self.client();
        for message in messages {
            client.append("INBOX", message).expect("APPEND");
        }
        pbem::mail::inbound::imap::Mailbox::logout(&mut client);
    }

    /// The `[inbound]` section of a host config reading this server on
    /// the plain port, with more keys for `[inbound]` and `[inbound.imap]`.
    pub fn config_section(&self, inbound: &str, imap: &str) -> String {
        self.config_section_at(("127.0.0.1", self.port, "none"), inbound, imap)
    }

    /// As [`Dovecot::config_section`], at this host name, port and TLS mode.
    pub fn config_section_at(
        &self,
        (host, port, tls): (&str, u16, &str),
        inbound: &str,
        imap: &str,
    ) -> String {
        format!(
            "[inbound]\nsource = \"imap\"\n{inbound}\n\n[inbound.imap]\nhost = \"{host}\"\nport = {port}\ntls = \"{tls}\"\nuser = \"{USER}\"\npassword = '{PASSWORD}'\npoll_interval = \"1s\"\ntimeout = \"20s\"\n{imap}\n"
        )
    }
}

impl Drop for Dovecot {
    fn drop(&mut self) {
        self.stop();
    }
}
