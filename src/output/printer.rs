//! The one printer: every [`Record`] of every command rendered as colored or plain
//! text, as `--vimgrep` lines, or as JSON Lines.
//!
//! Text is `path:line: ...` in ripgrep's colors (path magenta, line green); `--vimgrep`
//! is `path:line:column:text`, one line per result, for editors' quickfix lists; JSON is
//! the records themselves. Summaries and notes never go to stdout in text modes (they
//! would break `wc -l` and quickfix lists): they go to stderr, or nowhere.
//!
//! xray's and explore's matches are printed a file at a time ([`Printer::file_matches`]),
//! as ripgrep prints them; see [`matches`]. Errors are for the person at the terminal:
//! in text modes they go to stderr (evaluation errors after the matches, grouped), in
//! JSON they are records like the rest.

mod matches;

use std::io::{self, Write};
use std::path::PathBuf;

use termcolor::{Color, ColorSpec, WriteColor};

use super::record::{Record, ResolutionKind, Summary};
use super::{display_path, escape_controls};
use crate::search::Highlighter;
use crate::xray::evaluator::EvalError;

/// How records are rendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Text,
    Vimgrep,
    Json,
}

impl Style {
    /// The style `--json` and `--vimgrep` ask for (`--json` wins).
    pub fn of(json: bool, vimgrep: bool) -> Style {
        if json {
            Style::Json
        } else if vimgrep {
            Style::Vimgrep
        } else {
            Style::Text
        }
    }
}

/// Renders records on a writer.
pub struct Printer<W: Write> {
    out: Paint<W>,
    style: Style,
    /// xray text: each file's matches under a heading (stdout is a terminal).
    heading: bool,
    /// Highlights the pattern's matches in printed lines (color only).
    highlight: Option<Highlighter>,
    /// Escape control characters from files and evaluators (the output goes to a
    /// terminal).
    escape: bool,
    /// Print the context lines of matches (`-C`), with `--` between groups.
    context: bool,
    /// Whether a group of lines has been printed (the next one gets a separator).
    printed_group: bool,
    /// Evaluation errors are held back in text modes so they come after the matches.
    deferred_errors: Vec<(PathBuf, EvalError)>,
    /// The JSON record being written, reused from record to record.
    json_line: Vec<u8>,
}

/// The writer, with ANSI colors or without.
pub enum Paint<W: Write> {
    Color(termcolor::Ansi<W>),
    Plain(termcolor::NoColor<W>),
}

impl<W: Write> Paint<W> {
    /// `out` with ANSI colors when `color`, plain otherwise.
    pub fn new(out: W, color: bool) -> Paint<W> {
        if color {
            Paint::Color(termcolor::Ansi::new(out))
        } else {
            Paint::Plain(termcolor::NoColor::new(out))
        }
    }
}

impl<W: Write> Write for Paint<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Paint::Color(w) => w.write(buf),
            Paint::Plain(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Paint::Color(w) => w.write_all(buf),
            Paint::Plain(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Paint::Color(w) => w.flush(),
            Paint::Plain(w) => w.flush(),
        }
    }
}

impl<W: Write> WriteColor for Paint<W> {
    fn supports_color(&self) -> bool {
        matches!(self, Paint::Color(_))
    }

    fn set_color(&mut self, spec: &ColorSpec) -> io::Result<()> {
        match self {
            Paint::Color(w) => w.set_color(spec),
            Paint::Plain(w) => w.set_color(spec),
        }
    }

    fn reset(&mut self) -> io::Result<()> {
        match self {
            Paint::Color(w) => w.reset(),
            Paint::Plain(w) => w.reset(),
        }
    }
}

fn spec(color: Color, bold: bool) -> ColorSpec {
    let mut s = ColorSpec::new();
    s.set_fg(Some(color)).set_bold(bold);
    s
}

impl<W: Write> Printer<W> {
    /// A printer in `style`, with colors when `color` (never in JSON).
    pub fn new(out: W, style: Style, color: bool) -> Printer<W> {
        Printer {
            out: Paint::new(out, color && style != Style::Json),
            style,
            heading: false,
            highlight: None,
            escape: false,
            context: false,
            printed_group: false,
            deferred_errors: Vec::new(),
            json_line: Vec::new(),
        }
    }

