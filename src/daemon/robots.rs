//! The robots' looks, under the data directory's robots lock (so two
//! processes never think about the same move), and `serve`'s robot
//! thread: the robots think and play there, on a database connection of
//! their own, so no inbound mail ever waits for one to think; each move
//! is its own short write transaction. The thread hands the search the
//! daemon's stop flag (set on SIGTERM), so it ends within a second of it.

use super::presence::Presence;
use super::wake::WakeListener;
use super::{DaemonError, Runtime};
use crate::config::Config;
use crate::host::outbound::render::Renderer;
use crate::host::robots::RobotReport;
use crate::host::Host;
use crate::robot::Halt;
use crate::store::Store;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tracing::{debug, warn};

/// Robot moves played at most in one pass: two robots playing each other
/// finish a game over several passes, and the pass ends.
const ROBOT_MOVES_A_PASS: usize = 200;

/// How often the thread looks for moves the robots owe.
const LOOK_EVERY: Duration = Duration::from_secs(2);

/// Moves played in one look at most; the next look plays on.
const MOVES_A_LOOK: usize = 50;

impl Runtime {
    /// Plays the robot moves owed now, then sends what they caused; none
    /// when another process plays the robots now.
    pub(crate) fn run_robots(&mut self) -> Result<Option<RobotReport>, DaemonError> {
        let report = self.play_robots(Halt::never())?;
        if report
            .as_ref()
            .is_some_and(|report| report.mails_queued > 0)
        {
            self.send_waiting()?;
        }
        Ok(report)
    }

    /// One look of the robots under the robots lock; none when another
    /// process holds it (it plays what is owed).
    pub fn play_robots(&mut self, halt: Halt<'_>) -> Result<Option<RobotReport>, DaemonError> {
        if !self.config.host.robots.enabled {
            return Ok(Some(RobotReport::default()));
        }
        look(
            &mut self.host,
            &self.config.data_dir,
            ROBOT_MOVES_A_PASS,
            halt,
            Halt::never(),
        )
    }
}

/// One look of `host`'s robots, if the robots lock of `data_dir` is free.
fn look(
    host: &mut Host,
    data_dir: &Path,
    most: usize,
    halt: Halt<'_>,
    news: Halt<'_>,
) -> Result<Option<RobotReport>, DaemonError> {
    let presence = Presence::new(data_dir);
    let lock = presence
        .try_take_robots()
        .map_err(|source| DaemonError::Folder {
            path: data_dir.join("robots.lock"),
            source,
        })?;
    let Some(_lock) = lock else {
        debug!("process {} plays the robots now", presence.robots_holder());
        return Ok(None);
    };
    Ok(Some(host.robot_moves(most, halt, news)?))
}

/// Starts the robots' thread, unless robots do not play here. `mail` is
/// set whenever serve handled mail: a look then ends after the move in
/// hand and the next starts at once, so a person's move just in never
/// waits for the rest of a look.
pub(super) fn spawn_robots(
    config: &Config,
    stop: Arc<AtomicBool>,
    mail: Arc<AtomicBool>,
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
    let data_dir = config.data_dir.clone();
    std::thread::Builder::new()
        .name("pbem-robots".into())
        .spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                mail.store(false, Ordering::Relaxed);
                let (halt, news) = (Halt::on(&stop), Halt::on(&mail));
                match look(&mut host, &data_dir, MOVES_A_LOOK, halt, news) {
                    Ok(Some(report)) if report.mails_queued > 0 => {
                        if let Some(wake) = &wake {
                            wake.wake();
                        }
                    }
                    Ok(_) => {}
                    Err(err) => warn!("robots: {err}"),
                }
                let until = Instant::now() + LOOK_EVERY;
                while Instant::now() < until
                    && !stop.load(Ordering::Relaxed)
                    && !mail.load(Ordering::Relaxed)
                {
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
