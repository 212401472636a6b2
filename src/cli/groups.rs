//! Flag groups shared by several subcommands, flattened into each (`#[command(flatten)]`)
//! so that every subcommand spells the same flag the same way, as ripgrep does.

use clap::{Args, ValueEnum};

/// Which files are walked: ripgrep's spelling and meaning for every flag.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Walk options")]
pub struct WalkArgs {
    /// Include or exclude files and directories matching GLOB (repeatable; a leading `!`
    /// excludes). Globs match paths relative to the search root, gitignore style.
    #[arg(short = 'g', long = "glob", value_name = "GLOB")]
    pub globs: Vec<String>,

    /// Only search files of language TYPE (repeatable). See --type-list.
    #[arg(short = 't', long = "type", value_name = "TYPE")]
    pub types: Vec<String>,

    /// Do not search files of language TYPE (repeatable).
    #[arg(short = 'T', long = "type-not", value_name = "TYPE")]
    pub types_not: Vec<String>,

    /// Search hidden files and directories (names starting with a dot).
    #[arg(long = "hidden", short = '.')]
    pub hidden: bool,

    /// Do not respect .gitignore, .ignore, git excludes or the default exclusions
    /// (node_modules, .git, a Python venv, a cargo target, ...).
    #[arg(long = "no-ignore")]
    pub no_ignore: bool,

    /// Walk the directories the built-in list excludes (node_modules, .git, generated
    /// env/build/target/dist/vendor directories, ...); ignore files still apply.
    #[arg(long = "no-default-excludes")]
    pub no_default_excludes: bool,

    /// Follow symbolic links (loops are detected, reported once and skipped).
    #[arg(short = 'L', long = "follow")]
    pub follow: bool,

    /// Descend at most NUM directories below each path given.
    #[arg(short = 'd', long = "max-depth", value_name = "NUM")]
    pub max_depth: Option<usize>,

    /// Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep).
    #[arg(long = "max-filesize", value_name = "NUM+SUFFIX?", value_parser = parse_size)]
    pub max_filesize: Option<u64>,

    /// Number of threads to use (0 = choose from the number of CPUs; at most 64).
    #[arg(short = 'j', long = "threads", value_name = "NUM", default_value_t = 0)]
    pub threads: usize,
}

/// How files are parsed by the commands that read their syntax trees.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Parse options")]
pub struct ParseArgs {
    /// Skip (with a warning) files larger than NUM bytes instead of parsing them: a
    /// syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G).
    #[arg(long = "max-parse-size", value_name = "NUM+SUFFIX?", value_parser = parse_size,
          default_value = "8M")]
    pub max_parse_size: u64,
}

/// Where the index lives.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Index options")]
pub struct IndexDirArgs {
    /// Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when
    /// that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache).
    #[arg(long = "index-dir", value_name = "DIR")]
    pub index_dir: Option<std::path::PathBuf>,
}

/// Whether symbol answers come from the index (brought up to date first, every run) or
/// from a fresh parse.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Index options")]
pub struct IndexArgs {
    /// Answer from a fresh parse of the files, without reading or updating the index.
    #[arg(long = "no-index")]
    pub no_index: bool,

    #[command(flatten)]
    pub dir: IndexDirArgs,
}

/// How results are printed.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Output options")]
pub struct OutputArgs {
    /// When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never.
    #[arg(long = "color", value_name = "WHEN", value_enum, default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,

    /// Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary.
    #[arg(long = "json")]
    pub json: bool,
}

/// `--color WHEN`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    #[default]
    Auto,
    Always,
    Never,
}

/// Parses `--max-filesize`: a number with an optional K, M or G suffix (powers of 1024).
fn parse_size(s: &str) -> Result<u64, String> {
    let s = s.trim();
    let (digits, mult) = match s.chars().last() {
        Some('K' | 'k') => (&s[..s.len() - 1], 1u64 << 10),
        Some('M' | 'm') => (&s[..s.len() - 1], 1u64 << 20),
        Some('G' | 'g') => (&s[..s.len() - 1], 1u64 << 30),
        _ => (s, 1),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("'{s}' is not a size (examples: 4096, 100K, 10M, 1G)"))?;
    n.checked_mul(mult)
        .ok_or_else(|| format!("'{s}' is too large"))
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_take_ripgrep_suffixes() {
        assert_eq!(parse_size("100"), Ok(100));
        assert_eq!(parse_size("2K"), Ok(2048));
        assert_eq!(parse_size("3M"), Ok(3 << 20));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert!(parse_size("ten").is_err());
        assert!(parse_size("99999999999999G").is_err());
    }
}
