//! `[web]`: the read-only web view: where `serve` listens for it, and
//! the address it is reached at from outside, for the links in mails.

use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct WebSection {
    listen: Option<String>,
    public_url: Option<String>,
}

/// The `[web]` settings: the address to listen on (none: `serve` runs
/// no web view) and the public address without its trailing slash.
type WebSettings = (Option<String>, Option<String>);

pub(super) fn web_settings(section: &WebSection) -> Result<WebSettings, (&'static str, String)> {
    let listen = match section.listen.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            text.parse::<std::net::SocketAddr>().map_err(|_| {
                (
                    "web.listen",
                    format!("{text:?} is not an address and port like \"127.0.0.1:8080\" or \"[::1]:8080\""),
                )
            })?;
            Some(text.to_string())
        }
    };
    let public_url = match section.public_url.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            let plain = text.chars().all(|c| c.is_ascii_graphic());
            if !(text.starts_with("https://") || text.starts_with("http://")) || !plain {
                return Err((
                    "web.public_url",
                    format!("{text:?} is not a web address like \"https://pbem.example.org\""),
                ));
            }
            Some(text.trim_end_matches('/').to_string())
        }
    };
    Ok((listen, public_url))
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    #[test]
    fn the_web_section_is_read_and_checked() {
        let config = Config::from_toml(
            "[web]\nlisten = \"127.0.0.1:8080\"\npublic_url = \"https://pbem.example.org/\"\n",
            None,
        )
        .unwrap();
        assert_eq!(config.web_listen.as_deref(), Some("127.0.0.1:8080"));
        assert_eq!(
            config.host.public_url.as_deref(),
            Some("https://pbem.example.org")
        );
        let none = Config::from_toml("", None).unwrap();
        assert_eq!((none.web_listen, none.host.public_url), (None, None));
        for (text, key) in [
            ("listen = \"localhost\"", "web.listen"),
            ("public_url = \"pbem.example.org\"", "web.public_url"),
            ("public_url = \"https://a b\"", "web.public_url"),
        ] {
            let err = Config::from_toml(&format!("[web]\n{text}\n"), None).unwrap_err();
            assert!(err.to_string().contains(key), "{err}");
        }
    }
}
