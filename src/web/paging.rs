//! Long lists a page at a time (`?page=N`): the standings and the
//! ladders, whose lines are numbered by rank, so a page is a range of
//! ranks and its links name the page.

use super::query::Target;
use super::PageError;
use minijinja::{context, Value};
use std::ops::Range;

/// The most pages `?page=` may name; far beyond any host's players.
const MAX_PAGE: i64 = 1_000_000;

/// Which page of a list is shown, and how many it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pager {
    /// From 1.
    pub(crate) number: usize,
    pub(crate) count: usize,
    /// Lines a page.
    pub(crate) size: usize,
    /// Lines in all.
    pub(crate) total: usize,
}

impl Pager {
    /// The page `?page=` names of a list of `total` lines, `size` a page
    /// (the first when none is named). A list with no line has one empty
    /// page; a page past the last names nothing (404).
    pub(crate) fn of(target: &Target, total: usize, size: usize) -> Result<Pager, PageError> {
        let number = target.number("page", 1..=MAX_PAGE)?.unwrap_or(1) as usize;
        let count = total.div_ceil(size).max(1);
        if number > count {
            return Err(PageError::NotFound);
        }
        Ok(Pager {
            number,
            count,
            size,
            total,
        })
    }

    /// The lines of this page, as positions in the whole list.
    pub(crate) fn lines(&self) -> Range<usize> {
        let start = (self.number - 1) * self.size;
        start..(start + self.size).min(self.total)
    }

    /// What the page's links need: its number, the pages in all, the
    /// lines shown (from 1), and the address of each neighbour (`base`
    /// alone for the first page, so it has one address only).
    pub(crate) fn view(&self, base: &str) -> Value {
        let link = |number: usize| match number {
            1 => base.to_string(),
            _ => format!("{base}?page={number}"),
        };
        let lines = self.lines();
        context! {
            number => self.number,
            count => self.count,
            from => lines.start + 1,
            to => lines.end,
            total => self.total,
            first => (self.number > 1).then(|| link(1)),
            previous => (self.number > 1).then(|| link(self.number - 1)),
            next => (self.number < self.count).then(|| link(self.number + 1)),
            last => (self.number < self.count).then(|| link(self.count)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pager(target: &str, total: usize) -> Result<Pager, PageError> {
        Pager::of(&Target::parse(target).unwrap(), total, 100)
    }

    #[test]
    fn a_page_is_a_range_of_lines_with_links_to_its_neighbours() {
        let first = pager("/ladder/chess", 2_000).unwrap();
        assert_eq!((first.number, first.count, first.lines()), (1, 20, 0..100));
        let view = first.view("/ladder/chess");
        assert!(view.get_attr("previous").unwrap().is_none());
        assert_eq!(
            view.get_attr("next").unwrap().to_string(),
            "/ladder/chess?page=2"
        );
        let last = pager("/ladder/chess?page=20", 1_950).unwrap();
        assert_eq!(last.lines(), 1_900..1_950);
        let view = last.view("/ladder/chess");
        assert_eq!(view.get_attr("from").unwrap().to_string(), "1901");
        assert!(view.get_attr("next").unwrap().is_none());
        assert_eq!(
            view.get_attr("first").unwrap().to_string(),
            "/ladder/chess",
            "the first page has one address"
        );
        assert_eq!(pager("/", 0).unwrap().lines(), 0..0, "an empty list");
        assert!(matches!(pager("/?page=2", 100), Err(PageError::NotFound)));
        assert!(matches!(
            pager("/?page=0", 100),
            Err(PageError::BadRequest(_))
        ));
        assert!(matches!(
            pager("/?page=x", 100),
            Err(PageError::BadRequest(_))
        ));
    }
}
