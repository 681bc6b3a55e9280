//! Why the store could not do what was asked, and the result type every
//! table file returns; below them all, so the schema and the tables
//! import it without going through `store/mod.rs`.

/// Why the store could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the database is schema version {found}, newer than this pbem understands ({known}); run a newer pbem")]
    TooNew { found: i64, known: i64 },
    /// A stored row that cannot be read back (an older or hand-edited file).
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
}

impl StoreError {
    /// Whether trying again later may succeed (a locked or busy database),
    /// as opposed to a problem that will not go away by itself.
    pub(crate) fn is_temporary(&self) -> bool {
        match self {
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(err, _)) => matches!(
                err.code,
                rusqlite::ErrorCode::DatabaseBusy
                    | rusqlite::ErrorCode::DatabaseLocked
                    | rusqlite::ErrorCode::SystemIoFailure
                    | rusqlite::ErrorCode::DiskFull
                    | rusqlite::ErrorCode::CannotOpen
            ),
            _ => false,
        }
    }
}

impl StoreError {
    /// Whether the database file itself is damaged (pages that do not read
    /// back, or not a database at all): no mail is to blame, and none can
    /// be stored until the operator repairs or restores it.
    pub(crate) fn is_damaged(&self) -> bool {
        match self {
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(err, _)) => matches!(
                err.code,
                rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase
            ),
            _ => false,
        }
    }
}

pub(crate) type StoreResult<T> = Result<T, StoreError>;
