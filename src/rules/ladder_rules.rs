//! The rules a ladder runs by, as its director writes them after `GAME
//! ladder create NAME`: how far up a challenge reaches, when and how an
//! absent player drops, who may join, how many ladder challenges a
//! player may have open, and how an aborted game counts. Words this
//! module does not know are the switches every game of the ladder is
//! played with (the game's own, a time control, `-rated`), which the
//! host checks.

use super::score::AbortRule;

const DAY: i64 = 24 * 3600;

/// The farthest a ladder may let a challenge reach.
pub(crate) const MAX_REACH: usize = 50;
/// The most ladder challenges a ladder may let one player have open.
pub(crate) const MAX_OPEN: usize = 10;
/// The longest period of absence a ladder may set, in days.
pub(crate) const MAX_INACTIVE_DAYS: i64 = 365;

/// Who may join a ladder or a tournament.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Admission {
    /// Anyone, by `join`.
    #[default]
    Open,
    /// A `join` asks; the director admits.
    Approval,
    /// Only a player the director invited may join.
    Invitation,
}

/// What a player's absence does once his period without a ladder game
/// runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Inactivity {
    /// He drops a place for each period, below the next player who is
    /// not absent too.
    #[default]
    Drop,
    /// He leaves the ladder.
    Remove,
}

macro_rules! named {
    ($type:ty { $($variant:ident => $name:literal),* $(,)? }) => {
        impl $type {
            /// The name a rule word and the listings use.
            pub(crate) fn name(self) -> &'static str {
                match self { $(Self::$variant => $name),* }
            }

            pub(crate) fn from_name(name: &str) -> Option<Self> {
                [$(Self::$variant),*]
                    .into_iter()
                    .find(|value| value.name().eq_ignore_ascii_case(name))
            }
        }
    };
}

named!(Admission { Open => "open", Approval => "approval", Invitation => "invitation" });
named!(Inactivity { Drop => "drop", Remove => "remove" });

/// A ladder's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LadderRules {
    /// A player may challenge at most this many places above him.
    pub(crate) reach: usize,
    /// A player without a ladder game this long is absent; `None`:
    /// nobody ever is.
    pub(crate) inactive_after: Option<i64>,
    pub(crate) inactivity: Inactivity,
    pub(crate) admission: Admission,
    /// The most ladder games a player may have running at once.
    pub(crate) max_open: usize,
    /// How a game aborted before each player moved counts: declining
    /// and not moving cost the same.
    pub(crate) aborted: AbortRule,
    /// The switches every game of the ladder is played with.
    pub(crate) switches: Vec<String>,
}

impl Default for LadderRules {
    fn default() -> Self {
        LadderRules {
            reach: 3,
            inactive_after: Some(30 * DAY),
            inactivity: Inactivity::Drop,
            admission: Admission::Open,
            max_open: 1,
            aborted: AbortRule::default(),
            switches: Vec::new(),
        }
    }
}

/// A rule word that does not read.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LadderRuleError {
    /// `-reach:N` with N outside 1..=MAX_REACH.
    Reach { given: String, max: usize },
    /// `-inactive:DAYS` with DAYS outside 1..=MAX_INACTIVE_DAYS, nor `never`.
    Inactive { given: String, max: i64 },
    /// `-open:N` with N outside 1..=MAX_OPEN.
    Open { given: String, max: usize },
    /// A Swiss's `-rounds:N` with N outside 1..=max.
    Rounds { given: String, max: u32 },
    /// A Swiss's `-round:DAYS` with DAYS outside 1..=max.
    RoundDays { given: String, max: u32 },
    /// A named rule (`-admission:`, `-inactivity:`, `-aborted:`) with a
    /// value it does not have; `allowed` are those it has.
    Choice {
        rule: String,
        given: String,
        allowed: Vec<String>,
    },
}

impl std::fmt::Display for LadderRuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LadderRuleError::Reach { given, max } => {
                write!(f, "-reach takes 1 to {max} places, not {given:?}")
            }
            LadderRuleError::Inactive { given, max } => {
                write!(f, "-inactive takes 1 to {max} days or never, not {given:?}")
            }
            LadderRuleError::Open { given, max } => {
                write!(f, "-open takes 1 to {max} games, not {given:?}")
            }
            LadderRuleError::Rounds { given, max } => {
                write!(f, "-rounds takes 1 to {max} rounds, not {given:?}")
            }
            LadderRuleError::RoundDays { given, max } => {
                write!(f, "-round takes 1 to {max} days, not {given:?}")
            }
            LadderRuleError::Choice {
                rule,
                given,
                allowed,
            } => write!(f, "-{rule} takes {}, not {given:?}", allowed.join(" or ")),
        }
    }
}

fn number<T: std::str::FromStr + PartialOrd + From<u8>>(value: &str, max: T) -> Option<T> {
    value
        .parse::<T>()
        .ok()
        .filter(|n| *n >= T::from(1) && *n <= max)
}

/// The value `from_name` reads, or the error naming the values `names`.
pub(super) fn choice<T>(
    rule: &str,
    value: &str,
    from_name: fn(&str) -> Option<T>,
    names: &[&str],
) -> Result<T, LadderRuleError> {
    from_name(value).ok_or_else(|| LadderRuleError::Choice {
        rule: rule.to_string(),
        given: value.to_string(),
        allowed: names.iter().map(|name| name.to_string()).collect(),
    })
}

