//! The rules page players get with `help spherical`.

pub const HELP: &str = "placeholder";
