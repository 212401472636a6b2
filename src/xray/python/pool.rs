//! The parent's side: a pool of worker processes evaluating files.
//!
//! Each phase-2 thread takes an idle worker (or has one started: the same binary re-run
//! with [`super::worker::WORKER_ARG`] and the parent's pid, an empty environment, and
//! only pipes), sends one file, and waits for the answer no longer than the file's
//! deadline plus a short grace. A worker that overruns is killed and replaced; one
//! that dies (the memory limit, a crash) is reaped and its death reported as
//! `EvaluatorCrash`. The parent never blocks on a child without a deadline, neither
//! reading nor writing: a worker that stops reading its input (stopped, stuck) is
//! killed when the file's deadline passes.
//!
//! Workers are started by one thread that lives as long as the evaluator
//! (`Spawner`): a worker's parent-death signal fires when the *thread* that started
//! it ends, and phase-2 threads end while workers they started are still in use.

use std::io;
use std::os::fd::AsRawFd;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::protocol::{
    read_frame_until, set_nonblocking, write_frame_until, FrameError, Request, Response,
};
use super::validate::{self, Rejected};
use super::worker::WORKER_ARG;
use crate::xray::contract::{self, FileResult};
use crate::xray::evaluator::{ErrorType, EvalError, EvalRequest, Evaluator};

/// Time a worker gets beyond the file's deadline to report its own timeout before the
/// parent kills it.
const GRACE: Duration = Duration::from_millis(500);
/// Time a new worker gets to compile the evaluator and say it is ready.
const STARTUP: Duration = Duration::from_secs(10);

/// Memory and recursion budget of one evaluation.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub max_memory: Option<usize>,
    pub max_recursion_depth: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        let d = super::run::RunLimits::default();
        Budget {
            max_memory: d.max_memory,
            max_recursion_depth: d.max_recursion_depth,
        }
    }
}

/// The least memory a worker is given: less cannot evaluate a file of any size.
const MIN_WORKER_MEMORY: usize = 128 << 20;

impl Budget {
    /// How many of `threads` workers may run, and each one's budget, when together
    /// they may use at most `total` bytes: the default budget per worker while it
    /// fits, an equal share of `total` beyond that, and fewer workers when even
    /// [`MIN_WORKER_MEMORY`] each would not fit.
    pub fn shared(threads: usize, total: usize) -> (usize, Budget) {
        let workers = threads.clamp(1, (total / MIN_WORKER_MEMORY).max(1));
        let base = Budget::default();
        let share = (total / workers).max(MIN_WORKER_MEMORY);
        let budget = Budget {
            max_memory: Some(base.max_memory.map_or(share, |m| m.min(share))),
            ..base
        };
        (workers, budget)
    }
}

/// The memory the worker pool may use in all: half the machine's physical memory (4
/// GiB when that cannot be read).
pub fn pool_memory() -> usize {
    // SAFETY: sysconf only reads system configuration.
    let (pages, page) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    if pages <= 0 || page <= 0 {
        return 4 << 30;
    }
    (pages as usize).saturating_mul(page as usize) / 2
}

/// The Python evaluator, as the phase-2 engine sees it.
pub struct PythonEvaluator {
    code: String,
    budget: Budget,
    // Dropped before the spawner, whose thread's end kills any worker left.
    idle: Mutex<Vec<Worker>>,
    spawner: Spawner,
}

/// Reply channel for one worker start.
type SpawnReply = crossbeam_channel::Sender<io::Result<Child>>;

/// The thread that starts every worker of one evaluator.
struct Spawner {
    requests: Option<crossbeam_channel::Sender<SpawnReply>>,
    thread: Option<JoinHandle<()>>,
}

