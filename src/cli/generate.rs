//! `codesearch generate`: the man page and shell completions, rendered from [`Cli`].
//!
//! The committed copies under `man/` and `completions/` are produced by this code; a
//! test regenerates them and fails when they are stale (`tests/generated.rs`).

use std::io::Write;

use clap::{CommandFactory, ValueEnum};

use super::Cli;

/// What `codesearch generate` can produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateKind {
    /// The roff man page (man/codesearch.1).
    Man,
    /// Bash completions (completions/codesearch.bash).
    CompleteBash,
    /// Zsh completions (completions/_codesearch).
    CompleteZsh,
    /// Fish completions (completions/codesearch.fish).
    CompleteFish,
    /// PowerShell completions (completions/_codesearch.ps1).
    CompletePowershell,
}

impl GenerateKind {
    /// Where the committed copy lives, relative to the repository root.
    pub fn committed_path(self) -> &'static str {
        match self {
            GenerateKind::Man => "man/codesearch.1",
            GenerateKind::CompleteBash => "completions/codesearch.bash",
            GenerateKind::CompleteZsh => "completions/_codesearch",
            GenerateKind::CompleteFish => "completions/codesearch.fish",
            GenerateKind::CompletePowershell => "completions/_codesearch.ps1",
        }
    }
}

/// Writes the requested artifact.
pub fn generate(kind: GenerateKind, out: &mut dyn Write) -> std::io::Result<()> {
    let mut cmd = Cli::command();
    let name = cmd.get_name().to_string();
    use clap_complete::Shell;
    let shell = match kind {
        GenerateKind::Man => {
            // One page for the whole tool, with every subcommand's options listed,
            // as ripgrep ships a single rg.1.
            let man = clap_mangen::Man::new(cmd.clone());
            man.render(out)?;
            for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
                let sub = sub.clone().name(format!("{name}-{}", sub.get_name()));
                let page = clap_mangen::Man::new(sub);
                page.render_name_section(out)?;
                page.render_synopsis_section(out)?;
                page.render_description_section(out)?;
                page.render_options_section(out)?;
            }
            return Ok(());
        }
        GenerateKind::CompleteBash => Shell::Bash,
        GenerateKind::CompleteZsh => Shell::Zsh,
        GenerateKind::CompleteFish => Shell::Fish,
        GenerateKind::CompletePowershell => Shell::PowerShell,
    };
    clap_complete::generate(shell, &mut cmd, name, out);
    Ok(())
}
