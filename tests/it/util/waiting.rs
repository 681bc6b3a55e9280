//! Waiting for an event with a bound, and loopback ports: small enough
//! that the IMAP bench includes this file too.

use std::collections::BTreeSet;
use std::net::TcpListener;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Waits until `done`, looking every 5 ms; fails the test after `limit`.
pub fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A loopback port nobody listens on right now (the OS picks it), and
/// one this process has not handed out before: the tests share the
/// process, and a test that stops its server and starts it again on the
/// same port must not find another test's server there.
pub fn free_port() -> u16 {
    static HANDED_OUT: Mutex<BTreeSet<u16>> = Mutex::new(BTreeSet::new());
    loop {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        if HANDED_OUT.lock().unwrap().insert(port) {
            return port;
        }
    }
}
