//! Printing xray and explore results: text, `--vimgrep` and JSON Lines.
//!
//! JSON records (an API; tested with `deny_unknown_fields` in `tests/xray.rs`):
//! - `{"type":"match","data":{...}}`: the evaluator's match dict, enriched with
//!   `file_path` (a path object `{"text":..}`/`{"bytes":..}`, relative to the root as
//!   given), `language` and `line_content`; `explore` adds `matched_node`
//!   (`{"kind","start","end"}`) and `ast_debug` (the nested dump of
//!   [`super::ast_dump`]). Other keys are the evaluator's own.
//! - `{"type":"file_metadata","data":{"file_path","value"}}` for a non-None `value`.
//! - `{"type":"evaluation_error","data":{"file_path","line_number","error_type",
//!   "error_message"}}` for a file whose evaluation failed (`line_number` may be null).
//! - `{"type":"candidate","data":{"file_path"}}` per file with `xray -l --json`.
//! - last, `{"type":"summary","data":{"files_total","files_evaluated","matches",
//!   "evaluation_errors","excluded_dirs","elapsed_ms","partial","timeout",
//!   "max_files_reached","max_errors_reached","skipped_files","unsupported_files"}}`;
//!   `excluded_dirs` counts the directories the walker's built-in exclusions skipped,
//!   `skipped_files` the files over `--max-parse-size` (each also named on stderr),
//!   `unsupported_files` the walked candidates whose language has no grammar.
//!
//! Text: `path:line:col:text` per match (a file heading, then `line:col:text`, when
//! stdout is a terminal), with evaluator-provided extra keys appended as
//! `[key=value ...]`. With `-C N` the context lines around each match are printed as
//! ripgrep prints them (`path-line-text`, `--` between groups that do not touch). In
//! color the pattern's matches within each line are highlighted. When the output is
//! for a terminal, control characters from file contents and names are printed
//! escaped (`\x1b`), so that a file cannot drive the terminal. Evaluation errors go to stderr as `codesearch: PATH: Type: msg`
//! after the matches, the same error in many files once with the first few files and a
//! count of the others. A run cut short (`--timeout`, `--max-files`, `--max-errors`)
//! says so on stderr.

use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;
use serde_json::{Map, Value};
use termcolor::{Color, ColorSpec, WriteColor};

use super::evaluator::EvalError;
use crate::output::json::{JsonLines, PathJson};
use crate::search::Highlighter;

/// Keys every match may carry that are not "extra" in text output.
const STANDARD_KEYS: &[&str] = &[
    "line_number",
    "column",
    "line_content",
    "file_path",
    "language",
    "byte_offset",
    "context_before",
    "context_after",
    "matched_node",
    "ast_debug",
    "line_truncated",
];

/// The run's totals, printed last.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Summary {
    pub files_total: usize,
    pub files_evaluated: usize,
    pub matches: usize,
    pub evaluation_errors: usize,
    pub excluded_dirs: usize,
    pub elapsed_ms: u128,
    pub partial: bool,
    pub timeout: bool,
    pub max_files_reached: bool,
    pub max_errors_reached: bool,
    pub skipped_files: usize,
    pub unsupported_files: usize,
}

/// How many files an error shared by many is named with in text mode.
const FILES_PER_ERROR: usize = 3;

/// A match as printed: the match's own fields plus `file_path` and `language`, keys in
/// sorted order as in the rest of the record.
struct MatchRecord<'a> {
    fields: &'a Map<String, Value>,
    file_path: PathJson<'a>,
    language: &'a str,
}

impl Serialize for MatchRecord<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.fields.len() + 2))?;
        let (mut path_done, mut lang_done) = (false, false);
        for (k, v) in self.fields {
            if !path_done && k.as_str() > "file_path" {
                map.serialize_entry("file_path", &self.file_path)?;
                path_done = true;
            }
            if !lang_done && k.as_str() > "language" {
                map.serialize_entry("language", self.language)?;
                lang_done = true;
            }
            map.serialize_entry(k, v)?;
        }
        if !path_done {
            map.serialize_entry("file_path", &self.file_path)?;
        }
        if !lang_done {
            map.serialize_entry("language", self.language)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct MetadataRecord<'a> {
    file_path: PathJson<'a>,
    value: &'a Value,
}

#[derive(Serialize)]
struct ErrorRecord<'a> {
    file_path: PathJson<'a>,
    line_number: Option<u64>,
    error_type: super::evaluator::ErrorType,
    error_message: &'a str,
}

