//! What a board mail offers is what the host takes: on random positions
//! of all four games, from both seats and with every kind of pending
//! state (a draw offer, a take-back, a pause proposed or agreed, a sealed
//! round, before the first move, a finished board), every answer the
//! board lists is accepted and every other one is refused with the list.

use crate::util::confirming_reply;
use crate::util::Rng as Dice;
use pbem::games::{GameKind, Side};
use pbem::host::model::answers::{open_replies, Reply};
use pbem::host::model::replays::{self, Replays};
use pbem::host::outbound::render::Renderer;
use pbem::host::{Host, HostSettings};
use pbem::store::Store;

const PASSWORDS: [(&str, &str); 2] = [("alice", "alice-long-secret"), ("bob", "bob-long-secret")];

struct Table {
    host: Host,
    replays: Replays,
    mails: u64,
}

impl Table {
    fn raw(&mut self, userid: &str, subject: &str) -> Vec<u8> {
        self.mails += 1;
        format!(
            "From: {userid}@example.org\r\nTo: pbem@localhost\r\nSubject: {subject}\r\n\
             Message-ID: <answers-{}@example.org>\r\n\r\n",
            self.mails
        )
        .into_bytes()
    }

    fn send(&mut self, userid: &str, subject: &str) {
        let raw = self.raw(userid, subject);
        self.host.receive(&raw).unwrap();
    }

    /// The body of the latest mail queued for `userid`.
    fn latest_to(&self, userid: &str) -> String {
        self.host
            .store()
            .connection()
            .query_row(
                "SELECT body FROM outbox WHERE recipient = ?1 ORDER BY id DESC LIMIT 1",
                [format!("{userid}@example.org")],
                |row| row.get(0),
            )
            .unwrap()
    }

    fn live(&self) -> replays::LiveGame {
        replays::load(self.host.store().connection(), &self.replays, 101, None).unwrap()
    }

    /// Sends `subject` in a batch that is rolled back, and returns the
    /// error mail it brought, if any.
    fn try_send(&mut self, userid: &str, subject: &str) -> Option<String> {
        let raw = self.raw(userid, subject);
        let before: i64 = self
            .host
            .store()
            .connection()
            .query_row("SELECT COALESCE(MAX(id), 0) FROM outbox", [], |row| {
                row.get(0)
            })
            .unwrap();
        let mut batch = self.host.batch().unwrap();
        batch.receive(&raw).unwrap();
        let conn = batch.connection();
        let bodies: Vec<String> = conn
            .prepare("SELECT body FROM outbox WHERE recipient = ?1 AND id > ?2 ORDER BY id")
            .unwrap()
            .query_map(
                rusqlite::params![format!("{userid}@example.org"), before],
                |row| row.get(0),
            )
            .unwrap()
            .map(Result::unwrap)
            .collect();
        bodies
            .into_iter()
            .find(|body| body.starts_with("Your mail could not be carried out"))
    }
}

fn password(userid: &str) -> &'static str {
    PASSWORDS.iter().find(|(u, _)| *u == userid).unwrap().1
}

fn userid(side: Side) -> &'static str {
    match side {
        Side::White => "alice",
        Side::Black => "bob",
    }
}

/// A new board between alice and bob, with clocks or without.
fn table(kind: GameKind, clocks: bool) -> Table {
    let store = Store::open_in_memory().unwrap();
    let renderer = Renderer::new(None).unwrap();
    let mut table = Table {
        host: Host::new(store, renderer, HostSettings::default()),
        replays: Replays::new(4),
        mails: 0,
    };
    for (userid, password) in PASSWORDS {
        table.send(userid, &format!("signup {userid} {password}"));
        let reply = confirming_reply(
            table.host.store().connection(),
            &format!("{userid}@example.org"),
        );
        table.host.receive(&reply).unwrap();
    }
    let clock = if clocks { " --forfeittime=10" } else { "" };
    table.send(
        "alice",
        &format!("{} challenge alice bob{clock}", kind.name()),
    );
    assert_eq!(table.live().kind, kind);
    table
}

/// The command that gives `reply` on board 101 for `side`.
fn command(table: &Table, kind: GameKind, side: Side, reply: Reply) -> String {
    let live = table.live();
    let who = userid(side);
    let pw = password(who);
    let game = kind.name();
    match reply {
        Reply::Resign | Reply::Decline => format!("{game} {} 101 {who} {pw}", reply.word()),
        Reply::Move => {
            let mut moves = live.game.legal_moves(side);
            if moves.is_empty() {
                moves = live.game.legal_moves(side.opponent());
            }
            let text = moves.first().cloned().unwrap_or_else(|| "e2e4".into());
            format!("{game} move 101 {who} {pw} {text}")
        }
        word => format!("{game} move 101 {who} {pw} {}", word.word()),
    }
}

