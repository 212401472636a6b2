//! The command line, defined once with clap's derive API.
//!
//! This module is the single source of truth for every flag: `--help`, the man page
//! (`man/codesearch.1`) and the shell completions (`completions/`) are all generated
//! from [`Cli`] (see [`generate`]). Parsed arguments are plain data; turning them into a
//! walker, a printer or a matcher happens in the subcommands, through the shared
//! builders ([`crate::walk::Walker`], [`crate::output`]).

pub mod generate;
mod groups;
mod mcp;
mod search_args;
mod symbols;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

pub use groups::{ColorWhen, IndexArgs, IndexDirArgs, OutputArgs, ParseArgs, WalkArgs};
pub use mcp::{McpArgs, McpCommand, McpServeArgs};
pub use search_args::{EvalArgs, PatternArgs, TargetArg};
pub use symbols::{FindSymbolArgs, SymbolFlags, WhatBreaksArgs, WhatDependsArgs};

/// Structural context on a codebase: the map, fuzzy symbol search, what a symbol uses
/// and who uses it, and programmable structural search.
#[derive(Debug, Parser)]
#[command(
    name = "codesearch",
    version,
    about,
    long_about = None,
    arg_required_else_help = true,
    after_help = "Exit status: 0 if something was found and no error occurred, 1 if nothing \
                  was found, 2 if an error occurred (results found are still printed)."
)]
pub struct Cli {
    /// Show every supported language with the globs that select its files, then exit.
    #[arg(long)]
    pub type_list: bool,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The map: the tree of files that survive the walker (.gitignore, default
    /// exclusions, globs, types).
    #[command(visible_alias = "map")]
    BuildIndex(BuildIndexArgs),

    /// Fuzzy search over definitions: exact name, prefix, camelCase/snake_case words,
    /// then subsequence ("auth service" finds AuthService and auth_service).
    FindSymbol(FindSymbolArgs),

    /// What a symbol uses: the calls and imports inside it, resolved to definitions
    /// where possible.
    WhatDepends(WhatDependsArgs),

    /// Who uses a symbol: call sites, references and imports, by name, with the
    /// enclosing symbol of each.
    WhatBreaks(WhatBreaksArgs),

    /// Build or update the index the symbol commands answer from (they also update it
    /// themselves before every answer); --status reports on it, --clear deletes it.
    Index(IndexCommandArgs),

    /// Programmable structural search: a regex picks candidate files, then a Python
    /// evaluator runs once per file over its syntax tree, in a sandbox.
    Xray(XrayArgs),

    /// xray with an optional evaluator and an AST dump around every match, to learn
    /// node kinds; `--file PATH` dumps one file's tree.
    Explore(ExploreArgs),

    /// The agent front end: a Model Context Protocol server over stdio, with one tool
    /// per question (`codesearch mcp serve`).
    Mcp(McpArgs),

    /// Print the man page or a shell completion script generated from this CLI.
    Generate(GenerateArgs),
}

impl Command {
    /// The `-j` of the command (0 = one thread per CPU).
    pub fn threads(&self) -> usize {
        match self {
            Command::BuildIndex(a) => a.walk.threads,
            Command::FindSymbol(a) => a.flags.walk.threads,
            Command::WhatDepends(a) => a.flags.walk.threads,
            Command::WhatBreaks(a) => a.flags.walk.threads,
            Command::Index(a) => a.walk.threads,
            Command::Xray(a) => a.run.walk.threads,
            Command::Explore(a) => a.run.walk.threads,
            Command::Mcp(a) => match &a.command {
                McpCommand::Serve(s) => s.threads,
            },
            Command::Generate(_) => 0,
        }
    }

