//! A Postfix of the tests' own: the package's programs (tests/setup.sh
//! installs `postfix`, whose own service is never started) run on a
//! config directory, queue and log in a temporary folder, listening on
//! one free loopback port, so that it meets neither the machine's Postfix
//! nor another test's. Postfix's master runs as root (it drops to its
//! `postfix` user itself), so these tests need root, as the CI runs them.
//!
//! It routes `pbem@pipe.test` through the `pbem` pipe entry of
//! deploy/postfix-master.cf to `pbem deliver --data PIPE_DATA`, and writes
//! mail for `pbem@maildir.test` into `MAILDIR_DATA/inbox/` as a virtual
//! mailbox. Both data directories belong to `nobody`, as the host's data
//! belongs to its own user. Started with a test Dovecot, it also hands
//! mail for `lmtp.test` to that Dovecot by LMTP, takes submissions on a
//! second port (STARTTLS with the Dovecot's certificate, logins checked
//! by the Dovecot), and files mail for the players at `players.test`.
#![allow(dead_code)]

use super::imap_server::Dovecot;
use super::{free_port, wait_until};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

pub const PIPE_ADDRESS: &str = "pbem@pipe.test";
pub const MAILDIR_ADDRESS: &str = "pbem@maildir.test";
/// The user the pipe runs `deliver` as, and whose the virtual mailbox is.
const HOST_USER: &str = "nobody";

pub const LMTP_DOMAIN: &str = "lmtp.test";
pub const PLAYERS_DOMAIN: &str = "players.test";
/// The players with a mailbox at `players.test`.
const PLAYERS: &[&str] = &["alice", "bob", "carol", "dave"];

pub struct Postfix {
    dir: tempfile::TempDir,
    pub port: u16,
    /// Submission with STARTTLS and a login (only with a Dovecot).
    pub submission_port: u16,
    pub pipe_data: PathBuf,
    pub maildir_data: PathBuf,
}

/// What Postfix is told of a test Dovecot: its LMTP and auth ports, and
/// the certificate and key the submission port shows.
struct DovecotSide {
    lmtp_port: u16,
    auth_port: u16,
    cert: PathBuf,
    key: PathBuf,
}

