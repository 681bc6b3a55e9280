//! `serve`'s robot thread: the robots think and play here, on a database
//! connection of their own, so no inbound mail ever waits for one to
//! think; each move is its own short write transaction.

use super::wake::WakeListener;
use super::DaemonError;
use crate::config::Config;
use crate::host::outbound::render::Renderer;
use crate::host::Host;
use crate::store::Store;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tracing::warn;

/// How often the thread looks for moves the robots owe.
const LOOK_EVERY: Duration = Duration::from_secs(2);

/// Moves played in one look at most; the next look plays on.
const MOVES_A_LOOK: usize = 50;

/// Starts the robots' thread, unless robots do not play here.
pub(super) fn spawn_robots(
    config: &Config,
    stop: Arc<AtomicBool>,
    wake: Option<Arc<WakeListener>>,
) -> Result<Option<JoinHandle<()>>, DaemonError> {
    if !config.host.robots.enabled {
        return Ok(None);
    }
    let store = Store::open(&config.database).map_err(|source| DaemonError::Database {
        path: config.database.clone(),
        source,
    })?;
    let overrides = config
        .templates
        .is_dir()
        .then_some(config.templates.as_path());
    let renderer = Renderer::new(overrides)?.with_default_language(&config.host.language)?;
    let mut host = Host::new(store, renderer, config.host.clone());
    std::thread::Builder::new()
        .name("pbem-robots".into())
        .spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                match host.robot_moves(MOVES_A_LOOK) {
                    Ok(report) if report.mails_queued > 0 => {
                        if let Some(wake) = &wake {
                            wake.wake();
                        }
                    }
                    Ok(_) => {}
                    Err(err) => warn!("robots: {err}"),
                }
                let until = Instant::now() + LOOK_EVERY;
                while Instant::now() < until && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                }
            }
        })
        .map(Some)
        .map_err(|source| DaemonError::Folder {
            path: PathBuf::from("(robot thread)"),
            source,
        })
}
