//! Every text the host mails, as templates: one folder per language
//! (`templates/en/`, `templates/de/`), each with every template, built
//! into the binary. An operator's templates folder overrides any of them
//! file by file (`templates/de/board.txt`), and a new folder there
//! (`templates/fr/`) adds a language, taking the English file for any it
//! lacks.

use crate::games::Diagram;
use minijinja::{Environment, UndefinedBehavior, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;

/// The language of the built-in templates that every other falls back to.
pub(crate) const FALLBACK_LANGUAGE: &str = "en";

/// A template's name and its built-in text per language.
type BuiltIn = (&'static str, [(&'static str, &'static str); 2]);

macro_rules! built_in {
    ($($name:literal),* $(,)?) => {
        /// Every template name but the help topics', and its built-in
        /// text per language: a language lacking one would not compile.
        const BUILT_IN: &[BuiltIn] = &[$(
            ($name, [
                ("en", include_str!(concat!("../../../templates/en/", $name))),
                ("de", include_str!(concat!("../../../templates/de/", $name))),
            ]),
        )*];
    };
}

macro_rules! built_in_help {
    ($($topic:literal),* $(,)?) => {
        /// The help topics' templates (`help/TOPIC.txt`), from the one
        /// list of topics.
        const HELP_BUILT_IN: &[BuiltIn] = &[$(
            (concat!("help/", $topic, ".txt"), [
                ("en", include_str!(concat!("../../../templates/en/help/", $topic, ".txt"))),
                ("de", include_str!(concat!("../../../templates/de/help/", $topic, ".txt"))),
            ]),
        )*];
    };
}

crate::host::model::help::help_topics!(built_in_help);

/// Every built-in template.
fn built_in() -> impl Iterator<Item = &'static BuiltIn> {
    BUILT_IN.iter().chain(HELP_BUILT_IN)
}

built_in!(
    "parts.txt",
    "reasons.txt",
    "boards.txt",
    "board.txt",
    "chat.txt",
    "nag.txt",
    "error.txt",
    "announcement.txt",
    "tournament-news.txt",
    "event-log.txt",
    "errors.txt",
    "last-answer.txt",
    "refusal.txt",
    "show.txt",
    "games.txt",
    "status.txt",
    "history.txt",
    "digest.txt",
    "digest-setting.txt",
    "comments-setting.txt",
    "record.txt",
    "watching.txt",
    "list.txt",
    "signup.txt",
    "password.txt",
    "address.txt",
    "confirm.txt",
    "addresses.txt",
    "confirmed.txt",
    "undone.txt",
    "guessed.txt",
    "weak-password.txt",
    "password-reset.txt",
    "away.txt",
    "vacation.txt",
    "remind.txt",
    "signoff.txt",
    "delete.txt",
    "language.txt",
    "accepting.txt",
    "limit.txt",
    "help.txt",
    "standings.txt",
    "ladder.txt",
    "ladder-news.txt",
    "ladder-notice.txt",
    "ladders.txt",
    "tournaments.txt",
    "tournament.txt",
    "tournament-table.txt",
    "tournament-over.txt",
    "pairings.txt",
    "knockout-begun.txt",
    "games/chess.txt",
    "games/progression.txt",
    "games/recursion.txt",
    "games/spherical.txt",
    "board.html",
    "board.svg",
    "board-setting.txt",
    "challenges-setting.txt",
    "queue.txt",
    "preview.txt",
    "note.txt",
    "note-footer.txt",
    "seeks.txt",
    "seek.txt",
    "message.txt",
    "message-sent.txt",
    "refusal-more.txt",
    "swiss-bye.txt",
    "round-deadline.txt",
    "leagues.txt",
    "league.txt",
    "league-table.txt",
    "league-news.txt",
    "refusal-league.txt",
);

/// The names of every template.
pub fn names() -> impl Iterator<Item = &'static str> {
    built_in().map(|(name, _)| *name)
}

/// Every built-in template's text in every language, for the test that
/// keeps the passwords' vocabulary in step with the mails.
#[cfg(test)]
pub(crate) fn built_in_texts() -> impl Iterator<Item = &'static str> {
    built_in().flat_map(|(_, texts)| texts.iter().map(|(_, text)| *text))
}

