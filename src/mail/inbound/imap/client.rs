//! The [`Mailbox`] over the `imap` crate (3.0 line, blocking): it is handed
//! a stream made here, so TLS is the host's own rustls, STARTTLS included.

use super::bounds::Bounds;
use super::credentials::{OAuthMechanism, Secret};
use super::stream::{self, Cutter, Io, Stream};
use super::{uid_sets, Idled, ImapError, ImapSettings, ImapTls, Mailbox, Part, Selected};
use imap::extensions::idle::{stop_on_any, WaitOutcome};
use imap::types::UnsolicitedResponse;
use std::cell::Cell;
use std::sync::Arc;
use std::time::Duration;

/// Runs of UIDs in one command.
const RUNS_PER_COMMAND: usize = 200;

/// A logged-in session with the server's capabilities noted.
pub struct ImapSession {
    session: imap::Session<Stream>,
    idle: bool,
    moves: bool,
    uid_expunge: bool,
    cutter: Option<Cutter>,
    /// What the command under way may cost; the stream holds it to them.
    bounds: Arc<Bounds>,
    /// The server told of new mail (EXISTS) in an answer to some command
    /// since the folder was last selected: the next IDLE ends at once.
    news: bool,
}

/// Connects, protects the connection as the settings say, and logs in.
pub fn connect(settings: &ImapSettings) -> Result<ImapSession, ImapError> {
    let server = format!("{}:{}", settings.host, settings.port);
    let tcp = stream::connect_tcp(&settings.host, settings.port, settings.timeout)?;
    let tls = || stream::tls_config(&server, settings.ca_file.as_deref());
    let bounds = Arc::new(Bounds::new(settings.timeout));
    let bounded = |io: Io| Stream::new(io, bounds.clone());
    let (client, cutter) = match settings.tls {
        ImapTls::None => greeted(bounded(Io::Plain(tcp)))?,
        ImapTls::Implicit => greeted(bounded(stream::wrap_tls(tcp, &settings.host, tls()?)?))?,
        ImapTls::StartTls => {
            let mut tcp = tcp;
            stream::start_tls(&mut tcp, &server, settings.timeout)?;
            // No greeting follows STARTTLS.
            let tls = bounded(stream::wrap_tls(tcp, &settings.host, tls()?)?);
            let cutter = tls.cutter();
            (imap::Client::new(tls), cutter)
        }
    };
    let refused = |err: imap::Error| ImapError::Login {
        server: server.clone(),
        user: settings.user.clone(),
        message: err.to_string(),
    };
    let mut session = match settings.credentials.secret()? {
        Secret::Password(password) => client
            .login(&settings.user, password)
            .map_err(|(err, _)| refused(err))?,
        Secret::Token(mechanism, token) => {
            let token = OAuthToken::new(mechanism, &settings.user, &token);
            client
                .authenticate(mechanism.sasl_name(), &token)
                .map_err(|(err, _)| refused(err))?
        }
    };
    let capabilities = session
        .capabilities()
        .map_err(ImapError::imap("CAPABILITY"))?;
    let has = |name: &str| capabilities.has_str(name);
    Ok(ImapSession {
        idle: has("IDLE"),
        moves: has("MOVE"),
        uid_expunge: has("UIDPLUS"),
        cutter,
        bounds,
        session,
        news: false,
    })
}

fn greeted(stream: Stream) -> Result<(imap::Client<Stream>, Option<Cutter>), ImapError> {
    let cutter = stream.cutter();
    let mut client = imap::Client::new(stream);
    client
        .read_greeting()
        .map_err(ImapError::imap("the greeting"))?;
    Ok((client, cutter))
}

/// An OAuth2 token for SASL: the response first; an empty one to the
/// server's error challenge after a refusal, so it answers NO.
struct OAuthToken {
    response: String,
    sent: Cell<bool>,
}

impl OAuthToken {
    fn new(mechanism: OAuthMechanism, user: &str, token: &str) -> OAuthToken {
        OAuthToken {
            response: mechanism.response(user, token),
            sent: Cell::new(false),
        }
    }
}

impl imap::Authenticator for OAuthToken {
    type Response = String;

