//! Swiss tournaments: a set number of rounds, the players seeded by
//! rating at the start (their pairing numbers), the first round's
//! colours drawn by lot and kept, and each round paired by the FIDE
//! Dutch system (`rules::swiss`) once every board of the round before is
//! over: its boards begin, the player left over has the bye (a point),
//! and the director hears when a round's deadline passes with boards
//! still running. The stored boards, byes and withdrawals are the
//! pairing's only memory.

use super::common::{self, begin_board, Begun, Next, Run, Standings, TournamentFormat};
use crate::games::Side;
use crate::host::events::log::{log_tournament, HOST};
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, Notice};
use crate::rules::knockout::lot;
use crate::rules::score::EventScore;
use crate::rules::standings::{self, Played};
use crate::rules::swiss::{self, Colour, Outcome, RoundRecord, SwissPlayer};
use crate::store::{self, StoreError, Tournament, TournamentBoard};
use rusqlite::Connection;

pub(super) struct Swiss;

pub(super) const SWISS: Swiss = Swiss;

const DAY: i64 = 86_400;

impl TournamentFormat for Swiss {
    /// A player's pairing number is his seed: nobody takes it over.
    fn hands_over_seats(&self) -> bool {
        false
    }

    fn meetings(&self) -> u32 {
        0
    }

    /// One more player than rounds, or some would have to meet twice.
    fn fewest_players(&self, tournament: &Tournament) -> usize {
        tournament.rounds.unwrap_or(1) as usize + 1
    }

    /// Seeds the players, draws the first round's colours by lot (kept,
    /// and logged) and pairs the first round.
    fn start(&self, run: &Run<'_>, players: &[String]) -> Result<Begun, StoreError> {
        let seeded = common::seed(run, players)?;
        let tournament = run.tournament;
        let first = match lot([tournament.id as u64, run.now as u64, 0x0005_7155, 1]) {
            true => Side::White,
            false => Side::Black,
        };
        store::set_first_colour(run.conn, tournament.id, first)?;
        let side = match first {
            Side::White => "White",
            Side::Black => "Black",
        };
        let detail = format!("by lot, seed 1 ({}) has {side} in round 1", seeded[0]);
        log_tournament(run.conn, tournament.id, HOST, "lot", &detail, run.now)?;
        let notices: Vec<Notice> = pair_round(run, &seeded, 1)?.unwrap_or_default();
        let boards = notices
            .iter()
            .filter(|notice| matches!(notice, Notice::Board(_)))
            .count();
        Ok(Begun {
            notices,
            boards,
            bracket_for: Vec::new(),
        })
    }

    /// Pairs the next round once every board of this one is over; the
    /// tournament is over after its last round, or when the next cannot
    /// be paired (too few players left, or none who have not met).
    fn go_on(&self, run: &Run<'_>) -> Result<Next, StoreError> {
        let tournament = run.tournament;
        let boards = store::tournament_boards(run.conn, tournament.id)?;
        if boards.iter().any(|board| board.score.is_none()) {
            return Ok(Next::Boards(Vec::new()));
        }
        let paired = rounds_paired(&boards, &store::tournament_byes(run.conn, tournament.id)?);
        if paired >= tournament.rounds.unwrap_or(0) {
            store::set_round_due(run.conn, tournament.id, None)?;
            return Ok(Next::Over);
        }
        let players = store::tournament_players(run.conn, tournament.id)?;
        match pair_round(run, &players, paired + 1)? {
            Some(notices) => Ok(Next::Boards(notices)),
            None => {
                store::set_round_due(run.conn, tournament.id, None)?;
                Ok(Next::Over)
            }
        }
    }

    fn standings(
        &self,
        conn: &Connection,
        tournament: &Tournament,
        players: &[String],
        boards: &[Played],
    ) -> Result<Standings, StoreError> {
        let seat = |userid: &str| players.iter().position(|p| p.eq_ignore_ascii_case(userid));
        let byes = store::tournament_byes(conn, tournament.id)?;
        let stored = store::tournament_boards(conn, tournament.id)?;
        let over = rounds_over(&stored, &byes);
        let bye_points: Vec<(usize, u32)> = byes
            .iter()
            .filter_map(|(_, userid)| seat(userid))
            .map(|seat| (seat, 2))
            .collect();
        // Rounds over without a game that counted: a bye, an absence.
        let mut unplayed = vec![over; players.len()];
        for game in boards
            .iter()
            .filter(|game| game.score.is_some_and(|score| score.counts()))
        {
            for seat in [game.white, game.black] {
                unplayed[seat] = unplayed[seat].saturating_sub(1);
            }
        }
        let results = standings::Results {
            players: players.len(),
            games: boards,
            bye_points: &bye_points,
            unplayed_rounds: &unplayed,
        };
        Ok(Standings::Table(standings::standings(
            &results,
            common::tiebreaks(tournament),
        )))
    }

    fn byes(
        &self,
        conn: &Connection,
        tournament: &Tournament,
        players: &[String],
    ) -> Result<Vec<(u32, usize)>, StoreError> {
        Ok(store::tournament_byes(conn, tournament.id)?
            .into_iter()
            .filter_map(|(round, userid)| {
                let seat = players
                    .iter()
                    .position(|p| p.eq_ignore_ascii_case(&userid))?;
                Some((round, seat))
            })
            .collect())
    }
}

