//! The cleaner's tests: the quoted original of a reply found and cut in
//! each client's and language's form.

use super::*;

/// Intro lines as the clients write them (the host is "Games Club"
/// <pbem@games.test>), one per client and language.
const INTROS: &[&str] = &[
    // Gmail.
    "On Sun, Nov 29, 2026 at 4:01 PM Games Club <pbem@games.test> wrote:",
    "Am So., 29. Nov. 2026 um 16:01 Uhr schrieb Games Club <pbem@games.test>:",
    "Le dim. 29 nov. 2026 à 16:01, Games Club <pbem@games.test> a écrit :",
    "El dom, 29 nov 2026 a las 16:01, Games Club (<pbem@games.test>) escribió:",
    "Il giorno dom 29 nov 2026 alle ore 16:01 Games Club <pbem@games.test> ha scritto:",
    "Op zo 29 nov 2026 om 16:01 schreef Games Club <pbem@games.test>:",
    "Em dom., 29 de nov. de 2026 às 16:01, Games Club <pbem@games.test> escreveu:",
    "niedz., 29 lis 2026 o 16:01 Games Club <pbem@games.test> napisał(a):",
    "Den sön 29 nov. 2026 kl 16:01 skrev Games Club <pbem@games.test>:",
    "søn. 29. nov. 2026 kl. 16:01 skrev Games Club <pbem@games.test>:",
    "вс, 29 нояб. 2026 г. в 16:01, Games Club <pbem@games.test>:",
    // Thunderbird.
    "On 29/11/2026 16:01, Games Club wrote:",
    "Am 29.11.26 um 16:01 schrieb Games Club:",
    "Le 29/11/2026 à 16:01, Games Club a écrit :",
    "El 29/11/26 a las 16:01, Games Club escribió:",
    "Il 29/11/26 16:01, Games Club ha scritto:",
    "Op 29-11-2026 om 16:01 schreef Games Club:",
    "Em 29/11/2026 16:01, Games Club escreveu:",
    "Às 16:01 de 29/11/2026, Games Club escreveu:",
    "W dniu 29.11.2026 o 16:01, Games Club pisze:",
    "Den 2026-11-29 kl. 16:01, skrev Games Club:",
    "Den 29.11.2026 kl. 16.01 skrev Games Club:",
    "Den 29.11.2026 16:01, skrev Games Club:",
    "29.11.2026 16:01, Games Club пишет:",
    "Games Club wrote:",
    // Apple Mail and iOS.
    "On 29 Nov 2026, at 16:01, Games Club <pbem@games.test> wrote:",
    "Am 29.11.2026 um 16:01 schrieb Games Club <pbem@games.test>:",
    "Op 29 nov. 2026 om 16:01 heeft Games Club <pbem@games.test> het volgende geschreven:",
    "Wiadomość napisana przez Games Club <pbem@games.test> w dniu 29.11.2026, o godz. 16:01:",
    "29 нояб. 2026 г., в 16:01, Games Club <pbem@games.test> написал(а):",
    // Yahoo.
    "On Sunday, November 29, 2026 at 04:01:33 PM GMT+1, Games Club <pbem@games.test> wrote:",
    "Am Sonntag, 29. November 2026 um 16:01:33 MEZ hat Games Club <pbem@games.test> Folgendes geschrieben:",
    // K-9 Mail and Thunderbird for Android.
    "On November 29, 2026 4:01:33 PM GMT+01:00, Games Club <pbem@games.test> wrote:",
    // mutt, s-nail.
    "On Sun, Nov 29, 2026 at 04:01:33PM +0100, Games Club wrote:",
    "\"Games Club\" <pbem@games.test> wrote:",
    // A language not listed, right above its quote.
    "Dne 29. 11. 2026 v 16:01 Games Club <pbem@games.test> napsal(a):",
];

#[test]
fn every_intro_line_ends_a_top_posted_reply() {
    for intro in INTROS {
        let body = format!("e5\n\nNice move.\n\n{intro}\n\n> alice played e4\n> Board");
        assert_eq!(sender_text(&body), "e5\n\nNice move.", "{intro}");
    }
}

