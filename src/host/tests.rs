//! A mail's handling as one savepoint of a batch: a bug half-way through
//! one mail undoes that mail alone.

use super::*;

fn signup(userid: &str) -> Vec<u8> {
    format!(
        "From: {userid}@example.org\r\nSubject: signup {userid} pw-{userid}-quince\r\n\
         Message-ID: <{userid}@example.org>\r\n\r\n"
    )
    .into_bytes()
}

/// What a mail's handling does before a bug strikes: its savepoint,
/// then writes; the panic unwinds through the savepoint's drop.
#[test]
fn a_panic_half_way_through_a_mail_rolls_back_that_mail_alone() {
    let store = Store::open_in_memory().unwrap();
    let renderer = Renderer::new(None).unwrap();
    let mut host = Host::new(store, renderer, HostSettings::default());
    let mut batch = host.batch().unwrap();
    batch.receive(&signup("alice")).unwrap();
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mail_savepoint = batch.tx.savepoint().unwrap();
        store::mark_seen(&mail_savepoint, "half-done@example.org", 1).unwrap();
        let _: Result<(), StoreError> = store::in_savepoint(&mail_savepoint, || {
            panic!("a bug half-way through a mail");
        });
    }));
    assert!(outcome.is_err());
    batch.receive(&signup("bob")).unwrap();
    batch.commit().unwrap();
    let conn = host.store().connection();
    assert!(store::find_player(conn, "alice").unwrap().is_some());
    assert!(store::find_player(conn, "bob").unwrap().is_some());
    assert!(
        store::mark_seen(conn, "half-done@example.org", 1).unwrap(),
        "the half-done mail left no trace"
    );
}
