//! The outbox between handling a mail and sending its replies: a restart
//! in between loses nothing and sends nothing twice.

use pbem::config::Config;
use pbem::daemon::Runtime;
use pbem::host::Receipt;
use pbem::mail::outbound::compose::player_mail;

fn eml_count(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .filter(|entry| {
            entry
                .as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|ext| ext == "eml")
        })
        .count()
}

#[test]
fn replies_queued_before_a_restart_are_sent_after_it_once() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config::load(None, Some(dir.path())).unwrap();
    let raw = player_mail(
        "alice@example.org",
        "pbem@localhost",
        Some("signup alice pw-quince-ladle"),
        "",
        None,
    )
    .unwrap();
    {
        // The mail is handled and its reply queued, then the process
        // "dies" before the sender runs.
        let mut runtime = Runtime::open(&config).unwrap();
        let receipt = runtime.host.receive(&raw).unwrap();
        assert!(
            matches!(
                receipt,
                Receipt::Handled {
                    mails_queued: 1,
                    ..
                }
            ),
            "{receipt:?}"
        );
    }
    assert_eq!(eml_count(dir.path()), 0);
    let mut runtime = Runtime::open(&config).unwrap();
    // The same mail arriving again (the MTA retried) is not handled twice.
    assert_eq!(runtime.host.receive(&raw).unwrap(), Receipt::Duplicate);
    let pass = runtime.pass().unwrap();
    assert_eq!(pass.sent, 1);
    assert_eq!(eml_count(dir.path()), 1);
    // Nothing is left to send.
    assert_eq!(runtime.pass().unwrap().sent, 0);
    assert_eq!(eml_count(dir.path()), 1);
}