#[test]
fn every_intro_line_is_skipped_above_a_bottom_posted_reply() {
    for intro in INTROS {
        let body = format!("{intro}\n> alice played e4\n>\n> Board\n\ne5\nNice move.\n");
        assert_eq!(sender_text(&body), "e5\nNice move.", "{intro}");
    }
}

#[test]
fn a_wrapped_intro_line_is_read_whole() {
    for intro in [
        "On Sun, Nov 29, 2026 at 4:01 PM Games Club <\npbem@games.test> wrote:",
        "On Sun, Nov 29, 2026 at 4:01 PM Games Club <pbem@games.test>\nwrote:",
        "Am So., 29. Nov. 2026 um 16:01 Uhr schrieb Games Club <\npbem@games.test>:",
        "вс, 29 нояб. 2026 г. в 16:01, Games Club\n<pbem@games.test>:",
    ] {
        let top = format!("resign\n\n{intro}\n\n> Board");
        assert_eq!(sender_text(&top), "resign", "{intro}");
        let bottom = format!("{intro}\n> Board\n\nresign");
        assert_eq!(sender_text(&bottom), "resign", "{intro}");
    }
}

/// Header blocks above an unquoted original, as Outlook writes them in
/// each language (Samsung Email's is the English one with Date:).
const HEADER_BLOCKS: &[&str] = &[
    "From: Games Club <pbem@games.test>\nSent: Sunday, November 29, 2026 4:01 PM\nTo: Bob <bob@example.org>\nSubject: Chess Board 101 bob",
    "*From:* Games Club <pbem@games.test>\n*Sent:* Sunday, November 29, 2026 4:01 PM",
    "From: Games Club <pbem@games.test>\nDate: 29/11/2026 16:01 (GMT+01:00)\nTo: bob@example.org",
    "Von: Games Club <pbem@games.test>\nGesendet: Sonntag, 29. November 2026 16:01\nAn: Bob <bob@example.org>\nBetreff: Chess Board 101 bob",
    "De : Games Club <pbem@games.test>\nEnvoyé : dimanche 29 novembre 2026 16:01\nÀ : Bob\nObjet : Chess Board 101 bob",
    "De: Games Club <pbem@games.test>\nEnviado: domingo, 29 de noviembre de 2026 16:01\nPara: Bob\nAsunto: Chess Board 101 bob",
    "Da: Games Club <pbem@games.test>\nInviato: domenica 29 novembre 2026 16:01\nA: Bob\nOggetto: Chess Board 101 bob",
    "Van: Games Club <pbem@games.test>\nVerzonden: zondag 29 november 2026 16:01\nAan: Bob\nOnderwerp: Chess Board 101 bob",
    "De: Games Club <pbem@games.test>\nEnviada em: domingo, 29 de novembro de 2026 16:01\nPara: Bob\nAssunto: Chess Board 101 bob",
    "Od: Games Club <pbem@games.test>\nWysłane: niedziela, 29 listopada 2026 16:01\nDo: Bob\nTemat: Chess Board 101 bob",
    "Från: Games Club <pbem@games.test>\nSkickat: den 29 november 2026 16:01\nTill: Bob\nÄmne: Chess Board 101 bob",
    "Fra: Games Club <pbem@games.test>\nSendt: 29. november 2026 16:01\nTil: Bob\nEmne: Chess Board 101 bob",
    "От: Games Club <pbem@games.test>\nОтправлено: 29 ноября 2026 г. 16:01\nКому: Bob\nТема: Chess Board 101 bob",
];

#[test]
fn a_header_block_ends_the_reply_with_everything_under_it() {
    for block in HEADER_BLOCKS {
        let body = format!("Nf6\nNice.\n\n{block}\n\nalice (White) played e4 (move #1).\n");
        assert_eq!(sender_text(&body), "Nf6\nNice.", "{block}");
    }
}

#[test]
fn every_separator_ends_the_reply() {
    for separator in [
        "-----Original Message-----",
        "-----Ursprüngliche Nachricht-----",
        "-----Message d'origine-----",
        "-----Mensaje original-----",
        "-----Messaggio originale-----",
        "-----Oorspronkelijk bericht-----",
        "-----Mensagem original-----",
        "-----Oryginalna wiadomość-----",
        "-----Ursprungligt meddelande-----",
        "-----Oprindelig meddelelse-----",
        "-----Opprinnelig melding-----",
        "-----Исходное сообщение-----",
        "-------- Original message --------",
        "-------- Original-Nachricht --------",
        "--- Treść oryginalnej wiadomości ---",
        "________________________________",
    ] {
        let body = format!("d5\n{separator}\nalice (White) played e4.\n");
        assert_eq!(sender_text(&body), "d5", "{separator}");
    }
}

