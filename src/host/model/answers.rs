//! What a player may answer on a board now: a move, a draw or take-back
//! word, a pause, resigning or declining. One place says it for the board
//! mail's list, the handlers' gate and the robots, and gives the refusal
//! for each answer that is not open, so the three never disagree.

use super::command::MoveWord;
use super::refusal::Refusal;
use super::replays::LiveGame;
use crate::games::Side;
use crate::store::GameStatus;
use serde::Serialize;

/// One kind of answer to a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    Move,
    Propose,
    Accept,
    Reject,
    Withdraw,
    Resign,
    Undo,
    Pause,
    Resume,
    Decline,
}

impl Reply {
    /// Every answer, in the order a board mail lists them.
    pub const ALL: [Reply; 10] = [
        Reply::Move,
        Reply::Accept,
        Reply::Reject,
        Reply::Propose,
        Reply::Withdraw,
        Reply::Undo,
        Reply::Pause,
        Reply::Resume,
        Reply::Resign,
        Reply::Decline,
    ];

    /// The kind of answer a move command's word is.
    pub(crate) fn of(word: &MoveWord) -> Reply {
        match word {
            MoveWord::Play(_) => Reply::Move,
            MoveWord::ProposeDraw => Reply::Propose,
            MoveWord::AcceptDraw => Reply::Accept,
            MoveWord::RejectDraw => Reply::Reject,
            MoveWord::Pause => Reply::Pause,
            MoveWord::Resume => Reply::Resume,
            MoveWord::Undo => Reply::Undo,
            MoveWord::Withdraw => Reply::Withdraw,
        }
    }

    /// The move command's word for it; none for a move, `resign` and
    /// `decline` (commands of their own).
    pub(crate) fn move_word(self) -> Option<MoveWord> {
        Some(match self {
            Reply::Propose => MoveWord::ProposeDraw,
            Reply::Accept => MoveWord::AcceptDraw,
            Reply::Reject => MoveWord::RejectDraw,
            Reply::Pause => MoveWord::Pause,
            Reply::Resume => MoveWord::Resume,
            Reply::Undo => MoveWord::Undo,
            Reply::Withdraw => MoveWord::Withdraw,
            Reply::Move | Reply::Resign | Reply::Decline => return None,
        })
    }

    /// The answer a word a player wrote names (lower case), besides a
    /// move: [`Reply::word`]'s words, and `draw` for `propose`.
    pub(crate) fn named(word: &str) -> Option<Reply> {
        if word == "draw" {
            return Some(Reply::Propose);
        }
        Reply::ALL
            .into_iter()
            .filter(|reply| *reply != Reply::Move)
            .find(|reply| reply.word() == word)
    }

    /// The word a reply says for it (a move is written in notation).
    pub fn word(self) -> &'static str {
        match self {
            Reply::Move => "MOVE",
            Reply::Propose => "propose",
            Reply::Accept => "accept",
            Reply::Reject => "reject",
            Reply::Withdraw => "withdraw",
            Reply::Resign => "resign",
            Reply::Undo => "undo",
            Reply::Pause => "pause",
            Reply::Resume => "resume",
            Reply::Decline => "decline",
        }
    }
}

/// What an `accept`, `reject` or `withdraw` is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Proposal {
    Draw,
    TakeBack,
    Pause,
}

/// The proposals standing on the board, each with who made it.
fn standing(live: &LiveGame) -> [(Proposal, Option<Side>); 3] {
    [
        (Proposal::Draw, live.record.draw_offer),
        (Proposal::TakeBack, live.undo_offer),
        (Proposal::Pause, live.record.pause_offer),
    ]
}

/// The proposal of the opponent's that `side` may accept or reject: a
/// draw offer or a take-back (a pause is agreed by `pause`).
pub(crate) fn to_answer(live: &LiveGame, side: Side) -> Option<Proposal> {
    standing(live)
        .into_iter()
        .take(2)
        .find(|(_, by)| by.is_some_and(|by| by != side))
        .map(|(proposal, _)| proposal)
}

