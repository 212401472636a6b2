//! The Python evaluator: user code run by the embedded `monty` interpreter inside a
//! pool of sandboxed child processes.
//!
//! - [`validate`]: the parent rejects forbidden constructs before anything runs;
//! - [`run`] and [`node_api`]: one file's evaluation, as the child performs it;
//! - [`sandbox`]: the child's confinement (parent-death signal, no inherited fds, no
//!   root or capabilities, rlimits, no new privileges, a seccomp allow-list);
//! - [`protocol`]: length-prefixed JSON frames over the child's stdin/stdout;
//! - [`worker`]: the child's main loop (`codesearch __xray-worker`);
//! - [`pool`]: the parent's pool of children, with a wall-clock deadline per file.

pub mod node_api;
pub mod pool;
pub mod protocol;
pub mod run;
pub mod sandbox;
pub mod validate;
pub mod worker;

pub use pool::PythonEvaluator;
