//! Dispatch: one function from parsed arguments to an exit status.
//!
//! Subcommands write to a buffered, locked stdout; errors that end a run early come
//! back as `anyhow::Error` with context and are printed by the binary's edge.

use std::io::{BufWriter, Write};

use anyhow::{Context, Result};

use crate::cli::{Cli, Command, McpCommand};
use crate::output::ExitStatus;

/// The most threads `-j` may start: beyond this, threads only add contention, and
/// xray's evaluator processes would exhaust memory.
pub const MAX_THREADS: usize = 64;

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<ExitStatus> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    if cli.type_list {
        out.write_all(crate::lang::type_list().as_bytes())?;
        out.flush()?;
        return Ok(ExitStatus::Found);
    }
    let Some(mut command) = cli.command else {
        // arg_required_else_help makes clap print help when nothing is given; this is
        // reached only for flags that need a subcommand.
        anyhow::bail!("a subcommand is required (see --help)");
    };
    // `-j` sizes every pool: the walker's threads and rayon's (parsing, resolving).
    if command.clamp_threads(MAX_THREADS) {
        eprintln!("codesearch: -j is limited to {MAX_THREADS} threads; using {MAX_THREADS}");
    }
    let threads = command.threads();
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .context("starting the thread pool")?;
    let status = dispatch(command, &mut out)?;
    out.flush()?;
    Ok(status)
}

fn dispatch(command: Command, out: &mut dyn Write) -> Result<ExitStatus> {
    let mut out = out;
    let status = match command {
        Command::BuildIndex(args) => crate::index::run(&args, out)?,
        Command::FindSymbol(args) => crate::commands::find_symbol(&args, out)?,
        Command::WhatDepends(args) => crate::commands::what_depends(&args, out)?,
        Command::WhatBreaks(args) => crate::commands::what_breaks(&args, out)?,
        Command::Index(args) => crate::commands::index(&args, out)?,
        Command::Xray(args) => crate::xray::run_xray(&args, out)?,
        Command::Explore(args) => crate::xray::run_explore(&args, out)?,
        Command::Mcp(args) => match &args.command {
            McpCommand::Serve(serve) => crate::mcp::serve(serve, out)?,
        },
        Command::Generate(args) => {
            crate::cli::generate::generate(args.kind, &mut out)
                .context("writing the generated file")?;
            ExitStatus::Found
        }
    };
    Ok(status)
}
