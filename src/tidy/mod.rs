//! The house rules, checked as ordinary tests over the source as text:
//! imports point down the rooms of ARCHITECTURE.md (`rooms`), no two
//! files import each other round a circle (`circles`), and every module
//! opens with a doc that names only what exists (`docs`). `source` reads
//! the files for them, `resolve` follows a path to the file that defines
//! it. That every command has its handler is no test here: the one
//! exhaustive `match` in `crate::host::handle::handle` makes it the
//! compiler's.

mod circles;
mod docs;
mod resolve;
mod rooms;
mod source;
