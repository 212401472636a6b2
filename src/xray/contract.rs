//! The evaluator result contract: validating what an evaluator returned, and
//! enriching its matches.
//!
//! An evaluator returns `{"matches": [{"line_number": int, ...}, ...], "value": any}`
//! or `{"skip": True}`. Anything else is `InvalidEvaluatorReturn`, with a message that
//! says what was wrong. Each match then loses any `file_path` and `language` of the
//! evaluator's (the printer writes the real ones, once per file rather than once per
//! match in memory) and gets `line_content` (when omitted; empty when the line
//! is out of range, looked up through a [`LineIndex`]). A `line_content` longer than
//! [`crate::source::MAX_LINE_BYTES`] is cut to a window around the match's column and
//! the match gets `"line_truncated": true`. Other keys the evaluator set are kept as
//! they are.

use serde_json::{Map, Value};

use super::evaluator::{ErrorType, EvalError};
use crate::source::{excerpt, LineIndex};

/// A validated result.
#[derive(Debug, Clone, PartialEq)]
pub struct FileResult {
    /// The matches, each an object with an integer `line_number`.
    pub matches: Vec<Map<String, Value>>,
    /// The per-file value (None when null or skipped).
    pub value: Option<Value>,
}

/// Checks a raw return value against the contract.
pub fn validate(raw: Value) -> Result<FileResult, EvalError> {
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
        match m.get("line_number") {
            Some(Value::Number(n)) if n.as_u64().is_some_and(|n| n >= 1) => {}
            Some(other) => {
                return Err(invalid(format!(
                    "matches[{i}][\"line_number\"] must be an int >= 1, not {other}"
                )))
            }
            None => return Err(invalid(format!("matches[{i}] has no \"line_number\""))),
        }
        out.push(m);
    }
    let value = obj.remove("value").filter(|v| !v.is_null());
    Ok(FileResult {
        matches: out,
        value,
    })
}

/// Drops the evaluator's `file_path` and `language` (the printer adds the real ones),
/// adds `line_content` when missing, and cuts a long `line_content` for display.
/// `lines` indexes `source`.
pub fn enrich(m: &mut Map<String, Value>, source: &str, lines: &LineIndex) {
    m.remove("file_path");
    m.remove("language");
    let column = m
        .get("column")
        .and_then(Value::as_u64)
        .map_or(0, |c| c.saturating_sub(1) as usize);
    let (text, truncated) = match m.get("line_content") {
        Some(Value::String(line)) => match excerpt(line, column) {
            (_, false) => return,
            (cut, true) => (cut.into_owned(), true),
        },
        Some(_) => return,
        None => {
            let line = m
                .get("line_number")
                .and_then(Value::as_u64)
                .and_then(|n| lines.line(source, n))
                .unwrap_or("");
            let (text, truncated) = excerpt(line, column);
            (text.into_owned(), truncated)
        }
    };
    m.insert("line_content".into(), Value::String(text));
    if truncated {
        m.insert("line_truncated".into(), Value::Bool(true));
    }
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

    #[test]
    fn value_without_matches_is_invalid() {
        let err = validate(json!({"value": 42})).unwrap_err();
        assert_eq!(err.error_type, ErrorType::InvalidEvaluatorReturn);
        assert!(err.message.contains("matches"));
    }

    #[test]
    fn returning_true_is_invalid() {
        let err = validate(json!(true)).unwrap_err();
        assert!(err.message.contains("not bool"), "{}", err.message);
    }

    #[test]
    fn skip_is_allowed() {
        assert_eq!(
            validate(json!({"skip": true})).unwrap(),
            FileResult {
                matches: vec![],
                value: None
            }
        );
    }

    #[test]
    fn matches_need_an_int_line_number() {
        assert!(validate(json!({"matches": [{"line": 1}]})).is_err());
        assert!(validate(json!({"matches": [{"line_number": "3"}]})).is_err());
        assert!(validate(json!({"matches": [{"line_number": 0}]})).is_err());
        assert!(validate(json!({"matches": [3]})).is_err());
        let ok =
            validate(json!({"matches": [{"line_number": 3, "kind": "x"}], "value": 0})).unwrap();
        assert_eq!(ok.matches[0]["kind"], "x");
        assert_eq!(ok.value, Some(json!(0)), "zero is a value, not None");
    }

    #[test]
    fn enrichment_drops_the_evaluators_path_and_fills_line_content() {
        let mut m = json!({"line_number": 2, "file_path": "evil", "language": "x"})
            .as_object()
            .unwrap()
            .clone();
        let src = "one\ntwo\n";
        enrich(&mut m, src, &LineIndex::new(src.as_bytes()));
        assert!(!m.contains_key("file_path") && !m.contains_key("language"));
        assert_eq!(m["line_content"], "two");
        let mut far = json!({"line_number": 99, "line_content": "kept"})
            .as_object()
            .unwrap()
            .clone();
        let one = LineIndex::new(b"one\n");
        enrich(&mut far, "one\n", &one);
        assert_eq!(far["line_content"], "kept");
        let mut out_of_range = json!({"line_number": 99}).as_object().unwrap().clone();
        enrich(&mut out_of_range, "one\n", &one);
        assert_eq!(out_of_range["line_content"], "");
    }

    #[test]
    fn a_long_line_is_cut_and_flagged() {
        let src = format!("{}\n", "a(1);".repeat(100_000));
        let lines = LineIndex::new(src.as_bytes());
        let mut m = json!({"line_number": 1, "column": 250_001})
            .as_object()
            .unwrap()
            .clone();
        enrich(&mut m, &src, &lines);
        assert_eq!(m["line_truncated"], true);
        assert!(m["line_content"].as_str().unwrap().len() < 1024);
        let mut given = json!({"line_number": 1, "line_content": "x".repeat(10_000)})
            .as_object()
            .unwrap()
            .clone();
        enrich(&mut given, &src, &lines);
        assert_eq!(given["line_truncated"], true);
    }
}
