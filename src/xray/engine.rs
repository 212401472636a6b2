//! Phase 2: evaluating the candidate files, in parallel, under the run's caps.
//!
//! Workers (one per thread) take candidates in path order from a shared counter, read
//! and decode each file, rebuild its hits' lines and context from the text, hand it to
//! the [`Evaluator`] (which answers with typed matches) and finish the result (the
//! caller's `post` step: explore's AST dumps) while the source is at hand, so
//! what waits to be printed is the result, never the source. Outcomes are put back in
//! candidate order, so output never depends on timing; a worker does not start a file
//! more than a few files ahead of the one being printed (back-pressure: a slow reader
//! or one huge file never lets later results pile up).
//!
//! `--max-files N` evaluates only the first N candidates (partial,
//! `max_files_reached`); `--timeout` stops taking files once the run's deadline passes
//! (partial, `timeout`; the timeout wins over the cap); `--max-errors N` stops after
//! the Nth failing file. Files too large to parse, and walked files whose language has
//! no grammar, are skipped rather than failed. Other per-file failures become
//! [`EvalError`]s and never stop the run.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::contract::FileResult;
use super::evaluator::{ErrorType, EvalError, EvalRequest, Evaluator};
use crate::output::progress::Progress;
use crate::pool::{Flow, InOrder};
use crate::search::Candidate;
use crate::source::{self, LineIndex, SourceError};
use crate::walk::Visited;

/// How many files a worker may run ahead of the file being printed, per thread.
const AHEAD_PER_THREAD: usize = 2;

/// Limits of one run.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_files: Option<usize>,
    /// The whole run's deadline.
    pub run_deadline: Option<Instant>,
    /// Wall-clock time one file may take.
    pub eval_timeout: Duration,
    /// Worker threads (`-j` already resolved: at least one).
    pub threads: usize,
    pub progress: bool,
    /// Files larger than this many bytes are skipped, not parsed.
    pub parse_limit: u64,
    /// Stop after this many failing files.
    pub max_errors: Option<usize>,
    /// Context lines around each hit (`-C`).
    pub context: usize,
}

/// Why a file was skipped rather than evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// Over the parse-size limit (the message says so; it is printed as a warning).
    TooLarge(String),
    /// Found by the walk, in a language without a grammar: counted, not reported.
    NoGrammar,
}

/// What happened to one candidate file; `R` is what the `post` step made of a result.
#[derive(Debug)]
pub enum Outcome<R> {
    Done(R),
    Failed(EvalError),
    Skipped(Skip),
}

/// One evaluated file.
#[derive(Debug)]
pub struct FileOutcome<R> {
    /// Index into the candidate list.
    pub index: usize,
    pub outcome: Outcome<R>,
}

/// The run's counts and flags.
#[derive(Debug, Default, Clone, Copy)]
pub struct Phase2 {
    pub files_evaluated: usize,
    pub timeout: bool,
    pub max_files_reached: bool,
    pub max_errors_reached: bool,
}

/// Evaluates the candidates on worker threads and hands each outcome to `emit` on the
/// calling thread, in candidate order, as soon as it and all before it are done: the
/// output streams (a reader such as `head` sees results early) yet never depends on
/// timing. `post` runs on the worker thread with the file's source and turns a valid
/// result into what `emit` needs. An `emit` error (a closed pipe) stops the workers
/// from taking more files and is returned.
pub fn evaluate_all<R, P, E>(
    candidates: &[Visited<Candidate>],
    evaluator: &dyn Evaluator,
    limits: &Limits,
    post: P,
    mut emit: E,
) -> std::io::Result<Phase2>
where
    R: Send,
    P: Fn(&Visited<Candidate>, &str, &LineIndex, FileResult) -> R + Sync,
    E: FnMut(FileOutcome<R>) -> std::io::Result<()>,
{
    let cap = limits.max_files.unwrap_or(usize::MAX).min(candidates.len());
    let progress = Progress::start("files evaluated", limits.progress);
    let mut failures = 0usize;
    let mut max_errors_reached = false;
    let finished: std::io::Result<_> = InOrder::new(limits.threads, AHEAD_PER_THREAD)
        .until(limits.run_deadline)
        .run(
            cap,
            |index| {
                // None: the run's deadline cut this file short; nothing from it on is
                // delivered.
                let outcome = evaluate_one(&candidates[index], evaluator, limits, &post)?;
                progress.inc();
                Some(FileOutcome { index, outcome })
            },
            |index, ready| {
                let failed = matches!(ready.outcome, Outcome::Failed(_));
                emit(ready)?;
                if failed {
                    failures += 1;
                    if limits.max_errors.is_some_and(|n| failures >= n) && index + 1 < cap {
                        max_errors_reached = true;
                        return Ok(Flow::Stop);
                    }
                }
                Ok(Flow::Continue)
            },
        );
    progress.finish();
    let finished = finished?;
    let timeout = finished.cut_short && !max_errors_reached;
    Ok(Phase2 {
        files_evaluated: finished.delivered,
        timeout,
        // The timeout wins over the cap: a run cut short by time is reported as such.
        max_files_reached: !timeout && !max_errors_reached && cap < candidates.len(),
        max_errors_reached,
    })
}

