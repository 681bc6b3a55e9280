//! The rules a tournament runs by, as its organiser writes them after
//! `GAME tournament create NAME` or `tournament rules NAME`: its format
//! (`-roundrobin`, `-double`, `-knockout`), who may join
//! (`-admission:`), how an aborted game counts (`-aborted:`), whether
//! its games are rated (`-rated`, `-unrated`). Words this module does
//! not know are the switches every board is played with (a time
//! control, the game's own), which the host checks. A change names what
//! it changes; everything else stays.

use super::ladder_rules::{choice, Admission, LadderRuleError};
use super::score::AbortRule;

/// How a tournament pairs its players: the formats the host runs, each
/// with the word that chooses it and the name the store and the
/// templates know it by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// Everyone plays everyone once.
    #[default]
    RoundRobin,
    /// Everyone plays everyone twice, colours reversed.
    DoubleRoundRobin,
    /// Seeded by rating, two-game matches, the winners go through.
    Knockout,
}

impl Format {
    pub const ALL: [Format; 3] = [
        Format::RoundRobin,
        Format::DoubleRoundRobin,
        Format::Knockout,
    ];

    /// The switch that chooses it.
    pub fn switch(self) -> &'static str {
        match self {
            Format::RoundRobin => "-roundrobin",
            Format::DoubleRoundRobin => "-double",
            Format::Knockout => "-knockout",
        }
    }

    /// Its name in the store and in the templates.
    pub fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round_robin",
            Format::DoubleRoundRobin => "double_round_robin",
            Format::Knockout => "knockout",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|format| format.name() == name)
    }

    fn from_switch(word: &str) -> Option<Format> {
        Format::ALL
            .into_iter()
            .find(|format| format.switch().eq_ignore_ascii_case(word))
    }
}

/// A tournament's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRules {
    pub format: Format,
    pub admission: Admission,
    /// How a game aborted before each player moved counts.
    pub aborted: AbortRule,
    pub rated: bool,
    /// The switches every board is played with.
    pub switches: Vec<String>,
}

impl Default for TournamentRules {
    fn default() -> Self {
        TournamentRules {
            format: Format::default(),
            admission: Admission::default(),
            aborted: AbortRule::default(),
            rated: true,
            switches: Vec::new(),
        }
    }
}

/// What keeps a tournament's rule words from reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRuleError {
    /// Two different formats named in one command.
    TwoFormats,
    /// A named rule with a value it does not have.
    Rule(LadderRuleError),
}

/// A tournament's rules as read, and whether the words named the abort
/// rule (a format that allows only some rules refuses one asked for,
/// and puts its own in place of one it inherited).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    pub rules: TournamentRules,
    pub abort_named: bool,
}

impl TournamentRules {
    /// `base` with the words applied: each rule they name changes, a
    /// switch given replaces the old one of its name, and the rest
    /// stays.
    pub fn read(base: &TournamentRules, words: &[String]) -> Result<Read, TournamentRuleError> {
        let mut rules = base.clone();
        let mut format = None;
        let mut switches = Vec::new();
        let mut abort_named = false;
        for word in words {
            if let Some(named) = Format::from_switch(word) {
                if format.is_some_and(|before| before != named) {
                    return Err(TournamentRuleError::TwoFormats);
                }
                format = Some(named);
                continue;
            }
            let lower = word.to_ascii_lowercase();
            match lower.as_str() {
                "-rated" => {
                    rules.rated = true;
                    continue;
                }
                "-unrated" => {
                    rules.rated = false;
                    continue;
                }
                _ => {}
            }
            match lower
                .strip_prefix('-')
                .and_then(|rest| rest.split_once(':'))
            {
                Some(("admission", value)) => {
                    let names = ["open", "approval", "invitation"];
                    rules.admission = choice("admission", value, Admission::from_name, &names)
                        .map_err(TournamentRuleError::Rule)?;
                }
                Some(("aborted", value)) => {
                    let names = ["loss", "void"];
                    rules.aborted = choice("aborted", value, AbortRule::from_name, &names)
                        .map_err(TournamentRuleError::Rule)?;
                    abort_named = true;
                }
                _ => switches.push(word.clone()),
            }
        }
        rules.format = format.unwrap_or(rules.format);
        rules.switches = super::switches::merged(&rules.switches, &switches);
        Ok(Read { rules, abort_named })
    }

