//! Mails as real clients write them (fixtures in tests/fixtures/): each
//! is read, cleaned of quotes and signatures, and acted on by the host.
//! Reply fixtures carry {{IN_REPLY_TO}} and {{REFERENCES}} where the
//! client would have copied the host's Message-IDs; the test fills in the
//! ids of the real board mail it answers.

use crate::util::host_harness::{board_after, mail_to, PostOffice, Sent};
use pbem::mail::inbound::parse;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|err| panic!("{path}: {err}"))
}

/// The fixture as a reply to `answering`, with its threading filled in.
fn reply_fixture(name: &str, answering: &Sent) -> Vec<u8> {
    let mut references: Vec<String> = answering
        .references
        .iter()
        .map(|id| format!("<{id}>"))
        .collect();
    references.push(format!("<{}>", answering.message_id));
    let raw = fixture(name);
    let raw = replaced(&raw, b"{{IN_REPLY_TO}}", answering.message_id.as_bytes());
    replaced(&raw, b"{{REFERENCES}}", references.join("\r\n ").as_bytes())
}

/// `raw` with every `from` replaced by `to`, byte by byte (a fixture may
/// be in any charset).
fn replaced(raw: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut at = 0;
    while at < raw.len() {
        if raw[at..].starts_with(from) {
            out.extend_from_slice(to);
            at += from.len();
        } else {
            out.push(raw[at]);
            at += 1;
        }
    }
    out
}

#[test]
fn thunderbird_flowed_signup_creates_the_account() {
    let mut office = PostOffice::new();
    let sent = office.deliver_raw(&fixture("thunderbird_signup_flowed.eml"));
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, "carol@example.org");
    // The answer asks carol to confirm her address, and welcomes her.
    assert_eq!(sent[0].subject, "PBeM Confirm carol");
    assert!(
        sent[0].body.contains("signed up as carol"),
        "{}",
        sent[0].body
    );
}

#[test]
fn html_only_base64_mail_passes_its_comment_on_without_the_signature() {
    let (mut office, _) = board_after("chess", &[]);
    let sent = office.deliver_raw(&fixture("webmail_html_only_base64.eml"));
    assert_eq!(office.move_count(101), 1);
    let bob = mail_to(&sent, "bob");
    assert!(
        bob.body.contains("alice writes:\nGood luck & have fun!"),
        "{}",
        bob.body
    );
    assert!(!bob.body.contains("Sent from my phone"));
}

#[test]
fn mutt_latin1_comment_arrives_as_unicode() {
    let (mut office, _) = board_after("chess", &[("alice", "e4")]);
    let sent = office.deliver_raw(&fixture("mutt_latin1_8bit.eml"));
    assert_eq!(office.move_count(101), 2);
    let alice = mail_to(&sent, "alice");
    assert!(
        alice.body.contains("Schöne Eröffnung, Grüße!"),
        "{}",
        alice.body
    );
    assert!(!alice.body.contains("\nBob\n"));
}

#[test]
fn iso_2022_jp_subject_and_body_are_decoded() {
    let (mut office, _) = board_after("chess", &[("alice", "e4")]);
    let sent = office.deliver_raw(&fixture("becky_iso2022jp.eml"));
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    let alice = mail_to(&sent, "alice");
    assert!(
        alice.body.contains("よろしくお願いします。"),
        "{}",
        alice.body
    );
}

#[test]
fn gmail_top_posted_reply_plays_its_first_line() {
    let (mut office, last) = board_after("chess", &[("alice", "e4")]);
    let board_mail = mail_to(&last, "bob").clone();
    let sent = office.deliver_raw(&reply_fixture(
        "gmail_reply_alternative_qp.eml",
        &board_mail,
    ));
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    let alice = mail_to(&sent, "alice");
    assert!(alice.body.contains("bob (Black) played e5"));
    assert!(
        alice
            .body
            .contains("bob writes:\nLet's see what you've got."),
        "{}",
        alice.body
    );
    assert!(
        !alice.body.contains("wrote:"),
        "the quoted board is not a comment"
    );
}

#[test]
fn apple_mail_reply_with_move_number_guard_plays() {
    let (mut office, last) = board_after("chess", &[("alice", "e4"), ("bob", "e5")]);
    let board_mail = mail_to(&last, "alice").clone();
    let sent = office.deliver_raw(&reply_fixture("apple_mail_reply_qp.eml", &board_mail));
    assert_eq!(office.move_count(101), 3, "{sent:#?}");
    assert!(mail_to(&sent, "bob")
        .body
        .contains("alice (White) played Nf3 (move #3)."));
}

