//! Playing a turn: its words in order (moves, draw and pause words),
//! then what the turn leaves behind (the moves stored, a draw agreed, a
//! game ended by the rules, the clocks). The move command and a queued
//! answer both play through here, so neither calls the other.

use super::{comment_by, comment_of, refused_on, reload, Context, Failure};
use crate::games::Side;
use crate::host::clocks;
use crate::host::inbound::grammar::could_be_a_move;
use crate::host::model::answers::{self, Reply};
use crate::host::model::command::MoveWord;
use crate::host::model::notice::{BoardNews, Comment, Event};
use crate::host::model::refusal::{listed_legal, Refusal};
use crate::host::model::replays::LiveGame;
use crate::rules::score::{Ending, Stop};
use crate::store::{self, MoveRecord, Player};

/// Plays a turn from a player's conditional moves, as his own move
/// command would (clocks, draw offers, the end of the game), without a
/// comment: the mail being handled is his opponent's.
pub(super) fn play_queued(
    ctx: &Context<'_>,
    mut live: LiveGame,
    player: &Player,
    side: Side,
    words: &[MoveWord],
) -> Result<BoardNews, Failure> {
    let quiet = Context {
        comment: None,
        ..*ctx
    };
    let turn_before = live.game.turn_number();
    let turn = play_words(&quiet, &mut live, player, side, words)?;
    record_turn(&quiet, live, player, side, turn_before, turn)
}

/// What the words of one command did, before anything is stored.
pub(super) struct Turn {
    events: Vec<Event>,
    played: Vec<MoveRecord>,
    /// The turn number of each move played.
    turn_numbers: Vec<u32>,
    draw_agreed: bool,
    /// The board's draw offer, pause and pause proposal as stored: the
    /// words change them on the board itself, so that each word is
    /// checked against the board as the words before it left it.
    stored: (Option<Side>, bool, Option<Side>),
    /// Words after the player's last move that read as no move: a
    /// comment to the other players.
    trailing_comment: Option<String>,
}

/// Plays the words in order on `live`'s game; the first that cannot be
/// played refuses the whole command, shown with the board as stored.
/// Once the player's moves are done (his turn is complete, or the game
/// is over) the words left are not tried as moves: see [`after_turn`].
pub(super) fn play_words(
    ctx: &Context<'_>,
    live: &mut LiveGame,
    player: &Player,
    side: Side,
    words: &[MoveWord],
) -> Result<Turn, Failure> {
    let mut turn = Turn {
        events: Vec::new(),
        played: Vec::new(),
        turn_numbers: Vec::new(),
        draw_agreed: false,
        stored: (
            live.record.draw_offer,
            live.record.paused,
            live.record.pause_offer,
        ),
        trailing_comment: None,
    };
    for (index, word) in words.iter().enumerate() {
        if turn.draw_agreed {
            return Err(refused_on(Refusal::AfterDrawAgreed, reload(ctx, live)));
        }
        if turn_is_over(live, side, word, &turn) {
            return match after_turn(live, player, &words[index..], &mut turn) {
                Ok(()) => Ok(turn),
                Err(refusal) => Err(refused_on(refusal, reload(ctx, live))),
            };
        }
        let step = match word {
            MoveWord::Undo | MoveWord::Withdraw => Err(Refusal::UndoAlone),
            // Each word must be open on the board as the words before it
            // left it: what the board mail lists is what is taken.
            word => answers::may(live, side, Reply::of(word)).and_then(|()| match word {
                MoveWord::Play(text) => play_move(live, player, side, text, &mut turn),
                MoveWord::Pause | MoveWord::Resume => {
                    answer_pause(live, player, side, word, &mut turn);
                    Ok(())
                }
                draw_word => {
                    answer_draw(live, player, side, draw_word, &mut turn);
                    Ok(())
                }
            }),
        };
        if let Err(mut refusal) = step {
            // Nothing of the command is played: the board and the legal
            // moves shown are those of the board as stored.
            let stored = reload(ctx, live);
            if let Refusal::BadMove {
                legal, legal_more, ..
            } = &mut refusal
            {
                (*legal, *legal_more) = listed_legal(stored.game.legal_moves(side));
            }
            return Err(refused_on(refusal, stored));
        }
    }
    Ok(turn)
}

/// Whether the command's moves so far have ended the player's part: the
/// game is over, or (for a move word) it no longer waits for his side.
/// Draw words after a move still count: `e4 propose` offers a draw.
fn turn_is_over(live: &LiveGame, side: Side, word: &MoveWord, turn: &Turn) -> bool {
    if turn.played.is_empty() {
        return false;
    }
    live.game.outcome().is_some()
        || (matches!(word, MoveWord::Play(_)) && !live.game.to_move().contains(&side))
}

/// The words left once the player's part is over. None of them reads as
/// a move or a command word: they are a comment. Otherwise, when the game
/// ended part-way they are reported as not played, and when only the
/// turn is complete the command is refused, naming the first of them.
fn after_turn(
    live: &LiveGame,
    player: &Player,
    rest: &[MoveWord],
    turn: &mut Turn,
) -> Result<(), Refusal> {
    let texts: Vec<String> = rest.iter().map(word_text).collect();
    if !texts.iter().any(|text| could_be_a_move(text)) {
        turn.trailing_comment = Some(texts.join(" "));
        return Ok(());
    }
    if live.game.outcome().is_some() {
        turn.events.push(Event::Unplayed {
            userid: player.userid.clone(),
            words: texts,
        });
        return Ok(());
    }
    Err(Refusal::TurnComplete {
        userid: player.userid.clone(),
        word: texts[0].clone(),
        played: turn.played.iter().map(|m| m.notation.clone()).collect(),
    })
}

