//! Progression lists, the `-list:` template they must match, and the
//! `-promote:` digits that pick promotion kinds out of a list.

use super::kind::Kind;
use crate::games::{ListProblem, SetupError};
use std::fmt;

/// One player's progression list: the eight kinds, each once. A piece that
/// moves becomes the kind after its own; the last becomes the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProgressionList([Kind; 8]);

impl ProgressionList {
    /// Reads exactly eight kind letters (case-sensitive), each kind once.
    pub(crate) fn parse(text: &str) -> Result<ProgressionList, ListProblem> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 8 {
            return Err(ListProblem::WrongLength {
                text: text.to_string(),
                length: chars.len(),
            });
        }
        let mut kinds = [Kind::King; 8];
        let mut seen: [Option<usize>; 8] = [None; 8];
        for (position, &c) in chars.iter().enumerate() {
            let kind = Kind::from_letter(c).ok_or_else(|| ListProblem::NotAKind {
                letter: c.to_string(),
                position: position + 1,
            })?;
            if let Some(earlier) = seen[kind.index()] {
                return Err(ListProblem::Repeated {
                    letter: kind.to_string(),
                    first: earlier + 1,
                    second: position + 1,
                });
            }
            seen[kind.index()] = Some(position);
            kinds[position] = kind;
        }
        Ok(ProgressionList(kinds))
    }

    pub(crate) fn kinds(&self) -> [Kind; 8] {
        self.0
    }

    /// The kind at a 1-based position (a `-promote:` digit).
    pub(crate) fn at(&self, digit: u8) -> Kind {
        self.0[usize::from(digit.clamp(1, 8) - 1)]
    }

    /// What a piece of `kind` becomes after it moves: the next kind, the
    /// eighth wrapping round to the first.
    pub(crate) fn next(&self, kind: Kind) -> Kind {
        let position = self.0.iter().position(|&k| k == kind).unwrap_or(0);
        self.0[(position + 1) % 8]
    }
}

impl fmt::Display for ProgressionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|kind| write!(f, "{kind}"))
    }
}

/// One position of a template.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Slot {
    /// `x`: any kind.
    Any,
    /// `z`: `Q` or `K`.
    QueenOrKing,
    Fixed(Kind),
}

impl Slot {
    fn letter(self) -> char {
        match self {
            Slot::Any => 'x',
            Slot::QueenOrKing => 'z',
            Slot::Fixed(kind) => kind.letter(),
        }
    }

    fn admits(self, kind: Kind) -> bool {
        match self {
            Slot::Any => true,
            Slot::QueenOrKing => matches!(kind, Kind::Queen | Kind::King),
            Slot::Fixed(fixed) => fixed == kind,
        }
    }
}

/// The `-list:` template both players' lists must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Template([Slot; 8]);

impl Default for Template {
    /// `-list:xxxxxxxx`, i.e. free choice (written so on the boards).
    fn default() -> Template {
        Template([Slot::Any; 8])
    }
}

