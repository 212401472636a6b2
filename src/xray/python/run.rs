//! Evaluating one file with monty: the child's side of the sandbox.
//!
//! The compiled evaluator ([`Compiled`]) is cloned per file and started with the
//! evaluator globals; the driver loop answers the interpreter's pauses (node
//! attributes and methods, refusing OS calls) and enforces its own wall-clock
//! deadline, because monty's `max_duration` stops counting while the run is paused
//! for the host. The value returned is converted to JSON for the parent.

use std::time::{Duration, Instant};

use monty::{MontyRun, RunProgress};
use monty_types::{
    CompileOptions, DictPairs, ExcType, ExtFunctionResult, MontyException, MontyObject,
    NameLookupResult, PrintWriter, ResourceLimits, ResourceTracker,
};
use serde_json::{Map, Value};

use super::node_api::NodeTable;
use super::validate;
use crate::lang::Language;
use crate::search::Hit;
use crate::xray::evaluator::{ErrorType, EvalError};

/// The globals an evaluator sees, in the order they are passed.
pub const GLOBALS: &[&str] = &[
    "node",
    "root",
    "source",
    "lang",
    "file_path",
    "match_positions",
    "match_byte_offset",
    "match_line_number",
    "match_line_content",
];

/// The most a result may weigh once serialised; more is `InvalidEvaluatorReturn`
/// (a run returning millions of matches must not flood the parent).
pub const MAX_RESULT_BYTES: usize = 64 << 20;

/// Most nesting of returned containers that is converted.
const MAX_RESULT_DEPTH: usize = 64;

/// Interpreter limits per file.
#[derive(Debug, Clone, Copy)]
pub struct RunLimits {
    pub max_memory: Option<usize>,
    pub max_recursion_depth: usize,
}

impl Default for RunLimits {
    fn default() -> RunLimits {
        RunLimits {
            max_memory: Some(512 << 20),
            max_recursion_depth: 200,
        }
    }
}

/// An evaluator compiled once, run once per file.
pub struct Compiled {
    runner: MontyRun,
}

impl Compiled {
    /// Compiles validated evaluator code.
    pub fn new(body: &str) -> Result<Compiled, EvalError> {
        let runner = MontyRun::new(
            validate::wrap(body),
            "evaluator.py",
            GLOBALS.iter().map(|s| s.to_string()).collect(),
            CompileOptions::default(),
        )
        .map_err(|e| crash(ErrorType::ValidationFailed, &e))?;
        Ok(Compiled { runner })
    }