#[derive(Debug, thiserror::Error)]
pub enum TemplateError {
    #[error("template {name}: cannot read {path}: {source}")]
    Read {
        name: String,
        path: String,
        source: std::io::Error,
    },
    #[error("template {name}: {source}")]
    Syntax {
        name: String,
        source: minijinja::Error,
    },
    #[error("template {name} failed to render: {source}")]
    Render {
        name: String,
        source: minijinja::Error,
    },
    #[error("templates folder {path}: {problem}")]
    Folder { path: String, problem: String },
}

pub(crate) struct Templates {
    env: Environment<'static>,
    /// Every language there are templates for, sorted.
    languages: Vec<String>,
    /// The names rendered so far, for the test that every template is.
    #[cfg(test)]
    rendered: std::cell::RefCell<std::collections::BTreeSet<String>>,
}

impl Templates {
    /// The built-in templates, each replaced by the operator's file of the
    /// same language and name in `overrides` when there is one.
    pub(crate) fn new(overrides: Option<&Path>) -> Result<Templates, TemplateError> {
        let mut languages: Vec<String> = BUILT_IN[0].1.iter().map(|(l, _)| l.to_string()).collect();
        if let Some(dir) = overrides {
            for language in operator_languages(dir)? {
                if !languages.contains(&language) {
                    languages.push(language);
                }
            }
        }
        languages.sort();
        let mut sources = HashMap::new();
        let mut operators = Vec::new();
        for language in &languages {
            for (name, texts) in built_in() {
                let full = format!("{language}/{name}");
                let source = source_of(overrides, language, texts, &full)?;
                if source.from_operator {
                    operators.push(full.clone());
                }
                sources.insert(full, source.text);
            }
        }
        let env = environment(sources);
        // The operator's templates are compiled now, so that a mistake of
        // his stops the host at its start; the built-in ones are proved
        // by a test, and each is compiled only when a mail first needs it
        // (a process that handles one mail needs a few of ~190).
        check_compiles(&env, &operators)?;
        Ok(Templates {
            env,
            languages,
            #[cfg(test)]
            rendered: Default::default(),
        })
    }

    pub(crate) fn languages(&self) -> &[String] {
        &self.languages
    }

    /// Renders template `name` in `language` (the fallback language when
    /// there are no templates in it).
    pub(crate) fn render(
        &self,
        language: &str,
        name: &str,
        context: Value,
    ) -> Result<String, TemplateError> {
        let language = self.known(language);
        #[cfg(test)]
        self.rendered.borrow_mut().insert(name.to_string());
        let full = format!("{language}/{name}");
        let render_error = |source| TemplateError::Render {
            name: full.clone(),
            source,
        };
        let text = self
            .env
            .get_template(&full)
            .map_err(render_error)?
            .render(context)
            .map_err(render_error)?;
        Ok(tidy(&text))
    }

    /// The text of a board in `language`: every label worded by
    /// `label(l)` of `boards.txt`, the lines laid out as the game drew
    /// them.
    pub(crate) fn diagram(
        &self,
        language: &str,
        diagram: &Diagram,
    ) -> Result<String, TemplateError> {
        let language = self.known(language);
        let full = format!("{language}/{BOARDS}");
        let render_error = |source| TemplateError::Render {
            name: full.clone(),
            source,
        };
        let template = self.env.get_template(&full).map_err(render_error)?;
        // Evaluated once: its macros then word every label of the board.
        let captured = template.render_captured(()).map_err(render_error)?;
        diagram.lay_out(|label| {
            let said = captured
                .state()
                .call_macro("label", &[Value::from_serialize(label)])
                .map_err(render_error)?;
            // Trailing spaces would stand between a column and the next.
            let lines: Vec<&str> = said.trim_matches('\n').lines().map(str::trim_end).collect();
            Ok(lines.join("\n"))
        })
    }

    /// `language`, or the fallback language when there are no templates
    /// in it.
    fn known<'a>(&self, language: &'a str) -> &'a str {
        if self.languages.iter().any(|l| l == language) {
            language
        } else {
            FALLBACK_LANGUAGE
        }
    }
}

/// The template that words the lines of a board's text.
const BOARDS: &str = "boards.txt";

