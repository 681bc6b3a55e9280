//! Why a page could not be made, as every page and the request's reader
//! say it; `routes` turns it into the answer's status.

use crate::host::outbound::render::TemplateError;
use crate::store::StoreError;

/// Why a page could not be made: the request was wrong (400), names
/// nothing (404), or the store failed (500, logged).
#[derive(Debug)]
pub(crate) enum PageError {
    BadRequest(String),
    NotFound,
    Store(String),
}

impl From<StoreError> for PageError {
    fn from(err: StoreError) -> PageError {
        PageError::Store(err.to_string())
    }
}

impl From<TemplateError> for PageError {
    fn from(err: TemplateError) -> PageError {
        PageError::Store(err.to_string())
    }
}

impl From<minijinja::Error> for PageError {
    fn from(err: minijinja::Error) -> PageError {
        PageError::Store(err.to_string())
    }
}