#[test]
fn an_original_that_is_not_quoted_leaves_nothing_of_the_sender_s_below_it() {
    let body = "-----Original Message-----\nFrom: Games Club\nSent: Sunday\n\nBoard\n\ne5";
    assert_eq!(sender_text(body), "");
}

#[test]
fn every_footer_ends_the_reply() {
    for footer in [
        "Sent from my iPhone",
        "Sent from my Galaxy",
        "Get Outlook for Android<https://aka.ms/AAb9ysg>",
        "Sent from Yahoo Mail on Android",
        "Von meinem iPhone gesendet",
        "Von meinem Samsung Galaxy Smartphone gesendet.",
        "Diese Nachricht wurde von meinem Android-Gerät mit K-9 Mail gesendet.",
        "Envoyé de mon iPhone",
        "Enviado desde mi iPhone",
        "Inviato da iPhone",
        "Verzonden vanaf mijn iPhone",
        "Enviado do meu iPhone",
        "Wysłane z iPhone'a",
        "Skickat från min iPhone",
        "Sendt fra min iPhone",
        "Отправлено с iPhone",
    ] {
        let body = format!("g2g4\nHave fun.\n\n{footer}\n\nMore");
        assert_eq!(sender_text(&body), "g2g4\nHave fun.", "{footer}");
    }
}

#[test]
fn a_line_that_only_starts_like_a_german_footer_is_the_sender_s() {
    let body = "e5\nVon meinem Standpunkt aus ist das gut.";
    assert_eq!(sender_text(body), body);
}

#[test]
fn quoted_lines_and_signature_are_dropped() {
    let body = "e2e4\n> old board\n> more\nnice game\n-- \nAlice\nphone";
    assert_eq!(sender_text(body), "e2e4\nnice game");
}

#[test]
fn a_signature_above_the_quote_of_a_bottom_posted_reply_is_not_his_text() {
    let body = "-- \nBob\n\nOn 29/11/2026 16:01, Games Club wrote:\n> board\n\nc5\nnice";
    assert_eq!(sender_text(body), "c5\nnice");
    let body = "Sent from my iPhone\n\n> On 29 Nov 2026, at 16:01, Games Club wrote:\n> board\nc5";
    assert_eq!(sender_text(body), "c5");
}

#[test]
fn outlook_original_message_block_is_dropped() {
    let body = "d7d5\r\n\r\nFrom: pbem <host@example.org>\r\nSent: Sunday\r\nTo: bob\r\n";
    assert_eq!(sender_text(body), "d7d5");
}

#[test]
fn bottom_posted_reply_without_intro_is_read_under_the_quote() {
    let body = "> board\n> more\nc5\nSent from my iPhone";
    assert_eq!(sender_text(body), "c5");
}

#[test]
fn a_reply_with_nothing_of_the_sender_s_own_stays_empty() {
    let body = "On Sun, Nov 29, 2026, pbem wrote:\n> board\n\n-- \nBob";
    assert_eq!(sender_text(body), "");
}

#[test]
fn a_line_of_the_sender_s_ending_in_a_colon_is_his() {
    let body = "e5\nMy plan:\nd5 next.";
    assert_eq!(sender_text(body), body);
    let body = "e5\nA question to you:\n\nwhy e4?";
    assert_eq!(sender_text(body), "e5\nA question to you:\n\nwhy e4?");
}

#[test]
fn a_comment_line_with_a_year_above_an_intro_stays_his() {
    let body = "e5\nMy first game since 2019\n\nOn Sun, Nov 29, 2026 Games Club wrote:\n> Board";
    assert_eq!(sender_text(body), "e5\nMy first game since 2019");
}

#[test]
fn runs_of_blank_lines_become_one_and_the_ends_are_trimmed() {
    let body = "\n\n\ne5\n\n\n\nNice.\n\n\n";
    assert_eq!(sender_text(body), "e5\n\nNice.");
}