    /// Lowers `-j` to `max` when it asks for more; true when it did.
    pub fn clamp_threads(&mut self, max: usize) -> bool {
        let threads = match self {
            Command::BuildIndex(a) => &mut a.walk.threads,
            Command::FindSymbol(a) => &mut a.flags.walk.threads,
            Command::WhatDepends(a) => &mut a.flags.walk.threads,
            Command::WhatBreaks(a) => &mut a.flags.walk.threads,
            Command::Index(a) => &mut a.walk.threads,
            Command::Xray(a) => &mut a.run.walk.threads,
            Command::Explore(a) => &mut a.run.walk.threads,
            Command::Mcp(a) => match &mut a.command {
                McpCommand::Serve(s) => &mut s.threads,
            },
            Command::Generate(_) => return false,
        };
        let over = *threads > max;
        *threads = (*threads).min(max);
        over
    }
}

/// `codesearch xray`.
#[derive(Debug, clap::Args)]
pub struct XrayArgs {
    /// The regex that selects candidate files (phase 1).
    #[arg(value_name = "PATTERN")]
    pub pattern: String,

    /// Print only the files with matches: the candidate files of phase 1 (like `rg -l`),
    /// or with an evaluator the files it returned matches for.
    #[arg(short = 'l', long)]
    pub files_with_matches: bool,

    /// Print `path:line:col:text` for every match, for editors' :grep.
    #[arg(long, conflicts_with = "json")]
    pub vimgrep: bool,

    #[command(flatten)]
    pub run: SearchRunArgs,
}

/// `codesearch explore`.
#[derive(Debug, clap::Args)]
pub struct ExploreArgs {
    /// The regex that selects candidate files (not needed with --file).
    #[arg(value_name = "PATTERN", required_unless_present = "file")]
    pub pattern: Option<String>,

    /// Dump the whole syntax tree of one file, in document order, instead of searching.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["eval", "eval_file"])]
    pub file: Option<PathBuf>,

    /// Show anonymous nodes too (keywords, operators, punctuation) in AST dumps.
    #[arg(long)]
    pub all_nodes: bool,

    /// Most nodes in each AST dump (1 to 500).
    #[arg(long, value_name = "N", default_value_t = 50,
          value_parser = clap::value_parser!(u16).range(1..=500))]
    pub max_debug_nodes: u16,

    #[command(flatten)]
    pub run: SearchRunArgs,
}

/// What xray and explore share after PATTERN: where to look, how to match, how to
/// evaluate, how to print.
#[derive(Debug, clap::Args)]
pub struct SearchRunArgs {
    /// Files or directories to search (default: the current directory).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    #[command(flatten)]
    pub pattern: PatternArgs,

    #[command(flatten)]
    pub eval: EvalArgs,

    #[command(flatten)]
    pub walk: WalkArgs,

    #[command(flatten)]
    pub parse: ParseArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// `codesearch build-index`.
#[derive(Debug, clap::Args)]
pub struct BuildIndexArgs {
    /// Directories or files to map (default: the current directory).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// After the tree, print files and lines per language.
    #[arg(long)]
    pub stats: bool,

    /// Under each file, list its symbols as an outline (members indented under their
    /// type); in JSON, one symbol record per symbol after its file's entry.
    #[arg(long)]
    pub symbols: bool,

    #[command(flatten)]
    pub parse: ParseArgs,

    #[command(flatten)]
    pub index: IndexArgs,

    #[command(flatten)]
    pub walk: WalkArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// `codesearch index`.
#[derive(Debug, clap::Args)]
pub struct IndexCommandArgs {
    /// The root whose index to build, report on or delete (default: the current
    /// directory).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,

    /// Report on the index instead of updating it: files, symbols, references, content
    /// records, bytes on disk, last update, and how many files changed since.
    #[arg(long, conflicts_with = "clear")]
    pub status: bool,

    /// Delete the index of PATH.
    #[arg(long)]
    pub clear: bool,

    #[command(flatten)]
    pub dir: IndexDirArgs,

    #[command(flatten)]
    pub parse: ParseArgs,

    #[command(flatten)]
    pub walk: WalkArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// `codesearch generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// What to generate.
    #[arg(value_enum)]
    pub kind: generate::GenerateKind,
}
