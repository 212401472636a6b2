//! The `codesearch` binary: the edge where arguments are parsed, the subcommand runs,
//! and errors become exit codes (see [`codesearch::output::ExitStatus`]).
//!
//! Everything else lives in the library.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use codesearch::cli::Cli;
use codesearch::output::{is_broken_pipe, ExitStatus};

/// mimalloc, counting every allocation so an evaluator worker can be held to a memory
/// budget (armed only in the worker; in the parent it only counts).
#[global_allocator]
static ALLOC: codesearch::allocator::CountingAllocator = codesearch::allocator::CountingAllocator;

fn main() -> ExitCode {
    // An evaluator worker (xray's sandboxed child) is this binary with a hidden first
    // argument; it must not go through clap or touch anything else.
    if std::env::args_os().nth(1).as_deref()
        == Some(std::ffi::OsStr::new(
            codesearch::xray::python::worker::WORKER_ARG,
        ))
    {
        let code = codesearch::xray::python::worker::main();
        return ExitCode::from(u8::try_from(code).unwrap_or(2));
    }
    // SAFETY: nothing has touched tree-sitter yet and no other thread runs: only
    // the worker check above (which returned) and argument parsing come first.
    unsafe { codesearch::allocator::use_fast_parser_allocator() };
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // clap prints help/version on stdout (exit 0) and usage errors on stderr.
            let _ = err.print();
            return match err.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                    ExitCode::SUCCESS
                }
                _ => ExitCode::from(ExitStatus::Error.code()),
            };
        }
    };
    match codesearch::app::run(cli) {
        Ok(status) => ExitCode::from(status.code()),
        // `codesearch ... | head`: the reader left; stop quietly, as ripgrep does.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let mut stderr = std::io::stderr().lock();
            let _ = writeln!(stderr, "codesearch: {}", chain_message(&err));
            ExitCode::from(ExitStatus::Error.code())
        }
    }
}

/// `outer: cause: root cause`, anyhow's alternate form on one line.
fn chain_message(err: &anyhow::Error) -> String {
    format!("{err:#}")
}