/// How many rounds have been paired: the last round of a board or bye.
fn rounds_paired(boards: &[TournamentBoard], byes: &[(u32, String)]) -> u32 {
    let boards = boards.iter().map(|board| board.round);
    boards
        .chain(byes.iter().map(|(round, _)| *round))
        .max()
        .unwrap_or(0)
}

/// How many rounds are over: those paired, less the last while one of
/// its boards still runs.
fn rounds_over(boards: &[TournamentBoard], byes: &[(u32, String)]) -> u32 {
    let paired = rounds_paired(boards, byes);
    let running = boards
        .iter()
        .any(|board| board.round == paired && board.score.is_none());
    paired - u32::from(running)
}

/// Pairs `round` and begins it: its boards (the new-board mails), the
/// bye (kept, logged and told), the deadline set. `None` when the round
/// cannot be paired, logged why.
fn pair_round(
    run: &Run<'_>,
    players: &[String],
    round: u32,
) -> Result<Option<Vec<Notice>>, StoreError> {
    let tournament = run.tournament;
    let first = store::first_colour(run.conn, tournament.id)?.unwrap_or(Side::White);
    let entrants = history(run.conn, tournament, players, round)?;
    let total = tournament.rounds.unwrap_or(round) as usize;
    let colour = match first {
        Side::White => Colour::White,
        Side::Black => Colour::Black,
    };
    let active = entrants.iter().filter(|player| player.paired_now).count();
    let pairing = match active {
        0 | 1 => None,
        _ => swiss::pair_round(&entrants, total, colour).ok(),
    };
    let Some(pairing) = pairing else {
        let detail = format!(
            "round {round} cannot be paired: no pairing lets every player meet one he has not met"
        );
        log_tournament(run.conn, tournament.id, HOST, "finish", &detail, run.now)?;
        return Ok(None);
    };
    let mut notices = Vec::new();
    for (white, black) in pairing.boards {
        let (white, black) = (&players[white - 1], &players[black - 1]);
        notices.push(begin_board(&SWISS, run, (white, black), round, None)?);
    }
    if let Some(number) = pairing.bye {
        let userid = &players[number - 1];
        store::insert_bye(run.conn, tournament.id, round, userid)?;
        let detail = format!("round {round}: {userid} has the bye (a point)");
        log_tournament(run.conn, tournament.id, HOST, "bye", &detail, run.now)?;
        notices.push(Notice::Competition(CompetitionNews {
            userid: userid.clone(),
            kind: common::kind_of(tournament)?,
            event: CompetitionEvent::SwissBye {
                name: tournament.name.clone(),
                round,
                rounds: tournament.rounds.unwrap_or(round),
            },
        }));
    }
    let due = tournament
        .round_days
        .map(|days| run.now + i64::from(days) * DAY);
    store::set_round_due(run.conn, tournament.id, due)?;
    Ok(Some(notices))
}

/// Every player's rounds before `round` as the pairing reads them, by
/// pairing number (seat + 1); the withdrawn are not paired again.
fn history(
    conn: &Connection,
    tournament: &Tournament,
    players: &[String],
    round: u32,
) -> Result<Vec<SwissPlayer>, StoreError> {
    let boards = store::tournament_boards(conn, tournament.id)?;
    let byes = store::tournament_byes(conn, tournament.id)?;
    let withdrawn = store::withdrawn_players(conn, tournament.id)?;
    let seat = |userid: &str| players.iter().position(|p| p.eq_ignore_ascii_case(userid));
    let mut entrants: Vec<SwissPlayer> = players
        .iter()
        .enumerate()
        .map(|(index, userid)| SwissPlayer {
            number: index + 1,
            rounds: vec![RoundRecord::Absent; round as usize - 1],
            paired_now: !withdrawn.iter().any(|w| w.eq_ignore_ascii_case(userid)),
        })
        .collect();
    for board in boards.iter().filter(|board| board.round < round) {
        let (Some(white), Some(black)) = (seat(&board.white), seat(&board.black)) else {
            continue;
        };
        let score = board.score.as_deref().and_then(EventScore::from_stored);
        let Some(score) = score else {
            return Err(StoreError::Corrupt(format!(
                "board {} of round {} has no result, yet round {round} is paired",
                board.game_id, board.round
            )));
        };
        let index = board.round as usize - 1;
        entrants[white].rounds[index] = record(score, Side::White, black + 1);
        entrants[black].rounds[index] = record(score, Side::Black, white + 1);
    }
    for (bye_round, userid) in byes.iter().filter(|(r, _)| *r < round) {
        if let Some(seat) = seat(userid) {
            entrants[seat].rounds[*bye_round as usize - 1] = RoundRecord::PairingBye;
        }
    }
    Ok(entrants)
}

/// One board as the pairing reads it for `side`: played, or unplayed
/// and decided by forfeit (a double forfeit and a void are lost by both).
fn record(score: EventScore, side: Side, opponent: usize) -> RoundRecord {
    let colour = match side {
        Side::White => Colour::White,
        Side::Black => Colour::Black,
    };
    match score {
        EventScore::Played(played) => RoundRecord::Played {
            opponent,
            colour,
            outcome: match played.half_points(side) {
                2 => Outcome::Win,
                1 => Outcome::Draw,
                _ => Outcome::Loss,
            },
        },
        EventScore::Forfeit { loser } => RoundRecord::Forfeit {
            opponent,
            colour,
            won: loser != side,
        },
        EventScore::DoubleForfeit | EventScore::Void => RoundRecord::Forfeit {
            opponent,
            colour,
            won: false,
        },
    }
}
