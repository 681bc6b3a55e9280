//! The rules a tournament runs by, as its organiser writes them after
//! `GAME tournament create NAME` or `tournament rules NAME`: its format
//! (`-roundrobin`, `-double`, `-knockout`, `-swiss` with `-rounds:N`
//! and perhaps a round deadline `-round:DAYS`), who may join
//! (`-admission:`), how an aborted game counts (`-aborted:`), whether
//! its games are rated (`-rated`, `-unrated`), how players level on
//! points are ordered (`-tiebreak:`). Words this module does not know
//! are the switches every board is played with (a time control, the
//! game's own), which the host checks. A change names what it changes;
//! everything else stays.

use super::ladder_rules::{choice, Admission, LadderRuleError};
use super::score::AbortRule;
use super::standings::{read_tiebreaks, tiebreaks_text, TieBreak};

/// The most rounds a Swiss may have.
pub(crate) const MAX_ROUNDS: u32 = 30;
/// The longest round deadline, in days.
pub(crate) const MAX_ROUND_DAYS: u32 = 365;

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
    /// A set number of rounds, each paired by the FIDE Dutch system
    /// once the one before is over.
    Swiss,
}

impl Format {
    pub(crate) const ALL: [Format; 4] = [
        Format::RoundRobin,
        Format::DoubleRoundRobin,
        Format::Knockout,
        Format::Swiss,
    ];

    /// The switch that chooses it.
    pub(crate) fn switch(self) -> &'static str {
        match self {
            Format::RoundRobin => "-roundrobin",
            Format::DoubleRoundRobin => "-double",
            Format::Knockout => "-knockout",
            Format::Swiss => "-swiss",
        }
    }

    /// Its name in the store and in the templates.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round_robin",
            Format::DoubleRoundRobin => "double_round_robin",
            Format::Knockout => "knockout",
            Format::Swiss => "swiss",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|format| format.name() == name)
    }

    /// How players level on points are ordered where the organiser
    /// chose nothing (a knockout has no table).
    pub(crate) fn default_tiebreaks(self) -> &'static [TieBreak] {
        match self {
            Format::RoundRobin | Format::DoubleRoundRobin => {
                &[TieBreak::SonnebornBerger, TieBreak::DirectEncounter]
            }
            Format::Swiss => &[TieBreak::BuchholzCut1, TieBreak::SonnebornBerger],
            Format::Knockout => &[],
        }
    }

    /// The tie-breaks a table of this format is ranked by: those the
    /// organiser `chosen`, or the format's own.
    pub(crate) fn ranked_by(self, chosen: Option<&[TieBreak]>) -> &[TieBreak] {
        chosen.unwrap_or(self.default_tiebreaks())
    }

    fn from_switch(word: &str) -> Option<Format> {
        Format::ALL
            .into_iter()
            .find(|format| format.switch().eq_ignore_ascii_case(word))
    }
}

/// A tournament's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TournamentRules {
    pub(crate) format: Format,
    pub(crate) admission: Admission,
    /// How a game aborted before each player moved counts.
    pub(crate) aborted: AbortRule,
    pub(crate) rated: bool,
    /// The switches every board is played with.
    pub(crate) switches: Vec<String>,
    /// A Swiss's number of rounds.
    pub(crate) rounds: Option<u32>,
    /// A Swiss's round deadline in days: when it passes, the director is
    /// told of the games still running.
    pub(crate) round_days: Option<u32>,
    /// The organiser's tie-breaks; `None`: the format's own.
    pub(crate) tiebreaks: Option<Vec<TieBreak>>,
}

impl Default for TournamentRules {
    fn default() -> Self {
        TournamentRules {
            format: Format::default(),
            admission: Admission::default(),
            aborted: AbortRule::default(),
            rated: true,
            switches: Vec::new(),
            rounds: None,
            round_days: None,
            tiebreaks: None,
        }
    }
}

/// What keeps a tournament's rule words from reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TournamentRuleError {
    /// Two different formats named in one command.
    TwoFormats,
    /// A named rule with a value it does not have.
    Rule(LadderRuleError),
    /// A Swiss without its number of rounds.
    SwissNeedsRounds,
    /// A rule the format has no use for: `-rounds:` or `-round:` but for
    /// a Swiss, `-tiebreak:` for a knockout.
    NotForFormat { rule: &'static str, format: Format },
}

/// A tournament's rules as read, and whether the words named the abort
/// rule (a format that allows only some rules refuses one asked for,
/// and puts its own in place of one it inherited).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Read {
    pub(crate) rules: TournamentRules,
    pub(crate) abort_named: bool,
}

