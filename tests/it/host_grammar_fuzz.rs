//! Whatever text arrives, reading it never panics.

use pbem::host::inbound::grammar::parse_command;
use pbem::host::model::subject::{board_named, clean, recognise};
use pbem::mail::inbound::clean::sender_text;
use pbem::mail::inbound::parse;
use proptest::prelude::*;

proptest! {
    #[test]
    fn any_subject_is_read_or_refused_without_panicking(text in "\\PC{0,60}") {
        let cleaned = clean(&text);
        let _ = board_named(&cleaned);
        let _ = recognise(&cleaned);
        let _ = parse_command(&cleaned);
    }

    #[test]
    fn command_like_lines_never_panic(
        game in "(chess|recursion|spherical|progression|x)",
        verb in "(move|board|mvoe|show|challenge|resign|decline|limit|games|chat|accept|reject|help)",
        args in proptest::collection::vec("[a-z0-9#:+\\-]{0,8}", 0..6),
    ) {
        let _ = parse_command(&format!("{game} {verb} {}", args.join(" ")));
    }

    #[test]
    fn any_body_is_cleaned_without_panicking(text in "(\\PC|\n|>|-- ){0,200}") {
        let _ = sender_text(&text);
    }

    #[test]
    fn any_bytes_are_parsed_or_refused_without_panicking(
        bytes in proptest::collection::vec(any::<u8>(), 0..400)
    ) {
        let _ = parse(&bytes);
        let mut with_headers = b"From: a@example.org\r\nSubject: chess move 101 a b e4\r\n\r\n".to_vec();
        with_headers.extend_from_slice(&bytes);
        let _ = parse(&with_headers);
    }
}
