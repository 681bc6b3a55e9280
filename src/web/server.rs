//! The web view on a socket: `tiny_http`, a small blocking HTTP/1.1
//! server, answering one request at a time on a thread of its own with
//! the site's own read-only connection, so mail handling never waits on
//! it. Every reply carries the Content-Security-Policy and headers that
//! keep a browser from running or fetching anything.

use super::{Site, SiteConfig, WebError, CONTENT_SECURITY_POLICY};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the serving thread looks whether it is to stop.
const STOP_CHECK: Duration = Duration::from_millis(200);

/// A web view running on its thread; dropped, it stops.
pub struct Running {
    pub address: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Running {
    /// Stops serving and waits for the thread.
    pub fn stop(mut self) {
        self.halt();
    }

    /// Serves until the process ends.
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.halt();
    }
}

/// Opens the site and listens on `listen` (port 0 takes any free one),
/// then serves on a thread of its own. A database or template that cannot
/// be read, or an address that cannot be listened on (a port in use), is
/// an error here, before anything runs.
pub fn start(config: SiteConfig, listen: &str) -> Result<Running, WebError> {
    let listen_error = |problem: String| WebError::Listen {
        address: listen.to_string(),
        problem,
    };
    // Opened here to report a problem at once; the thread opens its own.
    drop(Site::open(config.clone())?);
    let server = tiny_http::Server::http(listen).map_err(|err| listen_error(err.to_string()))?;
    let address = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| listen_error("not an IP address".into()))?;
    let stop = Arc::new(AtomicBool::new(false));
    let stopping = stop.clone();
    let thread = std::thread::Builder::new()
        .name("web".into())
        .spawn(move || match Site::open(config) {
            Ok(site) => serve(&site, &server, &stopping),
            Err(err) => tracing::error!("{err}"),
        })
        .map_err(|err| listen_error(err.to_string()))?;
    tracing::info!("web view on http://{address}/");
    Ok(Running {
        address,
        stop,
        thread: Some(thread),
    })
}

fn serve(site: &Site, server: &tiny_http::Server, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        let request = match server.recv_timeout(STOP_CHECK) {
            Ok(Some(request)) => request,
            Ok(None) => continue,
            Err(err) => {
                tracing::warn!("web view: {err}");
                continue;
            }
        };
        let method = request.method().as_str().to_string();
        let reply = site.respond(&method, request.url());
        let mut response = tiny_http::Response::from_data(reply.body)
            .with_status_code(reply.status)
            .with_header(header("Content-Type", reply.content_type));
        for (name, value) in [
            ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
            ("Cache-Control", "no-cache"),
        ] {
            response.add_header(header(name, value));
        }
        if reply.allow {
            response.add_header(header("Allow", "GET, HEAD"));
        }
        if let Err(err) = request.respond(response) {
            tracing::debug!("web view: a reply was not taken: {err}");
        }
    }
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes())
        .expect("the host's own header names and values are ASCII")
}
