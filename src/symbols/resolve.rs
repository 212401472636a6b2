//! The SYMBOL argument of `what-depends` and `what-breaks` (DESIGN §4):
//!
//! - a symbol id, `path::Qualified.name#kind` (as find-symbol prints it);
//! - `path:line`: the innermost definition containing that line;
//! - a bare or qualified name (`login`, `AuthService.login`, `A::f`): the definitions
//!   with that name, found by a word regex over the walker (only the files that
//!   mention the name are parsed); several are ambiguous unless `--all`;
//! - `-`: one JSON record on stdin, either a find-symbol record
//!   (`{"type":"symbol","data":{..}}`) or seed 002's symbol object
//!   (`{"name","type","path","start_line","end_line"}`).

use std::io::Read;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde_json::Value;

use super::collect::symbols_of_file;
use super::{Kind, Symbol};
use crate::lang;
use crate::output::Reporter;
use crate::search::{self, RegexOptions};
use crate::walk::Walker;

/// Why a SYMBOL argument does not name a definition.
#[derive(Debug, thiserror::Error)]
pub enum ResolveError {
    /// Nothing matches (exit 1).
    #[error("{0}")]
    NotFound(String),
    /// Several definitions match a name (exit 2 with the list, unless `--all`).
    #[error("'{name}' is ambiguous: {} definitions match (pass one of their ids, or --all)", .candidates.len())]
    Ambiguous {
        name: String,
        candidates: Vec<Symbol>,
    },
    /// The argument or stdin is malformed (exit 2).
    #[error("{0}")]
    BadInput(String),
}

/// The parsed form of a SYMBOL argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SymbolArg {
    Id {
        path: PathBuf,
        id: String,
    },
    PathLine {
        path: PathBuf,
        line: usize,
        name: Option<String>,
    },
    Name(String),
}

/// The most `-` reads from stdin: one JSON record, with room to spare.
const MAX_STDIN_BYTES: u64 = 1024 * 1024;

/// Classifies the argument (`-` reads stdin).
pub fn parse_arg(arg: &str, stdin: &mut dyn Read) -> Result<SymbolArg, ResolveError> {
    if arg == "-" {
        // One record is expected; a bound keeps endless input (`yes | ...`) finite.
        let bytes = crate::source::read_bounded(stdin, MAX_STDIN_BYTES)
            .map_err(|e| ResolveError::BadInput(format!("reading stdin: {e}")))?;
        let buf = String::from_utf8_lossy(&bytes);
        return parse_stdin_record(&buf);
    }
    if let (Some(sep), Some(_)) = (arg.find("::"), arg.rfind('#')) {
        let path = PathBuf::from(&arg[..sep]);
        if path.is_file() {
            return Ok(SymbolArg::Id {
                path,
                id: arg.to_string(),
            });
        }
    }
    if let Some((p, l)) = arg.rsplit_once(':') {
        if let Ok(line) = l.parse::<usize>() {
            if Path::new(p).is_file() && line > 0 {
                return Ok(SymbolArg::PathLine {
                    path: PathBuf::from(p),
                    line,
                    name: None,
                });
            }
        }
    }
    let name = arg.trim();
    if name.is_empty() {
        return Err(ResolveError::BadInput("the symbol name is empty".into()));
    }
    Ok(SymbolArg::Name(name.to_string()))
}

/// Reads a find-symbol record or a seed-002 symbol object.
fn parse_stdin_record(buf: &str) -> Result<SymbolArg, ResolveError> {
    let line = buf.lines().find(|l| !l.trim().is_empty()).ok_or_else(|| {
        ResolveError::BadInput("stdin is empty: expected one find-symbol JSON record".into())
    })?;
    let v: Value = serde_json::from_str(line)
        .map_err(|e| ResolveError::BadInput(format!("stdin is not a JSON record: {e}")))?;
    let obj = match v.get("data") {
        Some(data) if v.get("type").is_some() => {
            if v["type"] != "symbol" {
                return Err(ResolveError::BadInput(format!(
                    "stdin holds a {} record; expected a symbol record from find-symbol",
                    v["type"]
                )));
            }
            data
        }
        _ => &v,
    };
    let path = match obj.get("path") {
        Some(Value::String(s)) => PathBuf::from(s),
        Some(Value::Object(m)) => match m.get("text") {
            Some(Value::String(s)) => PathBuf::from(s),
            _ => {
                return Err(ResolveError::BadInput(
                    "the record's path is not valid UTF-8 text; pass the symbol id instead".into(),
                ))
            }
        },
        _ => return Err(ResolveError::BadInput("the record has no \"path\"".into())),
    };
    let line = obj
        .get("start_line")
        .and_then(Value::as_u64)
        .filter(|&l| l > 0)
        .ok_or_else(|| ResolveError::BadInput("the record has no \"start_line\"".into()))?;
    let name = obj.get("name").and_then(Value::as_str).map(str::to_string);
    Ok(SymbolArg::PathLine {
        path,
        line: line as usize,
        name,
    })
}

