//! Mail texts from templates. Every template is built into the binary;
//! an operator's templates folder overrides any of them by file name.

use minijinja::{Environment, Value};
use std::path::Path;

/// The templates the host uses, with their built-in text.
const BUILT_IN: &[(&str, &str)] = &[
    ("board.txt", include_str!("../../templates/board.txt")),
    ("error.txt", include_str!("../../templates/error.txt")),
    ("reply.txt", include_str!("../../templates/reply.txt")),
    ("chat.txt", include_str!("../../templates/chat.txt")),
    ("help.txt", include_str!("../../templates/help.txt")),
];

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
}

pub struct Renderer {
    env: Environment<'static>,
}

impl Renderer {
    /// The built-in templates, each replaced by the file of the same name
    /// in `overrides` when that folder has one.
    pub fn new(overrides: Option<&Path>) -> Result<Renderer, TemplateError> {
        let mut env = Environment::new();
        env.set_trim_blocks(true);
        env.set_lstrip_blocks(true);
        env.set_keep_trailing_newline(true);
        // Mail is plain text: nothing may be HTML-escaped.
        env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
        for (name, built_in) in BUILT_IN {
            let source = match overrides.map(|dir| dir.join(name)) {
                Some(path) if path.is_file() => {
                    std::fs::read_to_string(&path).map_err(|source| TemplateError::Read {
                        name: name.to_string(),
                        path: path.display().to_string(),
                        source,
                    })?
                }
                _ => built_in.to_string(),
            };
            env.add_template_owned(name.to_string(), source)
                .map_err(|source| TemplateError::Syntax {
                    name: name.to_string(),
                    source,
                })?;
        }
        Ok(Renderer { env })
    }

    pub fn render(&self, name: &str, context: Value) -> Result<String, TemplateError> {
        let render_error = |source| TemplateError::Render {
            name: name.to_string(),
            source,
        };
        let text = self
            .env
            .get_template(name)
            .map_err(render_error)?
            .render(context)
            .map_err(render_error)?;
        Ok(tidy(&text))
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use minijinja::context;

    #[test]
    fn operator_template_overrides_the_built_in_one() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("reply.txt"), "OPERATOR: {{ text }}").unwrap();
        let renderer = Renderer::new(Some(dir.path())).unwrap();
        let text = renderer
            .render("reply.txt", context! { text => "hi" })
            .unwrap();
        assert_eq!(text, "OPERATOR: hi\n");
        let built_in = Renderer::new(None).unwrap();
        assert_eq!(
            built_in
                .render("reply.txt", context! { text => "hi" })
                .unwrap(),
            "hi\n"
        );
    }

    #[test]
    fn broken_operator_template_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("board.txt"), "{% if %}").unwrap();
        let err = Renderer::new(Some(dir.path())).err().unwrap();
        assert!(err.to_string().contains("board.txt"), "{err}");
    }

    #[test]
    fn text_is_not_html_escaped_and_blank_runs_collapse() {
        let renderer = Renderer::new(None).unwrap();
        let text = renderer
            .render("reply.txt", context! { text => "a < b & \"c\"\n\n\n\nd" })
            .unwrap();
        assert_eq!(text, "a < b & \"c\"\n\nd\n");
    }
}
