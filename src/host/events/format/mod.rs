//! How each tournament format pairs its players and when it is over.

pub mod knockout;
