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
    IndexStatus(IndexStatusData<'a>),
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
    Index(IndexSummary<'a>),
}

/// The counts of an index.
#[derive(Serialize, Default)]
pub struct IndexCounts {
    /// Files with a location record.
    pub files: u64,
    pub symbols: u64,
    pub references: u64,
    /// Distinct contents stored (files with identical bytes share one).
    pub contents: u64,
    /// The database's size, write-ahead log included.
    pub bytes_on_disk: u64,
}

/// `index --status`.
#[derive(Serialize)]
pub struct IndexStatusData<'a> {
    pub root: PathJson<'a>,
    /// The database file.
    pub index: PathJson<'a>,
    /// False when the root has no index yet (every count is then 0).
    pub exists: bool,
    #[serde(flatten)]
    pub counts: IndexCounts,
    /// When it was created and last updated (RFC 3339, UTC).
    pub created: Option<String>,
    pub last_update: Option<String>,
    /// Walked files changed or added since the last update, plus stored files that
    /// are gone.
    pub changed_since: usize,
}

/// `index`'s summary (the one line text mode prints).
#[derive(Serialize)]
pub struct IndexSummary<'a> {
    pub root: PathJson<'a>,
    pub index: PathJson<'a>,
    /// Files whose contents were parsed by this update.
    pub parsed: usize,
    /// Files read again whose contents were already stored.
    pub rehashed: usize,
    /// Stored files that are gone.
    pub removed: usize,
    /// False when no directory or ignore file changed since the last walk, so its
    /// files were taken without walking again.
    pub walked: bool,
    #[serde(flatten)]
    pub counts: IndexCounts,
    pub skipped_files: usize,
    pub elapsed_ms: u128,
}

/// Seconds since the epoch as RFC 3339 UTC (`2026-11-23T10:42:07Z`).
pub fn rfc3339(secs: u64) -> String {
    // Days to a civil date (Howard Hinnant's algorithm): no date crate for one line.
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn rfc3339_dates() {
        assert_eq!(super::rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(super::rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(super::rfc3339(1_795_430_527), "2026-11-23T10:42:07Z");
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
