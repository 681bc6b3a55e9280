//! Each game's position as a search starts from it, one kind per game.

/// A game's position ready for a search, one kind per game (Spherical
/// Chess 324's 324 squares boxed, so the others are not as large).
pub enum SearchStart {
    Chess(super::chess::ChessSearch),
    Progression(super::progression::ProgressionSearch),
    Recursion(super::recursion::RecursionSearch),
    Spherical(Box<super::spherical::SphericalSearch>),
}
