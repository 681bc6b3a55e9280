//! A request's target read strictly: its path split into words and its
//! query into names and values, percent-decoded, each bounded in size.

use super::PageError;

/// The longest request target taken, in bytes.
pub(crate) const MAX_TARGET: usize = 2048;
/// The most query parameters taken.
const MAX_PARAMS: usize = 12;
/// The longest value of one, in bytes.
const MAX_VALUE: usize = 64;

/// A request's target: `/board/101?ply=3` is `["board", "101"]` with
/// `ply` = `3`.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Target {
    pub(crate) path: Vec<String>,
    params: Vec<(String, String)>,
}

impl Target {
    pub(crate) fn parse(target: &str) -> Result<Target, PageError> {
        if target.len() > MAX_TARGET {
            return Err(PageError::BadRequest("the address is too long".into()));
        }
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let path = path.strip_prefix('/').ok_or(PageError::NotFound)?;
        let path = path
            .split('/')
            .filter(|word| !word.is_empty())
            .map(decode)
            .collect::<Result<Vec<_>, _>>()?;
        let mut params = Vec::new();
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let name = decode(name)?;
            let value = decode(value)?;
            if value.len() > MAX_VALUE || name.len() > MAX_VALUE {
                return Err(PageError::BadRequest(format!("{name} is too long")));
            }
            if params.iter().any(|(known, _)| *known == name) {
                return Err(PageError::BadRequest(format!("{name} is given twice")));
            }
            params.push((name, value));
        }
        if params.len() > MAX_PARAMS {
            return Err(PageError::BadRequest("too many parameters".into()));
        }
        Ok(Target { path, params })
    }

    /// The value of `name`, when given and not empty.
    pub(crate) fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, value)| value.trim())
            .filter(|value| !value.is_empty())
    }

    /// Refuses any parameter but `allowed`, so a misspelt filter is not
    /// silently ignored.
    pub(crate) fn only(&self, allowed: &[&str]) -> Result<(), PageError> {
        match self
            .params
            .iter()
            .find(|(name, _)| !allowed.contains(&name.as_str()))
        {
            Some((name, _)) => Err(PageError::BadRequest(format!(
                "this page takes no parameter {name:?}; it takes: {}",
                if allowed.is_empty() {
                    "none".to_string()
                } else {
                    allowed.join(", ")
                }
            ))),
            None => Ok(()),
        }
    }

    /// A whole number parameter in `range`.
    pub(crate) fn number(
        &self,
        name: &str,
        range: std::ops::RangeInclusive<i64>,
    ) -> Result<Option<i64>, PageError> {
        let Some(text) = self.param(name) else {
            return Ok(None);
        };
        match text.parse::<i64>() {
            Ok(number) if range.contains(&number) => Ok(Some(number)),
            _ => Err(PageError::BadRequest(format!(
                "{name} must be a whole number from {} to {}",
                range.start(),
                range.end()
            ))),
        }
    }
}

/// `%XX` and `+` decoded; the result must be UTF-8 without control
/// characters.
fn decode(text: &str) -> Result<String, PageError> {
    let bad = || PageError::BadRequest("the address is not well encoded".into());
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'%' => {
                let hex = bytes.get(at + 1..at + 3).ok_or_else(bad)?;
                let hex = std::str::from_utf8(hex).map_err(|_| bad())?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| bad())?);
                at += 3;
            }
            b'+' => {
                out.push(b' ');
                at += 1;
            }
            byte => {
                out.push(byte);
                at += 1;
            }
        }
    }
    let text = String::from_utf8(out).map_err(|_| bad())?;
    if text.chars().any(char::is_control) {
        return Err(bad());
    }
    Ok(text)
}

/// A text made safe for a path word or a query value.
pub(crate) fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_reads_into_words_and_bounded_parameters() {
        let target = Target::parse("/player/al%20ice?page=2&q=a+b").unwrap();
        assert_eq!(target.path, ["player", "al ice"]);
        assert_eq!(target.param("q"), Some("a b"));
        assert_eq!(target.number("page", 1..=9).unwrap(), Some(2));
        assert!(target.number("page", 3..=9).is_err());
        assert!(target.only(&["page"]).is_err());
        assert!(target.only(&["page", "q"]).is_ok());
        assert!(Target::parse("/a?x=1&x=2").is_err());
        assert!(Target::parse("/a?x=%zz").is_err());
        assert!(Target::parse("/a?x=%0a").is_err());
        assert!(Target::parse(&format!("/a?x={}", "9".repeat(65))).is_err());
        assert!(Target::parse(&format!("/{}", "a".repeat(MAX_TARGET))).is_err());
        let huge = Target::parse("/a?ply=99999999999999999999999").unwrap();
        assert!(huge.number("ply", 0..=10).is_err());
        assert_eq!(encode("a b<"), "a%20b%3C");
    }
}
