//! One board of each game, played from the start, for the pictures in
//! the README (`pbem pictures`) and for an operator trying his own
//! `board.html` and `board.svg`: each shows what its game's picture
//! draws (little pieces, both boards, promotions and neutral pieces).

use crate::games::{Game, GameKind, Side};

/// What to play: a move's text, or the first legal move whose text
/// passes a test (the games' own notation decides what is legal).
enum Plan {
    Text(&'static str),
    FirstWhere(fn(&str) -> bool),
    /// The same square as the `n`-th move of the plan, with this ending.
    SameSquare(usize, &'static str),
}

fn plan(kind: GameKind) -> Vec<Plan> {
    use Plan::*;
    match kind {
        GameKind::Chess => ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"]
            .into_iter()
            .map(Text)
            .collect(),
        GameKind::Progression => [
            "list:KQRrNnBb",
            "list:KQRrNnBb",
            "e2e4",
            "e7e5",
            "g1f3",
            "b8c6",
            "f1c4",
            "d7d6",
        ]
        .into_iter()
        .map(Text)
        .collect(),
        GameKind::Recursion => ["e4", "d5", "Nf3", "e5", "d4", "Nc6"]
            .into_iter()
            .map(Text)
            .collect(),
        // White's single first move, then two moves a turn: a rook buys a
        // diagonal in three steps while Black pays two of four for two.
        GameKind::Spherical => vec![
            FirstWhere(|text| text.ends_with("+ne")),
            FirstWhere(|text| text.ends_with("+nesw")),
            SameSquare(1, "+nesw"),
            SameSquare(0, "+ne"),
            SameSquare(0, "+ne"),
            FirstWhere(|text| text.contains('-')),
            FirstWhere(|text| text.contains('-')),
        ],
    }
}

/// The sample game of `kind`, the seat it is shown from (Black's for
/// Progression Chess, to show a board turned round), and its moves.
pub fn sample_game(kind: GameKind) -> (Box<dyn Game>, Side, Vec<(Side, String)>) {
    let mut game = kind
        .new_game(&[])
        .expect("every game starts without switches");
    let mut played: Vec<String> = Vec::new();
    let mut moves = Vec::new();
    for step in plan(kind) {
        let Some(side) = game.canonical_mover() else {
            break;
        };
        let legal = game.legal_moves(side);
        let text = match step {
            Plan::Text(text) => Some(text.to_string()),
            Plan::FirstWhere(test) => legal.iter().find(|m| test(m)).cloned(),
            Plan::SameSquare(n, ending) => played.get(n).and_then(|earlier| {
                let square = earlier.split('+').next().unwrap_or_default();
                Some(format!("{square}{ending}")).filter(|m| legal.contains(m))
            }),
        };
        // A plan the rules refuse (a changed notation) still gives a
        // board: the first legal move instead.
        let text = text
            .filter(|text| game.clone().play(side, text).is_ok())
            .or_else(|| legal.first().cloned());
        let Some(text) = text else { break };
        if let Ok(move_played) = game.play(side, &text) {
            played.push(move_played.notation);
            moves.push((side, text));
        }
    }
    let viewer = match kind {
        GameKind::Progression => Side::Black,
        _ => Side::White,
    };
    (game, viewer, moves)
}
