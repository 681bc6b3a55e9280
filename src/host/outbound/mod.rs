//! Writing the answers: notices worded from the templates in the
//! reader's language, boards drawn as pictures, and the mails queued
//! with their recipients and threading ids.

pub mod pictures;
pub(crate) mod post;
pub mod render;
pub mod templates;
