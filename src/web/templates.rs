//! The web view's pages as templates (`templates/web/`), built in and
//! overridable by the operator file by file, with the filters they use.

use super::query::encode;
use crate::host::outbound::templates::{folder_environment, TemplateError, WEB_FOLDER};
use minijinja::Environment;
use std::path::Path;

macro_rules! built_in {
    ($($name:literal),* $(,)?) => {
        /// Every page template and its built-in text.
        const PAGES: &[(&str, &str)] = &[$(
            ($name, include_str!(concat!("../../templates/web/", $name))),
        )*];
    };
}

built_in!(
    "layout.html",
    "parts.html",
    "front.html",
    "archive.html",
    "board.html",
    "player.html",
    "standings.html",
    "ladders.html",
    "ladder.html",
    "tournaments.html",
    "tournament.html",
    "league.html",
    "problem.html",
    "feed.atom",
    "status.txt",
);

/// The pages' templates with the operator's overrides, and their filters:
/// `path` (a text made safe for an address), `day` and `moment` (a time
/// stamp as `2027-03-01` or `2027-03-01 09:00 UTC`), `iso` (as Atom
/// wants it).
pub(crate) fn pages(overrides: Option<&Path>) -> Result<Environment<'static>, TemplateError> {
    let mut env = folder_environment(overrides, WEB_FOLDER, PAGES)?;
    env.add_filter("path", |text: String| encode(&text));
    env.add_filter("day", |seconds: i64| {
        crate::clock::from_unix(seconds)
            .format("%Y-%m-%d")
            .to_string()
    });
    env.add_filter("moment", |seconds: i64| crate::clock::utc_text(seconds));
    env.add_filter("iso", |seconds: i64| {
        crate::clock::from_unix(seconds)
            .format("%Y-%m-%dT%H:%M:%SZ")
            .to_string()
    });
    Ok(env)
}

#[cfg(test)]
mod tests {
    use super::*;
    use minijinja::context;

    #[test]
    fn every_built_in_page_compiles() {
        let env = pages(None).unwrap();
        for (name, _) in PAGES {
            let full = format!("{WEB_FOLDER}/{name}");
            assert!(env.get_template(&full).is_ok(), "{full}");
        }
    }

    #[test]
    fn an_operator_page_replaces_the_built_in_one_and_a_stray_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("web")).unwrap();
        std::fs::write(dir.path().join("web/problem.html"), "OPERATOR {{ why }}").unwrap();
        let env = pages(Some(dir.path())).unwrap();
        let page = env.get_template("web/problem.html").unwrap();
        let text = page.render(context! { why => "<b>" }).unwrap();
        assert_eq!(text, "OPERATOR &lt;b&gt;", "escaped as HTML");
        // The mails' templates do not take `web/` for a language.
        let mails = crate::host::outbound::templates::Templates::new(Some(dir.path())).unwrap();
        assert!(!mails.languages().iter().any(|l| l == "web"));
        std::fs::write(dir.path().join("web/nope.html"), "x").unwrap();
        let err = pages(Some(dir.path())).err().unwrap();
        assert!(
            err.to_string().contains("web/nope.html is not a template"),
            "{err}"
        );
    }

    #[test]
    fn the_status_page_has_a_line_per_board_each_ended_by_a_newline() {
        let env = pages(None).unwrap();
        let status = env.get_template("web/status.txt").unwrap();
        let clock = context! { sides => vec![
            context! { userid => "Alice", left => context! { days => 2, hours => 5 } },
            context! { userid => "bob", left => context! { days => 9, hours => 0 } },
        ] };
        let boards = vec![
            context! { game => context! { name => "chess" }, board_id => 101, opponent => "bob",
            your_move => true, waiting => vec!["alice"], clock => clock },
            context! { game => context! { name => "recursion" }, board_id => 103, opponent => "carol",
            your_move => false, waiting => vec!["carol"], clock => () },
        ];
        let text = status
            .render(context! { userid => "alice", now => 0, boards => boards })
            .unwrap();
        assert_eq!(
            text,
            "Status of alice at 1970-01-01 00:00 UTC\n\
             chess 101 vs bob: YOUR MOVE, 2d 5h left\n\
             recursion 103 vs carol: waiting for carol\n"
        );
        let none = status
            .render(context! { userid => "alice", now => 0, boards => Vec::<()>::new() })
            .unwrap();
        assert_eq!(
            none,
            "Status of alice at 1970-01-01 00:00 UTC\nNo running board.\n"
        );
    }
}