    /// Runs the evaluator over one file and returns its value as JSON.
    pub fn evaluate(
        &self,
        file_path: &str,
        language: &Language,
        source: &str,
        hits: &[Hit],
        timeout: Duration,
        limits: RunLimits,
    ) -> Result<Value, EvalError> {
        let deadline = Instant::now() + timeout;
        let tree = crate::source::parse(&mut language.parser(), language, source)
            .map_err(|e| EvalError::new(ErrorType::EvaluatorCrash, e.to_string()))?;
        let mut table = NodeTable::new(tree.root_node(), source);
        let root = table.object(tree.root_node());
        let mut find = crate::xray::ast_dump::NodeFinder::new(tree.root_node());
        let positions = hits
            .iter()
            .map(|h| {
                let ast_node = table.object(find.smallest_named(h.byte_offset as usize));
                dict(vec![
                    ("line_number", MontyObject::Int(h.line_number as i64)),
                    ("line_content", MontyObject::String(h.line_content.clone())),
                    ("column", MontyObject::Int(h.column as i64)),
                    ("byte_offset", MontyObject::Int(h.byte_offset as i64)),
                    ("context_before", strings(&h.context_before)),
                    ("context_after", strings(&h.context_after)),
                    ("line_truncated", MontyObject::Bool(h.line_truncated)),
                    ("ast_node", ast_node),
                ])
            })
            .collect();
        let inputs = vec![
            root.clone(),
            root,
            MontyObject::String(source.to_string()),
            MontyObject::String(language.name.to_string()),
            MontyObject::String(file_path.to_string()),
            MontyObject::List(positions),
            MontyObject::None,
            MontyObject::None,
            MontyObject::None,
        ];
        let tracker = ResourceTracker::new(ResourceLimits {
            max_duration: Some(timeout),
            max_memory: limits.max_memory,
            gc_interval: None,
            max_recursion_depth: limits.max_recursion_depth,
            max_suspensions: usize::MAX,
        });
        let mut progress = self
            .runner
            .clone()
            .start(inputs, tracker, PrintWriter::Disabled)
            .map_err(|e| crash(classify(&e), &e))?;
        loop {
            // Pauses do not count against monty's own clock: this one does.
            if Instant::now() >= deadline {
                let timeout_exc = MontyException::new(
                    ExcType::TimeoutError,
                    Some(format!("evaluation exceeded {:.1}s", timeout.as_secs_f64())),
                );
                let _ = abort(progress, timeout_exc);
                return Err(EvalError::new(
                    ErrorType::EvaluatorTimeout,
                    format!("evaluation exceeded {:.1}s", timeout.as_secs_f64()),
                ));
            }
            let next = match progress {
                RunProgress::Complete(value) => return to_result(&value, &table),
                RunProgress::NameLookup(lookup) => {
                    let answer = match lookup.object_id().and_then(|id| table.node(id)) {
                        Some(n) => match table.attribute(n, &lookup.name) {
                            Ok(v) => NameLookupResult::Value(v),
                            Err(e) => NameLookupResult::Error(e),
                        },
                        None => NameLookupResult::Undefined,
                    };
                    lookup.resume(answer, PrintWriter::Disabled)
                }
                RunProgress::FunctionCall(call) => {
                    let answer = match call.object_id.and_then(|id| table.node(id)) {
                        Some(n) => match table.call(n, &call.function_name, &call.args) {
                            Ok(v) => ExtFunctionResult::Return(v),
                            Err(e) => ExtFunctionResult::Error(e),
                        },
                        None => ExtFunctionResult::Error(MontyException::new(
                            ExcType::NameError,
                            Some(format!("name '{}' is not defined", call.function_name)),
                        )),
                    };
                    call.resume(answer, PrintWriter::Disabled)
                }
                RunProgress::OsCall(call) => call.abort(
                    MontyException::new(
                        ExcType::PermissionError,
                        Some("evaluators have no access to the operating system".into()),
                    ),
                    PrintWriter::Disabled,
                ),
                RunProgress::ResolveFutures(f) => f.abort(
                    MontyException::new(
                        ExcType::RuntimeError,
                        Some("async code is not supported in evaluators".into()),
                    ),
                    PrintWriter::Disabled,
                ),
            };
            progress = next.map_err(|e| crash(classify(&e), &e))?;
        }
    }
}

fn abort(progress: RunProgress, exc: MontyException) -> Result<RunProgress, MontyException> {
    match progress {
        RunProgress::NameLookup(l) => l.abort(exc, PrintWriter::Disabled),
        RunProgress::FunctionCall(c) => c.abort(exc, PrintWriter::Disabled),
        RunProgress::OsCall(c) => c.abort(exc, PrintWriter::Disabled),
        RunProgress::ResolveFutures(f) => f.abort(exc, PrintWriter::Disabled),
        RunProgress::Complete(v) => Ok(RunProgress::Complete(v)),
    }
}

/// Monty's own time limit surfaces as an exception: it is a timeout, not a crash.
fn classify(e: &MontyException) -> ErrorType {
    if e.exc_type() == ExcType::TimeoutError || e.summary().contains("time limit exceeded") {
        ErrorType::EvaluatorTimeout
    } else {
        ErrorType::EvaluatorCrash
    }
}

/// An interpreter exception as an [`EvalError`] naming the user's line.
fn crash(kind: ErrorType, e: &MontyException) -> EvalError {
    // Wrapped line N is the user's line N - 1 (see validate::wrap).
    let line = e
        .traceback()
        .last()
        .map(|f| u64::from(f.start.line).saturating_sub(1))
        .filter(|&l| l >= 1);
    EvalError {
        error_type: kind,
        message: e.summary(),
        line_number: line,
    }
}

fn dict(pairs: Vec<(&str, MontyObject)>) -> MontyObject {
    MontyObject::Dict(DictPairs::from(
        pairs
            .into_iter()
            .map(|(k, v)| (MontyObject::String(k.to_string()), v))
            .collect::<Vec<_>>(),
    ))
}

fn strings(items: &[String]) -> MontyObject {
    MontyObject::List(items.iter().cloned().map(MontyObject::String).collect())
}

fn to_result(value: &MontyObject, table: &NodeTable<'_>) -> Result<Value, EvalError> {
    let mut budget = MAX_RESULT_BYTES;
    to_json(value, table, &mut budget)
        .map_err(|why| EvalError::new(ErrorType::InvalidEvaluatorReturn, why))
}

fn too_large() -> String {
    format!(
        "the returned value is larger than {} MiB",
        MAX_RESULT_BYTES >> 20
    )
}

/// Charges `n` bytes against the result budget.
fn charge(budget: &mut usize, n: usize) -> Result<(), String> {
    *budget = budget.checked_sub(n).ok_or_else(too_large)?;
    Ok(())
}