#[test]
fn outlook_reply_drops_the_original_message_block() {
    let (mut office, last) =
        board_after("chess", &[("alice", "e4"), ("bob", "e5"), ("alice", "Nf3")]);
    let board_mail = mail_to(&last, "bob").clone();
    let sent = office.deliver_raw(&reply_fixture("outlook_reply_alternative.eml", &board_mail));
    assert_eq!(office.move_count(101), 4, "{sent:#?}");
    let alice = mail_to(&sent, "alice");
    assert!(
        alice.body.contains("bob writes:\nNice opening."),
        "{}",
        alice.body
    );
    assert!(!alice.body.contains("Sent: Sunday"));
}

#[test]
fn thunderbird_bottom_posted_reply_plays_the_move_under_the_quote() {
    let (mut office, last) = board_after("chess", &[("alice", "e4")]);
    let board_mail = mail_to(&last, "bob").clone();
    let sent = office.deliver_raw(&reply_fixture(
        "thunderbird_bottom_posted_reply.eml",
        &board_mail,
    ));
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    let alice = mail_to(&sent, "alice");
    assert!(
        alice.body.contains("bob (Black) played c5"),
        "{}",
        alice.body
    );
    assert!(
        alice.body.contains("bob writes:\nThe Sicilian, then."),
        "{}",
        alice.body
    );
    assert!(!alice.body.contains("\nBob\n"), "the signature is cut");
}

#[test]
fn every_fixture_parses_to_what_its_sender_typed() {
    let cases = [
        (
            "thunderbird_signup_flowed.eml",
            "Hello, I would like to play",
        ),
        ("webmail_html_only_base64.eml", "Good luck & have fun!"),
        ("mutt_latin1_8bit.eml", "Schöne Eröffnung, Grüße!"),
        ("becky_iso2022jp.eml", "よろしくお願いします。"),
        (
            "gmail_reply_alternative_qp.eml",
            "e5\n\nLet's see what you've got.",
        ),
        ("apple_mail_reply_qp.eml", "Nf3#3"),
        ("outlook_reply_alternative.eml", "Nc6\n\nNice opening."),
        (
            "thunderbird_bottom_posted_reply.eml",
            "c5\n\nThe Sicilian, then.",
        ),
    ];
    for (name, typed) in cases {
        let mail = parse(&fixture(name)).unwrap_or_else(|err| panic!("{name}: {err}"));
        let text = mail.sender_text();
        assert!(text.starts_with(typed), "{name}: {text:?}");
        assert!(!text.contains("-- "), "{name}: signature left in {text:?}");
        assert!(!text.contains("> "), "{name}: quote left in {text:?}");
        assert_eq!(mail.unanswerable, None, "{name}");
    }
    let japanese = parse(&fixture("becky_iso2022jp.eml")).unwrap();
    assert_eq!(
        japanese.subject,
        "[対局] chess move 101 bob pw-bob-quince e5"
    );
}