/// Resolves the argument to one definition, or to all matches with `all`.
pub fn resolve(
    arg: &SymbolArg,
    walker: &Walker,
    report: &Reporter,
    all: bool,
) -> Result<Vec<Symbol>, ResolveError> {
    match arg {
        SymbolArg::Id { path, id } => {
            let symbols = file_symbols(path)?;
            // An id printed with a `~N` overload suffix or without one both resolve.
            symbols
                .into_iter()
                .find(|s| &s.id == id)
                .map(|s| vec![s])
                .ok_or_else(|| ResolveError::NotFound(format!("no symbol with id '{id}'")))
        }
        SymbolArg::PathLine { path, line, name } => {
            let symbols = file_symbols(path)?;
            let exact = symbols.iter().find(|s| {
                (s.line == *line || s.start_line == *line)
                    && name.as_ref().is_none_or(|n| &s.name == n)
            });
            exact
                .or_else(|| innermost_at_line(&symbols, *line))
                .cloned()
                .map(|s| vec![s])
                .ok_or_else(|| {
                    ResolveError::NotFound(format!(
                        "no definition contains {}:{line}",
                        path.display()
                    ))
                })
        }
        SymbolArg::Name(name) => {
            let found = prefer_definitions(find_by_name(name, walker, report));
            match found.len() {
                0 => Err(ResolveError::NotFound(format!(
                    "no definition named '{name}' (try find-symbol {name})"
                ))),
                1 => Ok(found),
                _ if all => Ok(found),
                _ => Err(ResolveError::Ambiguous {
                    name: name.clone(),
                    candidates: found,
                }),
            }
        }
    }
}

fn file_symbols(path: &Path) -> Result<Vec<Symbol>, ResolveError> {
    let lang = lang::detect(path)
        .ok_or_else(|| ResolveError::BadInput(format!("{}: unknown language", path.display())))?;
    symbols_of_file(path, path, lang)
        .map(|(_, s)| s)
        .map_err(|e| ResolveError::BadInput(format!("{}: {e}", path.display())))
}

/// C++ declares a member in its class and defines it elsewhere under the same
/// qualified name: the declaration (a one-line signature ending in `;`) gives way to
/// the definition, so that `A::f` is not ambiguous with itself.
fn prefer_definitions(found: Vec<Symbol>) -> Vec<Symbol> {
    let is_decl = |s: &Symbol| s.line == s.end_line && s.signature.trim_end().ends_with(';');
    let defined: std::collections::HashSet<(String, Kind)> = found
        .iter()
        .filter(|s| !is_decl(s))
        .map(|s| (s.qualified_name.clone(), s.kind))
        .collect();
    found
        .into_iter()
        .filter(|s| !is_decl(s) || !defined.contains(&(s.qualified_name.clone(), s.kind)))
        .collect()
}

/// The smallest definition whose lines contain `line`.
pub fn innermost_at_line(symbols: &[Symbol], line: usize) -> Option<&Symbol> {
    symbols
        .iter()
        .filter(|s| s.start_line <= line && line <= s.end_line)
        .min_by_key(|s| (s.end_byte - s.start_byte, std::cmp::Reverse(s.start_byte)))
}

/// Whether a symbol answers to a bare or qualified name (`::` written as `.`).
pub fn matches_name(sym: &Symbol, query: &str) -> bool {
    let q = query.replace("::", ".");
    let last = q.rsplit('.').next().unwrap_or(&q);
    if sym.name != last {
        return false;
    }
    !q.contains('.')
        || sym.qualified_name == q
        || (sym.qualified_name.ends_with(&q)
            && sym.qualified_name.as_bytes()[sym.qualified_name.len() - q.len() - 1] == b'.')
}

/// The definitions named `name`: a word regex picks the files, which are then parsed.
pub fn find_by_name(name: &str, walker: &Walker, report: &Reporter) -> Vec<Symbol> {
    let q = name.replace("::", ".");
    let last = q.rsplit('.').next().unwrap_or(&q).to_string();
    let opts = RegexOptions {
        pattern: last,
        fixed_strings: true,
        word: true,
        files_only: true,
        ..RegexOptions::default()
    };
    // Invariant: a fixed string always compiles.
    let candidates = search::find_candidates(walker, report, &opts).unwrap_or_default();
    let per_file: Vec<Vec<Symbol>> = candidates
        .par_iter()
        .filter_map(|v| {
            let lang = v.item.language?;
            let (_, symbols) = symbols_of_file(&v.item.open_path, &v.path, lang).ok()?;
            Some(
                symbols
                    .into_iter()
                    .filter(|s| s.kind != Kind::Scope && matches_name(s, &q))
                    .collect(),
            )
        })
        .collect();
    per_file.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stdin_takes_a_find_symbol_record_or_a_seed_object() {
        let rec =
            r#"{"type":"symbol","data":{"name":"login","path":{"text":"a.py"},"start_line":3}}"#;
        assert_eq!(
            parse_stdin_record(rec).unwrap(),
            SymbolArg::PathLine {
                path: "a.py".into(),
                line: 3,
                name: Some("login".into())
            }
        );
        let seed = r#"{"name":"f","type":"function","path":"/x/b.py","start_line":5,"end_line":9}"#;
        assert!(matches!(
            parse_stdin_record(seed).unwrap(),
            SymbolArg::PathLine { line: 5, .. }
        ));
    }

    #[test]
    fn bad_stdin_is_a_clear_error() {
        for bad in [
            "",
            "not json",
            r#"{"type":"summary","data":{}}"#,
            r#"{"name":"x"}"#,
        ] {
            let err = parse_stdin_record(bad).unwrap_err();
            assert!(matches!(err, ResolveError::BadInput(_)), "{bad}: {err}");
        }
    }

    #[test]
    fn names_match_bare_or_qualified() {
        let s = Symbol {
            id: String::new(),
            name: "f".into(),
            qualified_name: "ns.A.f".into(),
            kind: Kind::Method,
            language: "cpp".into(),
            path: "a.cpp".into(),
            line: 1,
            start_line: 1,
            end_line: 1,
            start_byte: 0,
            end_byte: 0,
            signature: String::new(),
            doc: None,
            parent: None,
            name_byte: 0,
        };
        assert!(matches_name(&s, "f"));
        assert!(matches_name(&s, "A::f"));
        assert!(matches_name(&s, "A.f"));
        assert!(!matches_name(&s, "B.f"));
        assert!(!matches_name(&s, "xA.f"));
    }
}