impl Spawner {
    fn new(exe: PathBuf) -> Spawner {
        let (requests, incoming) = crossbeam_channel::unbounded::<SpawnReply>();
        let thread = std::thread::Builder::new()
            .name("xray-worker-spawner".into())
            .spawn(move || {
                let parent = std::process::id().to_string();
                for reply in incoming {
                    let child = Command::new(&exe)
                        .arg(WORKER_ARG)
                        .arg(&parent)
                        .env_clear()
                        .current_dir("/")
                        .stdin(Stdio::piped())
                        .stdout(Stdio::piped())
                        .stderr(Stdio::null())
                        .spawn();
                    let _ = reply.send(child);
                }
            });
        match thread {
            Ok(t) => Spawner {
                requests: Some(requests),
                thread: Some(t),
            },
            // No thread: every start fails with a clear error below.
            Err(_) => Spawner {
                requests: None,
                thread: None,
            },
        }
    }

    fn spawn(&self) -> io::Result<Child> {
        let gone = || io::Error::other("the thread that starts evaluator processes is gone");
        let (reply, answer) = crossbeam_channel::bounded(1);
        self.requests
            .as_ref()
            .ok_or_else(gone)?
            .send(reply)
            .map_err(|_| gone())?;
        answer.recv().map_err(|_| gone())?
    }
}