    fn process(&self, _challenge: &[u8]) -> String {
        if self.sent.replace(true) {
            String::new()
        } else {
            self.response.clone()
        }
    }
}

impl ImapSession {
    /// A handle that cuts the connection from another thread (ending an
    /// IDLE at once).
    pub(crate) fn cutter(&self) -> Option<Cutter> {
        self.cutter.as_ref().and_then(|cutter| cutter.try_clone())
    }

    /// Appends a message to `folder` (for tests, benchmarks and tools).
    pub fn append(&mut self, folder: &str, message: &[u8]) -> Result<(), ImapError> {
        self.session
            .append(folder, message)
            .finish()
            .map(drop)
            .map_err(ImapError::imap("APPEND"))
    }

    /// Forgets the untagged responses gathered so far (the daemon reads
    /// the folder's state with its own commands).
    fn forget_unsolicited(&mut self) {
        let news = self
            .session
            .take_all_unsolicited()
            .any(|response| matches!(response, UnsolicitedResponse::Exists(_)));
        self.news |= news;
    }
}

impl Mailbox for ImapSession {
    fn select(&mut self, folder: &str) -> Result<Selected, ImapError> {
        let mailbox = self
            .session
            .select(folder)
            .map_err(ImapError::imap("SELECT"))?;
        self.forget_unsolicited();
        self.news = false;
        let uidvalidity = mailbox.uid_validity.ok_or(ImapError::Command {
            which: "SELECT",
            message: format!("{folder:?} has no UIDVALIDITY"),
        })?;
        Ok(Selected {
            uidvalidity,
            exists: mailbox.exists,
        })
    }

    fn search(&mut self, criteria: &str) -> Result<Vec<u32>, ImapError> {
        let found = self
            .session
            .uid_search(criteria)
            .map_err(ImapError::imap("UID SEARCH"))?;
        let mut uids: Vec<u32> = found.into_iter().collect();
        uids.sort_unstable();
        Ok(uids)
    }

    fn sizes(&mut self, uids: &[u32]) -> Result<Vec<(u32, u64)>, ImapError> {
        let mut sizes = Vec::with_capacity(uids.len());
        for set in uid_sets(uids, RUNS_PER_COMMAND) {
            let fetched = self
                .session
                .uid_fetch(&set, "RFC822.SIZE")
                .map_err(ImapError::imap("UID FETCH RFC822.SIZE"))?;
            for fetch in fetched.iter() {
                if let (Some(uid), Some(size)) = (fetch.uid, fetch.size) {
                    if uids.binary_search(&uid).is_ok() {
                        sizes.push((uid, u64::from(size)));
                    }
                }
            }
        }
        sizes.sort_unstable();
        sizes.dedup_by_key(|(uid, _)| *uid);
        Ok(sizes)
    }

    fn fetch(
        &mut self,
        wanted: &[(u32, u64)],
        part: Part,
    ) -> Result<Vec<(u32, Vec<u8>)>, ImapError> {
        let bytes = wanted.iter().map(|(_, size)| size).sum();
        self.bounds.expect_messages(wanted.len(), bytes);
        let uids: Vec<u32> = wanted.iter().map(|(uid, _)| *uid).collect();
        let fetched = self.fetch_bounded(&uids, part);
        self.bounds.expect_ordinary();
        fetched
    }

    fn ensure_folder(&mut self, folder: &str) -> Result<(), ImapError> {
        let listed = self
            .session
            .list(None, Some(folder))
            .map_err(ImapError::imap("LIST"))?;
        if listed.iter().any(|name| name.name() == folder) {
            return Ok(());
        }
        self.session
            .create(folder)
            .map_err(ImapError::imap("CREATE"))
    }

    fn move_to(&mut self, uids: &[u32], folder: &str) -> Result<(), ImapError> {
        for set in uid_sets(uids, RUNS_PER_COMMAND) {
            if self.moves {
                self.session
                    .uid_mv(&set, folder)
                    .map_err(ImapError::imap("UID MOVE"))?;
            } else {
                self.session
                    .uid_copy(&set, folder)
                    .map_err(ImapError::imap("UID COPY"))?;
                self.add_flag_to_set(&set, "\\Deleted")?;
                self.expunge_set(&set)?;
            }
        }
        self.forget_unsolicited();
        Ok(())
    }

