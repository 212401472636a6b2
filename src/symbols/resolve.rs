//! The forms of the SYMBOL argument of `what-depends` and `what-breaks`, parsed (what
//! they name is decided by the query layer's targets):
//!
//! - a symbol id, `path::Qualified.name#kind` (as find-symbol prints it);
//! - `path:line`: the definition whose name is on that line, else the innermost one
//!   containing it;
//! - a bare or qualified name (`login`, `AuthService.login`, `A::f`);
//! - `-`: one JSON record on stdin, either a find-symbol record
//!   (`{"type":"symbol","data":{..}}`) or a plain symbol object
//!   (`{"name","type","path","start_line","end_line"}`).

use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Why a SYMBOL argument does not name a definition.
#[derive(Debug, thiserror::Error)]
pub enum ResolveError {
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

/// Reads a find-symbol record or a plain symbol object.
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
    // The line of the name when the record has it, else the start of the definition.
    let line = obj
        .get("line")
        .and_then(Value::as_u64)
        .or_else(|| obj.get("start_line").and_then(Value::as_u64))
        .filter(|&l| l > 0)
        .ok_or_else(|| ResolveError::BadInput("the record has no \"start_line\"".into()))?;
    let name = obj.get("name").and_then(Value::as_str).map(str::to_string);
    Ok(SymbolArg::PathLine {
        path,
        line: line as usize,
        name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stdin_takes_a_find_symbol_record_or_a_plain_object() {
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
        let plain =
            r#"{"name":"f","type":"function","path":"/x/b.py","start_line":5,"end_line":9}"#;
        assert!(matches!(
            parse_stdin_record(plain).unwrap(),
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
}
