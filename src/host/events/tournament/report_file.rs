//! A tournament as a FIDE Tournament Report File (TRF16), for `pbem
//! tournament GAME NAME --trf`: any federation tool or pairing checker
//! reads it. Every format is written: a knockout match's games are
//! rounds of their own, as a report file has one game per round.

use super::table::table;
use crate::games::Side;
use crate::host::competition::CompetitionSettings;
use crate::rules::score::EventScore;
use crate::rules::standings::Played;
use crate::rules::swiss::Colour;
use crate::rules::tournament_rules::Format;
use crate::rules::trf::{TrfPlayer, TrfRound, TrfScore, TrfTournament};
use crate::store::{self, StoreError, Tournament};
use rusqlite::Connection;
use std::collections::BTreeSet;

/// The report file's text.
pub(crate) fn report_file(
    conn: &Connection,
    settings: &CompetitionSettings,
    tournament: &Tournament,
) -> Result<String, StoreError> {
    let table = table(conn, settings, tournament)?;
    let players = table.players.len();
    // Each game's slot: its round and which game of the round it is for
    // its players (only a knockout match has more than one).
    let mut slots = BTreeSet::new();
    let mut games: Vec<((u32, usize), Played)> = Vec::new();
    let mut seen = vec![Vec::<u32>::new(); players];
    for (_, round, played) in &table.boards {
        let nth = seen[played.white].iter().filter(|r| *r == round).count();
        seen[played.white].push(*round);
        seen[played.black].push(*round);
        slots.insert((*round, nth));
        games.push(((*round, nth), *played));
    }
    let swiss = table.format == Format::Swiss;
    for (round, _) in table.byes.iter().filter(|_| swiss) {
        slots.insert((*round, 0));
    }
    let slots: Vec<(u32, usize)> = slots.into_iter().collect();
    let column = |slot: (u32, usize)| slots.iter().position(|s| *s == slot).unwrap_or(0);
    let mut rounds = vec![vec![TrfRound::Absent; slots.len()]; players];
    for (slot, played) in &games {
        let index = column(*slot);
        rounds[played.white][index] = trf_round(played, Side::White);
        rounds[played.black][index] = trf_round(played, Side::Black);
    }
    for (round, userid) in table.byes.iter().filter(|_| swiss) {
        if let Some(seat) = table.players.iter().position(|p| p == userid) {
            rounds[seat][column((*round, 0))] = TrfRound::PairingBye;
        }
    }
    let ratings = store::seeded_ratings(conn, tournament.id)?;
    let half_points: Vec<u32> = rounds.iter().map(|rounds| points(rounds)).collect();
    let rank = |seat: usize| match table.standings.iter().find(|line| line.seat == seat) {
        Some(line) => line.rank,
        None => {
            1 + half_points
                .iter()
                .filter(|p| **p > half_points[seat])
                .count()
        }
    };
    let first = store::first_colour(conn, tournament.id)?;
    let file = TrfTournament {
        name: format!("{} {} tournament", table.kind.title(), table.name),
        city: None,
        start_date: Some(date(tournament.created)),
        end_date: None,
        kind: kind_name(table.format).to_string(),
        rounds: tournament.rounds.map_or(slots.len(), |r| r as usize),
        initial_colour: first.filter(|_| swiss).map(|side| match side {
            Side::White => Colour::White,
            Side::Black => Colour::Black,
        }),
        players: (0..players)
            .map(|seat| TrfPlayer {
                number: seat + 1,
                name: table.players[seat].clone(),
                rating: ratings
                    .get(seat)
                    .copied()
                    .flatten()
                    .map_or(0, |rating| rating.clamp(0, 9999) as u32),
                half_points: half_points[seat],
                rank: rank(seat),
                rounds: rounds[seat].clone(),
            })
            .collect(),
    };
    Ok(file.write())
}

/// One board as `side`'s round: played, decided without play (a double
/// forfeit and a voided board are lost by both, as the pairing counts
/// them), or not over yet.
fn trf_round(played: &Played, side: Side) -> TrfRound {
    let (opponent, colour) = match side {
        Side::White => (played.black + 1, Colour::White),
        Side::Black => (played.white + 1, Colour::Black),
    };
    match played.score {
        None => TrfRound::Pending { opponent, colour },
        Some(EventScore::Played(score)) => TrfRound::Played {
            opponent,
            colour,
            score: match score.half_points(side) {
                2 => TrfScore::Win,
                1 => TrfScore::Draw,
                _ => TrfScore::Loss,
            },
        },
        Some(EventScore::Forfeit { loser }) => TrfRound::Forfeit {
            opponent,
            colour,
            won: loser != side,
        },
        Some(EventScore::DoubleForfeit | EventScore::Void) => TrfRound::Forfeit {
            opponent,
            colour,
            won: false,
        },
    }
}

/// A player's half-points from his rounds.
fn points(rounds: &[TrfRound]) -> u32 {
    rounds
        .iter()
        .map(|round| match round {
            TrfRound::Played { score, .. } => match score {
                TrfScore::Win => 2,
                TrfScore::Draw => 1,
                TrfScore::Loss => 0,
            },
            TrfRound::Forfeit { won: true, .. } | TrfRound::PairingBye | TrfRound::FullPointBye => {
                2
            }
            TrfRound::HalfPointBye => 1,
            _ => 0,
        })
        .sum()
}

fn kind_name(format: Format) -> &'static str {
    match format {
        Format::Swiss => "Swiss Dutch",
        Format::RoundRobin => "Round robin",
        Format::DoubleRoundRobin => "Double round robin",
        Format::Knockout => "Knockout",
    }
}

/// A moment as a report file writes dates: 2026/03/01.
fn date(moment: i64) -> String {
    chrono::DateTime::from_timestamp(moment, 0)
        .map(|at| at.format("%Y/%m/%d").to_string())
        .unwrap_or_default()
}
