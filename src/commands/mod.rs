//! The subcommands over the query layer: each turns its arguments (already resolved
//! into a [`Run`]) into a query call and hands the records to the printer.
//!
//! [`Run`] is where parsed flags become the walker, the reporter, the output style and
//! the thread count, once per run; commands never re-read raw flags for those.

mod symbols;

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;

pub use symbols::{find_symbol, what_breaks, what_depends};

use crate::cli::{OutputArgs, ParseArgs, WalkArgs};
use crate::output::printer::{Printer, Style};
use crate::output::{color_choice, Reporter};
use crate::walk::Walker;

/// Everything a command needs that comes from the shared flags.
pub struct Run {
    pub walker: Walker,
    pub report: Reporter,
    pub style: Style,
    pub color: bool,
    /// Files larger than this are skipped with a warning instead of parsed.
    pub parse_limit: u64,
    pub started: Instant,
}

impl Run {
    pub fn new(
        paths: &[PathBuf],
        walk: &WalkArgs,
        parse: &ParseArgs,
        output: &OutputArgs,
        vimgrep: bool,
    ) -> Result<Run> {
        let style = if output.json {
            Style::Json
        } else if vimgrep {
            Style::Vimgrep
        } else {
            Style::Text
        };
        Ok(Run {
            walker: Walker::new(paths, walk)?,
            report: Reporter::new(),
            style,
            parse_limit: parse.max_parse_size,
            color: color_choice(output.color) == termcolor::ColorChoice::Always,
            started: Instant::now(),
        })
    }

    pub fn printer<W: Write>(&self, out: W) -> Printer<W> {
        Printer::new(out, self.style, self.color)
    }

    pub fn elapsed_ms(&self) -> u128 {
        self.started.elapsed().as_millis()
    }
}
