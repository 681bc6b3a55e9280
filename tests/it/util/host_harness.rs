//! A post office for end-to-end tests: players' mails go into a real
//! Maildir as RFC 5322 messages, the host runs one pass, and the .eml
//! files it writes are read back and parsed.

use super::t0;
use mail_parser::{HeaderValue, MessageParser};
use pbem::clock::Clock;
use pbem::config::Config;
use pbem::daemon::Runtime;
use pbem::games::GameKind;
use pbem::mail::outbound::compose::player_mail;
use pbem::store;
use std::collections::BTreeSet;
use std::path::PathBuf;

pub const HOST: &str = "pbem@localhost";

/// One mail the host sent, as a client would see it.
#[derive(Clone, Debug)]
pub struct Sent {
    pub path: PathBuf,
    pub raw: Vec<u8>,
    pub to: String,
    pub subject: String,
    pub message_id: String,
    pub in_reply_to: Vec<String>,
    pub references: Vec<String>,
    pub auto_submitted: String,
    pub body: String,
}

fn ids(value: &HeaderValue<'_>) -> Vec<String> {
    match value {
        HeaderValue::Text(text) => vec![text.to_string()],
        HeaderValue::TextList(list) => list.iter().map(|id| id.to_string()).collect(),
        _ => Vec::new(),
    }
}

impl Sent {
    fn read(path: PathBuf) -> Sent {
        let raw = std::fs::read(&path).unwrap();
        let message = MessageParser::default()
            .parse(&raw)
            .expect("host wrote a message");
        let sent = Sent {
            to: message
                .to()
                .and_then(|to| to.first())
                .and_then(|addr| addr.address())
                .unwrap_or_default()
                .to_string(),
            subject: message.subject().unwrap_or_default().to_string(),
            message_id: message.message_id().unwrap_or_default().to_string(),
            in_reply_to: ids(message.in_reply_to()),
            references: ids(message.references()),
            auto_submitted: message
                .header_raw("Auto-Submitted")
                .unwrap_or_default()
                .trim()
                .to_string(),
            body: message
                .body_text(0)
                .unwrap_or_default()
                .replace("\r\n", "\n"),
            path,
            raw: Vec::new(),
        };
        Sent { raw, ..sent }
    }
}

pub struct PostOffice {
    pub dir: tempfile::TempDir,
    pub runtime: Runtime,
    delivered: BTreeSet<PathBuf>,
    /// Where the host's mail lands: the file transport's outbox folder,
    /// or a test SMTP server's Maildir new/.
    sent_folder: Option<PathBuf>,
}

impl PostOffice {
    pub fn new() -> PostOffice {
        PostOffice::with_config("")
    }

    /// A post office whose host runs on these TOML settings.
    pub fn with_config(toml: &str) -> PostOffice {
        PostOffice::with_templates(toml, &[])
    }

