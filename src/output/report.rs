//! Error reporting on stderr, shared by all threads of a run.

use std::fmt::Display;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Prints `codesearch: PATH: message` lines on stderr and counts them.
///
/// Errors never stop a run: the subcommand reports them here, goes on, and asks
/// [`Reporter::had_error`] at the end to pick exit code 2.
#[derive(Debug, Default)]
pub struct Reporter {
    had_error: AtomicBool,
    count: AtomicUsize,
    warnings: AtomicUsize,
    /// When true, messages are counted but not printed (used by tests of the library).
    quiet: bool,
}

impl Reporter {
    pub fn new() -> Reporter {
        Reporter::default()
    }

    /// A reporter that only counts, for library callers that collect errors otherwise.
    pub fn quiet() -> Reporter {
        Reporter {
            quiet: true,
            ..Reporter::default()
        }
    }

    /// Reports an error about one path.
    pub fn path_error(&self, path: &Path, message: impl Display) {
        self.emit(format_args!("{}: {message}", path.to_string_lossy()));
    }

    /// Reports a file that was skipped on purpose: said on stderr, counted, but not an
    /// error (the exit status does not change).
    pub fn path_warning(&self, path: &Path, message: impl Display) {
        self.warnings.fetch_add(1, Ordering::Relaxed);
        if self.quiet {
            return;
        }
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "codesearch: {}: {message}", path.to_string_lossy());
    }

    /// Says something on stderr that is neither an error nor a skipped file (the index
    /// being rebuilt, or unusable): the exit status and the counts do not change.
    pub fn note(&self, message: impl Display) {
        if self.quiet {
            return;
        }
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "codesearch: {message}");
    }

    /// How many files were skipped with a warning.
    pub fn warnings(&self) -> usize {
        self.warnings.load(Ordering::Relaxed)
    }

    /// Reports an error that concerns no single path.
    pub fn error(&self, message: impl Display) {
        self.emit(format_args!("{message}"));
    }

    fn emit(&self, line: std::fmt::Arguments<'_>) {
        self.had_error.store(true, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
        if self.quiet {
            return;
        }
        // One write per line under stderr's lock, so lines from several threads never
        // interleave. A failing stderr has nowhere to be reported; ignore it.
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "codesearch: {line}");
    }

    /// Whether any error was reported.
    pub fn had_error(&self) -> bool {
        self.had_error.load(Ordering::Relaxed)
    }

    /// How many errors were reported.
    pub fn count(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }
}
