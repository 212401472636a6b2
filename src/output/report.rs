//! Error reporting on stderr, shared by all threads of a run.

use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::escape_controls;

/// Prints `codesearch: PATH: message` lines on stderr and counts them.
///
/// Errors never stop a run: the subcommand reports them here, goes on, and asks
/// [`Reporter::had_error`] at the end to pick exit code 2. When stderr is a terminal,
/// control characters in paths and messages are printed escaped: a file name cannot
/// drive the terminal.
#[derive(Debug)]
pub struct Reporter {
    had_error: AtomicBool,
    count: AtomicUsize,
    warnings: AtomicUsize,
    /// When true, messages are counted but not printed (used by tests of the library).
    quiet: bool,
    /// Escape control characters (stderr is a terminal).
    escape: bool,
}

impl Default for Reporter {
    fn default() -> Reporter {
        Reporter {
            had_error: AtomicBool::new(false),
            count: AtomicUsize::new(0),
            warnings: AtomicUsize::new(0),
            quiet: false,
            escape: std::io::stderr().is_terminal(),
        }
    }
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
        self.error_count();
        self.say(&self.line(Some(path), message));
    }

    /// Reports a file that was skipped on purpose: said on stderr, counted, but not an
    /// error (the exit status does not change).
    pub fn path_warning(&self, path: &Path, message: impl Display) {
        self.warnings.fetch_add(1, Ordering::Relaxed);
        self.say(&self.line(Some(path), message));
    }

    /// Says something on stderr that is neither an error nor a skipped file (the index
    /// being rebuilt, or unusable): the exit status and the counts do not change.
    pub fn note(&self, message: impl Display) {
        self.say(&self.line(None, message));
    }

    /// How many files were skipped with a warning.
    pub fn warnings(&self) -> usize {
        self.warnings.load(Ordering::Relaxed)
    }

    /// Reports an error that concerns no single path.
    pub fn error(&self, message: impl Display) {
        self.error_count();
        self.say(&self.line(None, message));
    }

    fn error_count(&self) {
        self.had_error.store(true, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    /// `codesearch: PATH: message`, escaped for a terminal when stderr is one.
    fn line(&self, path: Option<&Path>, message: impl Display) -> String {
        let text = match path {
            Some(p) => format!("{}: {message}", p.to_string_lossy()),
            None => message.to_string(),
        };
        let text = if self.escape {
            escape_controls(&text)
        } else {
            std::borrow::Cow::Borrowed(text.as_str())
        };
        format!("codesearch: {text}")
    }

    fn say(&self, line: &str) {
        if self.quiet {
            return;
        }
        // One write per line under stderr's lock, so lines from several threads never
        // interleave. A failing stderr has nowhere to be reported; ignore it.
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{line}");
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

#[cfg(test)]
mod tests {
    use super::*;

    fn for_terminal() -> Reporter {
        Reporter {
            escape: true,
            ..Reporter::quiet()
        }
    }

    #[test]
    fn a_control_character_in_a_file_name_is_escaped_for_a_terminal() {
        let name = Path::new("evil\x1b]0;pwned\x07.py");
        let line = for_terminal().line(Some(name), "cannot read\x1b[2J");
        assert_eq!(
            line,
            "codesearch: evil\\x1b]0;pwned\\x07.py: cannot read\\x1b[2J"
        );
        assert!(!line.contains('\x1b') && !line.contains('\x07'));
    }

    #[test]
    fn names_are_kept_as_they_are_when_stderr_is_not_a_terminal() {
        let r = Reporter {
            escape: false,
            ..Reporter::quiet()
        };
        let line = r.line(Some(Path::new("a\x1b.py")), "gone");
        assert_eq!(line, "codesearch: a\x1b.py: gone");
    }

    #[test]
    fn errors_are_counted_and_warnings_are_not_errors() {
        let r = for_terminal();
        r.path_warning(Path::new("big.py"), "too large");
        assert!(!r.had_error());
        r.path_error(Path::new("a.py"), "unreadable");
        r.error("walk failed");
        assert_eq!((r.count(), r.warnings()), (2, 1));
        assert!(r.had_error());
    }
}
