//! The evaluator interface of phase 2, and the built-in default evaluator.
//!
//! An [`Evaluator`] takes one candidate file (the file is the unit) and returns its
//! typed matches and value. The Python evaluator (user code run by `monty` in sandboxed
//! child processes) is one implementation: what the code returned, as JSON, goes
//! through [`super::contract::validate`]. [`HitsEvaluator`] is the other: the default
//! of `explore` and of `xray` without `--eval`, which turns every phase-1 hit into a
//! match (one match at line 1 per file in filename mode), exactly what the default
//! snippet does, without starting an interpreter and without building any JSON (a file
//! of 200,000 hits costs its hits' strings once).

use std::path::Path;
use std::time::Instant;

use serde_json::json;

use super::contract::{self, FileResult, Match};
use crate::lang::Language;
use crate::search::Hit;
use crate::source::LineIndex;

/// One file handed to an evaluator.
#[derive(Debug)]
pub struct EvalRequest<'a> {
    /// Absolute path (the evaluator's `file_path` global).
    pub file_path: &'a Path,
    pub language: &'static Language,
    pub source: &'a str,
    /// The line index of `source`.
    pub lines: &'a LineIndex,
    /// Phase-1 hits (empty in filename mode), handed over: the default evaluator
    /// moves their strings into its matches.
    pub match_positions: Vec<Hit>,
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
    /// The file's validated matches and value.
    fn evaluate(&self, req: EvalRequest<'_>) -> Result<FileResult, EvalError>;
}

/// The default evaluator: one match per phase-1 hit, or one at line 1 per file in
/// filename mode.
#[derive(Debug, Default, Clone, Copy)]
pub struct HitsEvaluator;

impl Evaluator for HitsEvaluator {
    fn evaluate(&self, req: EvalRequest<'_>) -> Result<FileResult, EvalError> {
        if req.match_positions.is_empty() {
            let first = json!({"matches": [{"line_number": 1, "column": 1}]});
            return contract::validate(first, req.source, req.lines);
        }
        Ok(FileResult {
            matches: req
                .match_positions
                .into_iter()
                .map(Match::from_hit)
                .collect(),
            value: None,
        })
    }
}
