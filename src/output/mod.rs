//! The output layer every subcommand shares.
//!
//! - [`Reporter`]: errors on stderr as `codesearch: PATH: message`, from any thread,
//!   remembering that one happened so the exit code can say so.
//! - [`record`]: the typed records of every command, and [`printer`], the one printer
//!   that renders them as text, `--vimgrep` lines or JSON Lines.
//! - [`json`]: lossless paths (`{"text":..}` or `{"bytes":base64}`).
//! - [`color_choice`]: `--color`, `NO_COLOR`, `TERM=dumb` and "is stdout a terminal".
//! - [`progress`]: a spinner on stderr for long runs, only on a terminal.
//! - [`ExitStatus`]: the exit-code contract.
//!
//! Everything printed here is an API: agents parse it, editors jump to it. Text for a
//! terminal never lets file contents or names drive it: control characters are
//! printed escaped ([`escape_controls`]).

pub mod json;
pub mod printer;
pub mod progress;
pub mod record;
mod report;

use std::io::IsTerminal;
use std::path::Path;

pub use report::Reporter;

use crate::cli::ColorWhen;

/// The exit-code contract (documented in the README and `--help`, tested).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    /// Something was found and no error occurred.
    Found = 0,
    /// Nothing was found and no error occurred.
    NotFound = 1,
    /// An error occurred (results found were still printed).
    Error = 2,
}

impl ExitStatus {
    /// The status for a run that found `found` results and saw errors or not.
    pub fn from_outcome(found: bool, had_error: bool) -> ExitStatus {
        match (found, had_error) {
            (_, true) => ExitStatus::Error,
            (true, false) => ExitStatus::Found,
            (false, false) => ExitStatus::NotFound,
        }
    }

    pub fn code(self) -> u8 {
        self as u8
    }
}

/// Decides whether stdout gets colors, the way ripgrep does: `--color always|never`
/// wins; `auto` means colors only on a terminal, with `NO_COLOR` unset and `TERM` not
/// `dumb`.
pub fn color_choice(when: ColorWhen) -> termcolor::ColorChoice {
    match when {
        ColorWhen::Always => termcolor::ColorChoice::Always,
        ColorWhen::Never => termcolor::ColorChoice::Never,
        ColorWhen::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
            if !no_color && !dumb && std::io::stdout().is_terminal() {
                termcolor::ColorChoice::Always
            } else {
                termcolor::ColorChoice::Never
            }
        }
    }
}

/// A path for text output: lossy where it is not UTF-8 (JSON keeps the bytes).
pub fn display_path(path: &Path) -> std::borrow::Cow<'_, str> {
    path.to_string_lossy()
}

/// `text` with control characters other than tab and newline written as escapes
/// (`\x1b`, `\u{9b}`), so that printing it cannot move the cursor, retitle the window
/// or otherwise drive a terminal.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    let is_bad = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(is_bad) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !is_bad(c) {
            out.push(c);
        } else if c.is_ascii() {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `text` as it may be written on stderr: escaped when stderr is a terminal.
pub fn for_stderr(text: &str) -> std::borrow::Cow<'_, str> {
    if std::io::stderr().is_terminal() {
        escape_controls(text)
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Whether an error is a closed pipe (`codesearch ... | head`): the run stops quietly.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_status_follows_the_contract() {
        assert_eq!(ExitStatus::from_outcome(true, false).code(), 0);
        assert_eq!(ExitStatus::from_outcome(false, false).code(), 1);
        assert_eq!(ExitStatus::from_outcome(true, true).code(), 2);
        assert_eq!(ExitStatus::from_outcome(false, true).code(), 2);
    }

    #[test]
    fn control_characters_are_escaped_but_tabs_and_newlines_kept() {
        assert_eq!(escape_controls("a\tb\nc"), "a\tb\nc");
        assert_eq!(escape_controls("\x1b[2J\u{9b}x\r"), "\\x1b[2J\\u{9b}x\\x0d");
    }

    #[test]
    fn broken_pipe_is_recognised_through_context() {
        let io = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        let err = anyhow::Error::new(io).context("writing results");
        assert!(is_broken_pipe(&err));
        assert!(!is_broken_pipe(&anyhow::anyhow!("other")));
    }
}
