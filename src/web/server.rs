//! The web view on a socket. Each connection gets a small thread of its
//! own (at most [`MAX_CONNECTIONS`] at once, more are answered 503 at
//! once) that reads one bounded request and writes the answer within a
//! deadline (`http`); the pages are made by [`SITE_WORKERS`]
//! threads, each with the site's own read-only connection. A slow or
//! never-reading client thus holds only its own thread, never a page
//! maker nor another client, and memory stays bounded whatever is sent.
//! Mail handling never waits on any of it. Every reply carries the
//! Content-Security-Policy and headers that keep a browser from running
//! or fetching anything.

use super::http::{self, Answer, Request};
use super::{Reply, Site, SiteConfig, WebError, CONTENT_SECURITY_POLICY, TEXT};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Threads making pages (the machine's cores are few; pages are quick).
pub(crate) const SITE_WORKERS: usize = 3;
/// Connections served at once; one more is answered 503.
pub const MAX_CONNECTIONS: usize = 64;
/// The longest a connection waits for its page to be made.
const PAGE_WAIT: Duration = Duration::from_secs(30);
/// How often the waiting threads look whether they are to stop.
const STOP_CHECK: Duration = Duration::from_millis(200);
/// The accepting thread's nap when no connection waits.
const ACCEPT_NAP: Duration = Duration::from_millis(20);
/// A connection thread holds a request head and little else.
const CONNECTION_STACK: usize = 256 * 1024;

/// A page to make, and where its reply goes.
struct Job {
    request: Request,
    reply: SyncSender<Reply>,
}

/// What every thread of one web view shares.
struct Shared {
    stop: AtomicBool,
    connections: AtomicUsize,
}

/// A web view running on its threads; dropped, it stops.
pub struct Running {
    pub address: SocketAddr,
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

impl Running {
    /// Serves until the process ends.
    pub(crate) fn wait(mut self) {
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }

    fn halt(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
        // Connection threads see the flag within one STOP_CHECK.
        let until = Instant::now() + STOP_CHECK * 5;
        while self.shared.connections.load(Ordering::Relaxed) > 0 && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.halt();
    }
}

/// Opens the site and listens on `listen` (port 0 takes any free one),
/// then serves on threads of its own. A database or template that cannot
/// be read, or an address that cannot be listened on (a port in use), is
/// an error here, before anything runs.
pub fn start(config: SiteConfig, listen: &str) -> Result<Running, WebError> {
    let listen_error = |problem: String| WebError::Listen {
        address: listen.to_string(),
        problem,
    };
    // Opened here to report a problem at once; each worker opens its own.
    drop(Site::open(config.clone())?);
    // Warned before the socket exists: once it is bound a client can
    // connect (and an operator's script stop the view) before a warning
    // written afterwards is out.
    let addresses: Vec<SocketAddr> = listen
        .to_socket_addrs()
        .map_err(|err| listen_error(err.to_string()))?
        .collect();
    if addresses.iter().any(|address| !address.ip().is_loopback()) {
        tracing::warn!(
            "web view: {listen} is reachable from other machines, and the view speaks no TLS; \
             listen on loopback behind a reverse proxy that terminates TLS"
        );
    }
    let listener =
        TcpListener::bind(&addresses[..]).map_err(|err| listen_error(err.to_string()))?;
    listener
        .set_nonblocking(true)
        .map_err(|err| listen_error(err.to_string()))?;
    let address = listener
        .local_addr()
        .map_err(|err| listen_error(err.to_string()))?;
    let shared = Arc::new(Shared {
        stop: AtomicBool::new(false),
        connections: AtomicUsize::new(0),
    });
    let (jobs, queue) = sync_channel::<Job>(MAX_CONNECTIONS);
    let queue = Arc::new(Mutex::new(queue));
    let mut threads = Vec::new();
    for worker in 0..SITE_WORKERS {
        let (config, queue, shared) = (config.clone(), queue.clone(), shared.clone());
        let thread = std::thread::Builder::new()
            .name(format!("web-pages-{worker}"))
            .spawn(move || match Site::open(config) {
                Ok(site) => make_pages(&site, &queue, &shared.stop),
                Err(err) => tracing::error!("{err}"),
            })
            .map_err(|err| listen_error(err.to_string()))?;
        threads.push(thread);
    }
    let accepting = shared.clone();
    let thread = std::thread::Builder::new()
        .name("web".into())
        .spawn(move || accept(&listener, &jobs, &accepting))
        .map_err(|err| listen_error(err.to_string()))?;
    threads.push(thread);
    tracing::info!("web view on http://{address}/");
    Ok(Running {
        address,
        shared,
        threads,
    })
}

/// Takes jobs from the queue until the stop.
fn make_pages(site: &Site, queue: &Mutex<Receiver<Job>>, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        let job = {
            let queue = queue.lock().unwrap_or_else(|held| held.into_inner());
            queue.recv_timeout(STOP_CHECK)
        };
        match job {
            Ok(job) => {
                let reply = site.respond(&job.request.method, &job.request.target);
                // The client may have given up meanwhile.
                let _ = job.reply.send(reply);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// Accepts connections until the stop, each on a thread of its own.
fn accept(listener: &TcpListener, jobs: &SyncSender<Job>, shared: &Arc<Shared>) {
    while !shared.stop.load(Ordering::Relaxed) {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(err) => {
                if err.kind() != std::io::ErrorKind::WouldBlock {
                    tracing::warn!("web view: {err}");
                }
                std::thread::sleep(ACCEPT_NAP);
                continue;
            }
        };
        if shared.connections.fetch_add(1, Ordering::Relaxed) >= MAX_CONNECTIONS {
            shared.connections.fetch_sub(1, Ordering::Relaxed);
            turn_away(stream);
            continue;
        }
        let (jobs, held) = (jobs.clone(), shared.clone());
        let spawned = std::thread::Builder::new()
            .name("web-connection".into())
            .stack_size(CONNECTION_STACK)
            .spawn(move || {
                if stream.set_nonblocking(false).is_ok() {
                    serve_connection(stream, &jobs, &held.stop);
                }
                held.connections.fetch_sub(1, Ordering::Relaxed);
            });
        if let Err(err) = spawned {
            shared.connections.fetch_sub(1, Ordering::Relaxed);
            tracing::warn!("web view: no thread for a connection: {err}");
        }
    }
}

/// A 503 written without waiting (it fits any socket buffer), then closed.
fn turn_away(stream: TcpStream) {
    use std::io::Write;
    let mut stream = stream;
    let _ = stream.set_nonblocking(true);
    let _ = stream.write(
        b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
}

/// One request read, its page made by a worker, the answer written.
fn serve_connection(mut stream: TcpStream, jobs: &SyncSender<Job>, stop: &AtomicBool) {
    let request = match http::read_request(&mut stream, stop) {
        Ok(request) => request,
        Err(refusal) => {
            if let Some((status, words)) = refusal.answer() {
                send(&mut stream, &plain(status, words), false, stop);
            }
            return;
        }
    };
    let head_only = request.method == "HEAD";
    let (reply, answer) = sync_channel(1);
    let reply = match jobs.try_send(Job { request, reply }) {
        Ok(()) => wait_for_page(&answer, stop),
        Err(TrySendError::Full(_)) => None,
        Err(TrySendError::Disconnected(_)) => return,
    };
    let reply = reply.unwrap_or_else(|| plain(503, "The web view is busy; try again soon.\n"));
    send(&mut stream, &reply, head_only, stop);
}

fn wait_for_page(answer: &Receiver<Reply>, stop: &AtomicBool) -> Option<Reply> {
    let until = Instant::now() + PAGE_WAIT;
    while !stop.load(Ordering::Relaxed) && Instant::now() < until {
        match answer.recv_timeout(STOP_CHECK) {
            Ok(reply) => return Some(reply),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return None,
        }
    }
    None
}

fn plain(status: u16, words: &str) -> Reply {
    Reply {
        status,
        content_type: TEXT,
        body: words.as_bytes().to_vec(),
        allow: false,
    }
}

fn send(stream: &mut TcpStream, reply: &Reply, head_only: bool, stop: &AtomicBool) {
    let mut headers = vec![
        ("Content-Type", reply.content_type),
        ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Cache-Control", "no-cache"),
    ];
    if reply.allow {
        headers.push(("Allow", "GET, HEAD"));
    }
    let answer = Answer {
        status: reply.status,
        headers: &headers,
        body: &reply.body,
        head_only,
    };
    http::send(stream, &answer, stop);
}
