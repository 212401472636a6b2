//! `codesearch`: structural context on a codebase.
//!
//! The library holds everything; `src/main.rs` is the thin binary edge that parses
//! arguments, dispatches ([`app::run`]) and turns errors into exit codes.
//!
//! Every answer flows one way: `walk` (which files) → `facts` (what one file defines,
//! references and imports, a pure function of its text) → `store` (the index: facts
//! kept by content, brought up to date by every run) → `query` (find-symbol,
//! what-depends, what-breaks over those facts, returning typed records) → front ends
//! (`commands` with the `output` printer, and the MCP server, `mcp`). `lang` is the language registry everything
//! stands on; it imports nothing else of ours. `xray` is the other path: the regex
//! driver (`search`), then a sandboxed evaluator per file. `cli` is the single source
//! of truth for flags, help, man page and completions.
//!
//! Modules are private; the binary reaches the library through [`app::run`], the
//! command line ([`cli::Cli`]), the exit-code contract ([`output::ExitStatus`]), the
//! global allocator ([`allocator`]) and the evaluator worker's entry point.

pub mod allocator;
pub mod app;
pub mod cli;
mod commands;
mod facts;
mod index;
pub mod lang;
mod mcp;
pub mod output;
mod pool;
mod query;
mod search;
mod source;
mod store;
mod symbols;
mod walk;
pub mod xray;
