//! An operator's copy of any template changes the mails made from it:
//! for every template the host has, a copy in the data directory's
//! `templates/en/` with a mark in it, then the mail that uses it.

use crate::util::host_harness::{address, password, PostOffice, Sent};

/// The mark put into each operator's copy.
const MARK: &str = "OPERATOR-COPY";

/// The built-in English text of a template, with the mark in it.
fn marked(name: &str) -> String {
    let path = format!("{}/templates/en/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    if name == "parts.txt" {
        // Text outside a macro is never shown: mark the command summary
        // that the help page prints.
        let marked = text.replacen(
            "help [topic]\nlist\n",
            &format!("help [topic] {MARK}\nlist\n"),
            1,
        );
        assert_ne!(marked, text, "the summary macro moved");
        return marked;
    }
    if name == "refusal-league.txt" {
        // Only its macros are shown: mark the problem of a league that is
        // not there.
        let marked = text.replacen("there is no ", &format!("{MARK} there is no "), 1);
        assert_ne!(marked, text, "the no_such_league problem moved");
        return marked;
    }
    if name == "reasons.txt" {
        // Only its macros are shown: mark the reason of a move from an
        // empty square.
        let marked = text.replacen(
            "there is no piece on ",
            &format!("{MARK} there is no piece on "),
            1,
        );
        assert_ne!(marked, text, "the no_piece reason moved");
        return marked;
    }
    if name == "boards.txt" {
        // Only its macro is shown: mark every label of a board.
        let marked = text.replacen(
            "{% macro label(l) -%}\n",
            &format!("{{% macro label(l) -%}}\n{MARK} "),
            1,
        );
        assert_ne!(marked, text, "the label macro moved");
        return marked;
    }
    if name == "refusal-more.txt" {
        // Only its macros are shown: mark the problem it words.
        let marked = text.replacen(
            "{% macro problem(r) -%}\n",
            &format!("{{% macro problem(r) -%}}\n{MARK} "),
            1,
        );
        assert_ne!(marked, text, "the problem macro moved");
        return marked;
    }
    format!("{MARK}\n{text}")
}

fn command(office: &mut PostOffice, userid: &str, subject: &str, body: &str) -> Vec<Sent> {
    office.send(&address(userid), subject, body)
}

