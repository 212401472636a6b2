//! The one printer of the symbol commands: every [`Record`] rendered as colored or
//! plain text, as `--vimgrep` lines, or as JSON Lines.
//!
//! Text is `path:line: ...` in ripgrep's colors (path magenta, line green); `--vimgrep`
//! is `path:line:column:text`, one line per result, for editors' quickfix lists; JSON is
//! the records themselves. Summaries and notes never go to stdout in text modes (they
//! would break `wc -l` and quickfix lists): the command sends notes to stderr.

use std::io::{self, Write};

use termcolor::{Color, ColorSpec, WriteColor};

use super::display_path;
use super::record::{Record, ResolutionKind, Summary};

/// How records are rendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Text,
    Vimgrep,
    Json,
}

/// Renders records on a writer.
pub struct Printer<W: Write> {
    out: W,
    style: Style,
    color: bool,
}

fn spec(color: Color, bold: bool) -> ColorSpec {
    let mut s = ColorSpec::new();
    s.set_fg(Some(color)).set_bold(bold);
    s
}

impl<W: Write> Printer<W> {
    pub fn new(out: W, style: Style, color: bool) -> Printer<W> {
        Printer { out, style, color }
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
            serde_json::to_writer(&mut self.out, rec)?;
            return self.out.write_all(b"\n");
        }
        if let Record::Error(e) = rec {
            // Errors are for the person at the terminal, not for the results.
            let mut err = io::stderr().lock();
            match &e.path {
                Some(p) => writeln!(err, "codesearch: {}: {}", display_path(p.0), e.message)?,
                None => writeln!(err, "codesearch: {}", e.message)?,
            }
            for c in &e.candidates {
                writeln!(
                    err,
                    "  {}:{}: {} {}  {}  [{}]",
                    display_path(c.path.0),
                    c.line,
                    c.kind,
                    c.qualified_name,
                    c.signature,
                    c.id
                )?;
            }
            return Ok(());
        }
        let color = self.color && self.style == Style::Text;
        let mut w: Box<dyn WriteColor + '_> = if color {
            Box::new(termcolor::Ansi::new(&mut self.out))
        } else {
            Box::new(termcolor::NoColor::new(&mut self.out))
        };
        let vimgrep = self.style == Style::Vimgrep;
        match rec {
            Record::Symbol(s) if vimgrep => {
                location(&mut *w, s.path.0, s.line, Some(1))?;
                writeln!(w, "{} {}  {}", s.kind, s.qualified_name, s.signature)
            }
            Record::Symbol(s) => {
                location(&mut *w, s.path.0, s.line, None)?;
                paint(&mut *w, Color::Cyan, false, &format!(" {}", s.kind))?;
                paint(
                    &mut *w,
                    Color::Yellow,
                    true,
                    &format!(" {}", s.qualified_name),
                )?;
                writeln!(w, "  {}", s.signature)
            }
            Record::Dependency(d) => {
                let name = match d.qualifier {
                    Some(q) => format!("{q}.{}", d.name),
                    None => d.name.to_string(),
                };
                if vimgrep {
                    location(&mut *w, d.path.0, d.line as usize, Some(d.column))?;
                    write!(w, "{} {name}", d.kind)?;
                } else {
                    write!(w, "  {}:", d.line)?;
                    paint(&mut *w, Color::Cyan, false, &format!(" {:<11}", d.kind))?;
                    paint(&mut *w, Color::Yellow, true, &format!(" {name}"))?;
                }
                match (&d.resolved, d.resolution) {
                    (Some(r), _) => {
                        write!(w, "  -> ")?;
                        if vimgrep {
                            write!(w, "{}:{}", display_path(r.path.0), r.line)?;
                        } else {
                            location(&mut *w, r.path.0, r.line, None)?;
                        }
                        writeln!(w, " {} {}", r.kind, r.qualified_name)
                    }
                    (None, ResolutionKind::External) => match d.external {
                        Some(m) => writeln!(w, "  (external: {m})"),
                        None => writeln!(w, "  (external)"),
                    },
                    (None, ResolutionKind::Local) => writeln!(w, "  (local)"),
                    (None, _) => writeln!(w, "  (unresolved)"),
                }
            }
            Record::Reference(r) => {
                if vimgrep {
                    location(&mut *w, r.path.0, r.line as usize, Some(r.column))?;
                    return writeln!(w, "{}", for_display(r.line_content.trim_end()));
                }
                write!(w, "{}", "  ".repeat(r.depth.unwrap_or(1).saturating_sub(1)))?;
                location(&mut *w, r.path.0, r.line as usize, Some(r.column))?;
                paint(&mut *w, Color::Cyan, false, &format!(" {:<11}", r.kind))?;
                match &r.caller {
                    Some(c) => paint(
                        &mut *w,
                        Color::Yellow,
                        true,
                        &format!(" {}", c.qualified_name),
                    )?,
                    None => write!(w, " <top level>")?,
                }
                if r.resolution == ResolutionKind::Unresolved {
                    write!(w, " (by name)")?;
                }
                writeln!(w, "  {}", for_display(r.line_content.trim()))
            }
            Record::IndexStatus(st) => {
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
            Record::Summary(Summary::Index(s)) => writeln!(
                w,
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
            Record::Summary(_) | Record::Error(_) => Ok(()),
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

fn paint(w: &mut dyn WriteColor, color: Color, bold: bool, text: &str) -> io::Result<()> {
    w.set_color(&spec(color, bold))?;
    write!(w, "{text}")?;
    w.reset()
}

/// `path:line:` (and `column:` when given), in ripgrep's colors.
fn location(
    w: &mut dyn WriteColor,
    path: &std::path::Path,
    line: usize,
    column: Option<u32>,
) -> io::Result<()> {
    paint(w, Color::Magenta, false, &display_path(path))?;
    write!(w, ":")?;
    paint(w, Color::Green, false, &line.to_string())?;
    write!(w, ":")?;
    if let Some(c) = column {
        write!(w, "{c}:")?;
    }
    Ok(())
}
