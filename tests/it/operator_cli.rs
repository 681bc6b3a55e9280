//! The operator's commands: `pbem replay` for checking a game, and
//! `pbem backup` while mail streams in.

use crate::util::{pbem, raw_mail, run_with_stdin};
use std::path::Path;
use std::process::Output;

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[test]
fn replay_prints_the_board_and_the_result_of_legal_moves() {
    let out = pbem()
        .args(["replay", "chess", "--moves", "f3 e5 g4 Qh4#"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        text(&out).contains("game over: Black wins by checkmate"),
        "{}",
        text(&out)
    );
    let out = pbem()
        .args([
            "replay",
            "spherical",
            "--switches",
            "-setup:1",
            "--moves",
            "h8-h7 a2+ne",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("Black to move"), "{}", text(&out));
}

#[test]
fn replay_names_the_first_illegal_move_and_exits_1() {
    let out = pbem()
        .args(["replay", "chess", "--moves", "e4 e5 Ke3 Nf6"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out).contains("move 3 (Ke3) is not legal"),
        "{}",
        text(&out)
    );
}

fn deliver(data: &Path, n: usize) {
    let raw = raw_mail(
        &format!("p{n}@example.org"),
        &format!("backup-{n}@example.org"),
        "help",
    );
    let mut command = pbem();
    command.args(["deliver", "--data", data.to_str().unwrap()]);
    assert!(run_with_stdin(command, &raw).status.success());
}

#[test]
fn a_backup_taken_while_mail_streams_in_opens_whole() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    deliver(&data, 0);
    let stream = {
        let data = data.clone();
        std::thread::spawn(move || (1..60).for_each(|n| deliver(&data, n)))
    };
    let mut copies = Vec::new();
    for n in 0..5 {
        let copy = dir.path().join(format!("copy-{n}.sqlite"));
        let out = pbem()
            .args(["backup", "--data", data.to_str().unwrap()])
            .arg(&copy)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        copies.push(copy);
    }
    stream.join().unwrap();
    let mut seen = Vec::new();
    for copy in copies {
        let conn = rusqlite::Connection::open(&copy).unwrap();
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))
            .unwrap();
        assert_eq!(check, "ok");
        let handled: i64 = conn
            .query_row("SELECT COUNT(*) FROM seen_messages", [], |row| row.get(0))
            .unwrap();
        seen.push(handled);
        // The copy is a database the host opens as it is.
        pbem::store::Store::open(&copy).unwrap();
    }
    assert!(seen.windows(2).all(|pair| pair[0] <= pair[1]), "{seen:?}");
    assert!(seen[0] >= 1, "{seen:?}");
}

/// A config holding the SMTP password that others may read is warned
/// about at start, with the command that mends it; an owner-only one is not.
#[test]
fn a_config_with_a_password_readable_by_others_is_warned_about() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("pbem.toml");
    std::fs::write(
        &config,
        "[outbound]\ntransport = \"file\"\n[outbound.smtp]\nhost = \"localhost\"\nuser = \"u\"\npassword = \"p\"\n",
    )
    .unwrap();
    let data = dir.path().join("data");
    let mut warned = Vec::new();
    for mode in [0o644, 0o600] {
        std::fs::set_permissions(&config, std::fs::Permissions::from_mode(mode)).unwrap();
        let out = crate::util::pbem()
            .args(["tick", "--config"])
            .arg(&config)
            .arg("--data")
            .arg(&data)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        warned.push(String::from_utf8_lossy(&out.stderr).contains("chmod 600"));
    }
    assert_eq!(warned, [true, false]);
}
