//! The typed records of the symbol commands (`find-symbol`, `what-depends`,
//! `what-breaks`, `build-index --symbols`): one enum, serialised as JSON Lines
//! `{"type": T, "data": {..}}` and rendered as text by [`super::printer`].
//!
//! One name for one thing across commands: `path` (a `{"text"}` or `{"bytes"}`
//! object), `line` and `column` (1-based; `line` of a symbol is the line of its name),
//! `kind`, `id`. The schema is documented in `docs/json.md` and tested by
//! deserialising every record with `deny_unknown_fields`.

use std::path::Path;

use serde::Serialize;

use super::json::PathJson;
use crate::symbols::{Kind, Symbol};

/// One output record.
#[derive(Serialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
pub enum Record<'a> {
    Symbol(SymbolData<'a>),
    Dependency(DependencyData<'a>),
    Reference(ReferenceData<'a>),
    Summary(Summary<'a>),
    Error(ErrorData<'a>),
}

/// A definition.
#[derive(Serialize)]
pub struct SymbolData<'a> {
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
    /// find-symbol's relevance, 0 to 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

impl<'a> SymbolData<'a> {
    pub fn new(s: &'a Symbol, score: Option<f64>) -> SymbolData<'a> {
        SymbolData {
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

/// Where a reference points: a definition, named by id and location.
#[derive(Serialize)]
pub struct DefinitionData<'a> {
    pub id: &'a str,
    pub qualified_name: &'a str,
    pub kind: Kind,
    pub path: PathJson<'a>,
    pub line: usize,
}

impl<'a> DefinitionData<'a> {
    pub fn new(s: &'a Symbol) -> DefinitionData<'a> {
        DefinitionData {
            id: &s.id,
            qualified_name: &s.qualified_name,
            kind: s.kind,
            path: PathJson(&s.path),
            line: s.line,
        }
    }
}

/// How a reference was resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ResolutionKind {
    /// It names a definition of the repository (`resolved`).
    Definition,
    /// It names something outside the repository (`external` says what, if known).
    External,
    /// It names a parameter, local variable or field.
    Local,
    /// The syntax does not say what it names.
    Unresolved,
}

/// One use inside a symbol (what-depends).
#[derive(Serialize)]
pub struct DependencyData<'a> {
    /// call, reference, type_use, import, inheritance, annotation.
    pub kind: &'static str,
    pub name: &'a str,
    /// The receiver or qualifier written in front of the name.
    pub qualifier: Option<&'a str>,
    pub path: PathJson<'a>,
    pub line: u32,
    pub column: u32,
    pub resolution: ResolutionKind,
    pub resolved: Option<DefinitionData<'a>>,
    /// The module, package or header of an external name, when known.
    pub external: Option<&'a str>,
}

/// The definition containing a use.
#[derive(Serialize)]
pub struct CallerData<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub qualified_name: &'a str,
    pub kind: Kind,
}

/// One use of a symbol (what-breaks).
#[derive(Serialize)]
pub struct ReferenceData<'a> {
    pub kind: &'static str,
    pub path: PathJson<'a>,
    pub line: u32,
    pub column: u32,
    pub line_content: &'a str,
    /// The receiver or qualifier written in front of the name.
    pub qualifier: Option<&'a str>,
    pub caller: Option<CallerData<'a>>,
    /// `definition`: resolves to the target; `unresolved`: matches by name only.
    pub resolution: ResolutionKind,
    /// The id of the target used.
    pub target: &'a str,
    /// 1 = a direct use, 2 = a use of a caller, ... (with `--depth` above 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<usize>,
}

/// The last record of every run.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Summary<'a> {
    Find(FindSummary<'a>),
    Depends(DependsSummary),
    Breaks(BreaksSummary),
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
    /// Directories the built-in exclusions skipped.
    pub excluded_dirs: usize,
    /// Files skipped (with a warning) for being over the parse limit.
    pub skipped_files: usize,
    pub elapsed_ms: u128,
}

/// what-depends' summary.
#[derive(Serialize)]
pub struct DependsSummary {
    pub symbols: Vec<String>,
    pub dependencies: usize,
    /// By resolution.
    pub resolved: usize,
    pub external: usize,
    pub unresolved: usize,
    pub excluded_dirs: usize,
    /// Files skipped (with a warning) for being over the parse limit.
    pub skipped_files: usize,
    pub elapsed_ms: u128,
}

/// what-breaks' summary.
#[derive(Serialize)]
pub struct BreaksSummary {
    pub symbols: Vec<String>,
    pub references: usize,
    /// Uses that resolve to a target.
    pub resolved: usize,
    /// Uses that match by name only.
    pub unresolved: usize,
    pub calls: usize,
    pub files: usize,
    pub depth: usize,
    pub note: String,
    pub excluded_dirs: usize,
    /// Files skipped (with a warning) for being over the parse limit.
    pub skipped_files: usize,
    pub elapsed_ms: u128,
}

/// An error that ends the run, or concerns one path.
#[derive(Serialize)]
pub struct ErrorData<'a> {
    pub message: &'a str,
    pub path: Option<PathJson<'a>>,
    /// Close names, for a symbol that was not found.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub suggestions: &'a [String],
    /// The definitions an ambiguous name matches.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<SymbolData<'a>>,
}

impl<'a> ErrorData<'a> {
    pub fn message(message: &'a str, path: Option<&'a Path>) -> ErrorData<'a> {
        ErrorData {
            message,
            path: path.map(PathJson),
            suggestions: &[],
            candidates: Vec::new(),
        }
    }
}