    fn add_flag(&mut self, uids: &[u32], flag: &str) -> Result<(), ImapError> {
        for set in uid_sets(uids, RUNS_PER_COMMAND) {
            self.add_flag_to_set(&set, flag)?;
        }
        self.forget_unsolicited();
        Ok(())
    }

    fn expunge(&mut self, uids: &[u32]) -> Result<(), ImapError> {
        for set in uid_sets(uids, RUNS_PER_COMMAND) {
            self.expunge_set(&set)?;
        }
        self.forget_unsolicited();
        Ok(())
    }

    fn can_idle(&self) -> bool {
        self.idle
    }

    fn idle(&mut self, timeout: Duration) -> Result<Idled, ImapError> {
        if !self.idle {
            return Err(ImapError::Unsupported("IDLE"));
        }
        self.forget_unsolicited();
        if std::mem::take(&mut self.news) {
            return Ok(Idled::Changed);
        }
        let session = &mut self.session;
        let mut farewell: Option<String> = None;
        // The crate treats a server's refusal of IDLE as unreachable; a
        // panic there is a failed IDLE, and the connection is dropped.
        let waited = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            session
                .idle()
                .timeout(timeout)
                .keepalive(false)
                .wait_while(|response| {
                    if let UnsolicitedResponse::Bye { information, .. } = &response {
                        farewell = Some(information.clone().unwrap_or_default());
                    }
                    stop_on_any(response)
                })
        }));
        self.forget_unsolicited();
        if let Some(words) = farewell {
            // The session is over: a BYE is a failure (the reconnection
            // backs off), never news to fetch at once.
            return Err(ImapError::Command {
                which: "IDLE",
                message: format!("the server said BYE: {words}"),
            });
        }
        match waited {
            Ok(Ok(WaitOutcome::MailboxChanged)) => Ok(Idled::Changed),
            Ok(Ok(WaitOutcome::TimedOut)) => Ok(Idled::TimedOut),
            Ok(Err(source)) => Err(ImapError::imap("IDLE")(source)),
            Err(_) => Err(ImapError::Command {
                which: "IDLE",
                message: "the server refused it".into(),
            }),
        }
    }

    fn logout(&mut self) {
        let _ = self.session.logout();
    }
}

impl ImapSession {
    /// The messages or headers of `uids`, within the bounds set for them.
    fn fetch_bounded(
        &mut self,
        uids: &[u32],
        part: Part,
    ) -> Result<Vec<(u32, Vec<u8>)>, ImapError> {
        let query = match part {
            Part::Whole => "BODY.PEEK[]",
            Part::Header => "BODY.PEEK[HEADER]",
        };
        let mut messages = Vec::with_capacity(uids.len());
        for set in uid_sets(uids, RUNS_PER_COMMAND) {
            let fetched = self
                .session
                .uid_fetch(&set, query)
                .map_err(ImapError::imap("UID FETCH BODY.PEEK"))?;
            for fetch in fetched.iter() {
                let bytes = match part {
                    Part::Whole => fetch.body(),
                    Part::Header => fetch.header(),
                };
                if let (Some(uid), Some(bytes)) = (fetch.uid, bytes) {
                    if uids.binary_search(&uid).is_ok() {
                        messages.push((uid, bytes.to_vec()));
                    }
                }
            }
        }
        messages.sort_unstable_by_key(|(uid, _)| *uid);
        messages.dedup_by_key(|(uid, _)| *uid);
        Ok(messages)
    }

    fn add_flag_to_set(&mut self, set: &str, flag: &str) -> Result<(), ImapError> {
        self.session
            .uid_store(set, format!("+FLAGS.SILENT ({flag})"))
            .map(drop)
            .map_err(ImapError::imap("UID STORE"))
    }

    fn expunge_set(&mut self, set: &str) -> Result<(), ImapError> {
        let expunged = if self.uid_expunge {
            self.session.uid_expunge(set)
        } else {
            self.session.expunge()
        };
        expunged.map(drop).map_err(ImapError::imap("EXPUNGE"))
    }
}
