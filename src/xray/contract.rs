//! The evaluator result contract: validating what an evaluator returned, and turning
//! its matches into typed [`Match`]es.
//!
//! An evaluator returns `{"matches": [{"line_number": int, ...}, ...], "value": any}`
//! or `{"skip": True}`. Anything else is `InvalidEvaluatorReturn`, with a message that
//! says what was wrong. That is the evaluator's API and it does not follow the output's
//! names: a match comes back with `line_number` and is printed with `line`.
//!
//! Each returned match becomes a [`Match`]: the keys codesearch knows (`line_number`,
//! `column`, `byte_offset`, `line_content`, `line_truncated`, `context_before`,
//! `context_after`) are taken out when they have the expected type, and every other key
//! the evaluator set is kept as it is under [`Match::fields`] (so is a known key with
//! another type: nothing returned is lost). Any `file_path` and `language` of the
//! evaluator's are dropped: the printer writes the real ones, once per file rather than
//! once per match in memory. `line_content` is looked up through a [`LineIndex`] when
//! omitted (empty when the line is out of range); one longer than
//! [`crate::source::MAX_LINE_BYTES`] is cut to a window around the match's column and
//! the match gets `line_truncated`.

use serde::Serialize;
use serde_json::{Map, Value};

use super::evaluator::{ErrorType, EvalError};
use crate::search::Hit;
use crate::source::{excerpt, LineIndex};

/// A validated result.
#[derive(Debug, Clone, PartialEq)]
pub struct FileResult {
    pub matches: Vec<Match>,
    /// The per-file value (None when null or skipped).
    pub value: Option<Value>,
}

/// One match, as the `match` record prints it (without the file's `path` and
/// `language`, which the record adds).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Match {
    /// 1-based line (the evaluator's `line_number`).
    pub line: u64,
    /// 1-based byte column, when the evaluator gave one.
    pub column: Option<u64>,
    /// The byte of the match in the file, when known.
    pub byte_offset: Option<u64>,
    /// The line, without its terminator (cut around the column when very long).
    pub line_content: String,
    /// Whether `line_content` was cut; printed only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub line_truncated: bool,
    pub context_before: Vec<String>,
    pub context_after: Vec<String>,
    /// explore: `{"kind","start","end"}` of the node at the match.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matched_node: Option<Value>,
    /// explore (JSON): the syntax tree around the match.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ast_debug: Option<Value>,
    /// The evaluator's own keys; printed only when there are some.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub fields: Map<String, Value>,
}

impl Match {
    /// A phase-1 hit as a match (the default evaluator), its strings moved, not copied.
    pub fn from_hit(h: Hit) -> Match {
        Match {
            line: h.line_number,
            column: Some(h.column),
            byte_offset: Some(h.byte_offset),
            line_content: h.line_content,
            line_truncated: h.line_truncated,
            context_before: h.context_before,
            context_after: h.context_after,
            matched_node: None,
            ast_debug: None,
            fields: Map::new(),
        }
    }
}

/// Checks a raw return value against the contract and types its matches; `lines`
/// indexes `source`, where omitted lines are looked up.
pub fn validate(raw: Value, source: &str, lines: &LineIndex) -> Result<FileResult, EvalError> {
    let invalid = |msg: String| EvalError::new(ErrorType::InvalidEvaluatorReturn, msg);
    let Value::Object(mut obj) = raw else {
        return Err(invalid(format!(
            "the evaluator must return a dict {{\"matches\": [...], \"value\": ...}}, not {}",
            type_name(&raw)
        )));
    };
    if obj.get("skip") == Some(&Value::Bool(true)) {
        return Ok(FileResult {
            matches: Vec::new(),
            value: None,
        });
    }
    let matches = match obj.remove("matches") {
        Some(Value::Array(items)) => items,
        Some(other) => {
            return Err(invalid(format!(
                "\"matches\" must be a list, not {}",
                type_name(&other)
            )))
        }
        None => {
            return Err(invalid(
                "the returned dict has no \"matches\" list (return {\"matches\": [], \"value\": ...}, or {\"skip\": True})".into(),
            ))
        }
    };
    let mut out = Vec::with_capacity(matches.len());
    for (i, m) in matches.into_iter().enumerate() {
        let Value::Object(m) = m else {
            return Err(invalid(format!(
                "matches[{i}] must be a dict, not {}",
                type_name(&m)
            )));
        };
        let line = match m.get("line_number") {
            Some(Value::Number(n)) if n.as_u64().is_some_and(|n| n >= 1) => n.as_u64(),
            Some(other) => {
                return Err(invalid(format!(
                    "matches[{i}][\"line_number\"] must be an int >= 1, not {other}"
                )))
            }
            None => return Err(invalid(format!("matches[{i}] has no \"line_number\""))),
        };
        // Invariant: checked just above.
        let line = line.expect("line_number is an int >= 1");
        out.push(typed(line, m, source, lines));
    }
    let value = obj.remove("value").filter(|v| !v.is_null());
    Ok(FileResult {
        matches: out,
        value,
    })
}

