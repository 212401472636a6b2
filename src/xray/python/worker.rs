//! The child process: `codesearch __xray-worker`, started by [`super::pool`].
//!
//! It locks itself down ([`super::sandbox`]) before reading anything, arms the
//! allocator's memory limit, compiles the evaluator from the first frame, then answers
//! one frame per file until its stdin closes. It never touches the file system: the
//! parent sends the sources. If any layer of the sandbox cannot be installed it runs
//! no evaluator code: it answers the first frame with an `EvaluatorCrash` naming the
//! missing layer and exits.

use std::io::{BufReader, BufWriter};
use std::time::Duration;

use super::protocol::{read_frame, write_frame, Request, Response};
use super::run::{Compiled, RunLimits};
use crate::xray::evaluator::{ErrorType, EvalError};

/// The hidden argument that turns the binary into a worker.
pub const WORKER_ARG: &str = "__xray-worker";

/// Address-space ceiling of a worker (a backstop; the allocator counts first).
const ADDRESS_SPACE: u64 = 8 << 30;
/// CPU seconds a worker may use over its whole life.
const CPU_SECONDS: u64 = 3600;

/// The worker's main; returns the process exit code. The argument after
/// [`WORKER_ARG`] is the parent's process id.
pub fn main() -> i32 {
    let parent = std::env::args()
        .nth(2)
        .and_then(|p| p.parse::<i32>().ok())
        .unwrap_or(-1);
    let sandbox = super::sandbox::lock_down(parent, ADDRESS_SPACE, CPU_SECONDS);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut input = BufReader::new(stdin.lock());
    let mut output = BufWriter::new(stdout.lock());
    if let Err(missing) = sandbox {
        // Fail closed: the parent reads why from the answer to its first frame.
        let _ = read_frame::<Request>(&mut input);
        let refusal = EvalError::new(ErrorType::EvaluatorCrash, missing.to_string());
        let _ = write_frame(&mut output, &Response::Failed(refusal));
        return 3;
    }
    let (compiled, limits) = match read_frame::<Request>(&mut input) {
        Ok(Some(Request::Init {
            code,
            max_memory,
            max_recursion_depth,
        })) => {
            if let Some(bytes) = max_memory {
                // The allocator's limit covers everything the interpreter allocates;
                // the worker's own baseline comes on top of the evaluator's budget.
                crate::allocator::limit_memory(bytes + (64 << 20));
            }
            let limits = RunLimits {
                max_memory,
                max_recursion_depth,
            };
            match Compiled::new(&code) {
                Ok(c) => (c, limits),
                Err(e) => {
                    let _ = write_frame(&mut output, &Response::Failed(e));
                    return 3;
                }
            }
        }
        _ => return 2,
    };
    if write_frame(&mut output, &Response::Ready).is_err() {
        return 2;
    }
    loop {
        let request = match read_frame::<Request>(&mut input) {
            Ok(Some(r)) => r,
            Ok(None) => return 0,
            Err(_) => return 2,
        };
        let Request::Evaluate {
            file_path,
            language,
            source,
            hits,
            timeout_ms,
        } = request
        else {
            return 2;
        };
        let response = match crate::lang::by_name(&language) {
            None => Response::Failed(EvalError::new(
                ErrorType::UnsupportedLanguage,
                format!("no grammar for '{language}'"),
            )),
            Some(lang) => match compiled.evaluate(
                &file_path,
                lang,
                &source,
                &hits,
                Duration::from_millis(timeout_ms),
                limits,
            ) {
                Ok(v) => Response::Value(v),
                Err(e) => Response::Failed(e),
            },
        };
        if write_frame(&mut output, &response).is_err() {
            return 2;
        }
    }
}