/// Replies as the clients named in issue 41 write them (fixtures made
/// after each client's own output: headers, charset (the legacy ones
/// too: ISO-8859-2, KOI8-R, windows-1251), transfer encoding, where the
/// intro line stands, the HTML part, Yahoo's unquoted original in its
/// `yahoo_quoted` div), in English, German, French, Spanish, Italian,
/// Dutch, Portuguese, Polish, Swedish, Danish, Norwegian and Russian,
/// from Gmail (web and Android), Outlook (desktop and web), Apple Mail
/// and iOS, Thunderbird, K-9 Mail, Yahoo, mutt and s-nail, each answering bob's
/// board mail after 1. e4: the move played, and alice shown bob's own
/// comment and nothing of the quote, the intro or the header block.
const CLIENT_REPLIES: &[(&str, &str, &str)] = &[
    (
        "thunderbird_de_bottom_posted.eml",
        "e5",
        "Schöner Zug, mal sehen.",
    ),
    (
        "thunderbird_it_bottom_posted.eml",
        "c5",
        "Bella mossa, vediamo.",
    ),
    (
        "thunderbird_nl_bottom_posted.eml",
        "e6",
        "Mooie zet, we zullen zien.",
    ),
    (
        "thunderbird_fr_bottom_posted.eml",
        "c6",
        "Joli coup, on verra bien.",
    ),
    (
        "thunderbird_es_bottom_posted.eml",
        "d5",
        "Buena jugada, ya veremos.",
    ),
    (
        "gmail_de_top_posted.eml",
        "Nf6",
        "Mal sehen, was du daraus machst.",
    ),
    ("apple_mail_de_bottom_posted.eml", "e5", "Viele Grüße\nBob"),
    ("ios_mail_de_top_posted.eml", "e5", "Gute Partie!"),
    ("snail_bottom_posted.eml", "e5", "Fine by me."),
    (
        "mutt_interleaved_reply.eml",
        "e5",
        "Not yet. Grüße aus Köln.",
    ),
    (
        "outlook_de_header_block.eml",
        "Nf6",
        "Schöner Zug. Grüße, Bob",
    ),
    ("outlook_web_html_only.eml", "Nf6", "Your move."),
    (
        "gmail_pt_top_posted.eml",
        "e5",
        "Boa jogada, vamos ver o que vem aí.",
    ),
    (
        "thunderbird_pl_iso8859_2.eml",
        "Nf6",
        "Ładny ruch, zobaczymy co dalej.",
    ),
    (
        "outlook_pl_iso8859_2_qp.eml",
        "d5",
        "Zobaczymy, kto będzie górą. Pozdrawiam, Bob",
    ),
    (
        "apple_mail_sv_bottom_posted.eml",
        "c5",
        "Snyggt drag, vi får se.",
    ),
    (
        "gmail_da_top_posted_base64.eml",
        "e6",
        "Flot træk, vi får se.",
    ),
    (
        "thunderbird_nb_bottom_posted.eml",
        "d6",
        "Fint trekk, vi får se hvordan det går.",
    ),
    ("thunderbird_ru_koi8r.eml", "e5", "Хороший ход, посмотрим."),
    ("outlook_ru_windows1251.eml", "Nc6", "Неплохо. Удачи!"),
    (
        "gmail_android_ru_top_posted.eml",
        "Nf6",
        "Посмотрим, что ты на это скажешь.",
    ),
    ("k9_android_top_posted.eml", "g6", "On to the middlegame."),
    (
        "yahoo_html_only.eml",
        "Nc6",
        "Good one. Let us see where this goes.",
    ),
];

/// Words of the intro lines and header blocks the fixtures carry, which
/// alice must never see.
const LEAKS: &[&str] = &[
    "schrieb",
    "wrote",
    "Von:",
    "From:",
    "Sent from",
    "gesendet",
    "escreveu",
    "pisze",
    "Od:",
    "Wysłane",
    "skrev",
    "пишет",
    "От:",
    "Отправлено",
    "pbem@localhost",
    "K-9",
];

/// What alice's board mail passes on as bob's comment: the paragraph
/// after "bob writes:".
fn comment_shown(body: &str) -> Option<&str> {
    let (_, after) = body.split_once("bob writes:\n")?;
    Some(after.split("\n\n").next().unwrap_or(after).trim_end())
}

#[test]
fn every_client_s_reply_plays_its_move_and_passes_on_only_the_comment() {
    for (name, played, comment) in CLIENT_REPLIES {
        let (mut office, last) = board_after("chess", &[("alice", "e4")]);
        let board_mail = mail_to(&last, "bob").clone();
        let sent = office.deliver_raw(&reply_fixture(name, &board_mail));
        assert_eq!(office.move_count(101), 2, "{name}: {sent:#?}");
        let alice = mail_to(&sent, "alice");
        assert!(
            alice.body.contains(&format!("bob (Black) played {played}")),
            "{name}: {}",
            alice.body
        );
        assert_eq!(comment_shown(&alice.body), Some(*comment), "{name}");
        for leak in LEAKS {
            assert!(
                !alice.body.contains(leak),
                "{name}: {leak} in {}",
                alice.body
            );
        }
    }
}