/// Plays `plies` random legal moves, then sets a random pending state.
fn random_position(table: &mut Table, kind: GameKind, dice: &mut Dice) {
    let plies = dice.below(7);
    for _ in 0..plies {
        let live = table.live();
        let to_move = live.game.to_move();
        let Some(&side) = to_move.get(dice.below(to_move.len().max(1))) else {
            return;
        };
        let moves = live.game.legal_moves(side);
        if moves.is_empty() {
            return;
        }
        let text = &moves[dice.below(moves.len())];
        let who = userid(side);
        table.send(
            who,
            &format!("{} move 101 {who} {} {text}", kind.name(), password(who)),
        );
    }
    let side = [Side::White, Side::Black][dice.below(2)];
    let who = userid(side);
    let word = ["", "propose", "undo", "pause", "pause both", "resign"][dice.below(6)];
    let send = |table: &mut Table, who: &str, word: &str| {
        let game = kind.name();
        let pw = password(who);
        let subject = if word == "resign" {
            format!("{game} resign 101 {who} {pw}")
        } else {
            format!("{game} move 101 {who} {pw} {word}")
        };
        table.send(who, &subject);
    };
    match word {
        "" => {}
        "pause both" => {
            send(table, who, "pause");
            send(table, userid(side.opponent()), "pause");
        }
        word => send(table, who, word),
    }
}

/// Which pending states the positions tried covered.
#[derive(Default, Debug)]
struct Covered {
    draw_offer: bool,
    take_back: bool,
    pause_offer: bool,
    paused: bool,
    sealed: bool,
    before_first_move: bool,
    finished: bool,
}

fn check_every_answer(kind: GameKind, seed: u64, covered: &mut Covered) {
    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut table = table(kind, dice.below(2) == 0);
    random_position(&mut table, kind, &mut dice);
    let live = table.live();
    let state = format!(
        "{kind:?} seed {seed}: {} moves {:?}, draw {:?}, undo {:?}, pause {:?}/{}, sealed {}, status {:?}",
        live.total_moves,
        live.moves.iter().map(|m| &m.notation).collect::<Vec<_>>(),
        live.record.draw_offer,
        live.undo_offer,
        live.record.pause_offer,
        live.record.paused,
        live.game.sealed_moves(),
        live.record.status,
    );
    covered.draw_offer |= live.record.draw_offer.is_some();
    covered.take_back |= live.undo_offer.is_some();
    covered.pause_offer |= live.record.pause_offer.is_some();
    covered.paused |= live.record.paused;
    covered.sealed |= live.game.sealed_moves() > 0;
    covered.before_first_move |= live.total_moves == 0;
    covered.finished |= live.record.status != pbem::store::GameStatus::Active;
    for side in [Side::White, Side::Black] {
        let open = open_replies(&live, side);
        for reply in Reply::ALL {
            let subject = command(&table, kind, side, reply);
            let error = table.try_send(userid(side), &subject);
            match (&error, open.contains(&reply)) {
                (None, true) => {}
                (Some(body), false) => {
                    let listed = open.iter().filter(|reply| **reply != Reply::Move).count();
                    if listed > 0 {
                        assert!(
                            body.contains("you may now send"),
                            "{state}: {subject} refused without the list:\n{body}"
                        );
                    }
                }
                (Some(body), true) => {
                    panic!("{state}: {side:?} {reply:?} is listed but refused:\n{body}")
                }
                (None, false) => panic!("{state}: {side:?} {reply:?} is not listed but taken"),
            }
        }
    }
}

#[test]
fn every_listed_answer_is_taken_and_every_other_refused_with_the_list() {
    let mut covered = Covered::default();
    for kind in GameKind::ALL {
        for seed in 1..=12 {
            check_every_answer(kind, seed, &mut covered);
        }
    }
    let Covered {
        draw_offer,
        take_back,
        pause_offer,
        paused,
        sealed,
        before_first_move,
        finished,
    } = covered;
    assert!(
        draw_offer && take_back && pause_offer && paused && sealed && before_first_move && finished,
        "not every pending state was tried: {covered:?}"
    );
}

#[test]
fn a_spherical_board_mail_on_your_own_turn_still_lists_resign_undo_and_pause() {
    let mut table = table(GameKind::Spherical, true);
    loop {
        let live = table.live();
        if live.has_moved(Side::Black) && live.game.to_move() == [Side::White] {
            break;
        }
        let side = live.game.to_move()[0];
        let who = userid(side);
        let text = live.game.legal_moves(side)[0].clone();
        table.send(
            who,
            &format!("spherical move 101 {who} {} {text}", password(who)),
        );
    }
    let body = table.latest_to("alice");
    assert!(body.contains("It is your move."), "{body}");
    for line in ["  resign ", "  undo ", "  pause "] {
        assert!(body.contains(line), "{line}:\n{body}");
    }
}

#[test]
fn a_german_board_mail_lists_each_answer_on_a_line_of_its_own() {
    let mut table = table(GameKind::Chess, true);
    table.send("bob", &format!("set bob {} language de", password("bob")));
    table.send(
        "alice",
        &format!("chess move 101 alice {} e4 propose", password("alice")),
    );
    let body = table.latest_to("bob");
    for line in [
        "  accept    das Remisangebot annehmen\n",
        "  reject    das Remisangebot ablehnen\n",
        "  pause     eine Pause der Uhren vorschlagen (beide müssen zustimmen)\n",
        "  resign    aufgeben\n",
        "  decline   die Partie ablehnen (nur vor deinem ersten Zug)\n",
    ] {
        assert!(body.contains(line), "{line}:\n{body}");
    }
    assert!(
        !body.contains("Oder schick") || body.contains("\nOder schick"),
        "{body}"
    );
}
