//! The rules a tournament runs by, as its organiser writes them after
//! `GAME tournament create NAME` or `tournament rules NAME`: its format
//! (`-double`, `-knockout`, `-roundrobin`), who may join
//! (`-admission:`) and how an aborted game counts (`-aborted:`). Words
//! this module does not know are the switches every board is played with
//! (`-rated`, a time control, the game's own), which the host checks.

use super::ladder_rules::{choice, Admission, LadderRuleError};
use super::score::AbortRule;

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
    /// The switch that chooses it.
    pub fn switch(self) -> &'static str {
        match self {
            Format::RoundRobin => "-roundrobin",
            Format::DoubleRoundRobin => "-double",
            Format::Knockout => "-knockout",
        }
    }

    fn from_switch(word: &str) -> Option<Format> {
        [
            Format::RoundRobin,
            Format::DoubleRoundRobin,
            Format::Knockout,
        ]
        .into_iter()
        .find(|format| format.switch().eq_ignore_ascii_case(word))
    }
}

/// A tournament's rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentRules {
    pub format: Format,
    pub admission: Admission,
    /// How a game aborted before each player moved counts.
    pub aborted: AbortRule,
    /// The switches every board is played with.
    pub switches: Vec<String>,
}

/// What keeps a tournament's rule words from reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRuleError {
    /// Two different formats named in one command.
    TwoFormats,
    /// `-aborted:void` for a knockout: a player who would not play could
    /// stall his match for ever, each void game being played again.
    KnockoutVoid,
    /// A named rule with a value it does not have.
    Rule(LadderRuleError),
}

impl TournamentRules {
    /// `base` with the words applied. When the words name any switch,
    /// those switches replace `base`'s: a change states the switches in
    /// full rather than adding to them.
    pub fn read(base: &TournamentRules, words: &[String]) -> Result<Self, TournamentRuleError> {
        let mut rules = base.clone();
        let mut format = None;
        let mut switches = Vec::new();
        for word in words {
            if let Some(named) = Format::from_switch(word) {
                if format.is_some_and(|before| before != named) {
                    return Err(TournamentRuleError::TwoFormats);
                }
                format = Some(named);
                continue;
            }
            let lower = word.to_ascii_lowercase();
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
                }
                _ => switches.push(word.clone()),
            }
        }
        rules.format = format.unwrap_or(rules.format);
        if !switches.is_empty() {
            rules.switches = switches;
        }
        if rules.format == Format::Knockout && rules.aborted == AbortRule::Void {
            let asked = words
                .iter()
                .any(|word| word.eq_ignore_ascii_case("-aborted:void"));
            if asked {
                return Err(TournamentRuleError::KnockoutVoid);
            }
            // A knockout must decide every match (see KnockoutVoid),
            // whatever the host's default or an earlier format's rule.
            rules.aborted = AbortRule::RefuserLoses;
        }
        Ok(rules)
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
        let rules = TournamentRules::read(
            &TournamentRules::default(),
            &words("-double -admission:approval -aborted:void -unrated -tc:5d"),
        )
        .unwrap();
        assert_eq!(rules.format, Format::DoubleRoundRobin);
        assert_eq!(rules.admission, Admission::Approval);
        assert_eq!(rules.aborted, AbortRule::Void);
        assert_eq!(rules.switches, words("-unrated -tc:5d"));
    }

    #[test]
    fn a_change_keeps_what_it_does_not_name_and_replaces_the_switches() {
        let base = TournamentRules {
            format: Format::DoubleRoundRobin,
            admission: Admission::Invitation,
            aborted: AbortRule::Void,
            switches: words("-unrated -tc:5d"),
        };
        let kept = TournamentRules::read(&base, &words("-admission:open")).unwrap();
        assert_eq!(kept.format, Format::DoubleRoundRobin);
        assert_eq!(kept.switches, base.switches);
        let replaced = TournamentRules::read(&base, &words("-roundrobin -tc:3d")).unwrap();
        assert_eq!(replaced.format, Format::RoundRobin);
        assert_eq!(replaced.aborted, AbortRule::Void);
        assert_eq!(replaced.switches, words("-tc:3d"));
    }

    #[test]
    fn a_knockout_counts_an_aborted_game_as_lost_by_the_player_who_would_not_play() {
        let void = TournamentRules {
            aborted: AbortRule::Void,
            ..TournamentRules::default()
        };
        let knockout = TournamentRules::read(&void, &words("-knockout")).unwrap();
        assert_eq!(knockout.aborted, AbortRule::RefuserLoses);
        assert_eq!(
            TournamentRules::read(&void, &words("-knockout -aborted:void")),
            Err(TournamentRuleError::KnockoutVoid)
        );
        assert_eq!(
            TournamentRules::read(&knockout, &words("-aborted:void")),
            Err(TournamentRuleError::KnockoutVoid)
        );
        let round_robin = TournamentRules::read(&knockout, &words("-roundrobin -aborted:void"));
        assert_eq!(round_robin.unwrap().aborted, AbortRule::Void);
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
