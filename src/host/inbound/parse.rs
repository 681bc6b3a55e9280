//! What the grammar reads in a mail without the store: the Subject's
//! command, the lines of a `multiple` mail, the first line of what the
//! sender typed. Pure, so it is read once, before the mail's transaction
//! (whose passwords are checked ahead from it), and carried into it,
//! where `interpret` adds what only the store knows: whose reply a mail
//! is, and about which board.

use super::grammar::{read_line, Noted};
use crate::host::model::command::Command;
use crate::host::model::refusal::Refusal;
use crate::host::model::subject::{self, OwnSubject};
use crate::mail::inbound::InboundMail;

/// One command read from a mail, or why a line could not be read, with
/// the comment that goes with it.
pub(crate) struct Request {
    pub(crate) command: Result<Command, Refusal>,
    pub(crate) comment: Option<String>,
    /// The board the request is about, when known, for the error mail.
    pub(crate) board: Option<i64>,
    /// The passwords its command line gave, as the grammar noted them.
    pub(crate) noted: Noted,
}

pub(super) fn request(command: Result<Command, Refusal>, comment: Option<String>) -> Request {
    Request {
        command,
        comment,
        board: None,
        noted: Noted::default(),
    }
}

/// The request of a command line, with the passwords it gave.
fn read_request(line: &str, comment: Option<String>) -> Request {
    let read = read_line(line);
    Request {
        noted: read.noted,
        ..request(read.command, comment)
    }
}

pub(super) fn non_empty(text: String) -> Option<String> {
    let text = text.trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// What a mail asks for, and the lines of it that are command lines (the
/// ones whose passwords a quote of the mail masks).
pub(crate) struct Interpretation {
    pub(crate) requests: Vec<Request>,
    pub(crate) command_lines: Vec<String>,
}

impl Interpretation {
    /// The passwords the mail's comments hold (each refuses its request).
    pub(crate) fn held_passwords(&self) -> Vec<String> {
        self.requests
            .iter()
            .flat_map(|request| {
                super::redact::held_passwords(request.comment.as_deref(), &request.noted.passwords)
            })
            .collect()
    }
}

/// The first line of what the sender typed, read as a whole command,
/// and the rest of it as its comment: a reply's command line.
pub(super) struct FirstLine {
    pub(crate) line: String,
    pub(crate) read: Request,
}

/// What the Subject of a mail says.
pub(super) enum Form {
    /// The Subject of one of the host's own mails: the mail replies to it.
    Own(OwnSubject),
    /// `multiple`: a command on each line of the body, read.
    Multiple(Interpretation),
    /// A command (or a line the grammar refuses), with what the sender
    /// typed as its comment. (Boxed: the other forms are small.)
    Subject(Box<Request>),
}

/// A mail as the grammar reads it, before the store is asked.
pub(crate) struct Parsed {
    /// The Subject, cleaned of `Re:` and the like.
    pub(super) subject: String,
    pub(super) form: Form,
    /// None when the sender typed nothing.
    pub(super) first: Option<FirstLine>,
}

/// Reads a mail's Subject and the first line of what its sender typed;
/// a `multiple` mail's lines, up to `max_commands`.
pub(crate) fn parse(mail: &InboundMail, max_commands: usize) -> Parsed {
    let subject = subject::clean(&mail.subject);
    let text = mail.sender_text();
    let form = match subject::recognise(&subject) {
        Some(own) => Form::Own(own),
        None => {
            let read = read_request(&subject, non_empty(text.clone()));
            match read.command {
                Ok(Command::Multiple) => Form::Multiple(multiple(&text, max_commands, &subject)),
                _ => Form::Subject(Box::new(read)),
            }
        }
    };
    let mut lines = text.lines().skip_while(|line| line.trim().is_empty());
    let first = lines.next().map(str::trim).map(|line| {
        let comment = non_empty(lines.collect::<Vec<_>>().join("\n"));
        FirstLine {
            line: line.to_string(),
            read: read_request(line, comment),
        }
    });
    Parsed {
        subject,
        form,
        first,
    }
}

impl Parsed {
    /// The requests the grammar read that the mail may run, whose
    /// passwords are checked ahead: a reply's first line where the
    /// mail's Subject or threading makes it one (only the store says
    /// whether a Message-ID it names is the host's).
    pub(crate) fn requests(&self, mail: &InboundMail) -> Vec<&Request> {
        let first = self.first.iter().map(|first| &first.read);
        match &self.form {
            Form::Own(_) => first.collect(),
            Form::Multiple(read) => read.requests.iter().collect(),
            Form::Subject(read) if read.command.is_ok() || mail.thread_ids().next().is_none() => {
                vec![read.as_ref()]
            }
            Form::Subject(read) => std::iter::once(read.as_ref()).chain(first).collect(),
        }
    }
}

/// A `multiple` mail: a command on each line of its body, up to the most
/// a mail may carry.
fn multiple(text: &str, max_commands: usize, subject: &str) -> Interpretation {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    let mut requests: Vec<Request> = lines
        .iter()
        .take(max_commands)
        .map(|line| read_request(line, None))
        .collect();
    if lines.len() > max_commands {
        let left_out = super::redact::mask_command_line(lines[max_commands]);
        requests.push(request(
            Err(Refusal::TooManyCommands {
                max: max_commands,
                rest: lines.len() - max_commands,
                first_left_out: left_out.chars().take(60).collect(),
            }),
            None,
        ));
    }
    if requests.is_empty() {
        requests.push(request(Err(Refusal::EmptyMultiple), None));
    }
    let command_lines = std::iter::once(subject)
        .chain(lines)
        .map(str::to_string)
        .collect();
    Interpretation {
        requests,
        command_lines,
    }
}
