//! A tournament's standings from its results: points first, then the
//! tie-breaks its organiser chose, in his order. Every format with a
//! table (round robins, Swiss) ranks here, so a tie-break means the same
//! wherever it is named.

use super::score::EventScore;
use crate::games::Side;

/// A game of the tournament with its result, when it has one: played,
/// or aborted and counted by the tournament's rule (a forfeit counts as
/// a win and a loss, a void for nobody). Players are seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    pub(crate) white: usize,
    pub(crate) black: usize,
    pub(crate) score: Option<EventScore>,
}

/// A way to order players level on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The points of every opponent; a round without a game played
    /// counts as an opponent with the player's own points.
    Buchholz,
    /// Buchholz without its smallest contribution.
    BuchholzCut1,
    /// The points of the opponents he beat, and half of those he drew.
    SonnebornBerger,
    /// The points in the games among the players still level.
    DirectEncounter,
    /// The games won (a forfeit won included, a bye not).
    Wins,
}

impl TieBreak {
    pub(crate) const ALL: [TieBreak; 5] = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
    ];

    /// Its word in `-tiebreak:` and its name in the templates.
    pub(crate) fn name(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "buchholz",
            TieBreak::BuchholzCut1 => "cut1",
            TieBreak::SonnebornBerger => "sb",
            TieBreak::DirectEncounter => "direct",
            TieBreak::Wins => "wins",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<TieBreak> {
        TieBreak::ALL
            .into_iter()
            .find(|tiebreak| tiebreak.name().eq_ignore_ascii_case(name))
    }

    /// Whether its values are counts (wins) rather than quarter points.
    pub(crate) fn counts_games(self) -> bool {
        self == TieBreak::Wins
    }
}

/// The tie-breaks as the store and `-tiebreak:` write them: `cut1,sb`.
pub(crate) fn tiebreaks_text(order: &[TieBreak]) -> String {
    let names: Vec<&str> = order.iter().map(|tiebreak| tiebreak.name()).collect();
    names.join(",")
}

/// The tie-breaks of a `cut1,sb` list; the error is the first word that
/// names none, or one named twice.
pub(crate) fn read_tiebreaks(text: &str) -> Result<Vec<TieBreak>, String> {
    let mut order = Vec::new();
    for word in text.split(',').map(str::trim) {
        let tiebreak = TieBreak::from_name(word).ok_or_else(|| word.to_string())?;
        if order.contains(&tiebreak) {
            return Err(word.to_string());
        }
        order.push(tiebreak);
    }
    Ok(order)
}

/// What the standings are computed from.
pub(crate) struct Results<'a> {
    pub(crate) players: usize,
    /// Every board, finished or not (an unfinished one counts for
    /// nothing yet).
    pub(crate) games: &'a [Played],
    /// Half-points each seat has from byes (a Swiss's pairing-allocated
    /// bye); empty where byes score nothing.
    pub(crate) bye_points: &'a [(usize, u32)],
    /// Rounds over in which each seat had no counted game (a bye, an
    /// absence), by seat; empty where every player plays every round.
    pub(crate) unplayed_rounds: &'a [u32],
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Standing {
    pub(crate) seat: usize,
    /// Shared by players still level after every tie-break.
    pub(crate) rank: usize,
    pub(crate) half_points: u32,
    /// The value of each tie-break, in the order given: quarter points
    /// (half-points times half-points, so they stay exact), or a count
    /// where [`TieBreak::counts_games`].
    pub(crate) tiebreaks: Vec<u32>,
    pub(crate) games_played: u32,
}

/// The standings after `results`, ranked by points, then by `order`.
pub(crate) fn standings(results: &Results<'_>, order: &[TieBreak]) -> Vec<Standing> {
    let players = results.players;
    let counted = || {
        results
            .games
            .iter()
            .filter_map(|game| game.score.map(|score| (game, score)))
            .filter(|(_, score)| score.counts())
    };
    let mut points = vec![0u32; players];
    let mut played = vec![0u32; players];
    for (game, score) in counted() {
        points[game.white] += score.half_points(Side::White);
        points[game.black] += score.half_points(Side::Black);
        played[game.white] += 1;
        played[game.black] += 1;
    }
    for &(seat, half_points) in results.bye_points {
        points[seat] += half_points;
    }
    // Each seat's games as (opponent, half-points he scored).
    let mut met: Vec<Vec<(usize, u32)>> = vec![Vec::new(); players];
    for (game, score) in counted() {
        met[game.white].push((game.black, score.half_points(Side::White)));
        met[game.black].push((game.white, score.half_points(Side::Black)));
    }
    let mut keys: Vec<Vec<u32>> = (0..players).map(|seat| vec![points[seat]]).collect();
    for tiebreak in order {
        let values = tiebreak_values(*tiebreak, results, &points, &met, &keys);
        for (key, value) in keys.iter_mut().zip(values) {
            key.push(value);
        }
    }
    let mut ranked: Vec<usize> = (0..players).collect();
    ranked.sort_by(|a, b| keys[*b].cmp(&keys[*a]).then(a.cmp(b)));
    let mut lines: Vec<Standing> = Vec::with_capacity(players);
    for (index, seat) in ranked.into_iter().enumerate() {
        let rank = match lines.last() {
            Some(last) if keys[last.seat] == keys[seat] => last.rank,
            _ => index + 1,
        };
        lines.push(Standing {
            seat,
            rank,
            half_points: points[seat],
            tiebreaks: keys[seat][1..].to_vec(),
            games_played: played[seat],
        });
    }
    lines
}

/// Each seat's value of one tie-break: `points` are the half-points,
/// `met` each seat's (opponent, half-points scored), `keys` the ranking
/// keys so far (direct encounter counts games among those level).
fn tiebreak_values(
    tiebreak: TieBreak,
    results: &Results<'_>,
    points: &[u32],
    met: &[Vec<(usize, u32)>],
    keys: &[Vec<u32>],
) -> Vec<u32> {
    let players = results.players;
    match tiebreak {
        TieBreak::Buchholz | TieBreak::BuchholzCut1 => (0..players)
            .map(|seat| {
                let unplayed = results.unplayed_rounds.get(seat).copied().unwrap_or(0);
                let mut parts: Vec<u32> = met[seat]
                    .iter()
                    .map(|(opponent, _)| points[*opponent])
                    .chain((0..unplayed).map(|_| points[seat]))
                    .collect();
                parts.sort_unstable();
                let cut = usize::from(tiebreak == TieBreak::BuchholzCut1).min(parts.len());
                parts[cut..].iter().sum::<u32>() * 2
            })
            .collect(),
        TieBreak::SonnebornBerger => (0..players)
            .map(|seat| {
                met[seat]
                    .iter()
                    .map(|(opponent, scored)| scored * points[*opponent])
                    .sum()
            })
            .collect(),
        TieBreak::DirectEncounter => (0..players)
            .map(|seat| {
                met[seat]
                    .iter()
                    .filter(|(opponent, _)| keys[*opponent] == keys[seat])
                    .map(|(_, scored)| scored * 2)
                    .sum()
            })
            .collect(),
        TieBreak::Wins => (0..players)
            .map(|seat| met[seat].iter().filter(|(_, scored)| *scored == 2).count() as u32)
            .collect(),
    }
}

#[cfg(test)]
mod tests;
