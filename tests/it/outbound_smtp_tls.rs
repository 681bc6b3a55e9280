//! SMTP over TLS to a real server (aiosmtpd with a certificate from a
//! test CA): STARTTLS and implicit TLS deliver; a server without STARTTLS
//! or with a certificate nobody vouches for gets nothing.

use crate::util::host_harness::{address, PostOffice};
use crate::util::smtp_sink::{SmtpSink, TestCertificate};
use pbem::store::{self, OutboxState};

/// The one outbox row left, which must be retrying; returns its error.
fn only_retrying_error(office: &PostOffice) -> String {
    let entries = store::outbox_entries(office.runtime.host.store().connection()).unwrap();
    assert_eq!(entries.len(), 1, "{entries:#?}");
    match &entries[0].state {
        OutboxState::Retrying { last_error, .. } => last_error.clone(),
        other => panic!("expected a retrying row, got {other:?}"),
    }
}

#[test]
fn starttls_delivers_to_a_server_that_requires_it() {
    let dir = tempfile::tempdir().unwrap();
    let certificate = TestCertificate::make(dir.path());
    // The server refuses MAIL before STARTTLS, so arrival proves TLS.
    let sink = SmtpSink::start_tls(&dir.path().join("maildir"), &certificate, false);
    let mut office = PostOffice::reading_from(
        &sink.tls_config("starttls", Some(&certificate.ca)),
        sink.maildir.join("new"),
    );
    office.signup("alice");
    assert_eq!(
        sink.message_ids().len(),
        2,
        "the request to confirm and the welcome"
    );
}

#[test]
fn implicit_tls_delivers_to_an_smtps_server() {
    let dir = tempfile::tempdir().unwrap();
    let certificate = TestCertificate::make(dir.path());
    let sink = SmtpSink::start_tls(&dir.path().join("maildir"), &certificate, true);
    let mut office = PostOffice::reading_from(
        &sink.tls_config("implicit", Some(&certificate.ca)),
        sink.maildir.join("new"),
    );
    office.signup("alice");
    assert_eq!(
        sink.message_ids().len(),
        2,
        "the request to confirm and the welcome"
    );
}

#[test]
fn required_starttls_sends_nothing_to_a_server_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let sink = SmtpSink::start(&dir.path().join("maildir"));
    let mut office =
        PostOffice::reading_from(&sink.tls_config("starttls", None), sink.maildir.join("new"));
    assert!(office
        .send(&address("alice"), "signup alice pw-quince-ladle", "")
        .is_empty());
    let error = only_retrying_error(&office);
    assert!(error.contains("STARTTLS"), "{error}");
    assert!(sink.message_ids().is_empty());
}

#[test]
fn an_untrusted_certificate_gets_no_mail() {
    let dir = tempfile::tempdir().unwrap();
    let certificate = TestCertificate::make(dir.path());
    let sink = SmtpSink::start_tls(&dir.path().join("maildir"), &certificate, false);
    // No ca_file: the test CA is not among the roots.
    let mut office =
        PostOffice::reading_from(&sink.tls_config("starttls", None), sink.maildir.join("new"));
    assert!(office
        .send(&address("alice"), "signup alice pw-quince-ladle", "")
        .is_empty());
    let error = only_retrying_error(&office);
    assert!(error.contains("STARTTLS failed"), "{error}");
    assert!(error.contains("UnknownIssuer"), "{error}");
    assert!(sink.message_ids().is_empty());
}
