//! The typed records of every command: one enum, serialised as JSON Lines
//! `{"type": T, "data": {..}}` and rendered as text by [`super::printer`].
//!
//! One name for one thing across commands: `path` (a `{"text"}` or `{"bytes"}`
//! object), `line` and `column` (1-based; `line` of a symbol is the line of its name),
//! `kind`, `id`, `language`. The schema is documented in `docs/json.md` and tested by
//! deserialising every record with `deny_unknown_fields`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Serialize, Serializer};
use serde_json::Value;

use super::json::PathJson;
use crate::symbols::{Kind, Symbol};
use crate::xray::ast_dump::AstDump;
use crate::xray::contract::Match;
use crate::xray::evaluator::ErrorType;

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
    Cleared(ClearedData<'a>),
    Entry(EntryData<'a>),
    Match(MatchData<'a>),
    FileMetadata(FileMetadataData<'a>),
    EvaluationError(EvaluationErrorData<'a>),
    Candidate(CandidateData<'a>),
    Ast(AstData<'a>),
}

/// `index --clear`.
#[derive(Serialize)]
pub struct ClearedData<'a> {
    pub root: PathJson<'a>,
    pub index: PathJson<'a>,
    /// Whether there was an index to delete.
    pub existed: bool,
}

/// One entry of build-index's map, in path order, the root first with depth 0.
#[derive(Serialize)]
pub struct EntryData<'a> {
    pub path: PathJson<'a>,
    /// `dir` or `file`.
    pub kind: &'static str,
    pub depth: usize,
    /// None for directories and files of no known language.
    pub language: Option<&'static str>,
    /// Bytes; None for directories.
    pub size: Option<u64>,
}

/// One xray or explore match: the file's `path` and `language`, then the match.
#[derive(Serialize)]
pub struct MatchData<'a> {
    pub path: PathJson<'a>,
    pub language: &'a str,
    #[serde(flatten)]
    pub found: &'a Match,
}

/// A file's non-None `value` (xray).
#[derive(Serialize)]
pub struct FileMetadataData<'a> {
    pub path: PathJson<'a>,
    pub value: &'a Value,
}

/// A file whose evaluation failed (xray, explore).
#[derive(Serialize)]
pub struct EvaluationErrorData<'a> {
    pub path: PathJson<'a>,
    pub error_type: ErrorType,
    pub error_message: &'a str,
    /// The line of the evaluator's code the error points at, when known (not a line
    /// of `path`).
    pub evaluator_line: Option<u64>,
}

/// A candidate file (`xray -l`).
#[derive(Serialize)]
pub struct CandidateData<'a> {
    pub path: PathJson<'a>,
}

/// `explore --file`: one file's whole syntax tree.
#[derive(Serialize)]
pub struct AstData<'a> {
    pub path: PathJson<'a>,
    pub language: &'a str,
    #[serde(serialize_with = "dump_json")]
    pub ast_debug: &'a AstDump<'a>,
    /// Nodes left out after the dump's limit.
    pub omitted_nodes: usize,
}

fn dump_json<S: Serializer>(dump: &&AstDump<'_>, s: S) -> Result<S::Ok, S::Error> {
    dump.to_json().serialize(s)
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
            language: s.language,
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
    /// It names one of the overloads of a method of the repository, and its arguments
    /// do not say which (`resolved` is the first of them).
    Overloads,
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
    /// Whether `line_content` was cut around the use (written only when it was).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub line_truncated: bool,
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
    Map(MapSummary<'a>),
    Xray(XraySummary),
    Ast(AstSummary),
}

/// Per-language totals of build-index.
#[derive(Debug, Default, Clone, Serialize)]
pub struct LanguageStats {
    pub files: u64,
    pub bytes: u64,
    /// Counted with `--stats` only.
    pub lines: Option<u64>,
}

/// build-index's summary.
#[derive(Serialize)]
pub struct MapSummary<'a> {
    /// Directories below the roots.
    pub dirs: u64,
    pub files: u64,
    pub bytes: u64,
    pub languages: &'a BTreeMap<&'static str, LanguageStats>,
    pub excluded_dirs: usize,
    pub elapsed_ms: u128,
}

/// xray's and explore's summary.
#[derive(Debug, Default, Clone, Serialize)]
pub struct XraySummary {
    /// Candidate files found by phase 1.
    pub files_total: usize,
    /// Candidates handed out in order before the run ended.
    pub files_evaluated: usize,
    pub matches: usize,
    pub evaluation_errors: usize,
    pub excluded_dirs: usize,
    pub elapsed_ms: u128,
    pub partial: bool,
    pub timeout: bool,
    pub max_files_reached: bool,
    pub max_errors_reached: bool,
    /// Candidates over `--max-parse-size` (each named on stderr).
    pub skipped_files: usize,
    /// Walked candidates whose language has no grammar.
    pub unsupported_files: usize,
}

/// `explore --file`'s summary.
#[derive(Serialize)]
pub struct AstSummary {
    pub files: usize,
    pub nodes: usize,
    pub omitted_nodes: usize,
    pub elapsed_ms: u128,
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
    /// Uses that resolve to a target, or to overloads of which it is one.
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
