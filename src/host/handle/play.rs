//! The move command: the `#n` guard, a take-back or its answer when the
//! words are about one, else the turn played (`turn`), then the answers
//! the opponent queued and what the end of the game changes.

use super::turn::{play_words, record_turn};
use super::{refused_on, reload, seated_game, Context, Failure, Handled};
use crate::games::{GameKind, Side};
use crate::host::model::command::{Credential, MoveWord};
use crate::host::model::notice::{BoardNews, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LiveGame};
use crate::store::{self};

pub(crate) fn play(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
    words: &[MoveWord],
    guard: Option<i64>,
) -> Handled {
    let (mut live, player, side) = seated_game(ctx, kind, board, userid, credential)?;
    if let Some(expected) = guard {
        check_guard(ctx, &live, side, expected)?;
    }
    // Each path checks its words with `answers::may`: what the board
    // mail lists is what is taken.
    if words == [MoveWord::Withdraw] {
        return super::withdraw::withdraw(ctx, live, &player, side);
    }
    if super::undo::is_about_undo(&live, side, words) {
        return super::undo::undo(ctx, live, &player, side, words);
    }
    let turn_before = live.game.turn_number();
    let turn = play_words(ctx, &mut live, &player, side, words)?;
    let news = record_turn(ctx, live, &player, side, turn_before, turn)?;
    let mut news = super::queue::answer_from_queues(ctx, news)?;
    let consequences = after_the_end(ctx, &mut news)?;
    Ok(std::iter::once(Notice::Board(news))
        .chain(consequences)
        .collect())
}

/// What the end of the game changes beyond the board (ratings, ladder,
/// tournament), when this command ended it: by a move, a queued answer or
/// a draw agreed. The board was running when the command began.
fn after_the_end(ctx: &Context<'_>, news: &mut BoardNews) -> Result<Vec<Notice>, Failure> {
    if news.live.record.status == store::GameStatus::Active {
        return Ok(Vec::new());
    }
    Ok(crate::host::events::game_ended(
        ctx.conn,
        ctx.replays,
        ctx.competition,
        &mut news.live,
        ctx.now,
    )?)
}

/// The `#n` guard: the move is refused unless it is the next one, so a
/// late or repeated mail cannot play twice. In a simultaneous round the
/// other player may have moved since the sender's board mail went out;
/// the guard still holds as long as the sender himself has not moved
/// since move `expected` and was to move then.
fn check_guard(
    ctx: &Context<'_>,
    live: &LiveGame,
    side: Side,
    expected: i64,
) -> Result<(), Failure> {
    let next = live.next_number();
    let still_current = expected == next
        || (expected >= 1
            && expected < next
            && !live
                .moves
                .iter()
                .any(|record| record.number >= expected && record.side == side)
            && replays::load(
                ctx.conn,
                ctx.replays,
                live.record.id,
                Some(expected as usize - 1),
            )?
            .game
            .to_move()
            .contains(&side));
    if still_current {
        return Ok(());
    }
    // What changed since the move the sender answered, as he may see it:
    // a sealed move of the other side shows only its public form.
    let played_since = live
        .moves
        .iter()
        .filter(|record| record.number >= expected)
        .map(|record| {
            let notation = if record.side == side {
                &record.notation
            } else {
                &record.public_notation
            };
            format!(
                "#{} {} {notation}",
                record.number,
                live.record.player(record.side)
            )
        })
        .collect();
    let refusal = Refusal::StaleGuard {
        board: live.record.id,
        expected,
        next,
        played_since,
    };
    Err(refused_on(refusal, reload(ctx, live)))
}
