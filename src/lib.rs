//! `codesearch`: structural context on a codebase.
//!
//! The library holds everything; `src/main.rs` is the thin binary edge that parses
//! arguments, dispatches and turns errors into exit codes.

pub mod lang;
pub mod source;
