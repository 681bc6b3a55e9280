//! Round robins, single and double: every board of every round begins
//! at the start (colours by Berger tables), each player is mailed his
//! pairings and the rounds he sits out, and the tournament is over once
//! every board is.

use super::common::{self, begin_board, Begun, Next, Run, Standings, TournamentFormat};
use crate::games::Side;
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, Notice, PairingLine};
use crate::rules::round_robin;
use crate::rules::standings::{self, Played};
use crate::store::{self, StoreError, Tournament};
use rusqlite::Connection;

pub(super) struct RoundRobin {
    /// Every pairing played twice, colours reversed.
    double: bool,
}

pub(super) const SINGLE: RoundRobin = RoundRobin { double: false };
pub(super) const DOUBLE: RoundRobin = RoundRobin { double: true };

impl TournamentFormat for RoundRobin {
    fn meetings(&self) -> u32 {
        if self.double {
            2
        } else {
            1
        }
    }

    fn start(&self, run: &Run<'_>, players: &[String]) -> Result<Begun, StoreError> {
        let mut notices = Vec::new();
        let mut pairings: Vec<Vec<PairingLine>> = vec![Vec::new(); players.len()];
        for pairing in round_robin::pairings(players.len(), self.double) {
            let (white, black) = (&players[pairing.white], &players[pairing.black]);
            let notice = begin_board(self, run, (white, black), pairing.round, None)?;
            let Notice::Board(news) = &notice else {
                return Err(StoreError::Corrupt("a new board without its news".into()));
            };
            let board = news.live.record.id;
            for (seat, side, opponent) in [
                (pairing.white, Side::White, black),
                (pairing.black, Side::Black, white),
            ] {
                pairings[seat].push(PairingLine {
                    board,
                    round: pairing.round,
                    side,
                    opponent: opponent.clone(),
                });
            }
            notices.push(notice);
        }
        let boards = notices.len();
        let byes = round_robin::byes(players.len(), self.double);
        let name = &run.tournament.name;
        let kind = common::kind_of(run.tournament)?;
        for (seat, (userid, boards)) in players.iter().zip(pairings).enumerate() {
            let bye_rounds = byes
                .iter()
                .filter(|(_, sitting_out)| *sitting_out == seat)
                .map(|(round, _)| *round)
                .collect();
            notices.push(Notice::Competition(CompetitionNews {
                userid: userid.clone(),
                kind,
                event: CompetitionEvent::Pairings {
                    name: name.clone(),
                    boards,
                    players: players.len(),
                    bye_rounds,
                },
            }));
        }
        Ok(Begun {
            notices,
            boards,
            bracket_for: Vec::new(),
        })
    }

    fn go_on(&self, run: &Run<'_>) -> Result<Next, StoreError> {
        let boards = store::tournament_boards(run.conn, run.tournament.id)?;
        Ok(match boards.iter().all(|board| board.score.is_some()) {
            true => Next::Over,
            false => Next::Boards(Vec::new()),
        })
    }

    fn standings(
        &self,
        _conn: &Connection,
        tournament: &Tournament,
        players: &[String],
        boards: &[Played],
    ) -> Result<Standings, StoreError> {
        let results = standings::Results {
            players: players.len(),
            games: boards,
            bye_points: &[],
            unplayed_rounds: &[],
        };
        Ok(Standings::Table(standings::standings(
            &results,
            common::tiebreaks(tournament),
        )))
    }

    fn byes(
        &self,
        _conn: &Connection,
        _tournament: &Tournament,
        players: &[String],
    ) -> Result<Vec<(u32, usize)>, StoreError> {
        Ok(round_robin::byes(players.len(), self.double))
    }
}
