//! Helpers shared by the test files: each exists once, here or in one of
//! the submodules.

pub mod board_mail;
pub mod host_harness;
pub mod smtp_sink;