/// One file's outcome; None when the run's deadline (not the file's own) ended its
/// evaluation.
fn evaluate_one<R>(
    c: &Visited<Candidate>,
    evaluator: &dyn Evaluator,
    limits: &Limits,
    post: &(impl Fn(&Visited<Candidate>, &str, &LineIndex, FileResult) -> R + Sync),
) -> Option<Outcome<R>> {
    Some(match prepare(c, limits) {
        Err(outcome) => outcome,
        Ok((language, text)) => {
            let lines = LineIndex::new(text.as_bytes());
            let hits = crate::search::expand(&c.item.hits, &text, &lines, limits.context);
            let absolute = absolute(&c.item.open_path);
            let own = Instant::now() + limits.eval_timeout;
            let deadline = limits.run_deadline.map_or(own, |run| own.min(run));
            let req = EvalRequest {
                file_path: &absolute,
                language,
                source: &text,
                lines: &lines,
                match_positions: hits,
                deadline,
            };
            match evaluator.evaluate(req) {
                Ok(result) => Outcome::Done(post(c, &text, &lines, result)),
                Err(_) if deadline < own && Instant::now() >= deadline => return None,
                Err(e) => Outcome::Failed(e),
            }
        }
    })
}

/// A file's language and text, or why it is not evaluated.
fn prepare<R>(
    c: &Visited<Candidate>,
    limits: &Limits,
) -> Result<(&'static crate::lang::Language, String), Outcome<R>> {
    let item = &c.item;
    let Some(language) = item.language else {
        if !item.explicit {
            return Err(Outcome::Skipped(Skip::NoGrammar));
        }
        return Err(Outcome::Failed(EvalError::new(
            ErrorType::UnsupportedLanguage,
            format!(
                "no grammar for {} (see --type-list)",
                describe_kind(&item.open_path)
            ),
        )));
    };
    match source::read_text_within(&item.open_path, limits.parse_limit) {
        Ok(t) => Ok((language, t.text)),
        Err(e @ SourceError::TooLarge { .. }) => {
            Err(Outcome::Skipped(Skip::TooLarge(e.to_string())))
        }
        // A file named on the command line may be binary: it has no syntax tree.
        Err(e) => Err(Outcome::Failed(EvalError::new(
            ErrorType::IoError,
            e.to_string(),
        ))),
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
    use std::sync::atomic::{AtomicUsize, Ordering};

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
                explicit: false,
            },
        }
    }

    fn run_all(
        cs: &[Visited<Candidate>],
        ev: &dyn Evaluator,
        l: &Limits,
    ) -> (Phase2, Vec<FileOutcome<FileResult>>) {
        let mut got = Vec::new();
        let p2 = evaluate_all(
            cs,
            ev,
            l,
            |_, _, _, r| r,
            |o| {
                got.push(o);
                Ok(())
            },
        )
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
            parse_limit: u64::MAX,
            max_errors: None,
            context: 0,
        }
    }

    #[test]
    fn unknown_extension_is_skipped_when_walked_and_an_error_when_named() {
        let dir = tempfile::tempdir().unwrap();
        let mut cs = vec![
            candidate(dir.path(), "a.py", "x = 1\n"),
            candidate(dir.path(), "b.zzz", "x\n"),
            candidate(dir.path(), "c.zzz", "x\n"),
        ];
        cs[2].item.explicit = true;
        let (p2, outcomes) = run_all(&cs, &HitsEvaluator, &limits());
        assert_eq!(p2.files_evaluated, 3);
        assert!(matches!(outcomes[0].outcome, Outcome::Done(_)));
        assert!(matches!(
            outcomes[1].outcome,
            Outcome::Skipped(Skip::NoGrammar)
        ));
        let Outcome::Failed(err) = &outcomes[2].outcome else {
            panic!("a named file without a grammar is an error");
        };
        assert_eq!(err.error_type, ErrorType::UnsupportedLanguage);
    }

    #[test]
    fn files_over_the_parse_limit_are_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let cs = vec![candidate(dir.path(), "a.py", "x = 1\n")];
        let (_, outcomes) = run_all(
            &cs,
            &HitsEvaluator,
            &Limits {
                parse_limit: 3,
                ..limits()
            },
        );
        assert!(matches!(
            outcomes[0].outcome,
            Outcome::Skipped(Skip::TooLarge(_))
        ));
    }

    #[test]
    fn max_errors_stops_after_the_nth_failing_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut cs: Vec<_> = (0..6)
            .map(|i| candidate(dir.path(), &format!("f{i}.zzz"), ""))
            .collect();
        for c in &mut cs {
            c.item.explicit = true;
        }
        let (p2, outcomes) = run_all(
            &cs,
            &HitsEvaluator,
            &Limits {
                max_errors: Some(2),
                ..limits()
            },
        );
        assert_eq!(outcomes.len(), 2);
        assert!(p2.max_errors_reached && !p2.timeout && !p2.max_files_reached);
    }

    #[test]
    fn workers_stay_a_few_files_ahead_of_the_printer() {
        let dir = tempfile::tempdir().unwrap();
        let cs: Vec<_> = (0..40)
            .map(|i| candidate(dir.path(), &format!("f{i:02}.py"), ""))
            .collect();
        let started = AtomicUsize::new(0);
        let mut max_ahead = 0;
        evaluate_all(
            &cs,
            &HitsEvaluator,
            &Limits {
                threads: 2,
                ..limits()
            },
            |_, _, _, r| {
                started.fetch_add(1, Ordering::SeqCst);
                r
            },
            |o| {
                std::thread::sleep(Duration::from_millis(5));
                max_ahead = max_ahead.max(started.load(Ordering::SeqCst) - o.index);
                Ok(())
            },
        )
        .unwrap();
        assert!(max_ahead <= 2 * AHEAD_PER_THREAD + 1, "{max_ahead}");
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
        fn evaluate(&self, req: EvalRequest<'_>) -> Result<FileResult, EvalError> {
            assert!(req.file_path.is_absolute());
            std::thread::sleep(Duration::from_millis(30));
            Ok(FileResult {
                matches: Vec::new(),
                value: None,
            })
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
            |_, _, _, r| r,
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
