//! The operator's templates folder, read and checked: its language
//! folders, the web view's folder, and that every file in them is a
//! template of this host.

use super::{
    check_compiles, environment, names, source_of, TemplateError, FALLBACK_LANGUAGE, WEB_FOLDER,
};
use minijinja::Environment;
use std::collections::HashMap;
use std::path::Path;

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