impl TournamentRules {
    /// `base` with the words applied: each rule they name changes, a
    /// switch given replaces the old one of its name, and the rest
    /// stays.
    pub(crate) fn read(
        base: &TournamentRules,
        words: &[String],
    ) -> Result<Read, TournamentRuleError> {
        let mut rules = base.clone();
        // A new format starts without the old one's own rules (a Swiss's
        // rounds), unless these words give them again.
        if words
            .iter()
            .filter_map(|word| Format::from_switch(word))
            .any(|named| named != base.format)
        {
            (rules.rounds, rules.round_days, rules.tiebreaks) = (None, None, None);
        }
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
                Some(("rounds", value)) => rules.rounds = Some(rounds(value)?),
                Some(("round", value)) => rules.round_days = Some(round_days(value)?),
                Some(("tiebreak", value)) => {
                    let order = read_tiebreaks(value).map_err(|given| {
                        let allowed = TieBreak::ALL.iter().map(|t| t.name().to_string());
                        TournamentRuleError::Rule(LadderRuleError::Choice {
                            rule: "tiebreak".to_string(),
                            given,
                            allowed: allowed.collect(),
                        })
                    })?;
                    rules.tiebreaks = Some(order);
                }
                _ => switches.push(word.clone()),
            }
        }
        rules.format = format.unwrap_or(rules.format);
        rules.switches = super::switches::merged(&rules.switches, &switches);
        rules.fits_format()?;
        Ok(Read { rules, abort_named })
    }

    /// Refuses rules the format has no use for, and a Swiss without its
    /// rounds.
    fn fits_format(&self) -> Result<(), TournamentRuleError> {
        let format = self.format;
        let misplaced = match format {
            Format::Swiss if self.rounds.is_none() => {
                return Err(TournamentRuleError::SwissNeedsRounds)
            }
            Format::Swiss => None,
            _ if self.rounds.is_some() => Some("rounds"),
            _ if self.round_days.is_some() => Some("round"),
            Format::Knockout if self.tiebreaks.is_some() => Some("tiebreak"),
            _ => None,
        };
        match misplaced {
            Some(rule) => Err(TournamentRuleError::NotForFormat { rule, format }),
            None => Ok(()),
        }
    }

    /// The tie-breaks its table is ranked by.
    #[cfg(test)]
    pub(crate) fn tiebreak_order(&self) -> &[TieBreak] {
        self.format.ranked_by(self.tiebreaks.as_deref())
    }

    /// Every rule as the words that set it, then the switches: the whole
    /// rules, as a change's notice states them.
    pub(crate) fn words(&self) -> Vec<String> {
        let mut words = vec![
            self.format.switch().to_string(),
            format!("-admission:{}", self.admission.name()),
            format!("-aborted:{}", self.aborted.name()),
            if self.rated { "-rated" } else { "-unrated" }.to_string(),
        ];
        words.extend(self.rounds.map(|rounds| format!("-rounds:{rounds}")));
        words.extend(self.round_days.map(|days| format!("-round:{days}")));
        if let Some(order) = &self.tiebreaks {
            words.push(format!("-tiebreak:{}", tiebreaks_text(order)));
        }
        words.extend(self.switches.iter().cloned());
        words
    }
}

/// `-rounds:N`, 1 to [`MAX_ROUNDS`].
fn rounds(value: &str) -> Result<u32, TournamentRuleError> {
    value
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_ROUNDS).contains(n))
        .ok_or_else(|| {
            TournamentRuleError::Rule(LadderRuleError::Rounds {
                given: value.to_string(),
                max: MAX_ROUNDS,
            })
        })
}

/// `-round:DAYS`, 1 to [`MAX_ROUND_DAYS`].
fn round_days(value: &str) -> Result<u32, TournamentRuleError> {
    value
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_ROUND_DAYS).contains(n))
        .ok_or_else(|| {
            TournamentRuleError::Rule(LadderRuleError::RoundDays {
                given: value.to_string(),
                max: MAX_ROUND_DAYS,
            })
        })
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
            ..TournamentRules::default()
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
    fn a_swiss_needs_its_rounds_and_other_formats_refuse_them() {
        let base = TournamentRules::default();
        let swiss = read(&base, "-swiss -rounds:7 -round:10 -tiebreak:buchholz,wins");
        assert_eq!(swiss.format, Format::Swiss);
        assert_eq!((swiss.rounds, swiss.round_days), (Some(7), Some(10)));
        assert_eq!(swiss.tiebreak_order(), [TieBreak::Buchholz, TieBreak::Wins]);
        assert_eq!(read(&base, &swiss.words().join(" ")), swiss);
        assert_eq!(
            TournamentRules::read(&base, &words("-swiss")),
            Err(TournamentRuleError::SwissNeedsRounds)
        );
        assert_eq!(
            TournamentRules::read(&base, &words("-rounds:5")),
            Err(TournamentRuleError::NotForFormat {
                rule: "rounds",
                format: Format::RoundRobin
            })
        );
        assert_eq!(
            TournamentRules::read(&base, &words("-knockout -tiebreak:sb")),
            Err(TournamentRuleError::NotForFormat {
                rule: "tiebreak",
                format: Format::Knockout
            })
        );
        assert!(matches!(
            TournamentRules::read(&base, &words("-swiss -rounds:0")),
            Err(TournamentRuleError::Rule(LadderRuleError::Rounds { .. }))
        ));
        // Leaving the Swiss leaves its rounds behind; the round robin
        // ranks by its own tie-breaks.
        let round_robin = read(&swiss, "-roundrobin");
        assert_eq!((round_robin.rounds, &round_robin.tiebreaks), (None, &None));
        assert_eq!(
            round_robin.tiebreak_order(),
            [TieBreak::SonnebornBerger, TieBreak::DirectEncounter]
        );
        assert_eq!(read(&swiss, "-round:3").rounds, Some(7));
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