#[cfg(test)]
impl Templates {
    /// The names rendered since the last [`Templates::forget_rendered`],
    /// with the partials every mail imports.
    pub(crate) fn rendered(&self) -> std::collections::BTreeSet<String> {
        let mut names = self.rendered.borrow().clone();
        if !names.is_empty() {
            names.extend(PARTIALS.iter().map(|name| name.to_string()));
        }
        names
    }

    pub(crate) fn forget_rendered(&self) {
        self.rendered.borrow_mut().clear();
    }

    /// Renders `source` as if it were a template of `language`, so that
    /// it may import that language's partials.
    pub(crate) fn render_source(
        &self,
        language: &str,
        source: &str,
        context: Value,
    ) -> Result<String, minijinja::Error> {
        self.env
            .render_named_str(&format!("{language}/test.txt"), source, context)
    }
}

/// The built-in texts of every template in `language`, by name.
#[cfg(test)]
pub(crate) fn built_in_sources(
    language: &str,
) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    built_in().flat_map(move |(name, texts)| {
        texts
            .iter()
            .filter(move |(l, _)| *l == language)
            .map(move |(_, text)| (*name, *text))
    })
}

/// Templates that are only imported or included by others.
#[cfg(test)]
const PARTIALS: &[&str] = &[
    "parts.txt",
    "reasons.txt",
    "boards.txt",
    "refusal.txt",
    "refusal-more.txt",
    "refusal-league.txt",
    "tournament-table.txt",
    "league-table.txt",
];

/// A template's text, and whether it is the operator's own (not built
/// in).
pub(super) struct Source {
    /// Borrowed when built in: a process copies only what it compiles.
    pub(crate) text: Cow<'static, str>,
    pub(crate) from_operator: bool,
}

/// The text of one template in one language: the operator's copy, the
/// built-in one, or the fallback language's.
fn source_of(
    overrides: Option<&Path>,
    language: &str,
    texts: &[(&str, &'static str)],
    full: &str,
) -> Result<Source, TemplateError> {
    if let Some(path) = overrides.map(|dir| dir.join(full)) {
        if path.is_file() {
            let text = std::fs::read_to_string(&path).map_err(|source| TemplateError::Read {
                name: full.to_string(),
                path: path.display().to_string(),
                source,
            })?;
            return Ok(Source {
                text: Cow::Owned(text),
                from_operator: true,
            });
        }
    }
    let text = texts
        .iter()
        .find(|(l, _)| *l == language)
        .or_else(|| texts.iter().find(|(l, _)| *l == FALLBACK_LANGUAGE))
        .map(|(_, text)| Cow::Borrowed(*text))
        .unwrap_or_default();
    Ok(Source {
        text,
        from_operator: false,
    })
}

/// Compiles each of `names` in `env`: the first that does not compile is
/// an error naming it.
fn check_compiles(env: &Environment<'static>, names: &[String]) -> Result<(), TemplateError> {
    for full in names {
        env.get_template(full)
            .map_err(|source| TemplateError::Syntax {
                name: full.clone(),
                source,
            })?;
    }
    Ok(())
}

/// The template engine over these sources, compiling each on first use.
fn environment(sources: HashMap<String, Cow<'static, str>>) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_keep_trailing_newline(true);
    // A misspelt variable is an error, not an empty line in a mail.
    env.set_undefined_behavior(UndefinedBehavior::SemiStrict);
    // Mail is plain text: nothing may be HTML-escaped, but in the board's
    // HTML and SVG everything must be.
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".html") || name.ends_with(".svg") || name.ends_with(".atom") {
            minijinja::AutoEscape::Html
        } else {
            minijinja::AutoEscape::None
        }
    });
    // `{% import "parts.txt" %}` in `de/board.txt` means `de/parts.txt`.
    env.set_path_join_callback(|name, parent| match parent.split_once('/') {
        Some((language, _)) => format!("{language}/{name}").into(),
        None => name.into(),
    });
    env.set_loader(move |name| Ok(sources.get(name).map(|text| text.to_string())));
    // Columns of tables (standings, crosstables) padded by characters,
    // not bytes, so that ½ takes one place like any digit.
    env.add_filter("ljust", |value: minijinja::Value, width: usize| {
        let text = value.to_string();
        let pad = width.saturating_sub(text.chars().count());
        format!("{text}{}", " ".repeat(pad))
    });
    env.add_filter("rjust", |value: minijinja::Value, width: usize| {
        let text = value.to_string();
        let pad = width.saturating_sub(text.chars().count());
        format!("{}{text}", " ".repeat(pad))
    });
    // The last branch of a kind's wording: a kind no branch words is an
    // error (the coverage tests render every kind), never its raw name.
    env.add_function(
        "unworded",
        |kind: String| -> Result<String, minijinja::Error> {
            Err(minijinja::Error::new(
                minijinja::ErrorKind::InvalidOperation,
                format!("no wording for the kind {kind:?}"),
            ))
        },
    );
    env
}

