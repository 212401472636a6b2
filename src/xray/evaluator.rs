//! The evaluator interface of phase 2, and the built-in default evaluator.
//!
//! An [`Evaluator`] takes one candidate file (the file is the unit) and returns the
//! raw value its code returned, as JSON; [`super::contract`] then validates and
//! enriches it. The Python evaluator (user code run by `monty` in sandboxed child
//! processes) is one implementation; [`HitsEvaluator`] is the other: the default of
//! `explore` and of `xray` without `--eval`, which turns every phase-1 hit into a match
//! (one match at line 1 per file in filename mode), exactly what the default
//! snippet does, without starting an interpreter.

use std::path::Path;
use std::time::Instant;

use serde_json::{json, Value};

use crate::lang::Language;
use crate::search::Hit;

/// One file handed to an evaluator.
#[derive(Debug, Clone, Copy)]
pub struct EvalRequest<'a> {
    /// Absolute path (the evaluator's `file_path` global).
    pub file_path: &'a Path,
    pub language: &'static Language,
    pub source: &'a str,
    /// Phase-1 hits (empty in filename mode).
    pub match_positions: &'a [Hit],
    /// When the evaluation must be over: the per-file timeout or the end of the run,
    /// whichever comes first.
    pub deadline: Instant,
}

/// The per-file failure kinds. Their names are the `error_type` of
/// `evaluation_error` records: an API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ErrorType {
    UnsupportedLanguage,
    EvaluatorTimeout,
    EvaluatorCrash,
    InvalidEvaluatorReturn,
    ValidationFailed,
    IoError,
}

/// A failed evaluation of one file.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, thiserror::Error, serde::Serialize, serde::Deserialize,
)]
#[error("{error_type:?}: {message}")]
pub struct EvalError {
    pub error_type: ErrorType,
    pub message: String,
    /// The evaluator line the error points at, when known.
    pub line_number: Option<u64>,
}

impl EvalError {
    pub fn new(error_type: ErrorType, message: impl Into<String>) -> EvalError {
        EvalError {
            error_type,
            message: message.into(),
            line_number: None,
        }
    }
}

/// Evaluates one file. Implementations are shared by the phase-2 worker threads.
pub trait Evaluator: Sync {
    /// The raw return value of the evaluator for this file.
    fn evaluate(&self, req: &EvalRequest<'_>) -> Result<Value, EvalError>;
}

/// The default evaluator: one match per phase-1 hit, or one at line 1 per file in
/// filename mode.
#[derive(Debug, Default, Clone, Copy)]
pub struct HitsEvaluator;

impl Evaluator for HitsEvaluator {
    fn evaluate(&self, req: &EvalRequest<'_>) -> Result<Value, EvalError> {
        let matches: Vec<Value> = if req.match_positions.is_empty() {
            vec![json!({"line_number": 1, "column": 1})]
        } else {
            req.match_positions
                .iter()
                .map(|h| {
                    let mut m = json!({
                        "line_number": h.line_number,
                        "column": h.column,
                        "byte_offset": h.byte_offset,
                        "line_content": h.line_content,
                        "context_before": h.context_before,
                        "context_after": h.context_after,
                    });
                    if h.line_truncated {
                        m["line_truncated"] = Value::Bool(true);
                    }
                    m
                })
                .collect()
        };
        Ok(json!({"matches": matches, "value": null}))
    }
}