#[derive(Serialize)]
struct CandidateRecord<'a> {
    file_path: PathJson<'a>,
}

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `path:line:col:text`, or grouped under a heading.
    Text {
        heading: bool,
    },
    /// `path:line:col:text` always.
    Vimgrep,
    Json,
}

/// Writes one run's records.
pub struct Printer<W: WriteColor> {
    style: Style,
    out: W,
    /// Errors are held back in text modes so they come after the matches.
    deferred_errors: Vec<(std::path::PathBuf, EvalError)>,
    /// Highlights the pattern's matches in printed lines (color only).
    highlight: Option<Highlighter>,
    /// Escape control characters (the output goes to a terminal).
    escape: bool,
    /// Print context lines (`-C`), with `--` between groups.
    context: bool,
    /// Whether a group of lines has been printed (the next one gets a separator).
    printed_group: bool,
}

impl<W: WriteColor> Printer<W> {
    pub fn new(style: Style, out: W) -> Printer<W> {
        Printer {
            style,
            out,
            deferred_errors: Vec::new(),
            highlight: None,
            escape: false,
            context: false,
            printed_group: false,
        }
    }

    /// Highlights the pattern's matches in text output.
    pub fn highlighting(mut self, h: Highlighter) -> Printer<W> {
        self.highlight = Some(h);
        self
    }

    /// Escapes control characters in text output.
    pub fn escaping(mut self, on: bool) -> Printer<W> {
        self.escape = on;
        self
    }

    /// Prints the context lines of matches in text output.
    pub fn with_context(mut self, on: bool) -> Printer<W> {
        self.context = on;
        self
    }

