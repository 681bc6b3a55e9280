//! Passwords masked only where they stand: whole games of every variant
//! between players whose passwords are everyday words (kept from before
//! passwords had to be strong), with comments full of those words. No
//! mail masks a word the player did not type as a password, none shows a
//! password in clear, and a comment holding its author's password is
//! refused to him alone.

use crate::util::host_harness::{address, PostOffice, Sent};
use pbem::host::accounts::password::hash_password;
use pbem::store::{self, Player};

const MASK: &str = "********";

/// Eve's password is `draw`, fred's `to`: accounts made before the host
/// refused weak passwords.
const EVE: (&str, &str) = ("eve", "draw");
const FRED: (&str, &str) = ("fred", "to");

fn legacy_player(office: &PostOffice, (userid, password): (&str, &str)) {
    let player = Player {
        userid: userid.to_string(),
        password_hash: hash_password(password).unwrap(),
        addresses: vec![address(userid)],
        signed_off: false,
        language: None,
    };
    store::insert_player(office.runtime.host.store().connection(), &player, 0).unwrap();
}

/// The one mail to `userid` whose subject contains `about` (a legacy
/// player's first command also brings him a note on his weak password).
fn mail_about<'a>(sent: &'a [Sent], userid: &str, about: &str) -> &'a Sent {
    let found: Vec<&Sent> = sent
        .iter()
        .filter(|mail| mail.to == address(userid) && mail.subject.contains(about))
        .collect();
    assert_eq!(found.len(), 1, "{about} to {userid}: {sent:#?}");
    found[0]
}

fn mail_to<'a>(sent: &'a [Sent], userid: &str) -> &'a Sent {
    mail_about(sent, userid, "Board 101")
}

/// Everything a mail shows: subject, text and raw message (HTML part
/// included).
fn shown(mail: &Sent) -> String {
    format!(
        "{}\n{}\n{}",
        mail.subject,
        mail.body,
        String::from_utf8_lossy(&mail.raw)
    )
}

/// No mask anywhere in the mails, and no password in clear where a
/// command line would have it.
fn assert_unmasked(sent: &[Sent], game: &str) {
    for mail in sent {
        let text = shown(mail);
        assert!(!text.contains(MASK), "masked:\n{}", mail.body);
        for (userid, password) in [EVE, FRED] {
            let clear = format!("{game} move 101 {userid} {password} ");
            assert!(!text.contains(&clear), "in clear:\n{}", mail.body);
        }
    }
}

/// A comment of everyday words that avoids the mover's own password.
fn comment_for(userid: &str) -> &'static str {
    if userid == EVE.0 {
        "Your move, fred. I have to go to work; a move to remember."
    } else {
        "Your move. A draw would be dull, so no draw from me."
    }
}

/// Plays `moves` (mover, move, by reply?) between eve (White) and fred;
/// every mail is checked, and each comment reaches the opponent whole.
fn play_with_everyday_words(game: &str, switches: &str, moves: &[(&str, &str, bool)]) {
    let mut office = PostOffice::new();
    legacy_player(&office, EVE);
    legacy_player(&office, FRED);
    let sent = office.send(
        &address("eve"),
        format!("{game} challenge eve fred {switches}").trim(),
        "Sorry, I have to go to work soon. A draw is fine; your move after mine.",
    );
    assert_unmasked(&sent, game);
    assert!(
        mail_to(&sent, "fred")
            .body
            .contains("A draw is fine; your move"),
        "{}",
        mail_to(&sent, "fred").body
    );
    let mut latest: std::collections::HashMap<String, Sent> = ["eve", "fred"]
        .iter()
        .map(|userid| (userid.to_string(), mail_to(&sent, userid).clone()))
        .collect();
    for (index, (mover, text, by_reply)) in moves.iter().enumerate() {
        let opponent = if *mover == "eve" { "fred" } else { "eve" };
        let sent = if *by_reply {
            // A reply is proven by its thread: any words will do.
            let body = format!("{text}\n\nSorry, I have to go to work. A draw? To you, a move.");
            office.reply(&address(mover), &latest[*mover], &body)
        } else {
            let password = if *mover == "eve" { EVE.1 } else { FRED.1 };
            let subject = format!("{game} move 101 {mover} {password} {text}");
            office.send(&address(mover), &subject, comment_for(mover))
        };
        assert_eq!(
            office.move_count(101),
            index + 1,
            "{mover} {text}: {sent:#?}"
        );
        assert_unmasked(&sent, game);
        let told = &mail_to(&sent, opponent).body;
        let comment = if *by_reply {
            "Sorry, I have to go to work. A draw? To you, a move."
        } else {
            comment_for(mover)
        };
        assert!(told.contains(comment), "{told}");
        for userid in ["eve", "fred"] {
            latest.insert(userid.to_string(), mail_to(&sent, userid).clone());
        }
    }
    assert!(office.game(101).status == store::GameStatus::Finished);
}

#[test]
fn a_whole_chess_game_of_everyday_words_is_never_masked() {
    play_with_everyday_words(
        "chess",
        "",
        &[
            ("eve", "f3", false),
            ("fred", "e5", true),
            ("eve", "g4", true),
            ("fred", "Qh4#", false),
        ],
    );
}

