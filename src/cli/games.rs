//! The commands about the games themselves, with no data directory:
//! `perft` for move generation, `replay` for checking a game.

use crate::games::GameKind;
use anyhow::{bail, Context, Result};
use std::process::ExitCode;

pub(crate) fn perft(
    game: &str,
    depth: u32,
    fen: Option<&str>,
    moves: &str,
    switches: &str,
    divide: bool,
) -> Result<ExitCode> {
    let kind: GameKind = game.parse()?;
    let switches: Vec<String> = switches.split_whitespace().map(String::from).collect();
    let mut state = match fen {
        Some(fen) => kind.from_position(&switches, fen)?,
        None => kind.new_game(&switches)?,
    };
    for (index, text) in moves.split_whitespace().enumerate() {
        let Some(side) = state.canonical_mover() else {
            bail!("move {} ({text}): the game is already over", index + 1)
        };
        state
            .play(side, text)
            .with_context(|| format!("move {} ({text})", index + 1))?;
    }
    if divide {
        let mut total = 0;
        for (notation, count) in state.divide(depth) {
            say!("{notation}: {count}");
            total += count;
        }
        say!("{total}");
    } else {
        say!("{}", state.perft(depth));
    }
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn replay(game: &str, switches: &str, moves: &str) -> Result<ExitCode> {
    let kind: GameKind = game.parse()?;
    let switches: Vec<String> = switches.split_whitespace().map(String::from).collect();
    let mut state = kind.new_game(&switches)?;
    for (index, text) in moves.split_whitespace().enumerate() {
        let number = index + 1;
        let played = match state.canonical_mover() {
            None => Err("the game is already over".to_string()),
            Some(side) => state
                .play(side, text)
                .map(drop)
                .map_err(|err| err.to_string()),
        };
        if let Err(reason) = played {
            say!("{}", state.board(crate::games::Side::White));
            say!("move {number} ({text}) is not legal: {reason}");
            return Ok(ExitCode::FAILURE);
        }
    }
    say!("{}", state.board(crate::games::Side::White));
    match state.outcome() {
        Some(outcome) => say!("game over: {outcome}"),
        None => {
            let waiting: Vec<String> = state
                .to_move()
                .iter()
                .map(|side| side.to_string())
                .collect();
            say!(
                "{} to move (turn {})",
                waiting.join(" and "),
                state.turn_number()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