/// One returned match as a [`Match`]: known keys of the expected type are taken out,
/// the rest stays in `fields`.
fn typed(line: u64, mut m: Map<String, Value>, source: &str, lines: &LineIndex) -> Match {
    m.remove("line_number");
    m.remove("file_path");
    m.remove("language");
    let column = take(&mut m, "column", Value::as_u64);
    let byte_offset = take(&mut m, "byte_offset", Value::as_u64);
    let given_cut = take(&mut m, "line_truncated", Value::as_bool).unwrap_or(false);
    let strings = |v: &Value| -> Option<Vec<String>> {
        v.as_array()?
            .iter()
            .map(|s| s.as_str().map(str::to_string))
            .collect()
    };
    let context_before = take(&mut m, "context_before", strings).unwrap_or_default();
    let context_after = take(&mut m, "context_after", strings).unwrap_or_default();
    let at = column.map_or(0, |c| c.saturating_sub(1) as usize);
    let (line_content, cut) = match take(&mut m, "line_content", |v| v.as_str().map(str::to_string))
    {
        Some(text) => {
            let (short, cut) = excerpt(&text, at);
            let short = cut.then(|| short.into_owned());
            (short.unwrap_or(text), cut)
        }
        None => {
            let (text, cut) = excerpt(lines.line(source, line).unwrap_or(""), at);
            (text.into_owned(), cut)
        }
    };
    Match {
        line,
        column,
        byte_offset,
        line_content,
        line_truncated: cut || given_cut,
        context_before,
        context_after,
        matched_node: None,
        ast_debug: None,
        fields: m,
    }
}

/// Removes `key` from `m` when `get` accepts its value; a value of another type stays.
fn take<T>(m: &mut Map<String, Value>, key: &str, get: impl Fn(&Value) -> Option<T>) -> Option<T> {
    let v = get(m.get(key)?)?;
    m.remove(key);
    Some(v)
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "None",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_f64() => "float",
        Value::Number(_) => "int",
        Value::String(_) => "str",
        Value::Array(_) => "list",
        Value::Object(_) => "dict",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(raw: Value) -> Result<FileResult, EvalError> {
        let src = "one\ntwo\n";
        validate(raw, src, &LineIndex::new(src.as_bytes()))
    }

    #[test]
    fn value_without_matches_is_invalid() {
        let err = check(json!({"value": 42})).unwrap_err();
        assert_eq!(err.error_type, ErrorType::InvalidEvaluatorReturn);
        assert!(err.message.contains("matches"));
    }

    #[test]
    fn returning_true_is_invalid() {
        let err = check(json!(true)).unwrap_err();
        assert!(err.message.contains("not bool"), "{}", err.message);
    }

    #[test]
    fn skip_is_allowed() {
        assert_eq!(
            check(json!({"skip": true})).unwrap(),
            FileResult {
                matches: vec![],
                value: None
            }
        );
    }

    #[test]
    fn matches_need_an_int_line_number() {
        assert!(check(json!({"matches": [{"line": 1}]})).is_err());
        assert!(check(json!({"matches": [{"line_number": "3"}]})).is_err());
        assert!(check(json!({"matches": [{"line_number": 0}]})).is_err());
        assert!(check(json!({"matches": [3]})).is_err());
        let ok = check(json!({"matches": [{"line_number": 3, "kind": "x"}], "value": 0})).unwrap();
        assert_eq!(ok.matches[0].line, 3);
        assert_eq!(ok.matches[0].fields["kind"], "x");
        assert_eq!(ok.value, Some(json!(0)), "zero is a value, not None");
    }

    #[test]
    fn the_evaluators_path_is_dropped_and_line_content_filled() {
        let ok = check(json!({"matches": [
            {"line_number": 2, "file_path": "evil", "language": "x"},
            {"line_number": 99, "line_content": "kept"},
            {"line_number": 99},
        ]}))
        .unwrap();
        let m = &ok.matches;
        assert!(m[0].fields.is_empty(), "{:?}", m[0].fields);
        assert_eq!(m[0].line_content, "two");
        assert_eq!(m[1].line_content, "kept");
        assert_eq!(m[2].line_content, "");
    }

    #[test]
    fn known_keys_are_typed_and_the_rest_kept_in_fields() {
        let ok = check(json!({"matches": [
            {"line_number": 1, "column": 2, "byte_offset": 1, "context_after": ["two"], "rule": "r"},
            {"line_number": 1, "column": "wide", "context_before": [1]},
        ]}))
        .unwrap();
        let (a, b) = (&ok.matches[0], &ok.matches[1]);
        assert_eq!((a.column, a.byte_offset), (Some(2), Some(1)));
        assert_eq!(a.context_after, vec!["two".to_string()]);
        assert_eq!(a.fields, *json!({"rule": "r"}).as_object().unwrap());
        assert_eq!(b.column, None, "a column of another type is not a column");
        assert_eq!(
            b.fields,
            *json!({"column": "wide", "context_before": [1]})
                .as_object()
                .unwrap(),
            "nothing the evaluator returned is lost"
        );
    }

    #[test]
    fn a_long_line_is_cut_and_flagged() {
        let src = format!("{}\n", "a(1);".repeat(100_000));
        let lines = LineIndex::new(src.as_bytes());
        let ok = validate(
            json!({"matches": [
                {"line_number": 1, "column": 250_001},
                {"line_number": 1, "line_content": "x".repeat(10_000)},
            ]}),
            &src,
            &lines,
        )
        .unwrap();
        for m in &ok.matches {
            assert!(m.line_truncated);
            assert!(m.line_content.len() < 1024);
        }
    }
}
