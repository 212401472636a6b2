//! Arguments of the symbol subcommands: `find-symbol`, `what-depends`, `what-breaks`.

use std::path::PathBuf;

use super::{IndexArgs, OutputArgs, ParseArgs, WalkArgs};
use crate::symbols::Kind;

/// `codesearch find-symbol`.
#[derive(Debug, clap::Args)]
pub struct FindSymbolArgs {
    /// What to look for: a name, part of one, or words ("auth service").
    #[arg(value_name = "QUERY")]
    pub query: String,

    /// Directories or files to search (default: the current directory).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Only symbols of this kind (repeatable): function, method, class, struct,
    /// interface, enum, trait, type, module, namespace, constant, variable, macro,
    /// variant, table, view, key, selector, element, heading, block.
    #[arg(long = "kind", value_name = "KIND", value_parser = parse_kind)]
    pub kinds: Vec<Kind>,

    /// Show at most NUM results.
    #[arg(short = 'n', long = "limit", value_name = "NUM", default_value_t = 10)]
    pub limit: usize,

    /// Only definitions whose name (or qualified name) is exactly QUERY.
    #[arg(long)]
    pub exact: bool,

    #[command(flatten)]
    pub flags: SymbolFlags,
}

/// `codesearch what-depends`.
#[derive(Debug, clap::Args)]
pub struct WhatDependsArgs {
    /// The symbol: an id (path::Name#kind), path:line, a name (Class.method), or - to
    /// read a find-symbol JSON record from stdin.
    #[arg(value_name = "SYMBOL")]
    pub symbol: String,

    /// The tree to search for definitions (default: the current directory).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// When a name matches several definitions, use them all instead of failing.
    #[arg(long)]
    pub all: bool,

    #[command(flatten)]
    pub flags: SymbolFlags,
}

/// `codesearch what-breaks`.
#[derive(Debug, clap::Args)]
pub struct WhatBreaksArgs {
    /// The symbol: an id (path::Name#kind), path:line, a name (Class.method), or - to
    /// read a find-symbol JSON record from stdin.
    #[arg(value_name = "SYMBOL")]
    pub symbol: String,

    /// The tree to search for uses (default: the current directory).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// When a name matches several definitions, use them all instead of failing.
    #[arg(long)]
    pub all: bool,

    /// Follow callers transitively, NUM levels deep (1 = direct uses only).
    #[arg(long, value_name = "NUM", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=32))]
    pub depth: u16,

    #[command(flatten)]
    pub flags: SymbolFlags,
}

/// The flags every symbol command takes after its own: how to print, parse, index and
/// walk.
#[derive(Debug, clap::Args)]
pub struct SymbolFlags {
    /// Print `path:line:column:text` lines, for editors' :grep and quickfix lists.
    #[arg(long, conflicts_with = "json")]
    pub vimgrep: bool,

    #[command(flatten)]
    pub parse: ParseArgs,

    #[command(flatten)]
    pub index: IndexArgs,

    #[command(flatten)]
    pub walk: WalkArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    Kind::parse(s).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
        format!("unknown kind '{s}' (one of: {})", names.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Kind;
    use crate::cli::Cli;

    #[test]
    fn the_kind_flag_help_names_every_kind() {
        let cli = Cli::command();
        let find = cli
            .find_subcommand("find-symbol")
            .expect("find-symbol is a subcommand");
        let help = find
            .get_arguments()
            .find(|a| a.get_id() == "kinds")
            .and_then(|a| a.get_help())
            .expect("--kind has a help text")
            .to_string();
        for kind in Kind::ALL {
            assert!(
                help.contains(kind.as_str()),
                "{} missing from: {help}",
                kind.as_str()
            );
        }
    }
}
