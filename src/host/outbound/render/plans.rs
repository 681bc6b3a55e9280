//! The mails of conditional moves, previews, notes, seeks and messages
//! between players: their answers' variables, the note at the bottom of
//! a player's board mails, and a message for its recipient.

use super::view::board_view;
use super::{without_controls, HostFacts, Letter, Reader, Renderer};
use crate::clock::utc_text;
use crate::host::model::notice::{PreviewStep, QueueChange};
use crate::host::model::replays::LiveGame;
use crate::host::model::subject::Subject;
use crate::store::Seek;
use minijinja::{context, Value};

type Rendered = Result<Letter, super::TemplateError>;

impl Renderer {
    /// A message from `from`, for `to`: the text alone, with neither
    /// player's address.
    pub fn message(
        &self,
        from: &str,
        to: &str,
        text: &str,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let ctx = context! {
            from => from,
            to => to,
            text => without_controls(text, &['\n', '\t']),
        };
        Ok(Letter {
            subject: Subject::MessageFrom {
                userid: from.to_string(),
            },
            body: self.body(language, "message.txt", host, ctx)?,
            attachment: None,
            board: None,
        })
    }

    /// The lines that end a player's board mail with his private note.
    pub fn note_footer(
        &self,
        note: &str,
        host: &HostFacts,
        language: &str,
    ) -> Result<String, super::TemplateError> {
        let ctx = context! { note => without_controls(note, &['\n', '\t']) };
        self.body(language, "note-footer.txt", host, ctx)
    }
}

/// The variables of a player's conditional moves.
pub(super) fn queue_context(
    kind: crate::games::GameKind,
    board: i64,
    userid: &str,
    lines: &[Vec<String>],
    change: &QueueChange,
) -> Value {
    context! {
        game => kind,
        board_id => board,
        userid,
        lines,
        change => Value::from_serialize(change),
    }
}

/// The variables of a preview: the board after the hypothetical moves,
/// from the sender's seat when he plays on it, and each move's fate.
pub(super) fn preview_context(
    live: &LiveGame,
    seat: Option<crate::games::Side>,
    start: usize,
    sealed_left_out: usize,
    steps: &[PreviewStep],
    untried: &[String],
    now: i64,
) -> Value {
    let reader = seat.map_or(Reader::Onlooker, Reader::Seated);
    let (side, seated) = reader.seat(live);
    context! {
        start,
        sealed_left_out,
        steps => steps.iter().map(Value::from_serialize).collect::<Vec<_>>(),
        untried,
        ..board_view(live, side, seated, now)
    }
}

/// One open challenge, as the lists show it.
pub(super) fn seek_view(seek: &Seek) -> Value {
    context! {
        id => seek.id,
        userid => &seek.userid,
        switches => &seek.switches,
        comment => seek.comment.as_deref().map(|text| without_controls(text, &['\n'])),
        posted => utc_text(seek.posted),
        expires => utc_text(seek.expires),
    }
}

/// A take-back in a board's record: after which move, who asked and
/// who agreed, the day, and the moves taken back.
pub(super) fn taken_back_view(event: &crate::store::TakenBack) -> Value {
    context! {
        after => event.after,
        proposer => &event.proposer,
        agreed_by => &event.agreed_by,
        day => utc_text(event.happened).get(..10).map(str::to_string),
        moves => &event.moves,
    }
}
