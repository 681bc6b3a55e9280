//! The challenge switches `-list:` and `-promote:` (also with `=`; names in
//! any case, values exactly as written).

use super::list::{PromoteDigits, Template};
use crate::games::{GameKind, SetupError};

/// What a game is set up with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Setup {
    pub(crate) template: Template,
    pub(crate) promote: PromoteDigits,
}

impl Setup {
    pub(crate) fn parse(switches: &[String]) -> Result<Setup, SetupError> {
        let mut setup = Setup::default();
        let mut seen_list = false;
        let mut seen_promote = false;
        for switch in switches {
            let game = GameKind::Progression;
            let body = switch
                .strip_prefix('-')
                .ok_or_else(|| SetupError::NotASwitch {
                    game,
                    switch: switch.clone(),
                })?;
            let Some(split) = body.find([':', '=']) else {
                return Err(SetupError::NeedsValue {
                    game,
                    switch: switch.clone(),
                });
            };
            let (name, value) = (&body[..split], &body[split + 1..]);
            match name.to_ascii_lowercase().as_str() {
                "list" => {
                    if std::mem::replace(&mut seen_list, true) {
                        return Err(SetupError::GivenTwice {
                            switch: "-list:".into(),
                        });
                    }
                    setup.template = Template::parse(value)?;
                }
                "promote" => {
                    if std::mem::replace(&mut seen_promote, true) {
                        return Err(SetupError::GivenTwice {
                            switch: "-promote:".into(),
                        });
                    }
                    setup.promote = PromoteDigits::parse(value)?;
                }
                _ => {
                    return Err(SetupError::UnknownSwitch {
                        game,
                        switch: switch.clone(),
                    })
                }
            }
        }
        Ok(setup)
    }

    /// Canonical form, always both switches, so a stored game replays
    /// the same whatever the defaults become.
    pub(crate) fn to_switches(self) -> Vec<String> {
        vec![
            format!("-list:{}", self.template),
            format!("-promote:{}", self.promote),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Setup, SetupError> {
        let switches: Vec<String> = text.split_whitespace().map(String::from).collect();
        Setup::parse(&switches)
    }

    #[test]
    fn no_switches_mean_free_lists_and_promotion_to_the_first_kind() {
        let setup = parse("").unwrap();
        assert_eq!(setup.to_switches(), ["-list:xxxxxxxx", "-promote:1"]);
    }

    #[test]
    fn switch_names_ignore_case_and_accept_equals_values_keep_case() {
        let setup = parse("-LIST=nbNBrRQK -Promote:15").unwrap();
        assert_eq!(setup.to_switches(), ["-list:nbNBrRQK", "-promote:15"]);
    }

    #[test]
    fn unknown_switch_names_the_valid_ones() {
        let err = parse("-colour:white").unwrap_err().to_string();
        assert!(err.contains("-colour") && err.contains("-list:") && err.contains("-promote:"));
        let err = parse("list:xxxx").unwrap_err().to_string();
        assert!(err.contains("not a switch"), "{err}");
        let err = parse("-list").unwrap_err().to_string();
        assert!(err.contains("needs a value"), "{err}");
    }

    #[test]
    fn invalid_values_reject_the_challenge_with_the_reason() {
        assert!(parse("-list:").unwrap_err().to_string().contains("empty"));
        assert!(parse("-list:zzz").unwrap_err().to_string().contains("z's"));
        assert!(parse("-promote:09")
            .unwrap_err()
            .to_string()
            .contains("1 to 8"));
        assert!(parse("-list:x -list:x")
            .unwrap_err()
            .to_string()
            .contains("twice"));
    }
}