/// Converts a returned value to JSON, iteratively, charging an approximate byte
/// budget for everything returned, dict keys included. Node objects become
/// `{"type","start_line","end_line","start_byte","end_byte"}`; sets, bytes and other
/// values JSON has no form for become their repr. Values JSON would have to change
/// are errors rather than silently altered: NaN and infinities, integers beyond
/// 64 bits, and dict keys that collide once converted to strings.
fn to_json(root: &MontyObject, table: &NodeTable<'_>, budget: &mut usize) -> Result<Value, String> {
    enum Frame<'a> {
        Visit(&'a MontyObject, usize),
        List(usize),
        Dict(Vec<String>),
    }
    let mut stack = vec![Frame::Visit(root, 0)];
    let mut out: Vec<Value> = Vec::new();
    while let Some(frame) = stack.pop() {
        match frame {
            Frame::Visit(v, depth) => {
                if depth > MAX_RESULT_DEPTH {
                    return Err(format!(
                        "the returned value is nested deeper than {MAX_RESULT_DEPTH}"
                    ));
                }
                charge(budget, 16)?;
                match v {
                    MontyObject::None => out.push(Value::Null),
                    MontyObject::Bool(b) => out.push(Value::Bool(*b)),
                    MontyObject::Int(i) => out.push(Value::from(*i)),
                    MontyObject::BigInt(i) => match u64::try_from(i) {
                        Ok(u) => out.push(Value::from(u)),
                        Err(_) => {
                            return Err(format!(
                                "the returned integer {i} does not fit in 64 bits (JSON readers lose it); return it as a string"
                            ))
                        }
                    },
                    MontyObject::Float(f) => match serde_json::Number::from_f64(*f) {
                        Some(n) => out.push(Value::Number(n)),
                        None => {
                            return Err(format!(
                                "the returned float {f} has no JSON form (NaN and infinities are not numbers in JSON)"
                            ))
                        }
                    },
                    MontyObject::String(s) => {
                        charge(budget, s.len())?;
                        out.push(Value::String(s.clone()));
                    }
                    MontyObject::List(items) | MontyObject::Tuple(items) => {
                        stack.push(Frame::List(items.len()));
                        for item in items.iter().rev() {
                            stack.push(Frame::Visit(item, depth + 1));
                        }
                    }
                    MontyObject::Dict(pairs) => {
                        let mut keys = Vec::new();
                        let mut values = Vec::new();
                        let mut seen = std::collections::HashSet::new();
                        for (k, val) in pairs {
                            let key = match k {
                                MontyObject::String(s) => s.clone(),
                                other => other.to_string(),
                            };
                            charge(budget, key.len() + 16)?;
                            if !seen.insert(key.clone()) {
                                return Err(format!(
                                    "the returned dict has two keys that are both '{key}' as JSON strings"
                                ));
                            }
                            keys.push(key);
                            values.push(val);
                        }
                        stack.push(Frame::Dict(keys));
                        for val in values.into_iter().rev() {
                            stack.push(Frame::Visit(val, depth + 1));
                        }
                    }
                    other => match table.node_of(other) {
                        Some(n) => out.push(serde_json::json!({
                            "type": n.kind(),
                            "start_line": n.start_position().row + 1,
                            "end_line": n.end_position().row + 1,
                            "start_byte": n.start_byte(),
                            "end_byte": n.end_byte(),
                        })),
                        None => {
                            let repr = other.to_string();
                            charge(budget, repr.len())?;
                            out.push(Value::String(repr));
                        }
                    },
                }
            }
            Frame::List(n) => {
                let items = out.split_off(out.len() - n);
                out.push(Value::Array(items));
            }
            Frame::Dict(keys) => {
                let values = out.split_off(out.len() - keys.len());
                let map: Map<String, Value> = keys.into_iter().zip(values).collect();
                out.push(Value::Object(map));
            }
        }
    }
    out.pop()
        .ok_or_else(|| "the evaluator returned nothing".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(code: &str, src: &str) -> Result<Value, EvalError> {
        let lang = crate::lang::by_name("python").unwrap();
        Compiled::new(code)?.evaluate(
            "/abs/a.py",
            lang,
            src,
            &[],
            Duration::from_secs(5),
            RunLimits {
                max_memory: None,
                ..RunLimits::default()
            },
        )
    }

    #[test]
    fn node_api_answers_properties_and_methods() {
        let v = eval(
            concat!(
                "calls = node.descendants_of_type('call')\n",
                "out = []\n",
                "for c in calls:\n",
                "    out.append({'line_number': c.start_line, 'callee': c.child_by_field_name('function').text, 'kind': c.type})\n",
                "return {'matches': out, 'value': [lang, file_path, node.type, node.child_count]}",
            ),
            "x = 1\nprint(x)\nfoo.bar(2)\n",
        )
        .unwrap();
        assert_eq!(v["matches"][0]["callee"], "print");
        assert_eq!(v["matches"][1]["line_number"], 3);
        assert_eq!(v["matches"][1]["callee"], "foo.bar");
        assert_eq!(
            v["value"],
            serde_json::json!(["python", "/abs/a.py", "module", 3])
        );
    }

    #[test]
    fn misspelt_attribute_crashes_with_a_hint() {
        let err = eval("return {'matches': [], 'value': node.typ}", "x = 1\n").unwrap_err();
        assert_eq!(err.error_type, ErrorType::EvaluatorCrash);
        assert!(
            err.message.contains("did you mean 'type'"),
            "{}",
            err.message
        );
        assert_eq!(err.line_number, Some(1));
    }

    #[test]
    fn undefined_name_is_a_crash_on_its_line() {
        let err = eval("x = 1\nreturn {'matches': [], 'value': nope}", "").unwrap_err();
        assert_eq!(err.error_type, ErrorType::EvaluatorCrash);
        assert!(err.message.contains("NameError"), "{}", err.message);
        assert_eq!(err.line_number, Some(2));
    }

    /// Runs `code` on `src` with a 200 ms limit and returns the error kind.
    fn outcome_within_200ms(code: &str, src: &str) -> ErrorType {
        let lang = crate::lang::by_name("python").unwrap();
        let err = Compiled::new(code)
            .unwrap()
            .evaluate(
                "/a.py",
                lang,
                src,
                &[],
                Duration::from_millis(200),
                RunLimits::default(),
            )
            .unwrap_err();
        err.error_type
    }

    #[test]
    fn infinite_loop_times_out() {
        assert_eq!(
            outcome_within_200ms("while True:\n    pass", ""),
            ErrorType::EvaluatorTimeout
        );
    }

    #[test]
    fn loop_of_host_calls_times_out_too() {
        // Pauses for the host do not count on monty's clock; the driver's own does.
        assert_eq!(
            outcome_within_200ms("while True:\n    x = node.type", "x = 1"),
            ErrorType::EvaluatorTimeout
        );
    }

    #[test]
    fn iterating_a_node_directly_is_a_clear_type_error() {
        // monty 0.0.23 does not dispatch __iter__ to host objects: documented, and
        // reported rather than crashing the worker.
        let err = eval(
            "for c in node:\n    pass\nreturn {'matches': []}",
            "x = 1\n",
        )
        .unwrap_err();
        assert!(err.message.contains("not iterable"), "{}", err.message);
        assert_eq!(err.line_number, Some(1));
    }

    #[test]
    fn values_json_cannot_hold_are_reported() {
        for (code, needle) in [
            ("return {'matches': [], 'value': float('nan')}", "NaN"),
            ("return {'matches': [], 'value': float('inf')}", "inf"),
            ("return {'matches': [], 'value': 2 ** 70}", "64 bits"),
            ("return {'matches': [], 'value': {1: 'a', '1': 'b'}}", "'1'"),
        ] {
            let err = eval(code, "").unwrap_err();
            assert_eq!(err.error_type, ErrorType::InvalidEvaluatorReturn, "{code}");
            assert!(err.message.contains(needle), "{code}: {}", err.message);
        }
        let v = eval("return {'matches': [], 'value': 2 ** 63}", "").unwrap();
        assert_eq!(v["value"], serde_json::json!(1u64 << 63));
    }

    #[test]
    fn dict_keys_count_against_the_result_cap() {
        let table_src = "";
        let lang = crate::lang::by_name("python").unwrap();
        let tree = crate::source::parse(&mut lang.parser(), lang, table_src).unwrap();
        let table = NodeTable::new(tree.root_node(), table_src);
        let big_key = "k".repeat(1000);
        let value = MontyObject::Dict(DictPairs::from(vec![(
            MontyObject::String(big_key),
            MontyObject::None,
        )]));
        let mut budget = 500;
        assert!(to_json(&value, &table, &mut budget).is_err());
        let mut budget = 5000;
        assert!(to_json(&value, &table, &mut budget).is_ok());
    }

    #[test]
    fn nodes_in_results_are_described() {
        let v = eval(
            "return {'matches': [], 'value': node.named_children[0]}",
            "x = 1\n",
        )
        .unwrap();
        assert_eq!(v["value"]["type"], "expression_statement");
        assert_eq!(v["value"]["start_line"], 1);
    }
}