/// The intro lines of the common clients in the common languages, as
/// they name the host ("PBeM host" <pbem@localhost>).
const INTROS: &[&str] = &[
    "On Sun, Nov 29, 2026 at 4:01 PM PBeM host <pbem@localhost> wrote:",
    "Am So., 29. Nov. 2026 um 16:01 Uhr schrieb PBeM host <pbem@localhost>:",
    "Le dim. 29 nov. 2026 à 16:01, PBeM host <pbem@localhost> a écrit :",
    "El dom, 29 nov 2026 a las 16:01, PBeM host (<pbem@localhost>) escribió:",
    "Il giorno dom 29 nov 2026 alle ore 16:01 PBeM host <pbem@localhost> ha scritto:",
    "Op zo 29 nov 2026 om 16:01 schreef PBeM host <pbem@localhost>:",
    "Em dom., 29 de nov. de 2026 às 16:01, PBeM host <pbem@localhost> escreveu:",
    "niedz., 29 lis 2026 o 16:01 PBeM host <pbem@localhost> napisał(a):",
    "W dniu 29.11.2026 o 16:01, PBeM host pisze:",
    "Den sön 29 nov. 2026 kl 16:01 skrev PBeM host <pbem@localhost>:",
    "søn. 29. nov. 2026 kl. 16:01 skrev PBeM host <pbem@localhost>:",
    "Den 29.11.2026 16:01, skrev PBeM host:",
    "вс, 29 нояб. 2026 г. в 16:01, PBeM host <pbem@localhost>:",
    "29.11.2026 16:01, PBeM host пишет:",
    "Em 29/11/2026 16:01, PBeM host escreveu:",
    "PBeM host <pbem@localhost> escreveu no dia domingo, 29/11/2026 à(s) 16:01:",
    "Em 29 de nov. de 2026, à(s) 16:01, PBeM host <pbem@localhost> escreveu:",
    "Wiadomość napisana przez PBeM host <pbem@localhost> w dniu 29.11.2026, o godz. 16:01:",
    "Den 2026-11-29 kl. 16:01, skrev PBeM host:",
    "29 nov. 2026 kl. 16:01 skrev PBeM host <pbem@localhost>:",
    "Den 29.11.2026 kl. 16.01 skrev PBeM host:",
    "29 нояб. 2026 г., в 16:01, PBeM host <pbem@localhost> написал(а):",
    "On November 29, 2026 4:01:00 PM GMT+01:00, PBeM host <pbem@localhost> wrote:",
    "On Sunday, November 29, 2026 at 04:01:00 PM GMT+1, PBeM host <pbem@localhost> wrote:",
    "\"PBeM host\" <pbem@localhost> wrote:",
    "PBeM host kirjoitti:",
];

/// Outlook's header blocks above an original it does not quote, in the
/// common languages.
const HEADER_BLOCKS: &[&str] = &[
    "From: PBeM host <pbem@localhost>\nSent: Sunday, November 29, 2026 4:01 PM\nTo: bob@example.org\nSubject: Chess Board",
    "Von: PBeM host <pbem@localhost>\nGesendet: Sonntag, 29. November 2026 16:01\nAn: bob@example.org\nBetreff: Chess Board",
    "De : PBeM host <pbem@localhost>\nEnvoyé : dimanche 29 novembre 2026 16:01\nÀ : bob@example.org\nObjet : Chess Board",
    "De: PBeM host <pbem@localhost>\nEnviado: domingo, 29 de noviembre de 2026 16:01\nPara: bob@example.org\nAsunto: Chess Board",
    "Da: PBeM host <pbem@localhost>\nInviato: domenica 29 novembre 2026 16:01\nA: bob@example.org\nOggetto: Chess Board",
    "Van: PBeM host <pbem@localhost>\nVerzonden: zondag 29 november 2026 16:01\nAan: bob@example.org\nOnderwerp: Chess Board",
    "De: PBeM host <pbem@localhost>\nEnviada em: domingo, 29 de novembro de 2026 16:01\nPara: bob@example.org\nAssunto: Chess Board",
    "Od: PBeM host <pbem@localhost>\nWysłane: niedziela, 29 listopada 2026 16:01\nDo: bob@example.org\nTemat: Chess Board",
    "Från: PBeM host <pbem@localhost>\nSkickat: den 29 november 2026 16:01\nTill: bob@example.org\nÄmne: Chess Board",
    "Fra: PBeM host <pbem@localhost>\nSendt: 29. november 2026 16:01\nTil: bob@example.org\nEmne: Chess Board",
    "От: PBeM host <pbem@localhost>\nОтправлено: 29 ноября 2026 г. 16:01\nКому: bob@example.org\nТема: Chess Board",
    "Lähettäjä: PBeM host <pbem@localhost>\nLähetetty: sunnuntai 29. marraskuuta 2026 16.01\nVastaanottaja: bob@example.org\nAihe: Chess Board",
];

