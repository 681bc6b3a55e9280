//! The fuzz target's seed mails (fuzz/seeds/inbound), and any crash the
//! fuzzer found (fuzz/regressions/inbound), through the same path the
//! target drives: each is handled or refused, never a panic or a failure
//! of the host.

use pbem::host::outbound::render::Renderer;
use pbem::host::{Host, HostSettings};
use pbem::store::Store;
use std::path::Path;

fn mails_in(folder: &Path) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut mails: Vec<(String, Vec<u8>)> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .map(|path| {
            let raw = std::fs::read(&path).unwrap();
            (path.display().to_string(), raw)
        })
        .collect();
    mails.sort();
    mails
}

#[test]
fn every_seed_and_regression_mail_is_handled_without_a_host_failure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let seeds = mails_in(&root.join("seeds").join("inbound"));
    assert!(seeds.len() >= 10, "the seed corpus is there");
    let regressions = mails_in(&root.join("regressions").join("inbound"));
    let store = Store::open_in_memory().unwrap();
    let settings = HostSettings {
        max_mails_per_hour: u32::MAX,
        ..HostSettings::default()
    };
    let mut host = Host::new(store, Renderer::new(None).unwrap(), settings);
    for subject in [
        "signup alice pw-alice-quince",
        "signup bob pw-bob-quince",
        "chess challenge alice bob",
    ] {
        let raw = format!(
            "From: alice@example.org\r\nSubject: {subject}\r\nMessage-ID: <{}@example.org>\r\n\r\n",
            subject.replace(' ', ".")
        );
        host.receive(raw.as_bytes()).unwrap();
    }
    for (name, raw) in seeds.iter().chain(regressions.iter()) {
        if let Err(err) = host.receive(raw) {
            panic!("{name}: the host failed: {err}");
        }
    }
}