fn id(args: &[&str]) -> String {
    let out = Command::new("id").args(args).output().expect("id runs");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// A setting of the package's Postfix, as `postconf -d` gives it.
fn default_setting(name: &str) -> String {
    let out = Command::new("postconf")
        .args(["-d", "-h", name])
        .output()
        .expect("postconf runs");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

impl Postfix {
    pub fn start() -> Postfix {
        Postfix::start_with(None)
    }

    /// A Postfix in front of `dovecot`: LMTP into it, submission logins
    /// checked by it.
    pub fn start_with_dovecot(dovecot: &Dovecot) -> Postfix {
        let (cert, key) = dovecot.server_cert_and_key();
        Postfix::start_with(Some(DovecotSide {
            lmtp_port: dovecot.lmtp_port,
            auth_port: dovecot.auth_port,
            cert,
            key,
        }))
    }

    /// The mails filed for `userid@players.test`.
    pub fn player_mails(&self, userid: &str) -> Vec<String> {
        let new = self.dir.path().join("players").join(userid).join("new");
        std::fs::read_dir(new)
            .map(|dir| {
                dir.map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
                    .collect()
            })
            .unwrap_or_default()
    }

    fn start_with(dovecot: Option<DovecotSide>) -> Postfix {
        assert!(
            Path::new("/usr/sbin/postfix").exists(),
            "postfix is not installed: run tests/setup.sh"
        );
        assert_eq!(id(&["-u"]), "0", "Postfix's master runs as root only");
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path();
        let (conf, queue, data) = (base.join("conf"), base.join("queue"), base.join("data"));
        let (pipe_data, maildir_data) = (base.join("pipe-data"), base.join("maildir-data"));
        for sub in [
            &conf,
            &queue,
            &data,
            &pipe_data,
            &maildir_data.join("inbox"),
        ] {
            std::fs::create_dir_all(sub).unwrap();
        }
        let players = base.join("players");
        std::fs::create_dir_all(&players).unwrap();
        for (owner, path) in [
            ("postfix", &data),
            (HOST_USER, &pipe_data),
            (HOST_USER, &maildir_data),
            (HOST_USER, &players),
        ] {
            let status = Command::new("chown")
                .args(["-R", owner])
                .arg(path)
                .status()
                .unwrap();
            assert!(status.success(), "chown {owner}");
        }
        // The folder above the data directories must be open to the
        // host's user, as /var/lib is.
        let status = Command::new("chmod").arg("755").arg(base).status().unwrap();
        assert!(status.success());
        let (port, submission_port) = (free_port(), free_port());
        let postfix = Postfix {
            dir,
            port,
            submission_port,
            pipe_data,
            maildir_data,
        };
        postfix.write_config(&conf, &queue, &data, dovecot.as_ref());
        let status = postfix.postfix(&["start"]);
        assert!(status, "postfix start: {}", postfix.log());
        let mut ports = vec![port];
        ports.extend(dovecot.map(|_| submission_port));
        for port in ports {
            wait_until("Postfix listening", Duration::from_secs(30), || {
                std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
            });
        }
        postfix
    }

    fn conf(&self) -> PathBuf {
        self.dir.path().join("conf")
    }

    /// Runs the `postfix` command on this instance; whether it succeeded.
    pub fn postfix(&self, args: &[&str]) -> bool {
        Command::new("postfix")
            .arg("-c")
            .arg(self.conf())
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success())
    }

    /// Hands every mail in the queue to its transport now.
    pub fn flush(&self) {
        let status = Command::new("postqueue")
            .arg("-c")
            .arg(self.conf())
            .arg("-f")
            .stdin(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "postqueue -f");
    }

    /// Postfix's mail log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("postfix.log")).unwrap_or_default()
    }

    fn write_config(&self, conf: &Path, queue: &Path, data: &Path, dovecot: Option<&DovecotSide>) {
        let base = self.dir.path();
        let uid = id(&["-u", HOST_USER]);
        let gid = id(&["-g", HOST_USER]);
        let deliver = env!("CARGO_BIN_EXE_pbem");
        let master = std::fs::read_to_string("/etc/postfix/master.cf")
            .expect("the package's master.cf")
            .lines()
            .filter(|line| !line.starts_with("smtp      inet"))
            .collect::<Vec<_>>()
            .join("\n");
        // The pipe entry as deploy/postfix-master.cf has it, with the
        // test's user, binary and data directory.
        let entry = format!(
            "127.0.0.1:{port} inet n - n - - smtpd\n\
             pbem      unix  -       n       n       -       -       pipe\n  \
             flags=R user={HOST_USER} argv={deliver} deliver --data {pipe}\n",
            port = self.port,
            pipe = self.pipe_data.display(),
        );
        let submission = match dovecot {
            Some(_) => format!(
                "127.0.0.1:{} inet n - n - - smtpd\n  -o syslog_name=postfix/submission\n  \
                 -o smtpd_tls_security_level=encrypt\n  -o smtpd_sasl_auth_enable=yes\n  \
                 -o smtpd_tls_auth_only=yes\n  \
                 -o smtpd_relay_restrictions=permit_sasl_authenticated,reject\n",
                self.submission_port
            ),
            None => String::new(),
        };
        let master = format!("{master}\n{entry}{submission}");
        std::fs::write(conf.join("master.cf"), master).unwrap();
        let main = format!(
            "compatibility_level = 3.6\n\
             queue_directory = {queue}\ndata_directory = {data}\n\
             meta_directory = {meta}\nshlib_directory = {shlib}\n\
             mail_owner = postfix\nsetgid_group = postdrop\n\
             maillog_file = {base}/postfix.log\nmaillog_file_prefixes = {base}\n\
             inet_interfaces = loopback-only\ninet_protocols = ipv4\n\
             myhostname = mx.pbem.test\nmydestination =\nmynetworks = 127.0.0.0/8\n\
             alias_maps =\nalias_database =\n\
             relay_domains = pipe.test\ntransport_maps = texthash:{conf}/transport\n\
             virtual_mailbox_domains = maildir.test\nvirtual_mailbox_base = /\n\
             virtual_mailbox_maps = texthash:{conf}/vmailbox\n\
             virtual_uid_maps = static:{uid}\nvirtual_gid_maps = static:{gid}\n\
             virtual_minimum_uid = 1\n\
             queue_run_delay = 1s\nminimal_backoff_time = 1s\nmaximal_backoff_time = 2s\n",
            queue = queue.display(),
            data = data.display(),
            meta = default_setting("meta_directory"),
            shlib = default_setting("shlib_directory"),
            base = base.display(),
            conf = conf.display(),
        );
        let mut transport = format!("{PIPE_ADDRESS} pbem:\n");
        let inbox = self.maildir_data.join("inbox");
        let mut vmailbox = format!("{MAILDIR_ADDRESS} {}/\n", inbox.display());
        let main = match dovecot {
            Some(dovecot) => {
                transport += &format!("{LMTP_DOMAIN} lmtp:inet:127.0.0.1:{}\n", dovecot.lmtp_port);
                for userid in PLAYERS {
                    let folder = base.join("players").join(userid);
                    vmailbox += &format!("{userid}@{PLAYERS_DOMAIN} {}/\n", folder.display());
                }
                let domains = format!("relay_domains = pipe.test, {LMTP_DOMAIN}");
                let mailboxes = format!("virtual_mailbox_domains = maildir.test, {PLAYERS_DOMAIN}");
                let sasl = format!(
                    "smtpd_sasl_type = dovecot\nsmtpd_sasl_path = inet:127.0.0.1:{}\n\
                     smtpd_tls_cert_file = {}\nsmtpd_tls_key_file = {}\n",
                    dovecot.auth_port,
                    dovecot.cert.display(),
                    dovecot.key.display()
                );
                main.replace("relay_domains = pipe.test", &domains)
                    .replace("virtual_mailbox_domains = maildir.test", &mailboxes)
                    + &sasl
            }
            None => main,
        };
        std::fs::write(conf.join("main.cf"), main).unwrap();
        std::fs::write(conf.join("transport"), transport).unwrap();
        std::fs::write(conf.join("vmailbox"), vmailbox).unwrap();
    }
}

impl Drop for Postfix {
    fn drop(&mut self) {
        self.postfix(&["stop"]);
    }
}