    /// Every rule as the words that set it, then the switches: the whole
    /// rules, as a change's notice states them.
    pub fn words(&self) -> Vec<String> {
        let mut words = vec![
            self.format.switch().to_string(),
            format!("-admission:{}", self.admission.name()),
            format!("-aborted:{}", self.aborted.name()),
            if self.rated { "-rated" } else { "-unrated" }.to_string(),
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

    fn read(base: &TournamentRules, text: &str) -> TournamentRules {
        TournamentRules::read(base, &words(text)).unwrap().rules
    }

    #[test]
    fn rule_words_set_rules_and_the_rest_are_switches() {
        let rules = read(
            &TournamentRules::default(),
            "-double -admission:approval -aborted:void -unrated -tc:5d",
        );
        assert_eq!(rules.format, Format::DoubleRoundRobin);
        assert_eq!(rules.admission, Admission::Approval);
        assert_eq!(rules.aborted, AbortRule::Void);
        assert!(!rules.rated);
        assert_eq!(rules.switches, words("-tc:5d"));
    }

    #[test]
    fn a_change_keeps_what_it_does_not_name() {
        let base = TournamentRules {
            format: Format::DoubleRoundRobin,
            admission: Admission::Invitation,
            aborted: AbortRule::Void,
            rated: false,
            switches: words("--forfeittime=14 -list:nbNBrRQK"),
        };
        let kept = read(&base, "-admission:open");
        assert_eq!(kept.format, Format::DoubleRoundRobin);
        assert_eq!(kept.switches, base.switches);
        // A time option given anew replaces its old value and nothing
        // else: the tournament stays unrated.
        let forfeit = read(&base, "--forfeittime=9");
        assert!(!forfeit.rated);
        assert_eq!(forfeit.switches, words("--forfeittime=9 -list:nbNBrRQK"));
        assert_eq!(
            forfeit.words(),
            words("-double -admission:invitation -aborted:void -unrated --forfeittime=9 -list:nbNBrRQK")
        );
        let replaced = read(&base, "-roundrobin -rated");
        assert_eq!(replaced.format, Format::RoundRobin);
        assert!(replaced.rated);
        assert_eq!(replaced.aborted, AbortRule::Void);
    }

    #[test]
    fn the_words_read_back_to_the_same_rules_and_say_whether_the_abort_rule_was_named() {
        let rules = read(
            &TournamentRules::default(),
            "-knockout -unrated --nagtime=3",
        );
        assert_eq!(
            read(&TournamentRules::default(), &rules.words().join(" ")),
            rules
        );
        let base = TournamentRules::default();
        assert!(
            TournamentRules::read(&base, &words("-aborted:void"))
                .unwrap()
                .abort_named
        );
        assert!(
            !TournamentRules::read(&base, &words("-knockout"))
                .unwrap()
                .abort_named
        );
        for format in Format::ALL {
            assert_eq!(Format::from_name(format.name()), Some(format));
        }
    }

    #[test]
    fn two_formats_or_an_unknown_choice_do_not_read() {
        let base = TournamentRules::default();
        assert_eq!(
            TournamentRules::read(&base, &words("-double -knockout")),
            Err(TournamentRuleError::TwoFormats)
        );
        assert!(TournamentRules::read(&base, &words("-double -DOUBLE")).is_ok());
        assert_eq!(
            TournamentRules::read(&base, &words("-admission:friends")),
            Err(TournamentRuleError::Rule(LadderRuleError::Choice {
                rule: "admission".into(),
                given: "friends".into(),
                allowed: vec!["open".into(), "approval".into(), "invitation".into()],
            }))
        );
        assert!(matches!(
            TournamentRules::read(&base, &words("-aborted:draw")),
            Err(TournamentRuleError::Rule(LadderRuleError::Choice { .. }))
        ));
    }
}
