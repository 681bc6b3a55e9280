//! The command line: argument parsing and hand-over to the library.

use crate::games::GameKind;
use anyhow::{anyhow, bail, Context, Result};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "pbem", version, about = "A play-by-email game host")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the legal move sequences of DEPTH plies (the last line printed
    /// is the count).
    Perft {
        /// Game name or alias: chess, progression, recursion, spherical.
        game: String,
        depth: u32,
        /// Start from this position (FEN for the chess family).
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play first, separated by spaces.
        #[arg(long, default_value = "")]
        moves: String,
        /// The game's challenge switches, e.g. "-list:nbNBrRQK -promote:15".
        /// Switches start with '-', so the value may too.
        #[arg(long, default_value = "", allow_hyphen_values = true)]
        switches: String,
        /// Print a line per legal first ply with its count.
        #[arg(long)]
        divide: bool,
    },
}

pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Perft {
            game,
            depth,
            fen,
            moves,
            switches,
            divide,
        } => perft(&game, depth, fen.as_deref(), &moves, &switches, divide),
    }
}

fn perft(
    game: &str,
    depth: u32,
    fen: Option<&str>,
    moves: &str,
    switches: &str,
    divide: bool,
) -> Result<ExitCode> {
    let kind = GameKind::from_name(game).ok_or_else(|| {
        let names: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
        anyhow!("unknown game {game:?}; the games are {}", names.join(", "))
    })?;
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
            println!("{notation}: {count}");
            total += count;
        }
        println!("{total}");
    } else {
        println!("{}", state.perft(depth));
    }
    Ok(ExitCode::SUCCESS)
}
