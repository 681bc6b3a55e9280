//! A club of players on the host's set clock, for the events' tests: each
//! mail a minute after the last, the timers run by moving the clock on,
//! and the web view of the same data directory.

use super::host_harness::{mail_to, PostOffice, Sent};
use super::t0;
use pbem::store::{self, TournamentBoard};

pub struct Club {
    pub office: PostOffice,
    /// Seconds after `t0()`.
    pub now: i64,
}

impl Club {
    /// A host on `toml` where each of `players` has signed up.
    pub fn new(toml: &str, players: &[&str]) -> Club {
        let mut office = PostOffice::with_config(toml);
        office.set_clock(0);
        for player in players {
            office.signup(player);
        }
        Club { office, now: 0 }
    }

    /// `userid` mails `subject` (PW: his password) a minute after the last.
    pub fn send(&mut self, userid: &str, subject: &str) -> Vec<Sent> {
        self.now += 60;
        self.office.set_clock(self.now);
        self.office.send_as(userid, subject, "")
    }

    /// The one answer to `userid`'s mail.
    pub fn answer(&mut self, userid: &str, subject: &str) -> String {
        let sent = self.send(userid, subject);
        mail_to(&sent, userid).body.clone()
    }

    /// The timers (and any mail waiting) `seconds` from now.
    pub fn wait(&mut self, seconds: i64) -> Vec<Sent> {
        self.now += seconds;
        self.office.set_clock(self.now);
        self.office.run_pass()
    }

    pub fn conn(&self) -> &rusqlite::Connection {
        self.office.runtime.host.store().connection()
    }

    /// The chess tournament `name`.
    pub fn tournament(&self, name: &str) -> store::Tournament {
        store::find_tournament(self.conn(), "chess", name)
            .unwrap()
            .unwrap_or_else(|| panic!("no tournament {name}"))
    }

    /// Its boards, in board order.
    pub fn boards(&self, name: &str) -> Vec<TournamentBoard> {
        store::tournament_boards(self.conn(), self.tournament(name).id).unwrap()
    }

    /// Its boards still running.
    pub fn running(&self, name: &str) -> Vec<TournamentBoard> {
        let mut boards = self.boards(name);
        boards.retain(|board| board.score.is_none());
        boards
    }

    /// The web view of the data directory, at the host's moment.
    pub fn site(&self) -> pbem::web::Running {
        let config = pbem::web::SiteConfig {
            database: self.office.dir.path().join("pbem.sqlite"),
            templates: None,
            host: pbem::host::HostSettings::default(),
            clock: pbem::clock::Clock::Fixed(t0() + chrono::Duration::seconds(self.now)),
        };
        pbem::web::start(config, "127.0.0.1:0").unwrap()
    }
}