#[test]
fn a_mebibyte_of_blank_lines_is_read_as_nothing() {
    let body = "\n".repeat(1 << 20);
    assert_eq!(sender_text(&body), "");
    let body = format!("{}e5\n{}", "\r\n".repeat(1 << 19), "\n".repeat(1 << 19));
    assert_eq!(sender_text(&body), "e5");
}

#[test]
fn many_lines_ending_in_colons_above_blank_lines_are_read() {
    let body = "x:\n".repeat(50_000) + &"\n".repeat(200_000) + "> quote";
    assert_eq!(sender_text(&body).lines().count(), 50_000);
}

/// The host's marks, as the host passes them: its address and name.
const OWN: &[&str] = &["pbem@games.test", "Games Club"];

#[test]
fn a_header_block_naming_the_host_ends_the_reply_in_a_language_not_listed() {
    let block = "Lähettäjä: Games Club <pbem@games.test>\nLähetetty: sunnuntai 29. marraskuuta 2026 16.01\nVastaanottaja: Bob\nAihe: Chess Board 101 bob";
    let body = format!("Nf6\nHyvä siirto.\n\n{block}\n\nalice (White) played e4 (move #1).\n");
    assert_eq!(sender_text_to(&body, OWN), "Nf6\nHyvä siirto.");
    assert!(
        sender_text(&body).contains("played e4"),
        "without the host's marks the block is not known"
    );
}

#[test]
fn an_intro_naming_the_host_is_read_in_a_language_not_listed() {
    let top = "e5\n\nGames Club kirjoitti:\n> alice played e4\n> Board";
    assert_eq!(sender_text_to(top, OWN), "e5");
    let bottom = "Games Club kirjoitti:\n> alice played e4\n> Board\n\ne5\nKiitos";
    assert_eq!(sender_text_to(bottom, OWN), "e5\nKiitos");
}

#[test]
fn an_intro_naming_the_host_above_an_unquoted_original_ends_the_reply() {
    let body = "e5\n\nGames Club kirjoitti:\nalice played e4\nBoard";
    assert_eq!(sender_text_to(body, OWN), "e5");
}

#[test]
fn a_line_of_the_sender_s_naming_the_host_stays_his() {
    let body = "e5\nThanks to Games Club for the game\nand to pbem@games.test: nice";
    assert_eq!(sender_text_to(body, OWN), body);
    assert_eq!(
        sender_text_to("e5\nGames Club is fine", &["GC"]),
        "e5\nGames Club is fine"
    );
}

#[test]
fn a_mebibyte_of_blank_lines_or_attributions_costs_one_pass() {
    // Quadratic once (209 s of CPU for the newlines in one deliver).
    let newlines = "\n".repeat(1 << 20);
    assert_eq!(sender_text(&newlines), "");
    let body = format!("{newlines}e2e4\n{newlines}");
    assert_eq!(sender_text(&body), "e2e4");
    let attributions = "On Sunday, bob wrote:\n".repeat(50_000);
    assert_eq!(sender_text(&format!("{newlines}{attributions}c5")), "c5");
}

#[test]
fn a_comment_line_ending_in_a_colon_over_a_quote_stays_his_in_a_reply_to_the_host() {
    for line in ["My plan for move 12:", "Ask me at bob@example.org:"] {
        let body = format!("e5\n\n{line}\n> alice played e4\nThat is all.\n\n-- \nBob");
        assert_eq!(
            sender_text_to(&body, OWN),
            format!("e5\n\n{line}\nThat is all."),
            "{line}"
        );
    }
    // Under his text, intros that name the host or a verb still end it.
    let body = "e5\n\n29.11.2026 16:01, Games Club:\n> Board";
    assert_eq!(sender_text_to(body, OWN), "e5");
    let body = "e5\n\nDne 29. 11. 2026 v 16:01 Bob napsal:\n> Board";
    assert_eq!(
        sender_text_to(body, OWN),
        "e5\n\nDne 29. 11. 2026 v 16:01 Bob napsal:",
        "an intro quoting someone else, in a language not listed, is kept"
    );
    // Above his text (bottom-posted), any line of the shape is an intro.
    let body = "Dne 29. 11. 2026 v 16:01 Chess Server napsal(a):\n> Board\n\ne5";
    assert_eq!(sender_text_to(body, OWN), "e5");
}