/// Sends what makes the mail that uses template `name`; returns the
/// mails the last command caused.
pub(crate) fn mail_using(office: &mut PostOffice, name: &str) -> Vec<Sent> {
    let pw = password("alice");
    let game_rules = name
        .strip_prefix("games/")
        .and_then(|rest| rest.strip_suffix(".txt"));
    if let Some(game) = game_rules {
        return command(office, "carol", &format!("{game} help"), "");
    }
    if let Some(topic) = name
        .strip_prefix("help/")
        .and_then(|rest| rest.strip_suffix(".txt"))
    {
        return command(office, "carol", &format!("help {topic}"), "");
    }
    if name == "signup.txt" {
        return command(office, "carol", "signup carol pw-carol-quince", "");
    }
    if name == "errors.txt" {
        return command(office, "carol", "multiple", "frobnicate\nchange\n");
    }
    if name == "last-answer.txt" {
        // The tenth mail in a row that draws only errors gets the last
        // answer ([limits] errors_in_a_row).
        let mut sent = Vec::new();
        for _ in 0..10 {
            sent = command(office, "carol", "frobnicate", "");
        }
        return sent;
    }
    office.signup("alice");
    office.signup("bob");
    if let Some(sent) = account_mail_using(office, name) {
        return sent;
    }
    if let Some(sent) = competition_mail_using(office, name) {
        return sent;
    }
    if let Some(sent) = swiss_and_league_mail_using(office, name) {
        return sent;
    }
    let challenge = command(office, "alice", "chess challenge alice bob", "");
    if let Some(sent) = plan_mail_using(office, name) {
        return sent;
    }
    let subject = match name {
        "board.txt" => return challenge,
        "chat.txt" => format!("chess chat 101 alice {pw}"),
        "error.txt" | "refusal.txt" => "frobnicate".to_string(),
        "show.txt" => "chess show 101".to_string(),
        "games.txt" => "chess games alice".to_string(),
        "status.txt" => "status alice".to_string(),
        "history.txt" => "chess history".to_string(),
        "digest-setting.txt" => format!("set alice {pw} digest on"),
        "comments-setting.txt" => format!("set alice {pw} comments public"),
        "board-setting.txt" => format!("set alice {pw} board image"),
        "challenges-setting.txt" => format!("set alice {pw} challenges played"),
        "record.txt" => "chess record 101".to_string(),
        "watching.txt" => format!("chess notify alice {pw}"),
        "list.txt" => "list".to_string(),
        "password.txt" => format!("change password alice {pw} new-secret"),
        "address.txt" => format!("change address alice {pw} alice@example.org"),
        "signoff.txt" => format!("signoff alice {pw}"),
        "delete.txt" => "delete carol pw-carol-quince".to_string(),
        "language.txt" => format!("set alice {pw} language en"),
        "accepting.txt" => format!("chess reject alice {pw}"),
        "limit.txt" => format!("chess limit alice {pw} 3"),
        "help.txt" | "parts.txt" => "help".to_string(),
        // Chess boards say nothing; a Progression Chess board has a key.
        "boards.txt" => "progression challenge alice bob".to_string(),
        "reasons.txt" => {
            command(office, "alice", "chess challenge alice bob", "");
            format!("chess move 101 alice {pw} e3e4")
        }
        other => panic!("no mail known to use template {other}"),
    };
    if name == "delete.txt" {
        office.signup("carol");
        return command(office, "carol", &subject, "");
    }
    command(office, "alice", &subject, "Hello, bob.")
}

/// The mails about an account to addresses other than the sender's, and
/// the answers to replies to them.
fn account_mail_using(office: &mut PostOffice, name: &str) -> Option<Vec<Sent>> {
    let pw = password("alice");
    let change = format!("change address alice {pw} alice@example.org alice@home.example");
    let to = |sent: &[Sent], address: &str| -> Sent {
        sent.iter().find(|mail| mail.to == address).unwrap().clone()
    };
    Some(match name {
        "confirm.txt" | "addresses.txt" => command(office, "alice", &change, ""),
        "confirmed.txt" => {
            let sent = command(office, "alice", &change, "");
            let confirm = to(&sent, "alice@home.example");
            office.reply("alice@home.example", &confirm, "yes")
        }
        "undone.txt" => {
            let sent = command(office, "alice", &change, "");
            let announcement = sent
                .iter()
                .find(|mail| mail.to == address("alice") && mail.body.contains("Before:"))
                .unwrap()
                .clone();
            office.reply(&address("alice"), &announcement, "not me")
        }
        "vacation.txt" | "away.txt" => {
            command(office, "alice", "chess challenge alice bob", "");
            command(office, "alice", &format!("vacation alice {pw} on"), "")
        }
        "remind.txt" => command(office, "alice", &format!("remind alice {pw} 3d 1d"), ""),
        "digest.txt" => {
            command(office, "alice", "chess challenge alice bob", "");
            command(office, "alice", &format!("set alice {pw} digest on"), "");
            let tomorrow = chrono::Utc::now() + chrono::Duration::days(1);
            office
                .runtime
                .host
                .set_clock(pbem::clock::Clock::Fixed(tomorrow));
            office.run_pass()
        }
        "nag.txt" => {
            command(office, "alice", "chess challenge alice bob", "");
            let week = chrono::Utc::now() + chrono::Duration::days(7);
            office
                .runtime
                .host
                .set_clock(pbem::clock::Clock::Fixed(week));
            office.run_pass()
        }
        "password-reset.txt" => {
            let reset = pbem::host::operator::Action::ResetPassword {
                userid: "alice".into(),
                password: None,
            };
            office.runtime.host.operate(&reset).unwrap();
            office.run_pass()
        }
        "weak-password.txt" => {
            office.seed_legacy_player("dora", "secret");
            command(office, "dora", "set dora secret language en", "")
        }
        "guessed.txt" => {
            let mut sent = Vec::new();
            for guess in 0..5 {
                sent = command(
                    office,
                    "bob",
                    &format!("set alice guess{guess} language en"),
                    "",
                );
            }
            sent
        }
        _ => return None,
    })
}