/// A plain-text reply to `answering` with `body`, UTF-8, 8 bit.
fn reply_with(answering: &Sent, body: &str, n: usize) -> Vec<u8> {
    let mut references: Vec<String> = answering
        .references
        .iter()
        .map(|id| format!("<{id}>"))
        .collect();
    references.push(format!("<{}>", answering.message_id));
    let body = body.replace('\n', "\r\n");
    format!(
        "From: bob@example.org\r\nTo: pbem@localhost\r\nSubject: Re: {}\r\n\
         Message-ID: <corpus-{n}@example.org>\r\nIn-Reply-To: <{}>\r\n\
         References: {}\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}",
        answering.subject,
        answering.message_id,
        references.join(" ")
    )
    .into_bytes()
}

#[test]
fn replies_in_every_language_top_and_bottom_posted_are_read() {
    let mut office = PostOffice::with_config(
        "[host]\nmax_mails_per_hour = 100000\n[limits]\nboards_per_day = 100000\n\
         open_challenges = 100000\nopen_challenges_per_opponent = 1000\n",
    );
    for userid in ["alice", "bob"] {
        office.signup(userid);
    }
    let mut cases: Vec<(String, String)> = Vec::new();
    for intro in INTROS {
        cases.push((
            format!("top {intro}"),
            format!("{{MOVE}}\n\n{{COMMENT}}\n\n{intro}\n{{QUOTE}}"),
        ));
        cases.push((
            format!("bottom {intro}"),
            format!("{intro}\n{{QUOTE}}\n\n{{MOVE}}\n\n{{COMMENT}}\n"),
        ));
    }
    for block in HEADER_BLOCKS {
        cases.push((
            block.to_string(),
            format!("{{MOVE}}\n\n{{COMMENT}}\n\n{block}\n\n{{ORIGINAL}}"),
        ));
    }
    for (n, (case, template)) in cases.iter().enumerate() {
        // bob challenges, so he has White and the first move.
        let sent = office.send("bob@example.org", "chess challenge bob alice", "");
        let board_mail = mail_to(&sent, "bob").clone();
        let board: i64 = 101 + n as i64;
        assert!(
            board_mail.subject.contains(&board.to_string()),
            "{case}: {}",
            board_mail.subject
        );
        let quote: Vec<String> = board_mail
            .body
            .lines()
            .map(|line| format!("> {line}"))
            .collect();
        let comment = format!("Comment number {n}, mine alone.");
        let body = template
            .replace("{MOVE}", "e4")
            .replace("{COMMENT}", &comment)
            .replace("{QUOTE}", &quote.join("\n"))
            .replace("{ORIGINAL}", &board_mail.body);
        let sent = office.deliver_raw(&reply_with(&board_mail, &body, n));
        assert_eq!(office.move_count(board), 1, "{case}: {sent:#?}");
        let alice = mail_to(&sent, "alice");
        let (_, shown) = alice
            .body
            .split_once("bob (the challenger) writes:\n")
            .or_else(|| alice.body.split_once("bob writes:\n"))
            .unwrap_or_else(|| panic!("{case}: no comment in {}", alice.body));
        let shown = shown.split("\n\n").next().unwrap_or(shown);
        assert_eq!(shown.trim_end(), comment, "{case}");
    }
}

#[test]
fn the_first_mail_of_a_thread_names_the_mail_that_caused_it_and_every_mail_is_mime() {
    let mut office = PostOffice::new();
    let signup = pbem::mail::outbound::compose::player_mail(
        "carol@example.org",
        "pbem@localhost",
        Some("signup carol pw-carol-quince"),
        "",
        None,
    )
    .unwrap();
    let signup_id = parse(&signup).unwrap().message_id;
    let sent = office.deliver_raw(&signup);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert_eq!(sent[0].in_reply_to, [signup_id], "the confirmation");
    let (mut office, last) = board_after("chess", &[]);
    let alice = mail_to(&last, "alice");
    let bob = mail_to(&last, "bob");
    assert_eq!(alice.in_reply_to.len(), 1, "the challenger's new board");
    assert!(
        bob.in_reply_to.is_empty(),
        "bob's board answers no mail of his"
    );
    let more = office.send("alice@example.org", "help", "");
    for mail in last.iter().chain(&sent).chain(&more) {
        let raw = String::from_utf8_lossy(&mail.raw);
        let (head, _) = raw.split_once("\r\n\r\n").unwrap();
        assert!(head.contains("MIME-Version: 1.0"), "{head}");
    }
}
