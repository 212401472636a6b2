//! A progress spinner on stderr, for runs long enough to need one.
//!
//! It appears only when stderr is a terminal, never in `--json` mode, and only after
//! the run has taken [`DELAY`]: short runs print nothing extra. Workers bump a shared
//! counter; a small thread owns the spinner, so workers never touch the terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a run goes before a spinner is shown.
pub const DELAY: Duration = Duration::from_millis(400);

/// A running progress indicator; dropping it (or [`Progress::finish`]) clears it.
pub struct Progress {
    count: Arc<AtomicU64>,
    /// How many units there are in all, once known (0: unknown, a spinner).
    total: Arc<AtomicU64>,
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts a spinner labelled `what` ("files walked") if `enabled` and stderr is a
    /// terminal; otherwise a no-op counter.
    pub fn start(what: &'static str, enabled: bool) -> Progress {
        let count = Arc::new(AtomicU64::new(0));
        let total = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let thread = (enabled && std::io::stderr().is_terminal()).then(|| {
            let (count, total, done) = (Arc::clone(&count), Arc::clone(&total), Arc::clone(&done));
            std::thread::spawn(move || spin(what, &count, &total, &done))
        });
        Progress {
            count,
            total,
            done,
            thread,
        }
    }

    /// Counts one unit of work. Cheap: a relaxed atomic add.
    pub fn inc(&self) {
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    /// Sets how many units there are: the spinner becomes a bar with a rate and an ETA.
    pub fn set_total(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
    }

    /// The units counted so far, and the total once known.
    pub fn counts(&self) -> (u64, Option<u64>) {
        let total = self.total.load(Ordering::Relaxed);
        (
            self.count.load(Ordering::Relaxed),
            (total > 0).then_some(total),
        )
    }

    /// Stops and clears the spinner.
    pub fn finish(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop();
    }
}

fn spin(what: &'static str, count: &AtomicU64, total: &AtomicU64, done: &AtomicBool) {
    let start = Instant::now();
    let tick = Duration::from_millis(50);
    while start.elapsed() < DELAY {
        if done.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(tick);
    }
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {pos} {msg} ({elapsed})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.set_message(what);
    let mut counted = false;
    while !done.load(Ordering::Relaxed) {
        let n = total.load(Ordering::Relaxed);
        if n > 0 && !counted {
            counted = true;
            bar.set_length(n);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:30} {pos}/{len} {msg} ({per_sec}, ETA {eta})",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
        }
        bar.set_position(count.load(Ordering::Relaxed));
        bar.tick();
        std::thread::sleep(tick);
    }
    bar.finish_and_clear();
}