impl Template {
    /// Reads a template, padding a short one with `x`, and rejects one that
    /// no list could match, saying why.
    pub(crate) fn parse(text: &str) -> Result<Template, SetupError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.is_empty() {
            return Err(SetupError::TemplateEmpty);
        }
        if chars.len() > 8 {
            return Err(SetupError::TemplateTooLong {
                text: text.to_string(),
                length: chars.len(),
            });
        }
        let mut slots = [Slot::Any; 8];
        let mut fixed_at: [Option<usize>; 8] = [None; 8];
        for (position, &c) in chars.iter().enumerate() {
            slots[position] = match c {
                'x' => Slot::Any,
                'z' => Slot::QueenOrKing,
                _ => {
                    let kind = Kind::from_letter(c).ok_or_else(|| SetupError::TemplateLetter {
                        letter: c.to_string(),
                        position: position + 1,
                    })?;
                    if let Some(earlier) = fixed_at[kind.index()] {
                        return Err(SetupError::TemplateKindTwice {
                            letter: kind.to_string(),
                            first: earlier + 1,
                            second: position + 1,
                        });
                    }
                    fixed_at[kind.index()] = Some(position);
                    Slot::Fixed(kind)
                }
            };
        }
        let count = slots.iter().filter(|&&s| s == Slot::QueenOrKing).count();
        let free: Vec<String> = [Kind::Queen, Kind::King]
            .into_iter()
            .filter(|kind| fixed_at[kind.index()].is_none())
            .map(|kind| kind.letter().to_string())
            .collect();
        if count > free.len() {
            return Err(SetupError::TooManyWildcards { count, free });
        }
        Ok(Template(slots))
    }

    /// A template with no wildcard: both lists are the template itself.
    pub(crate) fn complete(&self) -> Option<ProgressionList> {
        let mut kinds = [Kind::King; 8];
        for (kind, slot) in kinds.iter_mut().zip(self.0) {
            match slot {
                Slot::Fixed(fixed) => *kind = fixed,
                _ => return None,
            }
        }
        Some(ProgressionList(kinds))
    }

    /// Whether `list` matches, and if not, the first position that fails.
    pub(crate) fn check(&self, list: &ProgressionList) -> Result<(), ListProblem> {
        for (position, (slot, kind)) in self.0.iter().zip(list.0).enumerate() {
            if !slot.admits(kind) {
                let wanted = match slot {
                    Slot::QueenOrKing => None,
                    Slot::Fixed(fixed) => Some(fixed.to_string()),
                    Slot::Any => Some("x".to_string()),
                };
                return Err(ListProblem::Mismatch {
                    position: position + 1,
                    wanted,
                    found: kind.to_string(),
                });
            }
        }
        Ok(())
    }

    /// Every list that matches, in the order of [`Kind::ALL`] permutations.
    pub(crate) fn lists(&self) -> Vec<ProgressionList> {
        let mut out = Vec::new();
        self.for_each_list(|list| out.push(list));
        out
    }

    pub(crate) fn count_lists(&self) -> u64 {
        let mut count = 0;
        self.for_each_list(|_| count += 1);
        count
    }

    /// Walks the permutations position by position, pruning on the
    /// template, so a nearly fixed template costs next to nothing.
    fn for_each_list(&self, mut visit: impl FnMut(ProgressionList)) {
        fn walk(
            slots: &[Slot; 8],
            kinds: &mut [Kind; 8],
            used: u8,
            position: usize,
            visit: &mut dyn FnMut(ProgressionList),
        ) {
            if position == 8 {
                visit(ProgressionList(*kinds));
                return;
            }
            for kind in Kind::ALL {
                let bit = 1 << kind.index();
                if used & bit == 0 && slots[position].admits(kind) {
                    kinds[position] = kind;
                    walk(slots, kinds, used | bit, position + 1, visit);
                }
            }
        }
        walk(&self.0, &mut [Kind::King; 8], 0, 0, &mut visit);
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|s| write!(f, "{}", s.letter()))
    }
}

/// The `-promote:` digits: list positions a promoting pawn may become,
/// distinct, in the order written (the first is the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PromoteDigits {
    digits: [u8; 8],
    len: u8,
}

impl Default for PromoteDigits {
    fn default() -> PromoteDigits {
        PromoteDigits {
            digits: [1, 0, 0, 0, 0, 0, 0, 0],
            len: 1,
        }
    }
}

impl PromoteDigits {
    pub(crate) fn parse(text: &str) -> Result<PromoteDigits, SetupError> {
        let count = text.chars().count();
        if count == 0 {
            return Err(SetupError::PromoteEmpty);
        }
        if count > 8 {
            return Err(SetupError::PromoteTooLong {
                text: text.to_string(),
                count,
            });
        }
        let mut out = PromoteDigits {
            digits: [0; 8],
            len: 0,
        };
        for c in text.chars() {
            let digit = match c {
                '1'..='8' => c as u8 - b'0',
                _ => {
                    return Err(SetupError::PromoteNotADigit {
                        letter: c.to_string(),
                        text: text.to_string(),
                    })
                }
            };
            if !out.contains(digit) {
                out.digits[usize::from(out.len)] = digit;
                out.len += 1;
            }
        }
        Ok(out)
    }

    pub(crate) fn digits(&self) -> &[u8] {
        &self.digits[..usize::from(self.len)]
    }

    pub(crate) fn contains(&self, digit: u8) -> bool {
        self.digits().contains(&digit)
    }

    pub(crate) fn first(&self) -> u8 {
        self.digits[0]
    }
}

