//! The FIDE Tournament Report File, TRF16 (FIDE Handbook C.04.A): a
//! tournament as federation tools and pairing checkers read it. Pure
//! text out of a description; any format fits (a Swiss, a round robin, a
//! knockout), as each player's line holds his rounds as played.

use std::fmt::Write;

use super::swiss::Colour;

/// A tournament to report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfTournament {
    /// Line 012.
    pub name: String,
    /// Line 022, if known.
    pub city: Option<String>,
    /// Lines 042 and 052 (as the organiser writes dates, e.g. 2026/03/01).
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// Line 092, the type of tournament (e.g. "Swiss Dutch", "Round robin").
    pub kind: String,
    /// The planned number of rounds (XXR): the last round is judged by it.
    pub rounds: usize,
    /// The colour of the first player on board 1 of round 1 (XXC), if
    /// drawn: a Swiss pairs every later round from it.
    pub initial_colour: Option<Colour>,
    /// Every player, in pairing-number order.
    pub players: Vec<TrfPlayer>,
}

/// One player's line (001).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    /// The starting (pairing) number, from 1.
    pub number: usize,
    pub name: String,
    /// Zero when unrated.
    pub rating: u32,
    /// Points in half points (3 = 1.5).
    pub half_points: u32,
    /// The place in the standings, from 1.
    pub rank: usize,
    /// One entry per round so far; `rounds[0]` is round 1.
    pub rounds: Vec<TrfRound>,
}

/// A player's round, as TRF16 codes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfRound {
    /// A game played: result 1, = or 0.
    Played {
        opponent: usize,
        colour: Colour,
        score: TrfScore,
    },
    /// Paired but decided without play: + (won) or - (lost).
    Forfeit {
        opponent: usize,
        colour: Colour,
        won: bool,
    },
    /// The pairing-allocated bye: U, a full point.
    PairingBye,
    /// A bye the organiser granted: H (half point) or F (full point).
    HalfPointBye,
    FullPointBye,
    /// Not paired (absent, withdrawn, entered late): Z, no point.
    Absent,
    /// Paired but not finished yet: opponent and colour, no result.
    Pending {
        opponent: usize,
        colour: Colour,
    },
}

/// A played game's result for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfScore {
    Win,
    Draw,
    Loss,
}

impl TrfTournament {
    /// The file's text, lines ended by newlines.
    pub fn write(&self) -> String {
        let mut text = String::new();
        let mut line = |code: &str, value: &str| {
            let _ = writeln!(text, "{code} {value}");
        };
        line("012", &self.name);
        if let Some(city) = &self.city {
            line("022", city);
        }
        if let Some(date) = &self.start_date {
            line("042", date);
        }
        if let Some(date) = &self.end_date {
            line("052", date);
        }
        line("062", &self.players.len().to_string());
        line("092", &self.kind);
        line("XXR", &self.rounds.to_string());
        if let Some(colour) = self.initial_colour {
            line(
                "XXC",
                if colour == Colour::White {
                    "white1"
                } else {
                    "black1"
                },
            );
        }
        for player in &self.players {
            text.push_str(&player_line(player));
            text.push('\n');
        }
        text
    }
}

/// The 001 line: fixed columns (1-based) 1-3 code, 5-8 number, 10 sex,
/// 11-13 title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE
/// id, 70-79 birth date, 81-84 points, 86-89 rank, then ten columns per
/// round from 92: opponent (4), colour, result.
fn player_line(player: &TrfPlayer) -> String {
    let name: String = player.name.chars().take(33).collect();
    let rating = if player.rating == 0 {
        String::new()
    } else {
        player.rating.min(9999).to_string()
    };
    let points = format!(
        "{}.{}",
        player.half_points / 2,
        5 * (player.half_points % 2)
    );
    let mut line = format!(
        "001 {:>4} {:1}{:3} {:<33} {:>4} {:3} {:>11} {:10} {:>4} {:>4}",
        player.number % 10_000,
        "",
        "",
        name,
        rating,
        "",
        "",
        "",
        points,
        player.rank % 10_000,
    );
    for round in &player.rounds {
        line.push_str("  ");
        line.push_str(&round_block(round));
    }
    line.trim_end().to_string()
}

/// A round's eight columns: opponent, colour and result code.
fn round_block(round: &TrfRound) -> String {
    let side = |colour: &Colour| if *colour == Colour::White { 'w' } else { 'b' };
    match round {
        TrfRound::Played {
            opponent,
            colour,
            score,
        } => {
            let code = match score {
                TrfScore::Win => '1',
                TrfScore::Draw => '=',
                TrfScore::Loss => '0',
            };
            format!("{:>4} {} {}", opponent % 10_000, side(colour), code)
        }
        TrfRound::Forfeit {
            opponent,
            colour,
            won,
        } => {
            let code = if *won { '+' } else { '-' };
            format!("{:>4} {} {}", opponent % 10_000, side(colour), code)
        }
        TrfRound::PairingBye => "0000 - U".to_string(),
        TrfRound::HalfPointBye => "0000 - H".to_string(),
        TrfRound::FullPointBye => "0000 - F".to_string(),
        TrfRound::Absent => "0000 - Z".to_string(),
        TrfRound::Pending { opponent, colour } => {
            format!("{:>4} {}  ", opponent % 10_000, side(colour))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(number: usize, rounds: Vec<TrfRound>) -> TrfPlayer {
        TrfPlayer {
            number,
            name: format!("Player {number}"),
            rating: 1500 + number as u32,
            half_points: 3,
            rank: number,
            rounds,
        }
    }

    #[test]
    fn header_and_player_lines_follow_the_trf16_columns() {
        let tournament = TrfTournament {
            name: "Spring Swiss".to_string(),
            city: None,
            start_date: Some("2026/03/01".to_string()),
            end_date: None,
            kind: "Swiss Dutch".to_string(),
            rounds: 5,
            initial_colour: Some(Colour::Black),
            players: vec![
                player(
                    1,
                    vec![
                        TrfRound::Played {
                            opponent: 12,
                            colour: Colour::White,
                            score: TrfScore::Draw,
                        },
                        TrfRound::PairingBye,
                        TrfRound::Forfeit {
                            opponent: 3,
                            colour: Colour::Black,
                            won: true,
                        },
                    ],
                ),
                player(2, vec![TrfRound::Absent]),
            ],
        };
        let text = tournament.write();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            &lines[..6],
            [
                "012 Spring Swiss",
                "042 2026/03/01",
                "062 2",
                "092 Swiss Dutch",
                "XXR 5",
                "XXC black1"
            ]
        );
        let first = lines[6];
        assert_eq!(&first[0..3], "001");
        assert_eq!(&first[4..8], "   1");
        assert_eq!(first[14..47].trim_end(), "Player 1");
        assert_eq!(&first[48..52], "1501");
        assert_eq!(&first[80..84], " 1.5");
        assert_eq!(&first[85..89], "   1");
        assert_eq!(&first[91..99], "  12 w =");
        assert_eq!(&first[101..109], "0000 - U");
        assert_eq!(&first[111..119], "   3 b +");
        assert_eq!(&lines[7][91..99], "0000 - Z");
    }
}
