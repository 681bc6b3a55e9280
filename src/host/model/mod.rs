//! The nouns every stage of the host shares: the commands a mail asks
//! for, the refusals and notices handling them produces, the subjects of
//! the host's mails, a board loaded from the store, and what a player may
//! answer on it.

pub mod answers;
pub mod audience;
pub mod board_list;
pub mod board_style;
pub mod challengers;
pub(crate) mod command;
pub(crate) mod event;
pub mod help;
pub(crate) mod limits;
pub(crate) mod notice;
pub(crate) mod refusal;
pub mod replays;
pub mod subject;
pub(crate) mod weakness;
