//! The child process: `codesearch __xray-worker`, started by [`super::pool`].
//!
//! It locks itself down ([`super::sandbox`]) before reading anything, arms the
//! allocator's memory limit, compiles the evaluator from the first frame, then answers
//! one frame per file until its stdin closes. It never touches the file system: the
//! parent sends the sources.

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

/// The worker's main; returns the process exit code.
pub fn main() -> i32 {
    // Whatever could not be applied is not fatal (older kernels, other systems): the
    // interpreter's own sandbox and the parent's deadline still hold.
    let _missing = super::sandbox::apply(ADDRESS_SPACE, CPU_SECONDS);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut input = BufReader::new(stdin.lock());
    let mut output = BufWriter::new(stdout.lock());
    let (compiled, limits) = match read_frame::<Request>(&mut input) {
        Ok(Some(Request::Init {
            code,
            max_memory,
            max_recursion_depth,
        })) => {
            if let Some(bytes) = max_memory {
                // The allocator's limit covers everything the interpreter allocates;
                // the worker's own baseline comes on top of the evaluator's budget.
                let _ = monty_alloc::set_limit(Some(bytes + (64 << 20)), false);
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
