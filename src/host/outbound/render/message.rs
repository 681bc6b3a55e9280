//! A message between players and the note that ends a player's board
//! mails: the text each player wrote, made safe to show.

use super::parts::without_controls;
use super::reader::{HostFacts, Letter};
use super::{Renderer, TemplateError};
use crate::host::model::subject::Subject;
use minijinja::context;

type Rendered = Result<Letter, TemplateError>;

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
    ) -> Result<String, TemplateError> {
        let ctx = context! { note => without_controls(note, &['\n', '\t']) };
        self.body(language, "note-footer.txt", host, ctx)
    }
}