/// The proposals of `side`'s own that stand, for `withdraw`.
pub(crate) fn own_proposals(live: &LiveGame, side: Side) -> Vec<Proposal> {
    standing(live)
        .into_iter()
        .filter(|(_, by)| *by == Some(side))
        .map(|(proposal, _)| proposal)
        .collect()
}

/// Whether `side` may answer `reply` on `live` now; if not, the refusal
/// that says why.
pub(crate) fn may(live: &LiveGame, side: Side, reply: Reply) -> Result<(), Refusal> {
    let board = live.record.id;
    if live.record.status != GameStatus::Active {
        return Err(Refusal::BoardOver {
            userid: live.record.player(side).to_string(),
            board,
            game: live.kind,
        });
    }
    let draw_offer = live.record.draw_offer;
    let check = |open: bool, refusal: Refusal| if open { Ok(()) } else { Err(refusal) };
    match reply {
        Reply::Move => check(
            live.game.to_move().contains(&side),
            Refusal::NotYourTurn {
                userid: live.record.player(side).to_string(),
                board,
                waiting: live.waiting(),
            },
        ),
        Reply::Propose => {
            live.game.draw_offers().map_err(|reason| Refusal::NoDraws {
                reason: Box::new(reason),
            })?;
            check(live.undo_offer.is_none(), Refusal::UndoOrDraw)?;
            check(draw_offer.is_none(), Refusal::AlreadyOffered)
        }
        Reply::Accept => check(to_answer(live, side).is_some(), Refusal::NoOfferToAccept),
        Reply::Reject => check(to_answer(live, side).is_some(), Refusal::NoOfferToReject),
        Reply::Withdraw => check(
            !own_proposals(live, side).is_empty(),
            Refusal::NothingToWithdraw { board },
        ),
        Reply::Resign => Ok(()),
        Reply::Undo => {
            check(live.total_moves > 0, Refusal::NothingToUndo { board })?;
            check(
                live.game.sealed_moves() == 0,
                Refusal::UndoMidRound { board },
            )?;
            check(draw_offer.is_none(), Refusal::UndoOrDraw)?;
            check(live.undo_offer != Some(side), Refusal::UndoAlreadyProposed)
        }
        Reply::Pause => {
            check(live.clocks.is_some(), Refusal::NoClocks { board })?;
            check(!live.record.paused, Refusal::AlreadyPaused)?;
            check(
                live.record.pause_offer != Some(side),
                Refusal::PauseAlreadyProposed,
            )
        }
        Reply::Resume => check(live.record.paused, Refusal::NotPaused),
        Reply::Decline => check(
            !live.has_moved(side),
            Refusal::AlreadyMoved {
                userid: live.record.player(side).to_string(),
                board,
                game: live.kind,
            },
        ),
    }
}

/// Every answer open to `side` on `live` now, in the order a mail lists
/// them.
pub fn open_replies(live: &LiveGame, side: Side) -> Vec<Reply> {
    Reply::ALL
        .into_iter()
        .filter(|reply| may(live, side, *reply).is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{MoveWord, Reply};

    #[test]
    fn each_answer_reads_back_from_its_word_and_draw_proposes() {
        for reply in Reply::ALL.into_iter().filter(|reply| *reply != Reply::Move) {
            assert_eq!(Reply::named(reply.word()), Some(reply), "{reply:?}");
            if let Some(word) = reply.move_word() {
                assert_eq!(Reply::of(&word), reply);
            }
        }
        assert_eq!(Reply::named("draw"), Some(Reply::Propose));
        assert_eq!(Reply::named("move"), None);
        assert_eq!(Reply::named("e4"), None);
        assert_eq!(Reply::Resign.move_word(), None::<MoveWord>);
    }
}
