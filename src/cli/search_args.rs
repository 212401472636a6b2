//! Flags of the structural search subcommands (`xray`, `explore`).

use std::path::PathBuf;

use clap::{Args, ValueEnum};

/// `--target`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum TargetArg {
    /// Match the pattern against file contents.
    #[default]
    Content,
    /// Match the pattern against each path relative to the search root.
    Filename,
}

/// Phase 1: the regex driver, with ripgrep's spelling.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Pattern options")]
pub struct PatternArgs {
    /// What the pattern is matched against.
    #[arg(long, value_enum, default_value_t = TargetArg::Content)]
    pub target: TargetArg,

    /// Case-insensitive matching.
    #[arg(short = 'i', long, overrides_with_all = ["case_sensitive", "smart_case"])]
    pub ignore_case: bool,

    /// Case-sensitive matching (the default).
    #[arg(short = 's', long, overrides_with_all = ["ignore_case", "smart_case"])]
    pub case_sensitive: bool,

    /// Case-insensitive unless the pattern has an uppercase letter.
    #[arg(short = 'S', long, overrides_with_all = ["ignore_case", "case_sensitive"])]
    pub smart_case: bool,

    /// Let the pattern match across lines (`.` also matches newlines).
    #[arg(short = 'U', long)]
    pub multiline: bool,

    /// Use PCRE2 syntax (look-around, backreferences).
    #[arg(short = 'P', long)]
    pub pcre2: bool,

    /// Treat the pattern as a literal string.
    #[arg(short = 'F', long)]
    pub fixed_strings: bool,

    /// Only match whole words.
    #[arg(short = 'w', long)]
    pub word_regexp: bool,

    /// Lines of context around each hit handed to the evaluator (0 to 10).
    #[arg(short = 'C', long, value_name = "NUM", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=10))]
    pub context: u8,
}

/// Phase 2: the evaluator and the run's caps.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Evaluator options")]
pub struct EvalArgs {
    /// Python evaluator: a function body ending in `return {"matches": [...], "value": ...}`,
    /// run once per candidate file (see docs/evaluators.md).
    #[arg(long, value_name = "CODE", conflicts_with = "eval_file")]
    pub eval: Option<String>,

    /// Read the evaluator from FILE.
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<PathBuf>,

    /// Evaluate only the first N candidate files (the result is partial).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_files: Option<u64>,

    /// Stop the whole run after SECS seconds: searching, evaluating and printing (the
    /// result is partial).
    #[arg(long, value_name = "SECS", value_parser = positive_seconds)]
    pub timeout: Option<f64>,

    /// Stop the run after N files failed to evaluate (the result is partial).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_errors: Option<u64>,

    /// Wall-clock limit for evaluating one file.
    #[arg(long, value_name = "SECS", default_value_t = 5.0, value_parser = positive_seconds)]
    pub eval_timeout: f64,
}

fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 86_400.0 => Ok(v),
        _ => Err(format!("'{s}' is not a number of seconds in (0, 86400]")),
    }
}
