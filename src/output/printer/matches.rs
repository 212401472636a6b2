//! Text of xray's and explore's matches, as ripgrep prints matches.
//!
//! `path:line:col:text` per match (a file heading, then `line:col:text`, when stdout is
//! a terminal), with the evaluator's own fields appended as `[key=value ...]`. With
//! `-C N` the context lines around each match are printed as ripgrep prints them
//! (`path-line-text`, `--` between groups that do not touch). In color the pattern's
//! matches within each line are highlighted. Evaluation errors go to stderr as
//! `codesearch: PATH: Type: msg` after the matches, the same error in many files once
//! with the first few files and a count of the others. A run cut short (`--timeout`,
//! `--max-files`, `--max-errors`) says so on stderr.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde_json::Value;
use termcolor::{Color, ColorSpec, WriteColor};

use super::{Printer, Style};
use crate::output::json::PathJson;
use crate::output::record::{MatchData, Record, XraySummary};
use crate::xray::contract::Match;
use crate::xray::evaluator::EvalError;

/// How many files an error shared by many is named with in text mode.
const FILES_PER_ERROR: usize = 3;

impl<W: Write> Printer<W> {
    /// One file's matches, in order; `dumps` holds explore's text dumps, one per match.
    pub fn file_matches(
        &mut self,
        path: &Path,
        language: &str,
        matches: &[Match],
        dumps: Option<&[String]>,
    ) -> io::Result<()> {
        if matches.is_empty() {
            return Ok(());
        }
        match self.style {
            Style::Json => {
                for found in matches {
                    self.record(&Record::Match(MatchData {
                        path: PathJson(path),
                        language,
                        found,
                    }))?;
                }
            }
            Style::Vimgrep => {
                for m in matches {
                    self.path(path)?;
                    write!(self.out, ":")?;
                    self.match_line(m)?;
                }
            }
            Style::Text => {
                let heading = self.heading;
                if heading {
                    // Files under headings are apart already (a blank line).
                    self.printed_group = false;
                    self.path(path)?;
                    writeln!(self.out)?;
                }
                let prefix = (!heading).then_some(path);
                // The last line printed in this file, so that context shared by two
                // matches is printed once.
                let mut last: Option<u64> = None;
                for (i, m) in matches.iter().enumerate() {
                    if self.context {
                        let next = matches.get(i + 1).map(|n| n.line);
                        self.context_group(prefix, m, &mut last, next)?;
                    } else {
                        if let Some(p) = prefix {
                            self.path(p)?;
                            write!(self.out, ":")?;
                        }
                        self.match_line(m)?;
                    }
                    if let Some(text) = dumps.and_then(|d| d.get(i)) {
                        self.plain(text)?;
                    }
                }
                if heading {
                    writeln!(self.out)?;
                }
            }
        }
        Ok(())
    }

    /// A match with its context lines (ripgrep's `-C` layout).
    fn context_group(
        &mut self,
        prefix: Option<&Path>,
        m: &Match,
        last: &mut Option<u64>,
        next: Option<u64>,
    ) -> io::Result<()> {
        let line = m.line;
        let (before, after) = (&m.context_before, &m.context_after);
        let first = line.saturating_sub(before.len() as u64);
        let starts_new_group = match *last {
            Some(l) => first > l + 1,
            None => true,
        };
        if starts_new_group && self.printed_group {
            writeln!(self.out, "--")?;
        }
        for (k, text) in before.iter().enumerate() {
            let n = first + k as u64;
            if last.is_none_or(|l| n > l) {
                self.context_line(prefix, n, text)?;
            }
        }
        // Every match is printed, two on one line too: context never takes the place
        // of a match line (the context after a match stops at the next match).
        if let Some(p) = prefix {
            self.path(p)?;
            write!(self.out, ":")?;
        }
        self.match_line(m)?;
        // A match over several lines ends that many lines further down.
        let end = line + m.line_content.matches('\n').count() as u64;
        let mut printed = end.max(last.unwrap_or(0));
        for (k, text) in after.iter().enumerate() {
            let n = end + 1 + k as u64;
            // Stop before the next match's line: it is printed as a match.
            if next.is_some_and(|nx| nx >= line && n >= nx) {
                break;
            }
            if n > printed {
                self.context_line(prefix, n, text)?;
                printed = n;
            }
        }
        *last = Some(printed);
        self.printed_group = true;
        Ok(())
    }

    /// `path-N-text` (or `N-text` under a heading).
    fn context_line(&mut self, prefix: Option<&Path>, n: u64, text: &str) -> io::Result<()> {
        if let Some(p) = prefix {
            self.path(p)?;
            write!(self.out, "-")?;
        }
        self.out
            .set_color(ColorSpec::new().set_fg(Some(Color::Green)))?;
        write!(self.out, "{n}")?;
        self.out.reset()?;
        write!(self.out, "-")?;
        self.plain(text)?;
        writeln!(self.out)
    }