/// The folder of the web view's templates, beside the languages'.
pub(crate) const WEB_FOLDER: &str = "web";

/// Collapses runs of blank lines that optional template parts leave, and
/// ends the text with exactly one newline.
fn tidy(text: &str) -> String {
    let mut out = String::new();
    let mut blank_run = 0;
    for line in text.trim_matches('\n').lines() {
        if line.trim().is_empty() {
            blank_run += 1;
            if blank_run > 1 {
                continue;
            }
            out.push('\n');
        } else {
            blank_run = 0;
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

// The operator's templates folder, read and checked: its language
// folders, the web view's folder, and that every file in them is a
// template of this host.

/// A set of templates beside the mails' (the web view's pages, in
/// `folder`): the built-in ones, each replaced by the operator's file of
/// the same name in `overrides/folder/`; the operator's are compiled now
/// so that a mistake of his stops the host at its start. A file there that is no such
/// template is an error naming it, as for the mails.
pub fn folder_environment(
    overrides: Option<&Path>,
    folder: &str,
    built_in: &[(&str, &'static str)],
) -> Result<Environment<'static>, TemplateError> {
    if let Some(dir) = overrides
        .map(|dir| dir.join(folder))
        .filter(|dir| dir.is_dir())
    {
        let known: Vec<&str> = built_in.iter().map(|(name, _)| *name).collect();
        only_templates_in(&dir, folder, &known)?;
    }
    let mut sources = HashMap::new();
    let mut operators = Vec::new();
    for (name, text) in built_in {
        let full = format!("{folder}/{name}");
        let source = source_of(overrides, folder, &[(folder, text)], &full)?;
        if source.from_operator {
            operators.push(full.clone());
        }
        sources.insert(full, source.text);
    }
    let env = environment(sources);
    check_compiles(&env, &operators)?;
    Ok(env)
}

/// The language folders of an operator's templates folder, checked: every
/// file in them must be a template of this host, and no template may lie
/// outside a language folder (as before languages came).
pub(super) fn operator_languages(dir: &Path) -> Result<Vec<String>, TemplateError> {
    let folder_error = |problem: String| TemplateError::Folder {
        path: dir.display().to_string(),
        problem,
    };
    let entries = std::fs::read_dir(dir).map_err(|err| folder_error(err.to_string()))?;
    let mut languages = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|err| folder_error(err.to_string()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_file() {
            if names().any(|known| known == name) {
                return Err(folder_error(format!(
                    "{name} must be in a folder per language now: move it to {FALLBACK_LANGUAGE}/{name} \
                     (see templates/README.md for the variables each template gets)"
                )));
            }
            continue;
        }
        // The web view's pages have a folder of their own.
        if name == WEB_FOLDER {
            continue;
        }
        let is_language = (2..=8).contains(&name.len())
            && name.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        if !is_language {
            continue;
        }
        only_templates_in(&path, &name, &names().collect::<Vec<_>>())?;
        languages.push(name);
    }
    Ok(languages)
}

/// Refuses a file under `dir` (the operator's `label/`) that is none of
/// the `known` templates, naming it and them.
fn only_templates_in(dir: &Path, label: &str, known: &[&str]) -> Result<(), TemplateError> {
    let folder_error = |problem: String| TemplateError::Folder {
        path: dir.display().to_string(),
        problem,
    };
    for file in files_under(dir).map_err(|err| folder_error(err.to_string()))? {
        let relative = file
            .strip_prefix(dir)
            .map(|rel| rel.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        if !known.contains(&relative.as_str()) {
            return Err(folder_error(format!(
                "{label}/{relative} is not a template of this host; the templates are: {}",
                known.join(", ")
            )));
        }
    }
    Ok(())
}

/// Every file under a folder, its subfolders included.
fn files_under(dir: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            files.extend(files_under(&path)?);
        } else if !path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with('.'))
        {
            files.push(path);
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use minijinja::context;

    #[test]
    fn operator_template_overrides_the_built_in_one_in_its_language() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("de")).unwrap();
        std::fs::write(dir.path().join("de/signoff.txt"), "OPERATOR: {{ userid }}").unwrap();
        let templates = Templates::new(Some(dir.path())).unwrap();
        let ctx = || context! { userid => "alice" };
        assert_eq!(
            templates.render("de", "signoff.txt", ctx()).unwrap(),
            "OPERATOR: alice\n"
        );
        let english = templates.render("en", "signoff.txt", ctx()).unwrap();
        assert!(english.contains("alice"), "{english}");
        assert!(!english.contains("OPERATOR"));
    }

    #[test]
    fn an_operator_language_takes_english_for_what_it_lacks() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("fr")).unwrap();
        std::fs::write(dir.path().join("fr/signoff.txt"), "Au revoir {{ userid }}").unwrap();
        let templates = Templates::new(Some(dir.path())).unwrap();
        assert_eq!(templates.languages(), ["de", "en", "fr"]);
        let ctx = || context! { userid => "alice" };
        assert_eq!(
            templates.render("fr", "signoff.txt", ctx()).unwrap(),
            "Au revoir alice\n"
        );
        assert_eq!(
            templates.render("fr", "delete.txt", ctx()).unwrap(),
            templates.render("en", "delete.txt", ctx()).unwrap()
        );
    }

    #[test]
    fn broken_or_misplaced_operator_templates_are_errors_naming_them() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("en")).unwrap();
        std::fs::write(dir.path().join("en/board.txt"), "{% if %}").unwrap();
        let err = Templates::new(Some(dir.path())).err().unwrap();
        assert!(err.to_string().contains("en/board.txt"), "{err}");

        let old_layout = tempfile::tempdir().unwrap();
        std::fs::write(old_layout.path().join("board.txt"), "x").unwrap();
        let err = Templates::new(Some(old_layout.path())).err().unwrap();
        assert!(err.to_string().contains("move it to en/board.txt"), "{err}");

        let typo = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(typo.path().join("en")).unwrap();
        std::fs::write(typo.path().join("en/bord.txt"), "x").unwrap();
        let err = Templates::new(Some(typo.path())).err().unwrap();
        assert!(
            err.to_string().contains("en/bord.txt is not a template"),
            "{err}"
        );
    }

    #[test]
    fn every_built_in_template_compiles_in_every_language() {
        let templates = Templates::new(None).unwrap();
        let every: Vec<String> = templates
            .languages()
            .iter()
            .flat_map(|language| names().map(move |name| format!("{language}/{name}")))
            .collect();
        assert_eq!(every.len(), 2 * built_in().count());
        check_compiles(&templates.env, &every).unwrap();
    }

    #[test]
    fn a_broken_built_in_template_would_be_found_by_the_check() {
        let mut sources = HashMap::new();
        sources.insert("en/bad.txt".to_string(), Cow::Borrowed("{% if %}"));
        let env = environment(sources);
        let err = check_compiles(&env, &["en/bad.txt".to_string()]).unwrap_err();
        assert!(err.to_string().contains("en/bad.txt"), "{err}");
    }

    #[test]
    fn text_is_not_html_escaped_and_blank_runs_collapse() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("en")).unwrap();
        std::fs::write(dir.path().join("en/signoff.txt"), "{{ userid }}").unwrap();
        let templates = Templates::new(Some(dir.path())).unwrap();
        let text = templates
            .render(
                "en",
                "signoff.txt",
                context! { userid => "a < b & \"c\"\n\n\n\nd" },
            )
            .unwrap();
        assert_eq!(text, "a < b & \"c\"\n\nd\n");
    }
}
