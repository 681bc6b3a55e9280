//! A fixed-width unsigned integer of `L` 64-bit limbs: the pairing
//! weights pack every criterion, most important first, into one number
//! (hundreds of bits for a large Swiss), so that comparing two matchings'
//! weights compares their criteria in order. Arithmetic wraps, as the
//! matching keeps every value it computes within range.

use std::cmp::Ordering;

/// An unsigned integer of `L` limbs, least significant first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Wide<L> {
    pub(crate) const ZERO: Self = Wide([0; L]);

    /// The bits this width holds.
    pub(crate) const BITS: u32 = 64 * L as u32;

    pub(crate) fn from_u64(value: u64) -> Self {
        let mut limbs = [0; L];
        if L > 0 {
            limbs[0] = value;
        }
        Wide(limbs)
    }

    /// The number with only bit `at` set (zero if `at` is out of range).
    pub(crate) fn bit(at: u32) -> Self {
        let mut limbs = [0; L];
        let limb = (at / 64) as usize;
        if limb < L {
            limbs[limb] = 1 << (at % 64);
        }
        Wide(limbs)
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.0.iter().all(|&limb| limb == 0)
    }

    pub(crate) fn wrapping_add(&self, other: &Self) -> Self {
        let mut sum = [0; L];
        let mut carry = false;
        for (at, limb) in sum.iter_mut().enumerate() {
            let (partial, first) = self.0[at].overflowing_add(other.0[at]);
            let (total, second) = partial.overflowing_add(u64::from(carry));
            *limb = total;
            carry = first || second;
        }
        Wide(sum)
    }

    pub(crate) fn wrapping_sub(&self, other: &Self) -> Self {
        let mut difference = [0; L];
        let mut borrow = false;
        for (at, limb) in difference.iter_mut().enumerate() {
            let (partial, first) = self.0[at].overflowing_sub(other.0[at]);
            let (total, second) = partial.overflowing_sub(u64::from(borrow));
            *limb = total;
            borrow = first || second;
        }
        Wide(difference)
    }

    /// The number shifted `by` bits towards the most significant end;
    /// bits shifted past the width are lost.
    pub(crate) fn shl(&self, by: u32) -> Self {
        let limbs = (by / 64) as usize;
        let bits = by % 64;
        let mut shifted = [0; L];
        for at in (limbs..L).rev() {
            let from = at - limbs;
            let mut limb = self.0[from] << bits;
            if bits > 0 && from > 0 {
                limb |= self.0[from - 1] >> (64 - bits);
            }
            shifted[at] = limb;
        }
        Wide(shifted)
    }

    /// Half the number, rounded down.
    pub(crate) fn half(&self) -> Self {
        let mut halved = [0; L];
        for (at, limb) in halved.iter_mut().enumerate() {
            let high = if at + 1 < L { self.0[at + 1] << 63 } else { 0 };
            *limb = (self.0[at] >> 1) | high;
        }
        Wide(halved)
    }

    /// The number with a new field of `width` bits appended below it,
    /// holding `value`: how a weight is built, most important field first.
    pub(crate) fn push_field(&self, width: u32, value: &Self) -> Self {
        self.shl(width).wrapping_add(value)
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        for at in (0..L).rev() {
            match self.0[at].cmp(&other.0[at]) {
                Ordering::Equal => continue,
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type W = Wide<3>;

    fn value(low: u64, middle: u64, high: u64) -> W {
        Wide([low, middle, high])
    }

    #[test]
    fn addition_and_subtraction_carry_across_limbs() {
        let max_low = value(u64::MAX, 0, 0);
        let one = W::from_u64(1);
        assert_eq!(max_low.wrapping_add(&one), value(0, 1, 0));
        assert_eq!(value(0, 1, 0).wrapping_sub(&one), max_low);
        assert_eq!(W::ZERO.wrapping_sub(&one).wrapping_add(&one), W::ZERO);
    }

    #[test]
    fn shifts_move_bits_across_limbs_and_halving_undoes_doubling() {
        assert_eq!(W::from_u64(1).shl(64), value(0, 1, 0));
        assert_eq!(W::from_u64(3).shl(63), value(1 << 63, 1, 0));
        assert_eq!(W::from_u64(1).shl(191), W::bit(191));
        assert_eq!(W::from_u64(1).shl(192), W::ZERO);
        assert_eq!(value(1 << 63, 1, 0).half(), value(3 << 62, 0, 0));
        let odd = value(5, 9, 7);
        assert_eq!(odd.shl(1).half(), odd);
    }

    #[test]
    fn order_compares_the_most_significant_limb_first() {
        assert!(value(0, 0, 1) > value(u64::MAX, u64::MAX, 0));
        assert!(value(2, 1, 0) > value(1, 1, 0));
        assert_eq!(value(4, 4, 4).cmp(&value(4, 4, 4)), Ordering::Equal);
    }

    #[test]
    fn fields_pushed_later_weigh_less() {
        let high = W::from_u64(1).push_field(70, &W::ZERO);
        let low = W::ZERO.push_field(70, &W::bit(69));
        assert!(high > low);
    }
}
