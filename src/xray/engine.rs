//! Phase 2: evaluating the candidate files, in parallel, under the run's caps.
//!
//! Workers (one per thread) take candidates in path order from a shared counter, read
//! and decode each file, hand it to the [`Evaluator`] and validate the result; the
//! outcomes are put back in candidate order, so output never depends on timing.
//! `--max-files N` evaluates only the first N candidates (partial,
//! `max_files_reached`); `--timeout` stops taking files once the run's deadline passes
//! (partial, `timeout`; the timeout wins over the cap). Per-file
//! failures become [`EvalError`]s and never stop the run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::contract::{self, FileResult};
use super::evaluator::{ErrorType, EvalError, EvalRequest, Evaluator};
use crate::output::progress::Progress;
use crate::search::Candidate;
use crate::source::{self, SourceError};
use crate::walk::Visited;

/// Limits of one run.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_files: Option<usize>,
    /// The whole run's deadline.
    pub run_deadline: Option<Instant>,
    /// Wall-clock time one file may take.
    pub eval_timeout: Duration,
    pub threads: usize,
    pub progress: bool,
}

/// What happened to one evaluated file.
#[derive(Debug)]
pub struct FileOutcome {
    /// Index into the candidate list.
    pub index: usize,
    pub result: Result<FileResult, EvalError>,
    /// The decoded source (kept for enrichment and AST dumps).
    pub source: String,
}

/// The run's counts and flags.
#[derive(Debug, Default, Clone, Copy)]
pub struct Phase2 {
    pub files_evaluated: usize,
    pub timeout: bool,
    pub max_files_reached: bool,
}

/// Evaluates the candidates on worker threads and hands each outcome to `emit` on the
/// calling thread, in candidate order, as soon as it and all before it are done: the
/// output streams (a reader such as `head` sees results early) yet never depends on
/// timing, and only the files in flight are held in memory. An `emit` error (a closed
/// pipe) stops the workers from taking more files and is returned.
pub fn evaluate_all<E>(
    candidates: &[Visited<Candidate>],
    evaluator: &dyn Evaluator,
    limits: &Limits,
    mut emit: E,
) -> std::io::Result<Phase2>
where
    E: FnMut(FileOutcome) -> std::io::Result<()>,
{
    let cap = limits.max_files.unwrap_or(usize::MAX).min(candidates.len());
    let next = AtomicUsize::new(0);
    let timed_out = AtomicBool::new(false);
    let stop = AtomicBool::new(false);
    let threads = if limits.threads == 0 {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    } else {
        limits.threads
    }
    .min(cap.max(1));
    let progress = Progress::start("files evaluated", limits.progress);
    let (tx, rx) = std::sync::mpsc::channel::<FileOutcome>();
    let mut evaluated = 0usize;
    let mut result = Ok(());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, timed_out, stop, progress) = (&next, &timed_out, &stop, &progress);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if limits.run_deadline.is_some_and(|d| Instant::now() >= d) {
                    timed_out.store(true, Ordering::Relaxed);
                    return;
                }
                // Indices are taken in order and every taken one is finished, so the
                // outcomes delivered are always a prefix 0..n of the candidates.
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= cap {
                    return;
                }
                let outcome = evaluate_one(index, &candidates[index].item, evaluator, limits);
                progress.inc();
                if tx.send(outcome).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        let mut pending: BTreeMap<usize, FileOutcome> = BTreeMap::new();
        for outcome in rx {
            pending.insert(outcome.index, outcome);
            while let Some(ready) = pending.remove(&evaluated) {
                evaluated += 1;
                if result.is_ok() {
                    result = emit(ready);
                    if result.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    });
    progress.finish();
    result?;
    let timeout = timed_out.load(Ordering::Relaxed) && evaluated < cap;
    Ok(Phase2 {
        files_evaluated: evaluated,
        timeout,
        // The timeout wins over the cap: a run cut short by time is reported as such.
        max_files_reached: !timeout && cap < candidates.len(),
    })
}

fn evaluate_one(
    index: usize,
    c: &Candidate,
    evaluator: &dyn Evaluator,
    limits: &Limits,
) -> FileOutcome {
    let fail = |e: EvalError, source: String| FileOutcome {
        index,
        result: Err(e),
        source,
    };
    let Some(language) = c.language else {
        return fail(
            EvalError::new(
                ErrorType::UnsupportedLanguage,
                format!(
                    "no grammar for {} (see --type-list)",
                    describe_kind(&c.open_path)
                ),
            ),
            String::new(),
        );
    };
    let text = match source::read_text(&c.open_path) {
        Ok(t) => t.text,
        Err(SourceError::Binary) => {
            // A file named on the command line may be binary: it has no syntax tree.
            return fail(
                EvalError::new(ErrorType::IoError, SourceError::Binary.to_string()),
                String::new(),
            );
        }
        Err(e) => {
            return fail(
                EvalError::new(ErrorType::IoError, e.to_string()),
                String::new(),
            )
        }
    };
    let absolute = absolute(&c.open_path);
    let mut deadline = Instant::now() + limits.eval_timeout;
    if let Some(run) = limits.run_deadline {
        deadline = deadline.min(run);
    }
    let req = EvalRequest {
        file_path: &absolute,
        language,
        source: &text,
        match_positions: &c.hits,
        deadline,
    };
    let result = evaluator.evaluate(&req).and_then(contract::validate);
    FileOutcome {
        index,
        result,
        source: text,
    }
}