/// A move word as the player wrote it (draw words in their usual form).
fn word_text(word: &MoveWord) -> String {
    match word {
        MoveWord::Play(text) => text.clone(),
        word => Reply::of(word).word().into(),
    }
}

fn play_move(
    live: &mut LiveGame,
    player: &Player,
    side: Side,
    text: &str,
    turn: &mut Turn,
) -> Result<(), Refusal> {
    let turn_number = live.game.turn_number();
    let accepted = live.game.play(side, text).map_err(|error| {
        let after_others = !turn.played.is_empty();
        Refusal::bad_move(&error, after_others, side, Vec::new(), live.kind)
    })?;
    let number = live.next_number() + turn.played.len() as i64;
    turn.events.push(Event::Played {
        userid: player.userid.clone(),
        side,
        number,
        notation: accepted.notation.clone(),
        public_notation: accepted.public_notation.clone(),
    });
    turn.turn_numbers.push(turn_number);
    turn.played.push(MoveRecord {
        number,
        side,
        notation: accepted.notation,
        public_notation: accepted.public_notation,
    });
    // A move lets a take-back proposal lapse, and answers a draw offer.
    live.undo_offer = None;
    if live.record.draw_offer.is_some_and(|by| by != side) {
        live.record.draw_offer = None;
        turn.events.push(Event::DrawLapsed {
            userid: player.userid.clone(),
        });
    }
    Ok(())
}

/// The draw words, once `answers::may` has found them open: an offer
/// stands until the other player accepts, rejects, or plays on; an offer
/// made while the other's stands agrees to it.
fn answer_draw(live: &mut LiveGame, player: &Player, side: Side, word: &MoveWord, turn: &mut Turn) {
    let userid = player.userid.clone();
    let theirs = live.record.draw_offer.is_some_and(|by| by != side);
    match word {
        MoveWord::ProposeDraw | MoveWord::AcceptDraw if theirs => turn.draw_agreed = true,
        MoveWord::ProposeDraw => {
            live.record.draw_offer = Some(side);
            turn.events.push(Event::DrawOffered { userid });
        }
        MoveWord::RejectDraw => {
            live.record.draw_offer = None;
            turn.events.push(Event::DrawRejected { userid });
        }
        // `may` opened none of the others here.
        _ => {}
    }
}

/// A pause of the clocks is agreed like a draw: one player proposes, the
/// other's `pause` agrees; either player's `resume` ends it. The words
/// come here once `answers::may` has found them open.
fn answer_pause(
    live: &mut LiveGame,
    player: &Player,
    side: Side,
    word: &MoveWord,
    turn: &mut Turn,
) {
    let userid = player.userid.clone();
    let record = &mut live.record;
    match word {
        MoveWord::Pause if record.pause_offer.is_some_and(|by| by != side) => {
            record.paused = true;
            record.pause_offer = None;
            turn.events.push(Event::Paused { userid });
        }
        MoveWord::Pause => {
            record.pause_offer = Some(side);
            turn.events.push(Event::PauseProposed { userid });
        }
        _ => {
            record.paused = false;
            turn.events.push(Event::Resumed { userid });
        }
    }
}

/// Stores what the turn did and says so: the moves, then a draw agreed,
/// an end by the rules, or the offer as it now stands.
pub(super) fn record_turn(
    ctx: &Context<'_>,
    mut live: LiveGame,
    player: &Player,
    side: Side,
    turn_before: u32,
    turn: Turn,
) -> Result<BoardNews, Failure> {
    let board = live.record.id;
    for record in &turn.played {
        store::insert_move(ctx.conn, board, record, ctx.now)?;
    }
    live.total_moves += turn.played.len();
    live.moves.extend(turn.played);
    live.turns.extend(turn.turn_numbers);
    let ending = if turn.draw_agreed {
        // Agreed before each player had moved, no game was played.
        Some(Ending::by_host(Stop::DrawAgreed, live.begun()))
    } else {
        live.game.outcome().map(|_| Ending::Rules)
    };
    let (draw_offer, paused, pause_offer) = turn.stored;
    match ending {
        Some(ending) => crate::host::events::mark_over(ctx.conn, &mut live, ending, ctx.now)?,
        None if live.record.draw_offer != draw_offer => {
            store::set_draw_offer(ctx.conn, board, live.record.draw_offer, ctx.now)?;
        }
        None => {}
    }
    let pause_changed = live.record.paused != paused;
    if pause_changed || live.record.pause_offer != pause_offer {
        store::set_pause(ctx.conn, board, live.record.paused, live.record.pause_offer)?;
    }
    clocks::after_command(ctx.conn, &live, side, turn_before, ctx.now)?;
    if pause_changed {
        clocks::hold(ctx.conn, &live.record, None, live.record.paused, ctx.now)?;
    }
    live.clocks = crate::host::model::replays::load_clocks(ctx.conn, &live.record)?;
    let comment = with_trailing_words(turn.trailing_comment, comment_of(ctx, &player.userid)?);
    if let Some(text) = &comment {
        let stored = store::StoredComment {
            after: live.total_moves as i64,
            author: player.userid.clone(),
            text: text.clone(),
        };
        store::insert_comment(ctx.conn, board, &stored, ctx.now)?;
    }
    Ok(BoardNews {
        live,
        events: turn.events,
        comment: comment
            .map(|text| comment_by(ctx, &player.userid, text))
            .transpose()?,
        new_game: false,
    })
}

/// The words after the moves, then what the mail says besides, as one
/// comment.
fn with_trailing_words(trailing: Option<String>, mail: Option<Comment>) -> Option<String> {
    match (trailing, mail.map(|comment| comment.text)) {
        (Some(words), Some(text)) => Some(format!("{words}\n{text}")),
        (words, text) => words.or(text),
    }
}
