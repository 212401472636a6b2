//! Queries: the questions codesearch answers, as library functions over file facts.
//!
//! Each query takes a [`source::FactsSource`] and plain arguments and returns typed
//! records; none prints or reads command-line arguments. The command line and the MCP
//! server call the same functions.

pub mod breaks;
pub mod depends;
pub mod find;
mod memo;
pub mod resolve;
pub mod scoping;
pub mod source;
pub mod stored;
pub mod target;
mod walk_memory;
mod walked_paths;
