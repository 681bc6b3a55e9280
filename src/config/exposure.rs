//! A config file that holds a secret (the SMTP or IMAP password) should
//! be readable by its owner alone: one that others may read is warned
//! about at every start, with the command that mends it.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// The warning for `path` when it holds a password and its group or
/// others may read it; `None` when it is fine (or cannot be read).
pub(crate) fn exposed_secret_warning(path: &Path) -> Option<String> {
    let mode = std::fs::metadata(path).ok()?.permissions().mode() & 0o777;
    if mode & 0o044 == 0 {
        return None;
    }
    let table: toml::Table = std::fs::read_to_string(path).ok()?.parse().ok()?;
    let keys = secret_keys(&table, "");
    if keys.is_empty() {
        return None;
    }
    let shown = path.display();
    Some(format!(
        "{shown} holds {} and others may read it (mode {mode:o}): run `chmod 600 {shown}`, \
         or give the password by password_command",
        keys.join(" and ")
    ))
}

/// The dotted names of the keys in `table` that hold a password.
fn secret_keys(table: &toml::Table, prefix: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (key, value) in table {
        let name = format!("{prefix}{key}");
        match value {
            toml::Value::Table(inner) => found.extend(secret_keys(inner, &format!("{name}."))),
            toml::Value::String(text) if key.ends_with("password") && !text.is_empty() => {
                found.push(name)
            }
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_readable_by_others_is_warned_about_and_an_owner_only_file_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pbem.toml");
        std::fs::write(
            &path,
            "[outbound.smtp]\nuser = \"u\"\npassword = \"p\"\n[inbound.imap]\npassword_command = \"pass x\"\n",
        )
        .unwrap();
        let set = |mode| std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode));
        set(0o644).unwrap();
        let warning = exposed_secret_warning(&path).unwrap();
        assert!(warning.contains("outbound.smtp.password"), "{warning}");
        assert!(!warning.contains("inbound.imap"), "{warning}");
        assert!(warning.contains("chmod 600"), "{warning}");
        set(0o600).unwrap();
        assert_eq!(exposed_secret_warning(&path), None);
        std::fs::write(&path, "[host]\nname = \"x\"\n").unwrap();
        set(0o644).unwrap();
        assert_eq!(exposed_secret_warning(&path), None);
    }
}