impl LadderRules {
    /// `base` with the rule words among `words` applied, in order; the
    /// other words are the ladder's switches, each in place of the old
    /// one of its name (`rules::switches`), the rest kept.
    pub(crate) fn read(
        base: &LadderRules,
        words: &[String],
    ) -> Result<LadderRules, LadderRuleError> {
        let mut rules = base.clone();
        let mut switches = Vec::new();
        for word in words {
            let lower = word.to_ascii_lowercase();
            let Some((rule, value)) = lower
                .strip_prefix('-')
                .and_then(|rest| rest.split_once(':'))
            else {
                switches.push(word.clone());
                continue;
            };
            match rule {
                "reach" => {
                    rules.reach = number(value, MAX_REACH).ok_or(LadderRuleError::Reach {
                        given: value.to_string(),
                        max: MAX_REACH,
                    })?
                }
                "inactive" if value == "never" => rules.inactive_after = None,
                "inactive" => {
                    let days =
                        number(value, MAX_INACTIVE_DAYS).ok_or(LadderRuleError::Inactive {
                            given: value.to_string(),
                            max: MAX_INACTIVE_DAYS,
                        })?;
                    rules.inactive_after = Some(days * DAY);
                }
                "open" => {
                    rules.max_open = number(value, MAX_OPEN).ok_or(LadderRuleError::Open {
                        given: value.to_string(),
                        max: MAX_OPEN,
                    })?
                }
                "admission" => {
                    let names = ["open", "approval", "invitation"];
                    rules.admission = choice(rule, value, Admission::from_name, &names)?;
                }
                "inactivity" => {
                    let names = ["drop", "remove"];
                    rules.inactivity = choice(rule, value, Inactivity::from_name, &names)?;
                }
                "aborted" => {
                    rules.aborted = choice(rule, value, AbortRule::from_name, &["loss", "void"])?;
                }
                _ => switches.push(word.clone()),
            }
        }
        rules.switches = super::switches::merged(&rules.switches, &switches);
        Ok(rules)
    }

    /// Every rule as the words that set it, then the switches: what a
    /// ladder stores, so that it keeps its rules when the host's
    /// defaults change.
    pub(crate) fn words(&self) -> Vec<String> {
        let inactive = match self.inactive_after {
            Some(after) => (after / DAY).to_string(),
            None => "never".to_string(),
        };
        let mut words = vec![
            format!("-reach:{}", self.reach),
            format!("-inactive:{inactive}"),
            format!("-inactivity:{}", self.inactivity.name()),
            format!("-admission:{}", self.admission.name()),
            format!("-open:{}", self.max_open),
            format!("-aborted:{}", self.aborted.name()),
        ];
        words.extend(self.switches.iter().cloned());
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn rule_words_set_rules_and_the_rest_are_switches() {
        let rules = LadderRules::read(
            &LadderRules::default(),
            &words("-reach:5 -inactive:14 -inactivity:remove -admission:Approval -open:2 -aborted:void -unrated -time:7d"),
        )
        .unwrap();
        assert_eq!(rules.reach, 5);
        assert_eq!(rules.inactive_after, Some(14 * DAY));
        assert_eq!(rules.inactivity, Inactivity::Remove);
        assert_eq!(rules.admission, Admission::Approval);
        assert_eq!(rules.max_open, 2);
        assert_eq!(rules.aborted, AbortRule::Void);
        assert_eq!(rules.switches, words("-unrated -time:7d"));
        let never = LadderRules::read(&rules, &words("-inactive:never")).unwrap();
        assert_eq!(never.inactive_after, None);
    }

    #[test]
    fn a_change_replaces_only_the_switches_it_names() {
        let unrated = LadderRules::read(
            &LadderRules::default(),
            &words("-unrated --forfeittime=14 -list:nbNBrRQK"),
        )
        .unwrap();
        let changed = LadderRules::read(&unrated, &words("--forfeittime=9 -reach:2")).unwrap();
        assert_eq!(
            changed.switches,
            words("-unrated --forfeittime=9 -list:nbNBrRQK")
        );
        assert_eq!(changed.reach, 2);
    }

    #[test]
    fn stored_words_read_back_to_the_same_rules() {
        let rules = LadderRules::read(
            &LadderRules::default(),
            &words("-reach:2 -inactive:never -admission:invitation -list:nbNBrRQK"),
        )
        .unwrap();
        let again = LadderRules::read(&LadderRules::default(), &rules.words()).unwrap();
        assert_eq!(again, rules);
    }

    #[test]
    fn rule_words_out_of_range_are_refused_with_what_they_take() {
        let base = LadderRules::default();
        for (text, expected) in [
            ("-reach:0", "-reach takes 1 to 50 places"),
            ("-reach:x", "-reach takes 1 to 50 places"),
            ("-inactive:400", "-inactive takes 1 to 365 days or never"),
            ("-open:11", "-open takes 1 to 10 games"),
            (
                "-admission:friends",
                "-admission takes open or approval or invitation",
            ),
            ("-aborted:win", "-aborted takes loss or void"),
            ("-inactivity:stay", "-inactivity takes drop or remove"),
        ] {
            let err = LadderRules::read(&base, &words(text)).unwrap_err();
            assert!(err.to_string().starts_with(expected), "{text}: {err}");
        }
    }
}
