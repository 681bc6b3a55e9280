//! How strong the robots are, and how long they think: for each game and
//! each level, matches against a random mover and against a one-ply
//! greedy player (the best move by the game's quick evaluation, no
//! look-ahead, as today's search at depth 1 chose it), colours
//! alternating; for each game, level 3 against the baseline (today's
//! level 3: `robots/baseline.rs`, the search over move texts this one
//! replaced) at the same time a move; and for chess a match against
//! Stockfish at its lowest skill level when the `stockfish` program is
//! installed.
//!
//! `cargo bench --bench robots` plays `PBEM_ROBOT_GAMES` games per match
//! (default 50) with `PBEM_ROBOT_THINK_MS` of thinking per robot move
//! (default 100: far less than a host gives, so that the figures come in
//! minutes), on two threads; `PBEM_ROBOT_GAME` names one game to play.
//! Words after `--` choose matches: each must name the game, the
//! opponent or the level (`level3`), as in `cargo bench --bench robots
//! -- chess stockfish`. A game that reaches its length limit counts as a
//! draw and is reported apart. It prints one line per match: wins, draws
//! and losses of the robot, the limit draws, the average time per robot
//! move, the robot's positions searched per second, and the average game
//! length.

#[path = "robots/baseline.rs"]
mod baseline;

use pbem::games::{Game, GameKind, Side};
use pbem::robot::{think, Rng, Strength};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// Actions after which a game stops as a draw.
fn length_limit(kind: GameKind) -> usize {
    match kind {
        GameKind::Spherical => 400,
        _ => 300,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opponent {
    Random,
    Greedy,
    Baseline,
    Stockfish,
}

#[derive(Default)]
struct Tally {
    won: u32,
    drawn: u32,
    lost: u32,
    limit: u32,
    robot_moves: u64,
    robot_time: Duration,
    robot_nodes: u64,
    actions: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.won += other.won;
        self.drawn += other.drawn;
        self.lost += other.lost;
        self.limit += other.limit;
        self.robot_moves += other.robot_moves;
        self.robot_time += other.robot_time;
        self.robot_nodes += other.robot_nodes;
        self.actions += other.actions;
    }
}

/// Stockfish over UCI at skill level 0, a few milliseconds a move.
struct Stockfish {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Stockfish {
    fn start() -> Option<Stockfish> {
        // Debian puts it in /usr/games, which is not always on the PATH.
        let mut child = ["stockfish", "/usr/games/stockfish"]
            .iter()
            .find_map(|program| {
                Command::new(program)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::null())
                    .spawn()
                    .ok()
            })?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut engine = Stockfish {
            child,
            input,
            output,
        };
        engine.send("uci");
        engine.wait_for("uciok")?;
        engine.send("setoption name Skill Level value 0");
        engine.send("isready");
        engine.wait_for("readyok")?;
        Some(engine)
    }

    fn send(&mut self, line: &str) {
        let _ = writeln!(self.input, "{line}");
        let _ = self.input.flush();
    }

    fn wait_for(&mut self, start: &str) -> Option<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if line.starts_with(start) {
                return Some(line.trim().to_string());
            }
        }
    }

    /// Its move (UCI) after the moves so far (UCI).
    fn best_move(&mut self, moves: &[String]) -> Option<String> {
        self.send(&format!("position startpos moves {}", moves.join(" ")));
        self.send("go movetime 20");
        let line = self.wait_for("bestmove")?;
        line.split_whitespace().nth(1).map(str::to_string)
    }
}

