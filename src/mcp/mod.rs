//! `codesearch mcp serve`: the Model Context Protocol server, the agent front end.
//!
//! It answers over stdio with the same library functions as the command line (the
//! walker, the map, the symbol queries, the xray engine), never by running itself or
//! reading its own text output:
//!
//! - [`protocol`]: JSON-RPC messages and error codes;
//! - [`lifecycle`]: protocol versions, the handshake era and the stateless era;
//! - [`session`]: the stdio loop (bounded lines, cancellation, progress);
//! - [`tools`]: the tool registry, one file per tool family, and answers sized for
//!   agents ([`budget`]).
//!
//! The JSON-RPC plumbing is written here over `serde_json` rather than taken from an
//! MCP crate (such as `rmcp`): those crates implement the handshake era only and gate
//! every request behind `initialize`, while this server must also answer a lone
//! `tools/call` with no handshake (a client that spawns one process per call), speak the
//! stateless era (`_meta` on every request, `server/discover`, `resultType`), and keep
//! stdout to exactly one line per answer. The protocol surface needed is small: a line
//! classifier, five methods and the error codes.

mod budget;
mod lifecycle;
mod protocol;
mod session;
mod tools;

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::cli::{IndexArgs, McpServeArgs};
use crate::output::ExitStatus;

/// What every request is answered against.
#[derive(Debug)]
pub struct Server {
    /// The canonical root; the process runs in it, so paths in answers are relative.
    pub root: PathBuf,
    /// The default character budget of one answer.
    pub max_chars: usize,
    /// Files larger than this are not parsed.
    pub parse_limit: u64,
    /// `-j`: threads for xray's evaluators (0 = one per CPU).
    pub threads: usize,
    /// Whether symbol questions answer from the index, and where it lives.
    pub index: IndexArgs,
}

/// Runs the server on stdin/stdout until stdin closes.
pub fn serve(args: &McpServeArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let given = args.root.clone().unwrap_or_else(|| PathBuf::from("."));
    let root = given
        .canonicalize()
        .with_context(|| format!("{}: cannot open the root", given.display()))?;
    anyhow::ensure!(
        root.is_dir(),
        "{}: the root is not a directory",
        given.display()
    );
    // Every tool walks and names paths relative to the root, as the command line does
    // relative to where it runs.
    std::env::set_current_dir(&root)
        .with_context(|| format!("{}: cannot enter the root", root.display()))?;
    let server = Server {
        root,
        max_chars: usize::try_from(args.max_chars).unwrap_or(usize::MAX),
        parse_limit: args.parse.max_parse_size,
        threads: args.threads,
        index: args.index.clone(),
    };
    let stdin = std::io::BufReader::new(std::io::stdin());
    session::serve(&server, stdin, out).context("serving MCP on stdio")?;
    Ok(ExitStatus::Found)
}