impl fmt::Display for PromoteDigits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.digits().iter().try_for_each(|d| write!(f, "{d}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_template_is_padded_with_x() {
        assert_eq!(Template::parse("xxxx").unwrap().to_string(), "xxxxxxxx");
        assert_eq!(Template::parse("nb").unwrap().to_string(), "nbxxxxxx");
    }

    #[test]
    fn free_template_admits_all_40320_lists() {
        assert_eq!(Template::default().count_lists(), 40320);
    }

    #[test]
    fn complete_template_is_its_own_only_list() {
        let t = Template::parse("nbNBrRQK").unwrap();
        assert_eq!(t.complete().unwrap().to_string(), "nbNBrRQK");
        assert_eq!(t.count_lists(), 1);
        assert!(Template::parse("nbNBrRQx").unwrap().complete().is_none());
    }

    #[test]
    fn z_is_filled_only_by_queen_or_king() {
        let t = Template::parse("zxxxxxxx").unwrap();
        assert_eq!(t.count_lists(), 2 * 5040);
        let lists = t.lists();
        assert!(lists
            .iter()
            .all(|l| matches!(l.kinds()[0], Kind::Queen | Kind::King)));
        let err = t
            .check(&ProgressionList::parse("RQKrNnBb").unwrap())
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("position 1 must be z, so Q or K, not R"),
            "{err}"
        );
    }

    #[test]
    fn a_z_filled_with_r_is_refused() {
        let t = Template::parse("KzRrNnBb").unwrap();
        let wrong = ProgressionList::parse("KRQrNnBb").unwrap();
        let err = t.check(&wrong).unwrap_err();
        assert!(err.to_string().contains("position 2"), "{err}");
        assert!(t
            .check(&ProgressionList::parse("KQRrNnBb").unwrap())
            .is_ok());
    }

    #[test]
    fn invalid_templates_are_rejected_with_reasons() {
        let cases = [
            ("", "empty"),
            ("xxxxxxxxx", "at most 8"),
            ("KKxxxxxx", "fixes K twice"),
            ("X", "only lower-case x and z"),
            ("p", "cannot stand"),
            ("zzz", "3 z's"),
            ("Kzz", "only Q is left"),
            ("KQz", "neither Q nor K"),
        ];
        for (text, reason) in cases {
            let err = Template::parse(text).unwrap_err().to_string();
            assert!(err.contains(reason), "{text:?}: {err}");
        }
        assert!(Template::parse("zz").is_ok());
        assert!(Template::parse("Kz").is_ok());
    }

    #[test]
    fn lists_that_are_not_permutations_are_rejected_with_reasons() {
        assert!(ProgressionList::parse("KQRrNnB")
            .unwrap_err()
            .to_string()
            .contains("exactly 8"));
        assert!(ProgressionList::parse("KQRrNnBB")
            .unwrap_err()
            .to_string()
            .contains("positions 7 and 8"));
        assert!(ProgressionList::parse("kQRrNnBb")
            .unwrap_err()
            .to_string()
            .contains("not a kind"));
    }

    #[test]
    fn the_eighth_kind_progresses_to_the_first() {
        let list = ProgressionList::parse("nbNBrRQK").unwrap();
        assert_eq!(list.next(Kind::King), Kind::LittleKnight);
        assert_eq!(list.next(Kind::LittleKnight), Kind::LittleBishop);
        assert_eq!(list.next(Kind::Queen), Kind::King);
    }

    #[test]
    fn promote_digits_drop_duplicates_and_keep_order() {
        let d = PromoteDigits::parse("5115").unwrap();
        assert_eq!(d.digits(), &[5, 1]);
        assert_eq!(d.first(), 5);
        assert_eq!(d.to_string(), "51");
    }

    #[test]
    fn invalid_promote_digits_are_rejected_with_reasons() {
        assert!(PromoteDigits::parse("")
            .unwrap_err()
            .to_string()
            .contains("empty"));
        assert!(PromoteDigits::parse("0")
            .unwrap_err()
            .to_string()
            .contains("digits 1 to 8"));
        assert!(PromoteDigits::parse("9")
            .unwrap_err()
            .to_string()
            .contains("digits 1 to 8"));
        assert!(PromoteDigits::parse("1a")
            .unwrap_err()
            .to_string()
            .contains("\"a\""));
        assert!(PromoteDigits::parse("123456781")
            .unwrap_err()
            .to_string()
            .contains("at most 8"));
        assert!(PromoteDigits::parse("12345678").is_ok());
    }
}