    /// Prints each file's matches under a heading in text output.
    pub fn with_heading(mut self, on: bool) -> Printer<W> {
        self.heading = on;
        self
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

    pub fn style(&self) -> Style {
        self.style
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Prints one record.
    pub fn record(&mut self, rec: &Record<'_>) -> io::Result<()> {
        if self.style == Style::Json {
            // Serialised whole first: one write per record instead of one per token.
            self.json_line.clear();
            serde_json::to_writer(&mut self.json_line, rec)?;
            self.json_line.push(b'\n');
            return self.out.write_all(&self.json_line);
        }
        let vimgrep = self.style == Style::Vimgrep;
        match rec {
            Record::Error(e) => {
                let mut err = io::stderr().lock();
                let shown = |t: &str| super::for_stderr(t).into_owned();
                match &e.path {
                    Some(p) => writeln!(
                        err,
                        "codesearch: {}: {}",
                        shown(&display_path(p.0)),
                        shown(e.message)
                    )?,
                    None => writeln!(err, "codesearch: {}", shown(e.message))?,
                }
                for c in &e.candidates {
                    let line = format!(
                        "  {}:{}: {} {}  {}  [{}]",
                        display_path(c.path.0),
                        c.line,
                        c.kind,
                        c.qualified_name,
                        c.signature,
                        c.id
                    );
                    writeln!(err, "{}", shown(&line))?;
                }
                Ok(())
            }
            Record::Symbol(s) if vimgrep => {
                self.location(s.path.0, s.line, Some(1))?;
                self.plain(&format!("{} {}  {}", s.kind, s.qualified_name, s.signature))?;
                writeln!(self.out)
            }
            Record::Symbol(s) => {
                self.location(s.path.0, s.line, None)?;
                self.paint(Color::Cyan, false, &format!(" {}", s.kind))?;
                self.paint(Color::Yellow, true, &format!(" {}", s.qualified_name))?;
                self.plain(&format!("  {}", s.signature))?;
                writeln!(self.out)
            }
            Record::Dependency(d) => {
                let name = match d.qualifier {
                    // A PHP namespace path ends in its own separator (`\App\f`).
                    Some(q) if crate::facts::is_namespace_path(q) => format!("{q}{}", d.name),
                    Some(q) => format!("{q}.{}", d.name),
                    None => d.name.to_string(),
                };
                if vimgrep {
                    self.location(d.path.0, d.line as usize, Some(d.column))?;
                    write!(self.out, "{} {name}", d.kind)?;
                } else {
                    write!(self.out, "  {}:", d.line)?;
                    self.paint(Color::Cyan, false, &format!(" {:<11}", d.kind))?;
                    self.paint(Color::Yellow, true, &format!(" {name}"))?;
                }
                match (&d.resolved, d.resolution) {
                    (Some(r), _) => {
                        write!(self.out, "  -> ")?;
                        if vimgrep {
                            write!(self.out, "{}:{}", display_path(r.path.0), r.line)?;
                        } else {
                            self.location(r.path.0, r.line, None)?;
                        }
                        let which = if d.resolution == ResolutionKind::Overloads {
                            " (one of its overloads)"
                        } else {
                            ""
                        };
                        writeln!(self.out, " {} {}{which}", r.kind, r.qualified_name)
                    }
                    (None, ResolutionKind::External) => match d.external {
                        Some(m) => writeln!(self.out, "  (external: {m})"),
                        None => writeln!(self.out, "  (external)"),
                    },
                    (None, ResolutionKind::Local) => writeln!(self.out, "  (local)"),
                    (None, _) => writeln!(self.out, "  (unresolved)"),
                }
            }
            Record::Reference(r) => {
                if vimgrep {
                    self.location(r.path.0, r.line as usize, Some(r.column))?;
                    self.plain(&for_display(r.line_content.trim_end()))?;
                    return writeln!(self.out);
                }
                let indent = "  ".repeat(r.depth.unwrap_or(1).saturating_sub(1));
                write!(self.out, "{indent}")?;
                self.location(r.path.0, r.line as usize, Some(r.column))?;
                self.paint(Color::Cyan, false, &format!(" {:<11}", r.kind))?;
                match &r.caller {
                    Some(c) => self.paint(Color::Yellow, true, &format!(" {}", c.qualified_name))?,
                    None => write!(self.out, " <top level>")?,
                }
                match r.resolution {
                    ResolutionKind::Unresolved => write!(self.out, " (by name)")?,
                    ResolutionKind::Overloads => write!(self.out, " (one of its overloads)")?,
                    _ => {}
                }
                self.plain(&format!("  {}", for_display(r.line_content.trim())))?;
                writeln!(self.out)
            }
            Record::IndexStatus(st) => {
                let w = &mut self.out;
                writeln!(w, "root:           {}", display_path(st.root.0))?;
                writeln!(w, "index:          {}", display_path(st.index.0))?;
                if !st.exists {
                    return writeln!(w, "state:          not built yet (run `codesearch index`)");
                }
                let c = &st.counts;
                writeln!(w, "files:          {}", c.files)?;
                writeln!(w, "symbols:        {}", c.symbols)?;
                writeln!(w, "references:     {}", c.references)?;
                writeln!(w, "contents:       {}", c.contents)?;
                writeln!(w, "bytes on disk:  {}", c.bytes_on_disk)?;
                writeln!(w, "created:        {}", st.created.as_deref().unwrap_or("-"))?;
                writeln!(w, "last update:    {}", st.last_update.as_deref().unwrap_or("-"))?;
                writeln!(w, "changed since:  {}", st.changed_since)
            }
            Record::Cleared(c) if c.existed => {
                writeln!(self.out, "deleted {}", display_path(c.index.0))
            }
            Record::Cleared(c) => writeln!(
                self.out,
                "no index for {} (looked for {})",
                display_path(c.root.0),
                display_path(c.index.0)
            ),
            Record::Entry(e) => {
                // A flat listing; build-index draws its tree from all the entries.
                self.path(e.path.0)?;
                writeln!(self.out, "{}", if e.kind == "dir" { "/" } else { "" })
            }
            Record::Match(m) => self.file_matches(
                m.path.0,
                m.language,
                std::slice::from_ref(m.found),
                None,
            ),
            Record::FileMetadata(_) if vimgrep => Ok(()),
            Record::FileMetadata(m) => {
                self.path(m.path.0)?;
                write!(self.out, ": value = ")?;
                self.plain(&matches::compact(m.value))?;
                writeln!(self.out)
            }
            Record::EvaluationError(e) => {
                self.deferred_errors.push((
                    e.path.0.to_path_buf(),
                    EvalError {
                        error_type: e.error_type,
                        message: e.error_message.to_string(),
                        line_number: e.evaluator_line,
                    },
                ));
                Ok(())
            }
            Record::Candidate(c) => {
                self.path(c.path.0)?;
                writeln!(self.out)
            }
            // Node kinds come from the grammar and previews are quoted with escapes:
            // nothing from the file reaches the terminal raw.
            Record::Ast(a) => a.ast_debug.write_text("", &mut self.out),
            Record::Summary(Summary::Index(s)) => writeln!(
                self.out,
                "indexed {} files in {} ms ({} parsed, {} re-read unchanged, {} removed): {} symbols, {} references, {} bytes in {}",
                s.counts.files,
                s.elapsed_ms,
                s.parsed,
                s.rehashed,
                s.removed,
                s.counts.symbols,
                s.counts.references,
                s.counts.bytes_on_disk,
                display_path(s.index.0)
            ),
            Record::Summary(Summary::Xray(s)) => self.finish_xray(s),
            Record::Summary(_) => Ok(()),
        }
    }

    fn paint(&mut self, color: Color, bold: bool, text: &str) -> io::Result<()> {
        self.out.set_color(&spec(color, bold))?;
        self.plain(text)?;
        self.out.reset()
    }

    /// `path:line:` (and `column:` when given), in ripgrep's colors.
    fn location(
        &mut self,
        path: &std::path::Path,
        line: usize,
        column: Option<u32>,
    ) -> io::Result<()> {
        self.path(path)?;
        write!(self.out, ":")?;
        self.paint(Color::Green, false, &line.to_string())?;
        write!(self.out, ":")?;
        if let Some(c) = column {
            write!(self.out, "{c}:")?;
        }
        Ok(())
    }

    /// A path in magenta, escaped for a terminal when needed.
    fn path(&mut self, path: &std::path::Path) -> io::Result<()> {
        self.out.set_color(&spec(Color::Magenta, false))?;
        self.plain(&display_path(path))?;
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
}

/// The longest line shown in text output; minified files have lines of megabytes.
const MAX_DISPLAY_COLUMNS: usize = 300;

/// A line cut to [`MAX_DISPLAY_COLUMNS`] bytes, with a marker when it was cut.
fn for_display(line: &str) -> std::borrow::Cow<'_, str> {
    if line.len() <= MAX_DISPLAY_COLUMNS {
        return std::borrow::Cow::Borrowed(line);
    }
    let mut end = MAX_DISPLAY_COLUMNS;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    std::borrow::Cow::Owned(format!(
        "{} [… {} more bytes]",
        &line[..end],
        line.len() - end
    ))
}
