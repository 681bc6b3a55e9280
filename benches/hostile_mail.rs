//! What hostile mails cost on the inbound path, step by step: a 1 MiB
//! body of newlines, a subject of one word of 900,000 letters (`chess
//! zzz…`), and 120,000 empty HTML paragraphs. Each is timed through the
//! parser and reply cleaner (`mail::inbound::parse`), the host's
//! preparation (the same, then the grammar over its command lines; both
//! outside any transaction, as `serve` does it), and the write
//! transaction that stores what the mail causes (`receive_prepared` and
//! the commit). The cleaner and the grammar are to be linear in the
//! mail's size (well under a second each), and the transaction is to
//! hold none of their work.
//!
//! `cargo bench --bench hostile_mail` prints the median of five runs of
//! each, in milliseconds; the size limit is raised to 4 MiB so that the
//! mails are read whole rather than refused by their size.

use pbem::host::outbound::render::Renderer;
use pbem::host::{Host, HostSettings};
use pbem::store::Store;
use std::time::{Duration, Instant};

const RUNS: usize = 5;

/// The three mails, named, each with a Message-ID of its run.
fn mails(run: usize) -> Vec<(&'static str, Vec<u8>)> {
    let head = |kind: &str, subject: &str, html: bool| {
        let content = if html {
            "Content-Type: text/html; charset=utf-8\r\n"
        } else {
            ""
        };
        format!(
            "From: stranger@example.org\r\nTo: pbem@localhost\r\nSubject: {subject}\r\n\
             Message-ID: <{kind}-{run}@example.org>\r\n{content}\r\n"
        )
        .into_bytes()
    };
    let mut newlines = head("newlines", "help", false);
    newlines.extend(std::iter::repeat_n(b'\n', 1024 * 1024));
    let word = head("word", &format!("chess {}", "z".repeat(900_000)), false);
    let mut paragraphs = head("paragraphs", "help", true);
    paragraphs.extend(b"<html><body>");
    paragraphs.extend("<p></p>".repeat(120_000).into_bytes());
    paragraphs.extend(b"</body></html>\r\n");
    vec![
        ("1 MiB of newlines", newlines),
        ("a 900,000-letter word", word),
        ("120k empty <p>", paragraphs),
    ]
}

fn host(dir: &std::path::Path) -> Host {
    let store = Store::open(&dir.join("pbem.sqlite")).expect("a fresh database");
    let renderer = Renderer::new(None).expect("built-in templates");
    let mut settings = HostSettings::default();
    settings.limits.max_message_bytes = 4 * 1024 * 1024;
    settings.flood.stranger_answers_per_hour = 1_000_000;
    Host::new(store, renderer, settings)
}

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1000.0
}

fn main() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let mut host = host(dir.path());
    let kinds = mails(0).len();
    let mut parse = vec![Vec::new(); kinds];
    let mut prepare = vec![Vec::new(); kinds];
    let mut transaction = vec![Vec::new(); kinds];
    for run in 0..RUNS {
        for (kind, (_, raw)) in mails(run).into_iter().enumerate() {
            let began = Instant::now();
            pbem::mail::inbound::parse(&raw).expect("the mail parses");
            parse[kind].push(began.elapsed());
            let began = Instant::now();
            let prepared = host.prepare(&raw, raw.len() as u64).expect("prepared");
            prepare[kind].push(began.elapsed());
            let began = Instant::now();
            let mut batch = host.batch().expect("a transaction");
            batch.receive_prepared(prepared).expect("stored");
            batch.commit().expect("committed");
            transaction[kind].push(began.elapsed());
        }
    }
    println!(
        "| mail | bytes | parse and clean, ms | prepare (and grammar), ms | transaction, ms |"
    );
    println!("|---|---|---|---|---|");
    for (kind, (name, raw)) in mails(0).into_iter().enumerate() {
        println!(
            "| {name} | {} | {:.1} | {:.1} | {:.1} |",
            raw.len(),
            median(parse[kind].clone()),
            median(prepare[kind].clone()),
            median(transaction[kind].clone()),
        );
    }
}
