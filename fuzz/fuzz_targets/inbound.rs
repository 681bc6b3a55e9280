//! Raw bytes as an inbound mail, through the whole inbound path: parse,
//! screening, commands, a transaction on an in-memory store and the
//! replies queued. Nothing from outside may panic the host.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbem::host::outbound::render::Renderer;
use pbem::host::{Host, HostSettings};
use pbem::mail::inbound;
use pbem::store::Store;
use std::sync::Mutex;

/// One host reused across inputs (a fresh schema per input would be most
/// of the time spent), replaced now and then so memory stays flat.
struct Reused {
    host: Host,
    inputs: u32,
}

static HOST: Mutex<Option<Reused>> = Mutex::new(None);

fn fresh_host() -> Host {
    let store = Store::open_in_memory().expect("an in-memory store");
    let renderer = Renderer::new(None).expect("the built-in templates");
    let settings = HostSettings {
        // The fuzzer sends everything from a few addresses; the cap would
        // hide most paths behind "limit reached".
        max_mails_per_hour: u32::MAX,
        ..HostSettings::default()
    };
    let mut host = Host::new(store, renderer, settings);
    // Two players and a game, so moves, replies and shows have something
    // to act on.
    for (n, subject) in [
        "signup alice pw-alice",
        "signup bob pw-bob",
        "chess challenge alice bob",
    ]
    .iter()
    .enumerate()
    {
        let raw = format!(
            "From: alice@example.org\r\nSubject: {subject}\r\nMessage-ID: <seed-{n}@example.org>\r\n\r\n"
        );
        host.receive(raw.as_bytes()).expect("the seed mails");
    }
    host
}

fuzz_target!(|raw: &[u8]| {
    let _ = inbound::parse(raw);
    let mut slot = HOST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if slot.as_ref().is_none_or(|reused| reused.inputs >= 5_000) {
        *slot = Some(Reused {
            host: fresh_host(),
            inputs: 0,
        });
    }
    let reused = slot.as_mut().expect("set above");
    reused.inputs += 1;
    // A host failure (an Err) is a reported error, not a crash; only a
    // panic is a finding.
    let _ = reused.host.receive(raw);
});
