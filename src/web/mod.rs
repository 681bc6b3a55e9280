//! The read-only web view: every board, player, ladder and tournament of
//! the host as plain HTML pages (no script), with PGN downloads, Atom
//! feeds and a plain-text status page per player.
//!
//! A [`Site`] answers one request from its own read-only connection to
//! the database: it can never change a game, and what it shows goes
//! through the same views as an observer's mail (a sealed move is shown
//! as an observer by mail sees it, never in full). [`server`] puts a
//! site on a socket, on threads of its own, every request's cost bounded
//! (`http`).
//!
//! The pages come from templates (`templates/web/`), built in and
//! overridable file by file in the operator's templates folder under
//! `web/`, like the mails'.

mod board;
mod events;
mod http;
mod ladders;
mod lists;
mod page_error;
mod paging;
mod player;
mod query;
mod routes;
mod rows;
pub mod server;
mod templates;

pub use http::MAX_HEAD_BYTES;
pub(crate) use page_error::PageError;
pub use server::{start, Running, MAX_CONNECTIONS};

use crate::clock::Clock;
use crate::host::model::replays::Replays;
use crate::host::outbound::render::{HostFacts, Renderer, TemplateError};
use crate::host::HostSettings;
use crate::store::SCHEMA_VERSION;
use minijinja::Environment;
use rusqlite::{Connection, OpenFlags};
use std::path::PathBuf;

/// What a site needs to know: the database, the operator's templates,
/// the host's settings and the clock its pages read the time from.
#[derive(Clone, Debug)]
pub struct SiteConfig {
    pub database: PathBuf,
    /// The operator's templates folder, when there is one.
    pub templates: Option<PathBuf>,
    pub host: HostSettings,
    pub clock: Clock,
}

/// Why the web view cannot run.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("web view: cannot open the database {path}: {source}")]
    Database {
        path: String,
        source: rusqlite::Error,
    },
    #[error("web view: the database {path} is at schema version {found}, this pbem reads {known}; run `pbem serve` (or any command that opens it) first")]
    Schema {
        path: String,
        found: i64,
        known: i64,
    },
    #[error("web view: {0}")]
    Templates(#[from] TemplateError),
    #[error("web view: cannot listen on {address}: {problem}")]
    Listen { address: String, problem: String },
}

/// One answer: its status, its type and its body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub(crate) content_type: &'static str,
    pub body: Vec<u8>,
    /// Sent as `Allow` with a 405.
    pub(crate) allow: bool,
}

pub(crate) const HTML: &str = "text/html; charset=utf-8";
pub(crate) const TEXT: &str = "text/plain; charset=utf-8";
pub(crate) const ATOM: &str = "application/atom+xml; charset=utf-8";
pub(crate) const PGN: &str = "application/x-chess-pgn; charset=utf-8";

/// The policy every page is sent with: no script, no remote content, no
/// frames; only the page's own inline style and inline pictures.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; \
     img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// The web view over one database.
pub struct Site {
    conn: Connection,
    replays: Replays,
    renderer: Renderer,
    pages: Environment<'static>,
    config: SiteConfig,
}

impl Site {
    /// Opens the database read-only (it must exist and be up to date:
    /// the web view never migrates it) and compiles the templates.
    pub fn open(config: SiteConfig) -> Result<Site, WebError> {
        let path = config.database.display().to_string();
        let database = |source| WebError::Database {
            path: path.clone(),
            source,
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(&config.database, flags).map_err(database)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(database)?;
        conn.set_prepared_statement_cache_capacity(64);
        let found: i64 = conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(database)?;
        if found != SCHEMA_VERSION {
            return Err(WebError::Schema {
                path,
                found,
                known: SCHEMA_VERSION,
            });
        }
        let overrides = config.templates.as_deref().filter(|dir| dir.is_dir());
        let renderer = Renderer::new(overrides)?.with_default_language(&config.host.language)?;
        let pages = templates::pages(overrides)?;
        Ok(Site {
            conn,
            replays: Replays::new(64),
            renderer,
            pages,
            config,
        })
    }

    fn facts(&self) -> HostFacts {
        self.config.host.facts(self.now())
    }

    fn now(&self) -> i64 {
        self.config.clock.now().timestamp()
    }
}

/// What a page's maker returns.
pub(crate) type Page = Result<Reply, PageError>;
