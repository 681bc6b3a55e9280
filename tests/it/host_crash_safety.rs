//! kill -9 in the middle of work: `pbem serve` is SIGKILLed several times
//! while a few hundred mails stream into its Maildir, restarted each time,
//! and at the end every mail was handled exactly once, every move stands
//! once, and every reply went out once.

use crate::util::{drop_mail, pbem, raw_mail, wait_until};
use pbem::store::{self, Store};
use std::collections::HashSet;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::Duration;

const GAMES: usize = 12;
/// A Ruy Lopez (Breyer line): 20 legal plies from the start.
const OPENING: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
];

/// One mail of the scenario: its Message-ID and its bytes.
struct Scenario {
    mails: Vec<(String, Vec<u8>)>,
    /// Mails the host must send for the whole scenario.
    expected_replies: usize,
}

fn mail(n: usize, from: &str, subject: &str) -> (String, Vec<u8>) {
    let id = format!("crash-{n}@example.org");
    let raw = raw_mail(from, &id, subject);
    (id, raw)
}

/// Signups, a challenge per pair, then the opening played ply by ply
/// across all games at once, every command in the Subject.
fn scenario() -> Scenario {
    let mut mails = Vec::new();
    let player = |n: usize| format!("p{n:02}");
    let from = |n: usize| format!("p{n:02}@example.org");
    for n in 0..2 * GAMES {
        mails.push(mail(
            mails.len(),
            &from(n),
            &format!("signup {} pw-quince-ladle{n}", player(n)),
        ));
    }
    for game in 0..GAMES {
        let (white, black) = (2 * game, 2 * game + 1);
        mails.push(mail(
            mails.len(),
            &from(white),
            &format!("chess challenge {} {}", player(white), player(black)),
        ));
    }
    for (ply, notation) in OPENING.iter().enumerate() {
        for game in 0..GAMES {
            let mover = 2 * game + ply % 2;
            let board = 101 + game;
            mails.push(mail(
                mails.len(),
                &from(mover),
                &format!(
                    "chess move {board} {} pw-quince-ladle{mover} {notation}",
                    player(mover)
                ),
            ));
        }
    }
    // A welcome per signup; a board to both players per challenge and
    // per move.
    let expected_replies = 2 * GAMES + 2 * GAMES + 2 * GAMES * OPENING.len();
    Scenario {
        mails,
        expected_replies,
    }
}

fn count_files(dir: &Path, suffix: &str) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|entry| entry.file_name().to_string_lossy().ends_with(suffix))
                .count()
        })
        .unwrap_or(0)
}

fn start_server(data: &Path, config: &Path, log: &Path) -> Child {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .unwrap();
    pbem()
        .args(["serve", "--data"])
        .arg(data)
        .arg("--config")
        .arg(config)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(log))
        .spawn()
        .unwrap()
}

#[test]
fn sigkill_while_mail_streams_in_loses_and_repeats_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let inbox = data.join("inbox");
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(inbox.join(sub)).unwrap();
    }
    let config = dir.path().join("pbem.toml");
    std::fs::write(
        &config,
        // The stream is written before the host runs, so it cannot hold
        // replies to confirmation requests: this host trusts From lines.
        "[host]\nmax_mails_per_hour = 100000\n[inbound]\npoll_interval_ms = 10\n\
         [accounts]\nconfirm_signup_address = false\n",
    )
    .unwrap();
    let log = dir.path().join("serve.log");
    let Scenario {
        mails,
        expected_replies,
    } = scenario();
    let total = mails.len();
    assert!(total >= 250, "a few hundred mails: {total}");

    // The writer streams the mails in while the server runs and dies.
    let writer_inbox = inbox.clone();
    let raws: Vec<Vec<u8>> = mails.iter().map(|(_, raw)| raw.clone()).collect();
    let written = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let writer_count = std::sync::Arc::clone(&written);
    let writer_cur = inbox.join("cur");
    let writer = std::thread::spawn(move || {
        for (n, raw) in raws.iter().enumerate() {
            // At most 40 mails ahead of the server, however slowly a busy
            // machine runs it, so that mail is still arriving at the kills.
            wait_until("the server to catch up", Duration::from_secs(300), || {
                count_files(&writer_cur, "") + 40 > n
            });
            // Named so that names sort in the order the mails were written.
            drop_mail(&writer_inbox, &format!("{n:06}.crash-test"), raw);
            writer_count.store(n + 1, std::sync::atomic::Ordering::SeqCst);
            if n % 2 == 1 {
                std::thread::sleep(Duration::from_millis(15));
            }
        }
    });

    let cur = inbox.join("cur");
    let mut server = start_server(&data, &config, &log);
    // Kill early (accounts being made), in the middle of the games, and
    // late, each time as soon as that many mails were handled.
    let mut kills_while_streaming = 0;
    for kill_at in [total / 10, total / 2, total * 4 / 5] {
        wait_until("progress before a kill", Duration::from_secs(300), || {
            count_files(&cur, "") >= kill_at
        });
        server.kill().unwrap(); // SIGKILL
        server.wait().unwrap();
        if written.load(std::sync::atomic::Ordering::SeqCst) < total {
            kills_while_streaming += 1;
        }
        server = start_server(&data, &config, &log);
    }
    writer.join().unwrap();
    assert!(
        kills_while_streaming >= 1,
        "at least one kill came while mail was still arriving"
    );
    let outbox = data.join("outbox");
    wait_until("every mail and reply", Duration::from_secs(300), || {
        count_files(&cur, "") == total && count_files(&outbox, ".eml") >= expected_replies
    });
    // Give a wrongly repeated reply the chance to appear before stopping.
    std::thread::sleep(Duration::from_millis(300));
    server.kill().unwrap();
    server.wait().unwrap();
    let log_text = std::fs::read_to_string(&log).unwrap_or_default();

    // Every mail handled exactly once.
    assert_eq!(count_files(&inbox.join("new"), ""), 0);
    assert_eq!(count_files(&cur, ""), total, "{log_text}");
    assert!(
        !data.join("failed").exists(),
        "nothing set aside: {log_text}"
    );
    let store = Store::open(&data.join("pbem.sqlite")).unwrap();
    let conn = store.connection();
    let seen: HashSet<String> = conn
        .prepare("SELECT message_id FROM seen_messages")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(seen.len(), total);
    for (id, _) in &mails {
        assert!(seen.contains(id), "{id} was never handled");
    }

    // Every move stands once, in order.
    for game in 0..GAMES {
        let board = 101 + game as i64;
        let played: Vec<String> = store::load_moves(conn, board)
            .unwrap()
            .into_iter()
            .map(|record| record.notation)
            .collect();
        assert_eq!(played, OPENING, "board {board}");
    }

    // Every reply queued once and sent once.
    let (rows, distinct_ids, unsent): (i64, i64, i64) = conn
        .query_row(
            "SELECT COUNT(*), COUNT(DISTINCT message_id), COUNT(*) - COUNT(sent) FROM outbox",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .unwrap();
    assert_eq!(rows as usize, expected_replies, "{log_text}");
    assert_eq!(distinct_ids, rows);
    assert_eq!(unsent, 0);
    assert_eq!(count_files(&outbox, ".eml"), expected_replies);
    let errors = std::fs::read_dir(&outbox)
        .unwrap()
        .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
        .filter(|text| text.contains("Error"))
        .count();
    assert_eq!(errors, 0, "no command was refused");
}
