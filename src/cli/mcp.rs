//! Arguments of `codesearch mcp`: the agent front end over stdio.

use std::path::PathBuf;

use super::{IndexArgs, ParseArgs};

/// `codesearch mcp`.
#[derive(Debug, clap::Args)]
pub struct McpArgs {
    #[command(subcommand)]
    pub command: McpCommand,
}

/// The subcommands of `codesearch mcp`.
#[derive(Debug, clap::Subcommand)]
pub enum McpCommand {
    /// Serve the Model Context Protocol on stdin/stdout: one JSON-RPC message per
    /// line, logs on stderr, exit 0 when stdin closes. Every tool answers about ROOT
    /// or a directory below it, never outside.
    Serve(McpServeArgs),
}

/// `codesearch mcp serve`.
#[derive(Debug, clap::Args)]
pub struct McpServeArgs {
    /// The tree the tools answer about (default: the current directory); paths in
    /// answers are relative to it.
    #[arg(value_name = "ROOT")]
    pub root: Option<PathBuf>,

    /// The most characters of one tool answer (a tool's `max_chars` argument may ask
    /// for less or more); an answer cut short says what it left out.
    #[arg(long, value_name = "NUM", default_value_t = 20_000,
          value_parser = clap::value_parser!(u64).range(200..=10_000_000))]
    pub max_chars: u64,

    /// Number of threads to use (0 = choose from the number of CPUs).
    #[arg(short = 'j', long = "threads", value_name = "NUM", default_value_t = 0)]
    pub threads: usize,

    #[command(flatten)]
    pub parse: ParseArgs,

    #[command(flatten)]
    pub index: IndexArgs,
}