/// The mails of standings, ladders and tournaments.
fn competition_mail_using(office: &mut PostOffice, name: &str) -> Option<Vec<Sent>> {
    let alice = password("alice");
    let bob = password("bob");
    let create = format!("chess tournament create cup alice {alice}");
    let start_cup = |office: &mut PostOffice| {
        command(office, "alice", &create, "");
        command(
            office,
            "alice",
            &format!("chess tournament join cup alice {alice}"),
            "",
        );
        command(
            office,
            "bob",
            &format!("chess tournament join cup bob {bob}"),
            "",
        );
        command(
            office,
            "alice",
            &format!("chess tournament start cup alice {alice}"),
            "",
        )
    };
    Some(match name {
        "standings.txt" => command(office, "alice", "chess standings", ""),
        "ladder.txt" => command(
            office,
            "alice",
            &format!("chess ladder join alice {alice}"),
            "",
        ),
        "ladder-news.txt" => {
            command(
                office,
                "alice",
                &format!("chess ladder join alice {alice}"),
                "",
            );
            command(office, "bob", &format!("chess ladder join bob {bob}"), "");
            let ladder = format!("chess challenge bob alice -ladder -password:{bob}");
            command(office, "bob", &ladder, "");
            command(office, "bob", &format!("chess move 101 bob {bob} e4"), "");
            command(
                office,
                "alice",
                &format!("chess move 101 alice {alice} e5"),
                "",
            );
            command(
                office,
                "alice",
                &format!("chess resign 101 alice {alice}"),
                "",
            )
        }
        "ladders.txt" => command(office, "alice", "chess ladders", ""),
        "tournaments.txt" => command(office, "alice", "chess tournaments", ""),
        "ladder-notice.txt" => {
            command(
                office,
                "alice",
                &format!("chess ladder create Club alice {alice} -admission:approval"),
                "",
            );
            command(
                office,
                "bob",
                &format!("chess ladder join Club bob {bob}"),
                "",
            )
        }
        "tournament.txt" | "tournament-table.txt" => command(office, "alice", &create, ""),
        "pairings.txt" => start_cup(office),
        "knockout-begun.txt" => {
            let knockout = format!("chess tournament create ko alice {alice} -knockout");
            command(office, "alice", &knockout, "");
            for (userid, pass) in [("alice", &alice), ("bob", &bob)] {
                let join = format!("chess tournament join ko {userid} {pass}");
                command(office, userid, &join, "");
            }
            let start = format!("chess tournament start ko alice {alice}");
            command(office, "alice", &start, "")
        }
        "event-log.txt" => {
            command(office, "alice", &create, "");
            command(office, "bob", "chess tournament cup log", "")
        }
        "tournament-news.txt" => {
            command(office, "alice", &create, "");
            command(
                office,
                "alice",
                &format!("chess tournament handover cup alice {alice} bob"),
                "",
            )
        }
        "announcement.txt" => {
            start_cup(office);
            command(
                office,
                "alice",
                &format!("chess tournament announce cup alice {alice}"),
                "Round two starts on Monday.",
            )
        }
        "tournament-over.txt" => {
            start_cup(office);
            command(
                office,
                "alice",
                &format!("chess move 101 alice {alice} e4"),
                "",
            );
            command(office, "bob", &format!("chess move 101 bob {bob} e5"), "");
            command(office, "bob", &format!("chess resign 101 bob {bob}"), "")
        }
        _ => return None,
    })
}