impl Drop for Spawner {
    fn drop(&mut self) {
        self.requests = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: ChildStdout,
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing stdin ends a healthy worker; a stuck one is killed. Either way it is
        // reaped, so no zombie outlives the run.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl PythonEvaluator {
    /// Validates the code (no process starts for rejected code) and prepares a pool
    /// that runs `exe` (the codesearch binary) as its workers.
    pub fn new(code: &str, exe: PathBuf, budget: Budget) -> Result<PythonEvaluator, Rejected> {
        validate::validate(code)?;
        Ok(PythonEvaluator {
            code: code.to_string(),
            budget,
            idle: Mutex::new(Vec::new()),
            spawner: Spawner::new(exe),
        })
    }

    /// Starts a worker and waits for it to be ready, no longer than `deadline`.
    fn spawn(&self, deadline: Instant) -> Result<Worker, EvalError> {
        let fail = |what: &str| {
            EvalError::new(
                ErrorType::EvaluatorCrash,
                format!("could not start an evaluator process: {what}"),
            )
        };
        let mut child = self.spawner.spawn().map_err(|e| fail(&e.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(fail("no pipes"));
        };
        let mut worker = Worker {
            child,
            stdin,
            stdout,
        };
        set_nonblocking(worker.stdin.as_raw_fd()).map_err(|e| fail(&e.to_string()))?;
        let ready_by = (Instant::now() + STARTUP).min(deadline);
        match write_frame_until(
            worker.stdin.as_raw_fd(),
            &Request::Init {
                code: self.code.clone(),
                max_memory: self.budget.max_memory,
                max_recursion_depth: self.budget.max_recursion_depth,
            },
            ready_by,
        ) {
            Ok(()) => {}
            Err(FrameError::Timeout) => return Err(fail("it did not start in time")),
            Err(FrameError::Broken(_)) => return Err(fail(&death(&mut worker.child))),
        }
        match read_frame_until::<Response>(worker.stdout.as_raw_fd(), ready_by) {
            Ok(Response::Ready) => Ok(worker),
            Ok(Response::Failed(e)) => Err(e),
            Ok(Response::Value(_)) => Err(fail("unexpected answer")),
            Err(FrameError::Timeout) => Err(fail("it did not start in time")),
            Err(FrameError::Broken(_)) => Err(fail(&death(&mut worker.child))),
        }
    }
}

impl Evaluator for PythonEvaluator {
    fn evaluate(&self, req: EvalRequest<'_>) -> Result<FileResult, EvalError> {
        let raw = self.run_file(&req)?;
        // The hits are no longer needed once the evaluator has answered.
        let EvalRequest { source, lines, .. } = req;
        contract::validate(raw, source, lines)
    }
}

impl PythonEvaluator {
    /// What the evaluator returned for one file, as JSON.
    fn run_file(&self, req: &EvalRequest<'_>) -> Result<Value, EvalError> {
        let taken = self.idle.lock().unwrap_or_else(|p| p.into_inner()).pop();
        let mut worker = match taken {
            Some(w) => w,
            None => self.spawn(req.deadline)?,
        };
        let timeout = req.deadline.saturating_duration_since(Instant::now());
        if timeout.is_zero() {
            self.release(worker);
            return Err(EvalError::new(
                ErrorType::EvaluatorTimeout,
                "no time left in the run for this file",
            ));
        }
        let sent = write_frame_until(
            worker.stdin.as_raw_fd(),
            &Request::Evaluate {
                file_path: req.file_path.to_string_lossy(),
                language: req.language.name.into(),
                source: req.source.into(),
                hits: req.match_positions.as_slice().into(),
                timeout_ms: timeout.as_millis().max(1) as u64,
            },
            req.deadline,
        );
        match sent {
            Ok(()) => {}
            Err(FrameError::Timeout) => {
                // Dropping the worker kills it; the next file gets a fresh one.
                drop(worker);
                return Err(EvalError::new(
                    ErrorType::EvaluatorTimeout,
                    "the evaluator process stopped reading its input; it was killed at the deadline",
                ));
            }
            Err(FrameError::Broken(_)) => {
                let why = death(&mut worker.child);
                return Err(EvalError::new(ErrorType::EvaluatorCrash, why));
            }
        }
        match read_frame_until::<Response>(worker.stdout.as_raw_fd(), req.deadline + GRACE) {
            Ok(Response::Value(v)) => {
                self.release(worker);
                Ok(v)
            }
            Ok(Response::Failed(e)) => {
                self.release(worker);
                Err(e)
            }
            Ok(Response::Ready) => Err(EvalError::new(
                ErrorType::EvaluatorCrash,
                "the evaluator process answered out of turn",
            )),
            Err(FrameError::Timeout) => {
                // Dropping the worker kills it; the next file gets a fresh one.
                drop(worker);
                Err(EvalError::new(
                    ErrorType::EvaluatorTimeout,
                    format!(
                        "evaluation exceeded {:.1}s; the evaluator process was killed",
                        timeout.as_secs_f64()
                    ),
                ))
            }
            Err(FrameError::Broken(_)) => {
                let why = death(&mut worker.child);
                Err(EvalError::new(ErrorType::EvaluatorCrash, why))
            }
        }
    }
}

impl PythonEvaluator {
    fn release(&self, worker: Worker) {
        self.idle
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(worker);
    }
}

/// Describes how a worker died (waiting briefly for it to finish dying).
fn death(child: &mut Child) -> String {
    let deadline = Instant::now() + Duration::from_millis(500);
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => break None,
        }
    };
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.and_then(|s| s.signal()) {
            let hint = match sig {
                libc::SIGABRT => " (memory limit exceeded or stack exhausted)",
                libc::SIGKILL => " (killed)",
                libc::SIGXCPU => " (CPU time limit)",
                libc::SIGSYS => " (forbidden system call)",
                libc::SIGSEGV => " (crash)",
                _ => "",
            };
            return format!("the evaluator process died from signal {sig}{hint}");
        }
    }
    match status {
        Some(s) => format!("the evaluator process exited unexpectedly ({s})"),
        None => "the evaluator process stopped answering".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workers_share_the_pool_memory() {
        let (n, b) = Budget::shared(4, 16 << 30);
        assert_eq!(n, 4);
        assert_eq!(b.max_memory, Budget::default().max_memory);
        let (n, b) = Budget::shared(32, 4 << 30);
        assert_eq!(n, 32);
        assert_eq!(b.max_memory, Some(128 << 20));
        let (n, b) = Budget::shared(1000, 1 << 30);
        assert_eq!(n, 8, "fewer workers rather than starved ones");
        assert_eq!(b.max_memory, Some(128 << 20));
    }
}
