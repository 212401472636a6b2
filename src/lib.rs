//! `codesearch`: structural context on a codebase.
//!
//! The library holds everything; `src/main.rs` is the thin binary edge that parses
//! arguments, dispatches ([`app::run`]) and turns errors into exit codes.
//!
//! Layout: [`cli`] defines the command line (the single source of truth for help, man
//! page and completions); [`walk`] is the one walker; [`lang`] the language registry;
//! [`source`] reads and parses files; [`search`] is the regex driver (phase 1) that
//! picks candidate files; [`output`] is the shared output layer; each
//! subcommand has its own module ([`index`] for `build-index`).

pub mod app;
pub mod cli;
pub mod commands;
pub mod facts;
pub mod index;
pub mod lang;
pub mod output;
pub mod query;
pub mod search;
pub mod source;
pub mod symbols;
pub mod walk;
pub mod xray;