#[test]
fn a_whole_recursion_game_of_everyday_words_is_never_masked() {
    play_with_everyday_words(
        "recursion",
        "",
        &[
            ("eve", "W:d4", false),
            ("fred", "B:c6", true),
            ("fred", "W:b5", false),
            ("eve", "B:d4", true),
            ("eve", "W:e4", true),
            ("fred", "B:b5", false),
            ("fred", "W:c6", true),
            ("eve", "B:a3", false),
            ("eve", "W:Qa5#", true),
            ("fred", "B:h6", true),
            ("eve", "B:Qa5#", false),
        ],
    );
}

#[test]
fn a_whole_spherical_game_of_everyday_words_is_never_masked() {
    let moves: Vec<(&str, &str, bool)> = [
        ("eve", "h8-h7"),
        ("fred", "a2+ne"),
        ("fred", "a2+ne"),
        ("eve", "h7-h1"),
        ("eve", "h1xb1"),
        ("fred", "a2+ne"),
        ("fred", "a2+nw"),
        ("eve", "b1xb18"),
        ("eve", "b18xa18"),
        ("fred", "a2+nw"),
        ("fred", "a2+nw"),
        ("eve", "a18xa1"),
        ("eve", "a1xr1"),
        ("fred", "a2+se"),
        ("fred", "a2+se"),
        ("eve", "r1xr18"),
        ("eve", "r18xq18"),
        ("fred", "a2+se"),
        ("fred", "a2+sw"),
        ("eve", "q18xq1"),
    ]
    .iter()
    .enumerate()
    .map(|(index, (mover, text))| (*mover, *text, index % 3 == 1))
    .collect();
    play_with_everyday_words("spherical", "-setup:1", &moves);
}

#[test]
fn a_whole_progression_game_of_everyday_words_is_never_masked() {
    play_with_everyday_words(
        "progression",
        "-promote:15",
        &[
            ("eve", "nbNBrRQK", false),
            ("fred", "list:KQRrNnBb", true),
            ("eve", "e2e4", true),
            ("fred", "e7e5", false),
            ("eve", "e1e2", true),
        ],
    );
}

#[test]
fn a_comment_holding_its_authors_password_is_refused_to_him_alone() {
    let mut office = PostOffice::new();
    legacy_player(&office, EVE);
    legacy_player(&office, FRED);
    office.send(&address("eve"), "chess challenge eve fred", "");
    let sent = office.send(
        &address("eve"),
        "chess move 101 eve draw e4 propose",
        "I offer a draw, fred.",
    );
    let refusal = mail_about(&sent, "eve", "Error");
    assert_eq!(refusal.to, address("eve"));
    assert!(
        refusal
            .body
            .contains("your comment contains your password; nothing was sent"),
        "{}",
        refusal.body
    );
    assert!(refusal
        .body
        .contains("> Subject: chess move 101 eve ******** e4 propose"));
    // The refusal does not show it in clear either.
    assert!(
        refusal.body.contains("> I offer a ********, fred."),
        "{}",
        refusal.body
    );
    assert_eq!(office.move_count(101), 0);
    // Without the password in it, the same comment goes through whole.
    let sent = office.send(
        &address("eve"),
        "chess move 101 eve draw e4 propose",
        "I offer a tie, fred.",
    );
    assert_eq!(office.move_count(101), 1);
    assert!(mail_to(&sent, "fred").body.contains("I offer a tie, fred."));
}

#[test]
fn an_error_mail_masks_the_command_line_and_not_the_hosts_quoted_text() {
    let mut office = PostOffice::new();
    legacy_player(&office, EVE);
    legacy_player(&office, FRED);
    let sent = office.send(&address("eve"), "chess challenge eve fred", "");
    let board_mail = mail_to(&sent, "fred").clone();
    let sent = office.send(&address("eve"), "chess move 101 eve draw e5e6", "");
    let error = mail_about(&sent, "eve", "Error");
    assert!(
        error
            .body
            .contains("> Subject: chess move 101 eve ******** e5e6"),
        "{}",
        error.body
    );
    assert!(!error.body.contains("eve draw"), "{}", error.body);
    // A reply that quotes the host's board mail: nothing in it is masked.
    let sent = office.reply(
        &address("fred"),
        &board_mail,
        "Kz9\n\nI have to go to work.",
    );
    let error = mail_about(&sent, "fred", "Error");
    assert!(!error.body.contains(MASK), "{}", error.body);
    assert!(error.body.contains("> > "), "{}", error.body);
}

#[test]
fn odd_lines_are_quoted_back_with_only_their_password_places_masked() {
    let mut office = PostOffice::new();
    legacy_player(&office, EVE);
    let sent = office.send(&address("eve"), "chess ladder create myclub eve s3cret", "");
    let error = mail_about(&sent, "eve", "Error");
    assert!(
        error
            .body
            .contains("> Subject: chess ladder create myclub eve ********"),
        "{}",
        error.body
    );
    let sent = office.send(
        &address("eve"),
        "chess history eve 99999999999999999999",
        "",
    );
    let page = &sent[0];
    assert!(!page.body.contains(MASK), "{}", page.body);
    assert!(!page.body.contains("not a number"), "{}", page.body);
    let sent = office.send(&address("eve"), "chsss move 101 eve draw e4", "");
    let error = mail_about(&sent, "eve", "Error");
    assert!(
        error
            .body
            .contains("> Subject: chsss move 101 eve ******** e4"),
        "{}",
        error.body
    );
}