    /// A post office whose operator has these template files (paths in
    /// the templates folder, such as `en/board.txt`) besides the settings.
    pub fn with_templates(toml: &str, templates: &[(&str, &str)]) -> PostOffice {
        let dir = tempfile::tempdir().unwrap();
        let config = Config::from_toml(toml, Some(dir.path())).unwrap();
        for (name, text) in templates {
            let path = config.templates.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let runtime = Runtime::open(&config).unwrap();
        PostOffice {
            dir,
            runtime,
            delivered: BTreeSet::new(),
            sent_folder: None,
        }
    }

    /// A post office whose host sends elsewhere (e.g. SMTP), reading what
    /// it sent from the files in `folder`.
    pub fn reading_from(toml: &str, folder: PathBuf) -> PostOffice {
        PostOffice {
            sent_folder: Some(folder),
            ..PostOffice::with_config(toml)
        }
    }

    pub fn outbox(&self) -> PathBuf {
        self.dir.path().join("outbox")
    }

    /// Drops raw bytes into inbox/new, runs one pass, returns what the
    /// host sent because of it.
    pub fn deliver_raw(&mut self, raw: &[u8]) -> Vec<Sent> {
        self.runtime.maildir.deliver(raw).unwrap();
        self.run_pass()
    }

    /// Runs one pass over what waits in inbox/new, returns what the host
    /// sent because of it.
    pub fn run_pass(&mut self) -> Vec<Sent> {
        let pass = self.runtime.pass().unwrap();
        if pass.failed > 0 {
            panic!(
                "the host failed on a mail: {pass:?}: {}",
                self.failure_notes()
            );
        }
        // A busy or failing store leaves the mail waiting: say so here
        // rather than as a missing answer later.
        assert_eq!(pass.store_failures, 0, "the store failed: {pass:?}");
        self.collect()
    }

    /// The notes of the mails the host set aside, saying why.
    fn failure_notes(&self) -> String {
        let failed = self.dir.path().join("failed");
        let Ok(entries) = std::fs::read_dir(failed) else {
            return String::new();
        };
        entries
            .filter_map(Result::ok)
            .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "error"))
            .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn collect(&mut self) -> Vec<Sent> {
        let folder = self.sent_folder.clone().unwrap_or_else(|| self.outbox());
        let from_files = self.sent_folder.is_none();
        let mut fresh: Vec<PathBuf> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| !from_files || path.extension().is_some_and(|ext| ext == "eml"))
            .filter(|path| !self.delivered.contains(path))
            .collect();
        fresh.sort();
        self.delivered.extend(fresh.iter().cloned());
        fresh.into_iter().map(Sent::read).collect()
    }

    /// A mail with a command in its subject.
    pub fn send(&mut self, from: &str, subject: &str, body: &str) -> Vec<Sent> {
        let raw = player_mail(from, HOST, Some(subject), body, None).unwrap();
        self.deliver_raw(&raw)
    }

    /// A reply to one of the host's mails, as a client writes it.
    pub fn reply(&mut self, from: &str, to: &Sent, body: &str) -> Vec<Sent> {
        let raw = player_mail(from, HOST, None, body, Some(&to.raw)).unwrap();
        self.deliver_raw(&raw)
    }

    /// A mail from `userid` whose subject says PW for his password.
    pub fn send_as(&mut self, userid: &str, subject: &str, body: &str) -> Vec<Sent> {
        let subject = subject.replace("PW", &password(userid));
        self.send(&address(userid), &subject, body)
    }

    /// Sets the host's clock `seconds` after `t0()`.
    pub fn set_clock(&mut self, seconds: i64) {
        let moment = t0() + chrono::Duration::seconds(seconds);
        self.runtime.host.set_clock(Clock::Fixed(moment));
    }

    /// Signs `userid` up and confirms his address by replying to the one
    /// mail the signup brings, as a new player does.
    pub fn signup(&mut self, userid: &str) {
        let sent = self.send(
            &address(userid),
            &format!("signup {userid} pw-{userid}-quince"),
            "",
        );
        assert_eq!(sent.len(), 1);
        assert!(sent[0].body.contains("Welcome"), "{}", sent[0].body);
        let confirmed = self.reply(&address(userid), &sent[0], "yes");
        assert_eq!(confirmed.len(), 1, "{confirmed:#?}");
        assert!(
            confirmed[0].body.contains("is confirmed"),
            "{}",
            confirmed[0].body
        );
    }

    /// An account from before the password policy, with `password` as it
    /// was chosen then, put straight into the store.
    pub fn seed_legacy_player(&mut self, userid: &str, password: &str) {
        let player = store::Player {
            userid: userid.to_string(),
            password_hash: pbem::host::accounts::password::hash_password(password).unwrap(),
            addresses: vec![address(userid)],
            signed_off: false,
            language: None,
        };
        let conn = self.runtime.host.store().connection();
        store::insert_player(conn, &player, 1).unwrap();
    }

    /// How many moves a board has stored.
    pub fn move_count(&self, board: i64) -> usize {
        store::load_moves(self.runtime.host.store().connection(), board)
            .unwrap()
            .len()
    }

    pub fn game(&self, board: i64) -> store::GameRecord {
        store::load_game(self.runtime.host.store().connection(), board)
            .unwrap()
            .unwrap()
    }
}

/// A post office where each of `userids` has signed up.
pub fn players(userids: &[&str]) -> PostOffice {
    let mut office = PostOffice::new();
    for userid in userids {
        office.signup(userid);
    }
    office
}

/// A post office where alice and bob have signed up.
pub fn two_players() -> PostOffice {
    players(&["alice", "bob"])
}

/// alice (White) and bob (Black) on a new board 101 of `game`.
pub fn table(game: &str) -> PostOffice {
    let mut office = two_players();
    let sent = office.send(
        &address("alice"),
        &format!("{game} challenge alice bob"),
        "",
    );
    assert_eq!(sent.len(), 2, "{sent:#?}");
    office
}

/// alice (White) and bob (Black) on board 101 of `game` after `moves`,
/// each sent as a command and each checked to have been played; returns
/// the mails of the last one (of the challenge when there are none).
pub fn board_after(game: &str, moves: &[(&str, &str)]) -> (PostOffice, Vec<Sent>) {
    let mut office = two_players();
    let mut last = office.send(
        &address("alice"),
        &format!("{game} challenge alice bob"),
        "",
    );
    for (player, text) in moves {
        last = play(&mut office, game, 101, player, text);
        assert!(last.len() == 2, "{player} {text} was not played: {last:#?}");
    }
    (office, last)
}

/// `userid` moves `text` on `board` with a command in the subject.
pub fn play(
    office: &mut PostOffice,
    game: &str,
    board: i64,
    userid: &str,
    text: &str,
) -> Vec<Sent> {
    let subject = format!("{game} move {board} {userid} {} {text}", password(userid));
    office.send(&address(userid), &subject, "")
}

