//! The web view against hostile clients on loopback: one that pipelines
//! requests and never reads, silent connections, a header without end,
//! and more connections than it serves at once. None of them may hold
//! another client or make the view's memory grow with what they send.

use crate::util::host_harness::PostOffice;
use crate::util::web_client::get;
use crate::web_view::site;
use pbem::web::{MAX_CONNECTIONS, MAX_HEAD_BYTES};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A small club: the front page lists its players.
fn office() -> PostOffice {
    let mut office = PostOffice::new();
    office.set_clock(0);
    for userid in ["alice", "bob", "carol"] {
        office.signup(userid);
    }
    office
}

#[test]
fn web_a_pipelining_client_that_never_reads_does_not_hold_another() {
    let office = office();
    let site = site(&office);
    let mut hostile = TcpStream::connect(site.address).unwrap();
    let pipelined = "GET / HTTP/1.1\r\nHost: x\r\n\r\n".repeat(5000);
    let mut writer = hostile.try_clone().unwrap();
    let sending = std::thread::spawn(move || {
        // The view may close the connection under the rest: no matter.
        let _ = writer.write_all(pipelined.as_bytes());
    });
    let silent: Vec<TcpStream> = (0..8)
        .map(|_| TcpStream::connect(site.address).unwrap())
        .collect();
    let answer = get(site.address, "/player/carol");
    assert_eq!(answer.status, 200);
    assert!(answer.text().contains("carol"), "{}", answer.text());
    sending.join().unwrap();
    // The hostile client got one answer, then the end of the connection.
    hostile
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut taken = Vec::new();
    let _ = hostile.read_to_end(&mut taken);
    let text = String::from_utf8_lossy(&taken);
    assert_eq!(text.matches("HTTP/1.1 200").count(), 1, "{text}");
    drop(silent);
}

#[test]
fn web_a_huge_header_is_answered_431_and_the_connection_closed_after_the_bound() {
    let office = office();
    let site = site(&office);
    let mut client = TcpStream::connect(site.address).unwrap();
    client
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut writer = client.try_clone().unwrap();
    const OFFERED: usize = 256 * 1024 * 1024;
    let sending = std::thread::spawn(move || {
        let mut sent = 0;
        if writer.write_all(b"GET / HTTP/1.1\r\nX-Junk: ").is_err() {
            return sent;
        }
        let chunk = vec![b'a'; 64 * 1024];
        while sent < OFFERED {
            match writer.write(&chunk) {
                Ok(0) | Err(_) => break,
                Ok(written) => sent += written,
            }
        }
        sent
    });
    let mut taken = Vec::new();
    let _ = client.read_to_end(&mut taken);
    let sent = sending.join().unwrap();
    let text = String::from_utf8_lossy(&taken);
    assert!(text.starts_with("HTTP/1.1 431 "), "{text}");
    // What the view read is bounded; the rest was the sockets' buffers.
    assert!(
        sent < 32 * 1024 * 1024,
        "{sent} bytes were taken before the close (the bound is {MAX_HEAD_BYTES})"
    );
    assert_eq!(get(site.address, "/").status, 200);
}

#[test]
fn web_more_connections_than_it_serves_at_once_are_answered_503_not_queued() {
    let office = office();
    let site = site(&office);
    let silent: Vec<TcpStream> = (0..MAX_CONNECTIONS)
        .map(|_| TcpStream::connect(site.address).unwrap())
        .collect();
    let mut extra = TcpStream::connect(site.address).unwrap();
    extra
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut taken = Vec::new();
    let _ = extra.read_to_end(&mut taken);
    let text = String::from_utf8_lossy(&taken);
    assert!(text.starts_with("HTTP/1.1 503 "), "{text}");
    drop(silent);
    // Their threads end when they see the close; then all is served again.
    let served = (0..100).any(|_| {
        let status = get(site.address, "/").status;
        if status != 200 {
            std::thread::sleep(Duration::from_millis(50));
        }
        status == 200
    });
    assert!(served);
}

#[test]
fn web_a_request_line_that_is_not_http_1_is_answered_400() {
    let office = office();
    let site = site(&office);
    let mut client = TcpStream::connect(site.address).unwrap();
    client
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    client
        .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        .unwrap();
    let mut taken = Vec::new();
    let _ = client.read_to_end(&mut taken);
    assert!(String::from_utf8_lossy(&taken).starts_with("HTTP/1.1 400 "));
}

#[test]
fn web_an_address_other_than_loopback_is_warned_about_and_loopback_is_not() {
    use crate::util::{free_port, pbem, wait_until};
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    // A tick makes the database the view reads.
    let made = pbem().args(["tick", "--data", data]).output().unwrap();
    assert!(made.status.success());
    let mut warned = Vec::new();
    for host in ["0.0.0.0", "127.0.0.1"] {
        let port = free_port();
        let listen = format!("{host}:{port}");
        let child = pbem()
            .args(["web", "--data", data, "--listen", &listen])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let local: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        wait_until("the web view", Duration::from_secs(30), || {
            TcpStream::connect(local).is_ok()
        });
        let status = std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let out = child.wait_with_output().unwrap();
        let log = String::from_utf8_lossy(&out.stderr).into_owned();
        warned.push(log.contains("reachable from other machines"));
    }
    assert_eq!(warned, [true, false]);
}
