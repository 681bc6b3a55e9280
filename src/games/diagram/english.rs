//! The English text of a board's labels, for logs, the CLI and the PGN;
//! the host's English templates (`boards.txt`) word them the same way.

use super::Label;
use crate::games::PieceName;
use std::fmt;

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Each group words its own kinds and passes the others on.
        eight_by_eight(self, f)
            .or_else(|| spherical(self, f))
            .unwrap_or(Ok(()))
    }
}

/// The labels of Progression Chess and Infinite Recursion Chess.
fn eight_by_eight(label: &Label, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    use Label::*;
    Some(match label {
        ProgressionKey => f.write_str(
            "Key: w = White, b = Black, then the piece: K Q R N B big, r n b little, P pawn.",
        ),
        ProgressionList(list) => match &list.list {
            None => write!(
                f,
                "{}'s list: not chosen yet (template {})",
                list.side, list.template
            ),
            Some(letters) => {
                let becomes: Vec<String> = list
                    .becomes
                    .iter()
                    .map(|(a, b)| format!("{a}>{b}"))
                    .collect();
                let promotions: Vec<String> = list
                    .promotions
                    .iter()
                    .map(|(digit, kind)| format!("={digit} {kind}"))
                    .collect();
                write!(
                    f,
                    "{}'s list: {letters}  (after a move {})  pawns promote to {}",
                    list.side,
                    becomes.join(" "),
                    promotions.join(", ")
                )
            }
        },
        MatchRound { round } => write!(f, "Infinite Recursion Chess: round {round}"),
        MatchOver { round } => write!(
            f,
            "Infinite Recursion Chess: the match is over after round {round}"
        ),
        BoardHeading { owner } => write!(f, "{}'S BOARD", owner.name().to_uppercase()),
        BoardTitle { owner } => write!(f, "{owner}'s board"),
        MegaKnight {
            owner,
            symbol,
            state,
        } => write!(f, "{symbol} {owner}'s mega-knight: {}", state.name()),
        Captured => f.write_str("(captured)"),
        Play { state } => write!(f, "{state}"),
        SealedShown {
            notation,
            yours: true,
        } => write!(f, "Your sealed move {notation} shown"),
        SealedShown { notation, .. } => write!(f, "Sealed move {notation} shown"),
        _ => return None,
    })
}

/// The labels of Spherical Chess 324's legend.
fn spherical(label: &Label, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    use Label::*;
    Some(match label {
        SphericalKey => f.write_str(
            "Q queen, R rook, P promoted piece (' up, . down, : both: its diagonals),\n\
             # neutral; White upper case, Black lower case.",
        ),
        PromotedPieces => f.write_str("Promoted pieces:"),
        Promoted {
            square,
            text,
            side,
            directions,
            ways,
        } => write!(
            f,
            "{square} {text} ({side}, {directions} directions): {}",
            ways.join(" ")
        ),
        PromotionsInProgress => f.write_str("Promotions in progress:"),
        Promoting {
            square,
            piece,
            side,
            target,
            ways,
            steps,
            cost,
        } => {
            let target = match target {
                PieceName::Directional { directions } => {
                    format!("{directions}-directional {}", ways.join(" "))
                }
                other => format!("a {other}"),
            };
            write!(
                f,
                "{square} {piece} ({side}) promoting to {target}: {steps} of {cost} steps"
            )
        }
        _ => return None,
    })
}