/// `userid` sends the command `GAME VERB 101 USERID PASSWORD REST` (the
/// subject trimmed, for an empty `rest`).
pub fn command(
    office: &mut PostOffice,
    game: &str,
    verb: &str,
    userid: &str,
    rest: &str,
) -> Vec<Sent> {
    let subject = format!("{game} {verb} 101 {userid} {} {rest}", password(userid));
    office.send(&address(userid), subject.trim(), "")
}

/// The mails in `sent` addressed to `userid`.
pub fn mails_to<'a>(sent: &'a [Sent], userid: &str) -> Vec<&'a Sent> {
    sent.iter()
        .filter(|mail| mail.to == address(userid))
        .collect()
}

/// The one mail in `sent`.
pub fn one(sent: &[Sent]) -> &Sent {
    assert_eq!(sent.len(), 1, "{sent:#?}");
    &sent[0]
}

pub fn address(userid: &str) -> String {
    format!("{userid}@example.org")
}

pub fn password(userid: &str) -> String {
    format!("pw-{userid}-quince")
}

/// The one mail in `sent` addressed to `userid`.
pub fn mail_to<'a>(sent: &'a [Sent], userid: &str) -> &'a Sent {
    let to = address(userid);
    let found: Vec<&Sent> = sent.iter().filter(|mail| mail.to == to).collect();
    assert_eq!(found.len(), 1, "mails to {to}: {sent:#?}");
    found[0]
}

/// How a move of a whole-game test is sent.
#[derive(Clone, Copy, Debug)]
pub enum Via {
    /// `GAME move BOARD USERID PASSWORD MOVE#n` in the subject.
    Subject,
    /// A plain reply to the player's latest board mail.
    Reply,
}

/// A whole game by mail: the players, the challenge switches, the moves
/// (who sends what, and how), and what the final mails must say.
pub struct WholeGame<'a> {
    pub game: &'a str,
    pub switches: &'a str,
    pub white: &'a str,
    pub black: &'a str,
    pub moves: &'a [(&'a str, &'a str, Via)],
    pub result_contains: &'a str,
}

/// Plays a whole game through real messages and checks every step: the
/// subjects name the title, board and players to move, each player gets
/// his own copy threaded on his previous one, the move list grows by one
/// per move, and the game ends with the expected result. Returns the
/// final mails.
pub fn play_whole_game(spec: &WholeGame<'_>) -> Vec<Sent> {
    let title = GameKind::from_name(spec.game)
        .expect("a registered game")
        .title();
    let mut office = PostOffice::new();
    office.signup(spec.white);
    office.signup(spec.black);
    let challenge = format!(
        "{} challenge {} {} {}",
        spec.game, spec.white, spec.black, spec.switches
    );
    let sent = office.send(&address(spec.white), challenge.trim(), "");
    assert_eq!(sent.len(), 2, "a new board for each player: {sent:#?}");
    let board: i64 = 101;
    let mut latest = std::collections::HashMap::new();
    for player in [spec.white, spec.black] {
        let mail = mail_to(&sent, player);
        assert!(
            mail.subject
                .starts_with(&format!("New {title} Board {board} ")),
            "{}",
            mail.subject
        );
        assert_eq!(mail.auto_submitted, "auto-replied");
        // The challenger's new board names his challenge; his opponent's
        // answers no mail of his.
        let answers = usize::from(player == spec.white);
        assert_eq!(mail.in_reply_to.len(), answers, "{player}");
        latest.insert(player.to_string(), mail.clone());
    }
    let mut last = Vec::new();
    for (index, (player, text, via)) in spec.moves.iter().enumerate() {
        let number = index + 1;
        let sent = match via {
            Via::Subject => office.send(
                &address(player),
                &format!(
                    "{} move {board} {player} {} {text}#{number}",
                    spec.game,
                    password(player)
                ),
                "",
            ),
            Via::Reply => {
                let previous = latest[*player].clone();
                office.reply(&address(player), &previous, text)
            }
        };
        assert_eq!(
            office.move_count(board),
            number,
            "move {number} ({player}: {text}) was not played; mails: {sent:#?}"
        );
        for participant in [spec.white, spec.black] {
            let mail = mail_to(&sent, participant);
            assert!(
                mail.subject.starts_with(&format!("{title} Board {board} ")),
                "{}",
                mail.subject
            );
            let previous = &latest[participant];
            assert_eq!(
                mail.in_reply_to,
                vec![previous.message_id.clone()],
                "each mail answers the player's previous one"
            );
            assert!(mail.references.contains(&previous.message_id));
            latest.insert(participant.to_string(), mail.clone());
        }
        last = sent;
    }
    for participant in [spec.white, spec.black] {
        let mail = mail_to(&last, participant);
        assert_eq!(mail.subject, format!("{title} Board {board} Game Over"));
        assert!(
            mail.body.contains(spec.result_contains),
            "final mail lacks {:?}:\n{}",
            spec.result_contains,
            mail.body
        );
        assert!(mail.body.contains("All moves:"), "{}", mail.body);
    }
    assert_eq!(office.game(board).status, store::GameStatus::Finished);
    last
}