impl Drop for Stockfish {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// The UCI form of the move that took `before` to `after`: the one legal
/// move (as the `chess` crate lists them) whose result our rules draw the
/// same.
fn uci_of(before: &dyn Game, side: Side, board: &chess::Board, after: &dyn Game) -> Option<String> {
    let wanted = after.board(Side::White);
    chess::MoveGen::new_legal(board)
        .map(|mv| mv.to_string())
        .find(|uci| {
            let mut probe = before.clone_game();
            probe.play(side, uci).is_ok() && probe.board(Side::White) == wanted
        })
}

/// One game; the robot plays `robot_side`. Returns the robot's score
/// (1, ½ as None, 0) and the tally of its moves.
fn play_one(
    kind: GameKind,
    level: u8,
    opponent: Opponent,
    robot_side: Side,
    think_for: Duration,
    seed: u64,
    stockfish: &mut Option<Stockfish>,
) -> Tally {
    let mut game = kind.new_game(&[]).expect("a new game");
    let mut rng = Rng::new(seed);
    let strength = Strength::level(level, think_for);
    let greedy = Strength {
        depth: 1,
        think: Duration::from_secs(10),
        noise: 0,
    };
    // Today's level 3, as it stood.
    let baseline = Strength {
        depth: 12,
        think: think_for,
        noise: 0,
    };
    let mut tally = Tally::default();
    let mut uci: Vec<String> = Vec::new();
    let mut board = chess::Board::default();
    let limit = length_limit(kind);
    while game.outcome().is_none() && (tally.actions as usize) < limit {
        let to_move = game.to_move();
        if to_move.is_empty() {
            break;
        }
        // Both sides of a sealed round choose on the same position.
        let mut choices = Vec::new();
        for &side in &to_move {
            let choice = if side == robot_side {
                let started = Instant::now();
                let thought = think(game.as_ref(), side, &strength, &mut rng);
                tally.robot_time += started.elapsed();
                tally.robot_moves += 1;
                tally.robot_nodes += thought.nodes;
                thought.choice
            } else {
                match opponent {
                    Opponent::Random => {
                        let moves = game.legal_moves(side);
                        (!moves.is_empty()).then(|| moves[rng.below(moves.len())].clone())
                    }
                    Opponent::Greedy => {
                        baseline::think(game.as_ref(), side, &greedy, &mut rng).choice
                    }
                    Opponent::Baseline => {
                        baseline::think(game.as_ref(), side, &baseline, &mut rng).choice
                    }
                    Opponent::Stockfish => {
                        stockfish.as_mut().and_then(|engine| engine.best_move(&uci))
                    }
                }
            };
            choices.push((side, choice));
        }
        for (side, choice) in choices {
            let Some(text) = choice else {
                tally.actions = limit as u64;
                break;
            };
            if kind == GameKind::Chess && opponent == Opponent::Stockfish {
                let before = game.clone_game();
                game.play(side, &text).expect("a legal move");
                let played = uci_of(before.as_ref(), side, &board, game.as_ref())
                    .expect("the move among the chess crate's");
                let mv: chess::ChessMove = played.parse().expect("a UCI move");
                board = board.make_move_new(mv);
                uci.push(played);
            } else {
                game.play(side, &text).expect("a legal move");
            }
            tally.actions += 1;
            if game.outcome().is_some() {
                break;
            }
        }
    }
    match game.outcome().map(|outcome| outcome.winner) {
        Some(Some(winner)) if winner == robot_side => tally.won = 1,
        Some(Some(_)) => tally.lost = 1,
        Some(None) => tally.drawn = 1,
        None => {
            tally.drawn = 1;
            tally.limit = 1;
        }
    }
    tally
}

/// The games of one match, on two threads, colours alternating.
fn play_match(
    kind: GameKind,
    level: u8,
    opponent: Opponent,
    games: u32,
    think_for: Duration,
) -> Tally {
    std::thread::scope(|scope| {
        let halves: Vec<_> = (0..2u32)
            .map(|half| {
                scope.spawn(move || {
                    let mut engine = (opponent == Opponent::Stockfish)
                        .then(Stockfish::start)
                        .flatten();
                    let mut tally = Tally::default();
                    for game in (half..games).step_by(2) {
                        let side = if game % 2 == 0 {
                            Side::White
                        } else {
                            Side::Black
                        };
                        let seed = u64::from(game) * 7919 + u64::from(level);
                        tally.add(play_one(
                            kind,
                            level,
                            opponent,
                            side,
                            think_for,
                            seed,
                            &mut engine,
                        ));
                    }
                    tally
                })
            })
            .collect();
        let mut total = Tally::default();
        for half in halves {
            total.add(half.join().expect("a bench thread"));
        }
        total
    })
}

fn report(kind: GameKind, level: u8, opponent: Opponent, games: u32, tally: &Tally) {
    let seconds = tally.robot_time.as_secs_f64();
    let per_move = seconds * 1000.0 / tally.robot_moves.max(1) as f64;
    let nodes_per_second = tally.robot_nodes as f64 / seconds.max(1e-9);
    println!(
        "{:<12} {:>5} {:<9} {:>4} {:>4} {:>4} {:>6} {:>9.1} {:>10.0} {:>8.1}",
        kind.name(),
        level,
        format!("{opponent:?}").to_lowercase(),
        tally.won,
        tally.drawn,
        tally.lost,
        tally.limit,
        per_move,
        nodes_per_second,
        tally.actions as f64 / f64::from(games)
    );
}

/// Whether every word of `filter` names the match's game, opponent or
/// level.
fn chosen(filter: &[String], kind: GameKind, level: u8, opponent: Opponent) -> bool {
    let names = [
        kind.name().to_string(),
        format!("{opponent:?}").to_lowercase(),
        format!("level{level}"),
    ];
    filter
        .iter()
        .all(|word| names.iter().any(|name| name == word))
}

fn main() {
    let games: u32 = std::env::var("PBEM_ROBOT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let think_for = Duration::from_millis(
        std::env::var("PBEM_ROBOT_THINK_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(100),
    );
    // `cargo bench` passes `--bench`; the other words choose matches.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|word| !word.starts_with("--"))
        .map(|word| word.to_lowercase())
        .collect();
    println!(
        "robots: {games} games a match, {} ms a robot move, colours alternating",
        think_for.as_millis()
    );
    println!(
        "{:<12} {:>5} {:<9} {:>4} {:>4} {:>4} {:>6} {:>9} {:>10} {:>8}",
        "game", "level", "against", "won", "draw", "lost", "limit", "ms/move", "nodes/s", "actions"
    );
    let has_stockfish = Stockfish::start().is_some();
    // `PBEM_ROBOT_GAME=spherical` plays one game's matches only.
    let only: Option<GameKind> = std::env::var("PBEM_ROBOT_GAME")
        .ok()
        .and_then(|name| name.parse().ok());
    for kind in GameKind::ALL
        .into_iter()
        .filter(|k| only.is_none_or(|o| o == *k))
    {
        for level in 1..=3u8 {
            let mut opponents = vec![Opponent::Random, Opponent::Greedy];
            if level == 3 {
                opponents.push(Opponent::Baseline);
            }
            if kind == GameKind::Chess && has_stockfish {
                opponents.push(Opponent::Stockfish);
            }
            for opponent in opponents {
                if !chosen(&filter, kind, level, opponent) {
                    continue;
                }
                let tally = play_match(kind, level, opponent, games, think_for);
                report(kind, level, opponent, games, &tally);
            }
        }
    }
    if !has_stockfish {
        println!("(no stockfish program here: the chess match against it was not played)");
    }
}
