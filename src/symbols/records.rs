//! The JSON Lines records of the symbol subcommands (an API; the integration tests
//! deserialise them with `deny_unknown_fields`). Every record is wrapped in the shared
//! envelope `{"type":T,"data":{..}}`; paths are `{"text":..}` or `{"bytes":base64}`.
//!
//! - `symbol` (find-symbol, build-index --symbols, what-depends/what-breaks headers):
//!   `{"id","name","qualified_name","kind","language","path","line","start_line","end_line",
//!   "start_byte","end_byte","signature","doc":null|str}` plus `"score"` in
//!   find-symbol;
//! - `dependency`: `{"kind":"call"|"import","name","lines":[..],
//!   "resolved":null|{"id","path","start_line"}}`;
//! - `reference`: `{"kind":"call"|"reference"|"import","path","line","column",
//!   "line_content","caller":null|{"id","name","kind"}}`, plus `"depth"` (1 = direct
//!   use) when `--depth` is above 1;
//! - `summary`: per subcommand, see the structs below; what-breaks carries seed 002's
//!   caveat in `"note"`.

use serde::Serialize;

use super::breaks::Reference;
use super::depends::Dependency;
use super::{Kind, Symbol};
use crate::output::json::PathJson;

#[derive(Serialize)]
pub struct SymbolRecord<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub qualified_name: &'a str,
    pub kind: Kind,
    pub language: &'a str,
    pub path: PathJson<'a>,
    pub line: usize,
    pub start_line: usize,
    pub end_line: usize,
    pub start_byte: usize,
    pub end_byte: usize,
    pub signature: &'a str,
    pub doc: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

impl<'a> SymbolRecord<'a> {
    pub fn new(s: &'a Symbol, score: Option<f64>) -> SymbolRecord<'a> {
        SymbolRecord {
            id: &s.id,
            name: &s.name,
            qualified_name: &s.qualified_name,
            kind: s.kind,
            language: &s.language,
            path: PathJson(&s.path),
            line: s.line,
            start_line: s.start_line,
            end_line: s.end_line,
            start_byte: s.start_byte,
            end_byte: s.end_byte,
            signature: &s.signature,
            doc: s.doc.as_deref(),
            // Rounded so that the JSON is stable and readable.
            score: score.map(|x| (x * 100.0).round() / 100.0),
        }
    }
}

#[derive(Serialize)]
pub struct Located<'a> {
    pub id: &'a str,
    pub path: PathJson<'a>,
    pub start_line: usize,
}

#[derive(Serialize)]
pub struct DependencyRecord<'a> {
    pub kind: &'static str,
    pub name: &'a str,
    pub lines: &'a [usize],
    pub resolved: Option<Located<'a>>,
}

impl<'a> DependencyRecord<'a> {
    pub fn new(d: &'a Dependency) -> DependencyRecord<'a> {
        DependencyRecord {
            kind: d.kind.as_str(),
            name: &d.name,
            lines: &d.lines,
            resolved: d.resolved.as_ref().map(|s| Located {
                id: &s.id,
                path: PathJson(&s.path),
                start_line: s.start_line,
            }),
        }
    }
}

#[derive(Serialize)]
pub struct CallerRecord<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub kind: Kind,
}

#[derive(Serialize)]
pub struct ReferenceRecord<'a> {
    pub kind: &'static str,
    pub path: PathJson<'a>,
    pub line: u64,
    pub column: u64,
    pub line_content: &'a str,
    pub caller: Option<CallerRecord<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<usize>,
}

impl<'a> ReferenceRecord<'a> {
    pub fn new(r: &'a Reference, with_depth: bool) -> ReferenceRecord<'a> {
        ReferenceRecord {
            kind: r.kind.as_str(),
            path: PathJson(&r.path),
            line: r.line,
            column: r.column,
            line_content: &r.line_content,
            caller: r.caller.as_ref().map(|c| CallerRecord {
                id: &c.id,
                name: &c.name,
                kind: c.kind,
            }),
            depth: with_depth.then_some(r.depth),
        }
    }
}

/// find-symbol's summary.
#[derive(Serialize)]
pub struct FindSummary<'a> {
    pub query: &'a str,
    /// Results printed.
    pub matches: usize,
    /// Definitions that matched before `--limit`.
    pub total_matches: usize,
    /// Definitions searched.
    pub symbols: usize,
    pub elapsed_ms: u128,
}

/// what-depends' summary.
#[derive(Serialize)]
pub struct DependsSummary {
    pub symbols: Vec<String>,
    pub dependencies: usize,
    pub resolved: usize,
    pub elapsed_ms: u128,
}

/// what-breaks' summary.
#[derive(Serialize)]
pub struct BreaksSummary {
    pub symbols: Vec<String>,
    pub references: usize,
    pub calls: usize,
    pub files: usize,
    pub depth: usize,
    pub note: String,
    pub elapsed_ms: u128,
}
