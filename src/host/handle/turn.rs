//! Playing a turn: its words in order (moves, draw and pause words),
//! then what the turn leaves behind (the moves stored, a draw agreed, a
//! game ended by the rules, the clocks). The move command and a queued
//! answer both play through here, so neither calls the other.

use super::{comment_of, refused_on, reload, Context, Failure};
use crate::games::Side;
use crate::host::clocks;
use crate::host::competition;
use crate::host::inbound::grammar::could_be_a_move;
use crate::host::model::command::MoveWord;
use crate::host::model::notice::{BoardNews, Comment, Event};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::LiveGame;
use crate::rules::score::Ending;
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
    draw_offer: Option<Side>,
    draw_agreed: bool,
    /// The board's clocks stopped by agreement, and a standing proposal.
    paused: bool,
    pause_offer: Option<Side>,
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
        draw_offer: live.record.draw_offer,
        draw_agreed: false,
        paused: live.record.paused,
        pause_offer: live.record.pause_offer,
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
            MoveWord::Play(text) => play_move(live, player, side, text, &mut turn),
            MoveWord::Pause | MoveWord::Resume => answer_pause(player, side, word, &mut turn),
            MoveWord::Undo | MoveWord::Withdraw => Err(Refusal::UndoAlone),
            draw_word => answer_draw(live, player, side, draw_word, &mut turn),
        };
        if let Err(mut refusal) = step {
            // Nothing of the command is played: the board and the legal
            // moves shown are those of the board as stored.
            let stored = reload(ctx, live);
            if let Refusal::BadMove { legal, .. } = &mut refusal {
                *legal = stored.game.legal_moves(side);
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
        MoveWord::ProposeDraw => "propose".into(),
        MoveWord::AcceptDraw => "accept".into(),
        MoveWord::RejectDraw => "reject".into(),
        MoveWord::Pause => "pause".into(),
        MoveWord::Resume => "resume".into(),
        MoveWord::Undo => "undo".into(),
        MoveWord::Withdraw => "withdraw".into(),
    }
}

fn play_move(
    live: &mut LiveGame,
    player: &Player,
    side: Side,
    text: &str,
    turn: &mut Turn,
) -> Result<(), Refusal> {
    if !live.game.to_move().contains(&side) {
        return Err(Refusal::NotYourTurn {
            userid: player.userid.clone(),
            board: live.record.id,
            waiting: live.waiting(),
        });
    }
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
    // Moving on is the answer to a standing offer.
    if turn.draw_offer.is_some_and(|by| by != side) {
        turn.draw_offer = None;
        turn.events.push(Event::DrawLapsed {
            userid: player.userid.clone(),
        });
    }
    Ok(())
}

/// The draw words: an offer stands until the other player accepts,
/// rejects, or plays on.
fn answer_draw(
    live: &LiveGame,
    player: &Player,
    side: Side,
    word: &MoveWord,
    turn: &mut Turn,
) -> Result<(), Refusal> {
    let userid = player.userid.clone();
    let theirs = turn.draw_offer.is_some_and(|by| by != side);
    match word {
        MoveWord::ProposeDraw => {
            live.game
                .draw_offers()
                .map_err(|reason| Refusal::NoDraws { reason })?;
            match turn.draw_offer {
                _ if theirs => turn.draw_agreed = true,
                Some(_) => return Err(Refusal::AlreadyOffered),
                None => {
                    turn.draw_offer = Some(side);
                    turn.events.push(Event::DrawOffered { userid });
                }
            }
        }
        MoveWord::AcceptDraw if theirs => turn.draw_agreed = true,
        MoveWord::AcceptDraw => return Err(Refusal::NoOfferToAccept),
        MoveWord::RejectDraw if theirs => {
            turn.draw_offer = None;
            turn.events.push(Event::DrawRejected { userid });
        }
        MoveWord::RejectDraw => return Err(Refusal::NoOfferToReject),
        MoveWord::Play(_)
        | MoveWord::Pause
        | MoveWord::Resume
        | MoveWord::Undo
        | MoveWord::Withdraw => {
            unreachable!("moves and pause words are played by their own functions")
        }
    }
    Ok(())
}

/// A pause of the clocks is agreed like a draw: one player proposes, the
/// other's `pause` agrees; either player's `resume` ends it.
fn answer_pause(
    player: &Player,
    side: Side,
    word: &MoveWord,
    turn: &mut Turn,
) -> Result<(), Refusal> {
    let userid = player.userid.clone();
    match word {
        MoveWord::Pause if turn.paused => return Err(Refusal::AlreadyPaused),
        MoveWord::Pause => match turn.pause_offer {
            Some(by) if by != side => {
                turn.paused = true;
                turn.pause_offer = None;
                turn.events.push(Event::Paused { userid });
            }
            Some(_) => return Err(Refusal::PauseAlreadyProposed),
            None => {
                turn.pause_offer = Some(side);
                turn.events.push(Event::PauseProposed { userid });
            }
        },
        _ if !turn.paused => return Err(Refusal::NotPaused),
        _ => {
            turn.paused = false;
            turn.events.push(Event::Resumed { userid });
        }
    }
    Ok(())
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
        Some(Ending::DrawAgreed)
    } else {
        live.game.outcome().map(|_| Ending::Rules)
    };
    match ending {
        Some(ending) => competition::mark_over(ctx.conn, &mut live, ending, ctx.now)?,
        None if turn.draw_offer != live.record.draw_offer => {
            store::set_draw_offer(ctx.conn, board, turn.draw_offer, ctx.now)?;
            live.record.draw_offer = turn.draw_offer;
        }
        None => {}
    }
    let pause_changed = turn.paused != live.record.paused;
    if pause_changed || turn.pause_offer != live.record.pause_offer {
        store::set_pause(ctx.conn, board, turn.paused, turn.pause_offer)?;
        live.record.paused = turn.paused;
        live.record.pause_offer = turn.pause_offer;
    }
    clocks::after_command(ctx.conn, &live, side, turn_before, ctx.now)?;
    if pause_changed {
        clocks::hold(ctx.conn, &live.record, None, turn.paused, ctx.now)?;
    }
    live.clocks = crate::host::model::replays::load_clocks(ctx.conn, &live.record)?;
    let comment = with_trailing_words(turn.trailing_comment, comment_of(ctx, &player.userid));
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
        comment: comment.map(|text| Comment {
            author: player.userid.clone(),
            text,
        }),
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