fn describe_kind(path: &Path) -> String {
    match path.extension() {
        Some(ext) => format!("'.{}' files", ext.to_string_lossy()),
        None => format!(
            "'{}'",
            path.file_name()
                .unwrap_or(path.as_os_str())
                .to_string_lossy()
        ),
    }
}

/// The evaluator's `file_path` global is absolute.
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xray::evaluator::HitsEvaluator;
    use serde_json::Value;

    fn candidate(dir: &Path, name: &str, text: &str) -> Visited<Candidate> {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        Visited {
            root: 0,
            path: PathBuf::from(name),
            item: Candidate {
                language: crate::lang::detect(&p),
                open_path: p,
                hits: Vec::new(),
            },
        }
    }

    fn run_all(
        cs: &[Visited<Candidate>],
        ev: &dyn Evaluator,
        l: &Limits,
    ) -> (Phase2, Vec<FileOutcome>) {
        let mut got = Vec::new();
        let p2 = evaluate_all(cs, ev, l, |o| {
            got.push(o);
            Ok(())
        })
        .unwrap();
        (p2, got)
    }

    fn limits() -> Limits {
        Limits {
            max_files: None,
            run_deadline: None,
            eval_timeout: Duration::from_secs(5),
            threads: 2,
            progress: false,
        }
    }

    #[test]
    fn unknown_extension_is_unsupported_language_and_the_run_goes_on() {
        let dir = tempfile::tempdir().unwrap();
        let cs = vec![
            candidate(dir.path(), "a.py", "x = 1\n"),
            candidate(dir.path(), "b.zzz", "x\n"),
        ];
        let (p2, outcomes) = run_all(&cs, &HitsEvaluator, &limits());
        assert_eq!(p2.files_evaluated, 2);
        assert!(outcomes[0].result.is_ok());
        let err = outcomes[1].result.as_ref().unwrap_err();
        assert_eq!(err.error_type, ErrorType::UnsupportedLanguage);
    }

    #[test]
    fn max_files_caps_evaluation_in_path_order() {
        let dir = tempfile::tempdir().unwrap();
        let cs: Vec<_> = (0..5)
            .map(|i| candidate(dir.path(), &format!("f{i}.py"), ""))
            .collect();
        let (p2, outcomes) = run_all(
            &cs,
            &HitsEvaluator,
            &Limits {
                max_files: Some(2),
                ..limits()
            },
        );
        assert_eq!(p2.files_evaluated, 2);
        assert!(p2.max_files_reached && !p2.timeout);
        assert_eq!(
            outcomes.iter().map(|o| o.index).collect::<Vec<_>>(),
            vec![0, 1]
        );
    }

    #[test]
    fn an_expired_run_deadline_reports_timeout_over_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let cs: Vec<_> = (0..3)
            .map(|i| candidate(dir.path(), &format!("f{i}.py"), ""))
            .collect();
        let (p2, _) = run_all(
            &cs,
            &HitsEvaluator,
            &Limits {
                max_files: Some(2),
                run_deadline: Some(Instant::now()),
                ..limits()
            },
        );
        assert!(p2.timeout);
        assert!(!p2.max_files_reached, "the timeout wins");
        assert_eq!(p2.files_evaluated, 0);
    }

    struct Slow;
    impl Evaluator for Slow {
        fn evaluate(&self, req: &EvalRequest<'_>) -> Result<Value, EvalError> {
            assert!(req.file_path.is_absolute());
            std::thread::sleep(Duration::from_millis(30));
            Ok(serde_json::json!({"matches": []}))
        }
    }

    #[test]
    fn the_deadline_stops_taking_new_files() {
        let dir = tempfile::tempdir().unwrap();
        let cs: Vec<_> = (0..50)
            .map(|i| candidate(dir.path(), &format!("f{i:02}.py"), ""))
            .collect();
        let (p2, outcomes) = run_all(
            &cs,
            &Slow,
            &Limits {
                run_deadline: Some(Instant::now() + Duration::from_millis(100)),
                threads: 1,
                ..limits()
            },
        );
        assert!(p2.timeout);
        assert!(p2.files_evaluated < 50 && p2.files_evaluated >= 1);
        let order: Vec<usize> = outcomes.iter().map(|o| o.index).collect();
        assert_eq!(
            order,
            (0..p2.files_evaluated).collect::<Vec<_>>(),
            "a prefix, in order"
        );
    }

    #[test]
    fn an_emit_error_stops_the_run() {
        let dir = tempfile::tempdir().unwrap();
        let cs: Vec<_> = (0..50)
            .map(|i| candidate(dir.path(), &format!("f{i:02}.py"), ""))
            .collect();
        let mut seen = 0;
        let err = evaluate_all(
            &cs,
            &Slow,
            &Limits {
                threads: 1,
                ..limits()
            },
            |_| {
                seen += 1;
                Err(std::io::ErrorKind::BrokenPipe.into())
            },
        )
        .unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe);
        assert_eq!(seen, 1);
    }
}
