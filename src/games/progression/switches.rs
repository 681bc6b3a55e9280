//! The challenge switches `-list:` and `-promote:` (also with `=`; names in
//! any case, values exactly as written).

use super::list::{PromoteDigits, Template};
use crate::games::SetupError;

const VALID: &str = "-list:TEMPLATE and -promote:DIGITS";

/// What a game is set up with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    pub template: Template,
    pub promote: PromoteDigits,
}

impl Setup {
    pub fn parse(switches: &[String]) -> Result<Setup, SetupError> {
        let mut setup = Setup::default();
        let mut seen_list = false;
        let mut seen_promote = false;
        for switch in switches {
            let err = |message: String| SetupError(message);
            let body = switch.strip_prefix('-').ok_or_else(|| {
                err(format!(
                    "{switch:?} is not a switch; Progression Chess takes {VALID}"
                ))
            })?;
            let Some(split) = body.find([':', '=']) else {
                return Err(err(format!(
                    "{switch:?} needs a value after ':' or '='; Progression Chess takes {VALID}"
                )));
            };
            let (name, value) = (&body[..split], &body[split + 1..]);
            match name.to_ascii_lowercase().as_str() {
                "list" => {
                    if std::mem::replace(&mut seen_list, true) {
                        return Err(err("-list: is given twice".into()));
                    }
                    setup.template = Template::parse(value).map_err(err)?;
                }
                "promote" => {
                    if std::mem::replace(&mut seen_promote, true) {
                        return Err(err("-promote: is given twice".into()));
                    }
                    setup.promote = PromoteDigits::parse(value).map_err(err)?;
                }
                _ => {
                    return Err(err(format!(
                        "unknown switch -{name}; Progression Chess takes {VALID}"
                    )))
                }
            }
        }
        Ok(setup)
    }

    /// Canonical form, always both switches, so a stored game replays
    /// the same whatever the defaults become.
    pub fn to_switches(&self) -> Vec<String> {
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
        let err = parse("-colour:white").unwrap_err().0;
        assert!(err.contains("-colour") && err.contains("-list:") && err.contains("-promote:"));
        let err = parse("list:xxxx").unwrap_err().0;
        assert!(err.contains("not a switch"), "{err}");
        let err = parse("-list").unwrap_err().0;
        assert!(err.contains("needs a value"), "{err}");
    }

    #[test]
    fn invalid_values_reject_the_challenge_with_the_reason() {
        assert!(parse("-list:").unwrap_err().0.contains("empty"));
        assert!(parse("-list:zzz").unwrap_err().0.contains("z's"));
        assert!(parse("-promote:09").unwrap_err().0.contains("1 to 8"));
        assert!(parse("-list:x -list:x").unwrap_err().0.contains("twice"));
    }
}
