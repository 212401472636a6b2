//! The payloads of the MCP tools as typed structs, deserialised with
//! `deny_unknown_fields`: a key added, renamed or dropped fails the tests.
#![allow(dead_code)]

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

/// A payload struct with the keys every list answer carries.
macro_rules! paged {
    ($name:ident { $($field:ident : $ty:ty),* $(,)? }) => {
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            $(pub $field: $ty,)*
            pub total: usize,
            pub shown: usize,
            pub offset: usize,
            pub truncated: bool,
            pub next_offset: Option<usize>,
            pub note: Option<String>,
        }
    };
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutlineItem {
    pub id: String,
    pub kind: String,
    pub name: String,
    pub line: usize,
    pub end_line: usize,
    pub depth: usize,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapEntry {
    pub path: String,
    pub kind: String,
    pub depth: usize,
    pub language: Option<String>,
    pub size: Option<u64>,
    pub outline: Option<Vec<OutlineItem>>,
    pub outline_total: Option<usize>,
}

paged!(MapPayload { entries: Vec<MapEntry>, files: usize, dirs: usize, languages: BTreeMap<String, usize>, excluded_dirs: usize, errors: usize });

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymbolJson {
    pub id: String,
    pub name: String,
    pub qualified_name: String,
    pub kind: String,
    pub language: String,
    pub path: String,
    pub line: usize,
    pub end_line: usize,
    pub signature: String,
    pub doc: Option<String>,
    pub score: Option<f64>,
}

paged!(FindPayload { symbols: Vec<SymbolJson>, searched: usize, skipped_files: usize });

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourcePayload {
    pub id: String,
    pub name: String,
    pub qualified_name: String,
    pub kind: String,
    pub language: String,
    pub path: String,
    pub line: usize,
    pub start_line: usize,
    pub end_line: usize,
    pub signature: String,
    pub doc: Option<String>,
    pub source_start_line: usize,
    pub source_end_line: usize,
    pub source: String,
    pub truncated: bool,
    pub note: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dependency {
    pub kind: String,
    pub name: String,
    pub qualifier: Option<String>,
    pub path: String,
    pub line: u32,
    pub column: u32,
    pub resolution: String,
    pub resolved: Option<SymbolJson>,
    pub external: Option<String>,
}

paged!(DependsPayload { targets: Vec<SymbolJson>, dependencies: Vec<Dependency>, resolved: usize, external: usize, unresolved: usize, unreadable_files: usize });

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Caller {
    pub id: String,
    pub name: String,
    pub qualified_name: String,
    pub kind: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    pub kind: String,
    pub path: String,
    pub line: u32,
    pub column: u32,
    pub line_content: String,
    pub qualifier: Option<String>,
    pub caller: Option<Caller>,
    pub resolution: String,
    pub target: String,
    pub depth: usize,
}

paged!(BreaksPayload { targets: Vec<SymbolJson>, references: Vec<Reference>, resolved: usize, unresolved: usize, files: usize, depth: usize, unreadable_files: usize });

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvalError {
    pub path: String,
    pub error_type: String,
    pub error_message: String,
    pub evaluator_line: Option<u64>,
}

/// A match: the command line's `match` record, with `path` as a string.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XrayMatch {
    pub path: String,
    pub language: String,
    pub line: u64,
    pub column: Option<u64>,
    pub byte_offset: Option<u64>,
    pub line_content: String,
    pub line_truncated: Option<bool>,
    pub context_before: Vec<String>,
    pub context_after: Vec<String>,
    pub matched_node: Option<Value>,
    pub ast_debug: Option<Value>,
    pub fields: Option<serde_json::Map<String, Value>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileValue {
    pub path: String,
    pub value: Value,
    pub value_left_out: Option<String>,
}

paged!(XrayPayload {
    matches: Vec<XrayMatch>,
    evaluation_errors: Vec<EvalError>,
    evaluation_error_count: usize,
    values: Vec<FileValue>,
    files_total: usize,
    files_evaluated: usize,
    partial: bool,
    timeout: bool,
    skipped_files: usize,
    max_files_reached: bool,
    elapsed_ms: u64,
});

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeDump {
    pub path: String,
    pub language: String,
    pub nodes: usize,
    pub ast_debug: Value,
    pub note: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchMetadata {
    pub id: String,
    pub name: String,
    pub qualified_name: String,
    pub kind: String,
    pub signature: String,
    pub content_truncated: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchResult {
    pub file: String,
    pub line: usize,
    pub end_line: usize,
    pub content: String,
    pub score: f64,
    pub language: String,
    pub metadata: SearchMetadata,
}

paged!(SearchPayload { results: Vec<SearchResult> });

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TraceSymbol {
    pub symbol: String,
    pub file: String,
    pub line: usize,
    pub kind: String,
    pub signature: String,
}

paged!(TracePayload { symbols: Vec<TraceSymbol> });

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphNode {
    pub symbol: TraceSymbol,
    pub callers: Vec<TraceSymbol>,
    pub callees: Vec<TraceSymbol>,
    pub depth: usize,
}

paged!(GraphPayload { nodes: Vec<GraphNode> });

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndexStatusPayload {
    pub root: String,
    pub index: String,
    pub id: String,
    pub exists: bool,
    pub state: String,
    pub files: u64,
    pub symbols: u64,
    pub references: u64,
    pub contents: u64,
    pub bytes_on_disk: u64,
    pub created: Option<String>,
    pub last_update: Option<String>,
    pub changed_since: u64,
    pub note: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidecarStatus {
    pub project: String,
    pub files_indexed: u64,
    pub chunks: u64,
    pub last_indexed: Option<String>,
    pub state: String,
    pub error: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidecarStatusPayload {
    pub status: SidecarStatus,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepoRequestPayload {
    pub id: String,
    pub status: String,
    pub name: String,
    pub path: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub strategy: String,
}