    /// A printed line, with the pattern's matches highlighted in color.
    fn highlighted(&mut self, text: &str) -> io::Result<()> {
        let spans = match &self.highlight {
            Some(h) if self.out.supports_color() => h.spans(text),
            _ => Vec::new(),
        };
        let mut at = 0;
        for (start, end) in spans {
            if start < at || !text.is_char_boundary(start) || !text.is_char_boundary(end) {
                continue;
            }
            self.plain(&text[at..start])?;
            self.out
                .set_color(ColorSpec::new().set_fg(Some(Color::Red)).set_bold(true))?;
            self.plain(&text[start..end])?;
            self.out.reset()?;
            at = end;
        }
        self.plain(&text[at..])
    }

    /// `line:col:text [fields]` (no fields in `--vimgrep`).
    fn match_line(&mut self, m: &Match) -> io::Result<()> {
        self.out
            .set_color(ColorSpec::new().set_fg(Some(Color::Green)))?;
        write!(self.out, "{}", m.line)?;
        self.out.reset()?;
        write!(self.out, ":{}:", m.column.unwrap_or(1))?;
        self.highlighted(m.line_content.trim_end_matches(['\r', '\n']))?;
        if self.style != Style::Vimgrep && !m.fields.is_empty() {
            let extras: Vec<String> = m
                .fields
                .iter()
                .map(|(k, v)| format!("{k}={}", compact(v)))
                .collect();
            self.out
                .set_color(ColorSpec::new().set_fg(Some(Color::Cyan)))?;
            write!(self.out, "  [")?;
            self.plain(&extras.join(" "))?;
            write!(self.out, "]")?;
            self.out.reset()?;
        }
        writeln!(self.out)
    }

    /// The end of an xray run in text modes: the held-back evaluation errors, then why
    /// the result is partial, on stderr after the matches.
    pub(super) fn finish_xray(&mut self, summary: &XraySummary) -> io::Result<()> {
        self.out.flush()?;
        let mut stderr = io::stderr().lock();
        let escape = |t: &str| crate::output::for_stderr(t).into_owned();
        for (err, paths) in group_errors(&self.deferred_errors) {
            let line = match err.line_number {
                Some(n) => format!("{:?} (evaluator line {n}): {}", err.error_type, err.message),
                None => format!("{:?}: {}", err.error_type, err.message),
            };
            let line = escape(&line);
            for path in paths.iter().take(FILES_PER_ERROR) {
                writeln!(
                    stderr,
                    "codesearch: {}: {line}",
                    escape(&path.to_string_lossy())
                )?;
            }
            if paths.len() > FILES_PER_ERROR {
                writeln!(
                    stderr,
                    "codesearch: ... the same error in {} more files",
                    paths.len() - FILES_PER_ERROR
                )?;
            }
        }
        self.deferred_errors.clear();
        for note in partial_notes(summary) {
            writeln!(stderr, "codesearch: {note}")?;
        }
        Ok(())
    }
}

/// The deferred errors grouped by type, message and evaluator line, in the order each
/// first occurred.
fn group_errors(errors: &[(PathBuf, EvalError)]) -> Vec<(&EvalError, Vec<&Path>)> {
    let mut groups: Vec<(&EvalError, Vec<&Path>)> = Vec::new();
    let mut index: std::collections::HashMap<&EvalError, usize> = std::collections::HashMap::new();
    for (path, err) in errors {
        match index.get(err) {
            Some(&i) => groups[i].1.push(path),
            None => {
                index.insert(err, groups.len());
                groups.push((err, vec![path]));
            }
        }
    }
    groups
}

/// Why the result is partial, one sentence per reason.
fn partial_notes(s: &XraySummary) -> Vec<String> {
    let evaluated = format!(
        "{} of {} candidate files evaluated",
        s.files_evaluated, s.files_total
    );
    let mut notes = Vec::new();
    if s.timeout {
        notes.push(format!(
            "--timeout reached after {:.1}s: the results are partial ({evaluated})",
            s.elapsed_ms as f64 / 1000.0
        ));
    }
    if s.max_files_reached {
        notes.push(format!(
            "--max-files reached: the results are partial ({evaluated})"
        ));
    }
    if s.max_errors_reached {
        notes.push(format!(
            "--max-errors reached after {} failing files: the results are partial ({evaluated})",
            s.evaluation_errors
        ));
    }
    notes
}

/// Strings bare, everything else as compact JSON.
pub(super) fn compact(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