/// The mails of Swiss tournaments and leagues.
fn swiss_and_league_mail_using(office: &mut PostOffice, name: &str) -> Option<Vec<Sent>> {
    let (alice, bob) = (password("alice"), password("bob"));
    let swiss = |office: &mut PostOffice, rules: &str| {
        office.set_clock(0);
        let create = format!("chess tournament create open alice {alice} -swiss {rules}");
        command(office, "alice", &create, "");
        for (userid, pass) in [("alice", &alice), ("bob", &bob)] {
            let join = format!("chess tournament join open {userid} {pass}");
            command(office, userid, &join, "");
        }
        let join = "chess tournament join open carol pw-carol-quince";
        command(office, "carol", join, "");
        command(
            office,
            "alice",
            &format!("chess tournament start open alice {alice}"),
            "",
        )
    };
    let create_league = format!("chess league create club alice {alice}");
    Some(match name {
        "swiss-bye.txt" => {
            office.signup("carol");
            swiss(office, "-rounds:1")
        }
        "round-deadline.txt" => {
            swiss(office, "-rounds:1 -round:1");
            office.set_clock(2 * 86_400);
            office.run_pass()
        }
        "leagues.txt" => command(office, "alice", "chess leagues", ""),
        "league.txt" | "league-table.txt" => command(office, "alice", &create_league, ""),
        "league-news.txt" => {
            command(office, "alice", &create_league, "");
            command(
                office,
                "bob",
                &format!("chess league join club bob {bob}"),
                "",
            );
            let announce = format!("chess league announce club alice {alice}");
            command(office, "alice", &announce, "Season one starts on Monday.")
        }
        "refusal-league.txt" => command(office, "alice", "chess league nowhere", ""),
        _ => return None,
    })
}

/// The mails of conditional moves, previews, notes, seeks and messages,
/// on board 101 where alice (White) is to move.
fn plan_mail_using(office: &mut PostOffice, name: &str) -> Option<Vec<Sent>> {
    let (alice, bob) = (password("alice"), password("bob"));
    let (userid, subject) = match name {
        "queue.txt" => ("bob", format!("chess queue 101 bob {bob} e4 e5")),
        "refusal-more.txt" => ("alice", format!("chess queue 101 alice {alice} e5 Nf3")),
        "preview.txt" => ("bob", "chess preview 101 e4 e5".to_string()),
        "note.txt" => ("alice", format!("chess note 101 alice {alice}")),
        "note-footer.txt" => {
            command(
                office,
                "alice",
                &format!("chess note 101 alice {alice}"),
                "Mine.",
            );
            ("alice", format!("chess move 101 alice {alice} e4"))
        }
        "seeks.txt" => ("bob", "chess seeks".to_string()),
        "seek.txt" => ("alice", format!("chess seek alice {alice}")),
        "message.txt" | "message-sent.txt" => ("alice", format!("message alice {alice} bob")),
        _ => return None,
    };
    Some(command(office, userid, &subject, "Hello, bob."))
}

#[test]
fn an_operators_copy_of_any_template_changes_its_mail() {
    for name in pbem::host::outbound::templates::names() {
        if !name.ends_with(".txt") {
            // The board's HTML and image: board_pictures.rs.
            continue;
        }
        let copy = marked(name);
        // The welcome of signup.txt is mailed at once only where the
        // operator trusts From lines; elsewhere confirmed.txt welcomes.
        let config = match name {
            "signup.txt" => "[accounts]\nconfirm_signup_address = false\n",
            _ => "",
        };
        let mut office = PostOffice::with_templates(config, &[(&format!("en/{name}"), &copy)]);
        let sent = mail_using(&mut office, name);
        assert!(!sent.is_empty(), "{name}: no mail was sent");
        assert!(
            sent.iter().any(|mail| mail.body.contains(MARK)),
            "{name}: the operator's copy did not change the mail: {sent:#?}"
        );
        // The built-in copy is what everyone else gets.
        let mut plain = PostOffice::new();
        let sent = mail_using(&mut plain, name);
        assert!(sent.iter().all(|mail| !mail.body.contains(MARK)), "{name}");
    }
}
