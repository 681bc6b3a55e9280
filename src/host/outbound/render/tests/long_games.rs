//! A long game (Spherical Chess 324 has no draw rule) lists only its
//! last turns in a record or `show` mail, and says how many moves it
//! left out; the PGN keeps them all.

use super::*;
use crate::host::outbound::render::view::moves_left_out;

/// A Spherical board of `plies` quiet moves (no capture), each side
/// taking the first such move at a rotating index.
fn long_board(store: &Store, plies: usize) -> LiveGame {
    let conn = store.connection();
    let new = NewGame {
        kind: "spherical",
        switches: &[],
        white: "alice",
        black: "bob",
        rated: true,
        host_options: "",
    };
    let id = store::insert_game(conn, &new, 1_800_000_000).unwrap();
    let replays = Replays::default();
    let mut live = replays::load(conn, &replays, id, None).unwrap();
    for ply in 0..plies {
        let side = live.game.canonical_mover().unwrap();
        let quiet: Vec<String> = live
            .game
            .legal_moves(side)
            .into_iter()
            .filter(|text| !text.contains('x'))
            .collect();
        let text = &quiet[ply * 7 % quiet.len()];
        let played = live.game.play(side, text).unwrap();
        let record = MoveRecord {
            number: live.next_number(),
            side,
            notation: played.notation,
            public_notation: played.public_notation,
        };
        store::insert_move(conn, id, &record, 1_800_000_000).unwrap();
        live = replays::load(conn, &replays, id, None).unwrap();
    }
    live
}

#[test]
fn a_long_games_record_lists_its_last_turns_and_says_how_many_moves_it_left_out() {
    let store = Store::open_in_memory().unwrap();
    let live = long_board(&store, 1200);
    let left_out = moves_left_out(&live);
    assert!(left_out > 0 && left_out < 1200, "{left_out}");
    let last = live.moves.last().unwrap().notation.clone();
    let renderer = Renderer::new(None).unwrap();
    let record = Answer::Record {
        live: Box::new(live),
        dates: vec![1_800_000_000; 1200],
        comments: Vec::new(),
        taken_back: Vec::new(),
    };
    for language in ["en", "de"] {
        let letter = renderer
            .answer(&record, Reader::Seated(Side::White), &host(), language)
            .unwrap();
        let body = letter.body;
        assert!(
            body.contains(&format!(" {left_out} ")),
            "{language}: {body}"
        );
        assert!(body.contains(&last), "{language}: the last move is listed");
        // The whole list of 1,200 moves made some 68 kB.
        assert!(body.len() < 30_000, "{language}: {} bytes", body.len());
    }
}

#[test]
fn a_short_game_leaves_nothing_out() {
    let store = Store::open_in_memory().unwrap();
    assert_eq!(moves_left_out(&long_board(&store, 40)), 0);
}