    /// One file's matches; `dumps` holds explore's text dumps, one per match.
    pub fn matches(
        &mut self,
        path: &Path,
        language: &str,
        matches: &[Map<String, Value>],
        dumps: Option<&[String]>,
    ) -> io::Result<()> {
        if matches.is_empty() {
            return Ok(());
        }
        match self.style {
            Style::Json => {
                let mut json = JsonLines::new(&mut self.out);
                for m in matches {
                    json.record(
                        "match",
                        &MatchRecord {
                            fields: m,
                            file_path: PathJson(path),
                            language,
                        },
                    )?;
                }
            }
            Style::Vimgrep => {
                for m in matches {
                    self.path(path)?;
                    write!(self.out, ":")?;
                    self.match_line(m)?;
                }
            }
            Style::Text { heading } => {
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
                    let line = m.get("line_number").and_then(Value::as_u64).unwrap_or(0);
                    if self.context {
                        let next = matches
                            .get(i + 1)
                            .and_then(|n| n.get("line_number"))
                            .and_then(Value::as_u64);
                        self.context_group(prefix, m, line, &mut last, next)?;
                    } else {
                        if let Some(p) = prefix {
                            self.path(p)?;
                            write!(self.out, ":")?;
                        }
                        self.match_line(m)?;
                    }
                    self.dump(dumps, i)?;
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
        m: &Map<String, Value>,
        line: u64,
        last: &mut Option<u64>,
        next: Option<u64>,
    ) -> io::Result<()> {
        let strings = |key: &str| -> Vec<String> {
            m.get(key)
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|v| v.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default()
        };
        let before = strings("context_before");
        let after = strings("context_after");
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
        if last.is_none_or(|l| line > l) || before.is_empty() {
            if let Some(p) = prefix {
                self.path(p)?;
                write!(self.out, ":")?;
            }
            self.match_line(m)?;
        }
        // A match over several lines ends that many lines further down.
        let text = m.get("line_content").and_then(Value::as_str).unwrap_or("");
        let end = line + text.matches('\n').count() as u64;
        let mut printed = end.max(last.unwrap_or(0));
        for (k, text) in after.iter().enumerate() {
            let n = end + 1 + k as u64;
            // Stop before the next match's line: it is printed as a match.
            if next.is_some_and(|nx| nx > line && n >= nx) {
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

    /// A non-None per-file value.
    pub fn metadata(&mut self, path: &Path, value: &Value) -> io::Result<()> {
        match self.style {
            Style::Json => JsonLines::new(&mut self.out).record(
                "file_metadata",
                &MetadataRecord {
                    file_path: PathJson(path),
                    value,
                },
            ),
            Style::Vimgrep => Ok(()),
            Style::Text { .. } => {
                self.path(path)?;
                write!(self.out, ": value = ")?;
                self.plain(&compact(value))?;
                writeln!(self.out)
            }
        }
    }

    /// A file whose evaluation failed.
    pub fn error(&mut self, path: &Path, err: &EvalError) -> io::Result<()> {
        match self.style {
            Style::Json => JsonLines::new(&mut self.out).record(
                "evaluation_error",
                &ErrorRecord {
                    file_path: PathJson(path),
                    line_number: err.line_number,
                    error_type: err.error_type,
                    error_message: &err.message,
                },
            ),
            _ => {
                self.deferred_errors.push((path.to_path_buf(), err.clone()));
                Ok(())
            }
        }
    }

    /// A candidate file (`xray -l`).
    pub fn candidate(&mut self, path: &Path) -> io::Result<()> {
        match self.style {
            Style::Json => JsonLines::new(&mut self.out).record(
                "candidate",
                &CandidateRecord {
                    file_path: PathJson(path),
                },
            ),
            _ => {
                self.path(path)?;
                writeln!(self.out)
            }
        }
    }

    /// The summary (JSON) and the deferred errors (text, on stderr).
    pub fn finish(mut self, summary: &Summary) -> io::Result<()> {
        if self.style == Style::Json {
            JsonLines::new(&mut self.out).record("summary", summary)?;
        }
        self.out.flush()?;
        let mut stderr = io::stderr().lock();
        let escape = |t: &str| -> String {
            if std::io::IsTerminal::is_terminal(&io::stderr()) {
                escape_controls(t).into_owned()
            } else {
                t.to_string()
            }
        };
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
        if self.style != Style::Json {
            for note in partial_notes(summary) {
                writeln!(stderr, "codesearch: {note}")?;
            }
        }
        Ok(())
    }

    fn path(&mut self, path: &Path) -> io::Result<()> {
        self.out
            .set_color(ColorSpec::new().set_fg(Some(Color::Magenta)))?;
        self.plain(&path.to_string_lossy())?;
        self.out.reset()
    }

    /// Text from a file or an evaluator, escaped for a terminal when needed.
    fn plain(&mut self, text: &str) -> io::Result<()> {
        if self.escape {
            write!(self.out, "{}", escape_controls(text))
        } else {
            write!(self.out, "{text}")
        }
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

    /// `line:col:text [extras]`.
    fn match_line(&mut self, m: &Map<String, Value>) -> io::Result<()> {
        let line = m.get("line_number").and_then(Value::as_u64).unwrap_or(0);
        let col = m.get("column").and_then(Value::as_u64).unwrap_or(1);
        self.out
            .set_color(ColorSpec::new().set_fg(Some(Color::Green)))?;
        write!(self.out, "{line}")?;
        self.out.reset()?;
        write!(self.out, ":{col}:")?;
        let text = m.get("line_content").and_then(Value::as_str).unwrap_or("");
        self.highlighted(text.trim_end_matches(['\r', '\n']))?;
        if self.style != Style::Vimgrep {
            let extras: Vec<String> = m
                .iter()
                .filter(|(k, _)| !STANDARD_KEYS.contains(&k.as_str()))
                .map(|(k, v)| format!("{k}={}", compact(v)))
                .collect();
            if !extras.is_empty() {
                self.out
                    .set_color(ColorSpec::new().set_fg(Some(Color::Cyan)))?;
                write!(self.out, "  [")?;
                self.plain(&extras.join(" "))?;
                write!(self.out, "]")?;
                self.out.reset()?;
            }
        }
        writeln!(self.out)
    }

    fn dump(&mut self, dumps: Option<&[String]>, i: usize) -> io::Result<()> {
        if let Some(text) = dumps.and_then(|d| d.get(i)) {
            let text = text.clone();
            self.plain(&text)?;
        }
        Ok(())
    }
}

/// The deferred errors grouped by type, message and evaluator line, in the order each
/// first occurred.
fn group_errors(errors: &[(std::path::PathBuf, EvalError)]) -> Vec<(&EvalError, Vec<&Path>)> {
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
fn partial_notes(s: &Summary) -> Vec<String> {
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

/// Strings bare, everything else as compact JSON.
fn compact(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_but_tabs_and_newlines_kept() {
        assert_eq!(escape_controls("a\tb\nc"), "a\tb\nc");
        assert_eq!(escape_controls("\x1b[2J\u{9b}x\r"), "\\x1b[2J\\u{9b}x\\x0d");
    }
}
