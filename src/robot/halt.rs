//! When a search must end before its own time is up. The robot does not
//! know why: its caller hands it a flag it sets from elsewhere (a daemon
//! sets one on SIGTERM) and a moment (the end of a look's budget).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A stop condition for a search: due once its flag is set or its
/// moment has come, whichever is first; never due without either.
#[derive(Clone, Copy, Debug, Default)]
pub struct Halt<'a> {
    flag: Option<&'a AtomicBool>,
    deadline: Option<Instant>,
}

impl<'a> Halt<'a> {
    /// A search that ends only at its own time.
    pub fn never() -> Halt<'a> {
        Halt::default()
    }

    /// Due once `flag` is set.
    pub fn on(flag: &'a AtomicBool) -> Halt<'a> {
        Halt {
            flag: Some(flag),
            deadline: None,
        }
    }

    /// The same, and due at `deadline` too (the earlier of two moments).
    pub(crate) fn by(self, deadline: Instant) -> Halt<'a> {
        let deadline = Some(self.deadline.map_or(deadline, |own| own.min(deadline)));
        Halt { deadline, ..self }
    }

    /// Whether the search must end now.
    pub fn is_due(&self) -> bool {
        self.flag.is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn due_on_its_flag_or_its_moment_and_never_without_either() {
        assert!(!Halt::never().is_due());
        let flag = AtomicBool::new(false);
        let halt = Halt::on(&flag);
        assert!(!halt.is_due());
        flag.store(true, Ordering::Relaxed);
        assert!(halt.is_due());
        let later = Instant::now() + Duration::from_secs(3600);
        assert!(!Halt::never().by(later).is_due());
        assert!(Halt::never().by(later).by(Instant::now()).is_due());
    }
}
