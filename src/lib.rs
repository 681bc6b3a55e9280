//! pbem: a play-by-email game host.
//!
//! `games`, `rules` and `robot` are pure; ARCHITECTURE.md maps the rest; the binary in `main.rs` only parses
//! arguments and hands over to the library.

pub mod archive;
pub mod cli;
pub mod clock;
pub mod config;
pub mod daemon;
pub mod games;
pub mod host;
pub mod identity;
pub mod log;
pub mod mail;
pub mod robot;
pub mod rules;
pub mod store;
pub mod web;

#[cfg(test)]
mod tidy;
