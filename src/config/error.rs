//! A config that cannot be used, naming the key and the problem; below
//! the sections, which each return it.

/// A config that cannot be used, naming the key and the problem.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("config {path}: {message}")]
    Syntax { path: String, message: String },
    #[error("config {path}: {key}: {problem}")]
    Invalid {
        path: String,
        key: &'static str,
        problem: String,
    },
}
