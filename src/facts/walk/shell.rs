//! Shell commands: the word a command runs, and the commands that skip the shell's
//! functions.
//!
//! A command's name is a word, not an identifier: `nvm_echo`, `./configure`, `\cd`
//! (the backslash only turns aliases off). A name made by an expansion (`"$cmd"`,
//! `${NVM_X}`) runs whatever the variable holds, which no definition can tell, so it
//! is no reference. `command X`, `builtin X` and `exec X` run the builtin or program
//! `X` even where a function of that name exists (the idiom of a wrapper function
//! that calls what it wraps), and so does a name with a slash (`./configure`): such
//! calls are kept in
//! [`FileFacts::direct_commands`](crate::facts::FileFacts::direct_commands). The file
//! `source FILE` (or `. FILE`) reads is an import, as written.

use tree_sitter::Node;

use super::Walk;
use crate::facts::{imports, RefKind};

/// The prefix words that run the next word past the shell's functions.
const PAST_FUNCTIONS: &[&str] = &["command", "builtin", "exec"];

impl<'a> Walk<'a> {
    /// Records what the shell command `node` runs.
    pub(super) fn shell_command(&mut self, node: Node<'_>) {
        let g = self.g;
        let Some(name) = g.child(node, "name") else {
            return;
        };
        let Some(word) = command_word(self.text(name)) else {
            return;
        };
        // The backslash of `\cd` is one byte before the name.
        let at = name.start_byte() + usize::from(self.text(name).starts_with('\\'));
        let (run, run_at, direct) = if PAST_FUNCTIONS.contains(&word) {
            // `command -v X` looks `X` up and runs nothing; a bare `exec` changes the
            // shell's files: the prefix builtin is all that runs then.
            let (run, run_at) = self.run_past_functions(node).unwrap_or((word, at));
            (run, run_at, true)
        } else {
            if matches!(word, "source" | ".") {
                self.sourced(node);
            }
            // A name with a slash is a program's path: the shell looks no function
            // up for it.
            (word, at, word.contains('/'))
        };
        self.push_reference(run, None, RefKind::Call, run_at, None);
        if direct {
            self.direct_commands
                .push(u32::try_from(run_at).unwrap_or(u32::MAX));
        }
    }

    /// Records the file `source FILE` (or `. FILE`) reads, as written: an import. Not
    /// in a subshell (`$(. /etc/os-release && echo ..)`), whose definitions end with it.
    fn sourced(&mut self, node: Node<'_>) {
        let mut up = node.parent();
        while let Some(p) = up {
            if matches!(
                self.g.kind(p),
                "command_substitution" | "process_substitution" | "subshell"
            ) {
                return;
            }
            up = p.parent();
        }
        let mut c = node.walk();
        let file = node.children_by_field_name("argument", &mut c).next();
        if let Some(arg) = file {
            let path = self.text(arg).trim_matches(['"', '\'']).to_string();
            self.imports.push(imports::base(arg, path));
        }
    }

    /// The word `command`, `builtin` or `exec` runs, with its offset: the first
    /// argument past the options and their values, unless an option makes it a
    /// lookup (`-v`, `-V`).
    fn run_past_functions(&self, node: Node<'_>) -> Option<(&'a str, usize)> {
        let mut c = node.walk();
        let mut option_value = false;
        for arg in node.children_by_field_name("argument", &mut c) {
            let text = self.text(arg);
            if std::mem::take(&mut option_value) {
                continue;
            }
            if let Some(options) = text.strip_prefix('-') {
                if options.contains(['v', 'V']) {
                    return None;
                }
                // `exec -a NAME prog`: NAME is what `prog` is told it is called.
                option_value = options.contains('a');
                continue;
            }
            return command_word(text).map(|w| (w, arg.start_byte()));
        }
        None
    }
}

/// The name a command word runs, when the word is written out: without the
/// backslash that turns aliases off, and not made by an expansion or quoted.
fn command_word(text: &str) -> Option<&str> {
    let word = text.strip_prefix('\\').unwrap_or(text);
    let written = !word.is_empty()
        && word.len() <= 120
        && !word.contains(|c: char| c.is_whitespace() || matches!(c, '$' | '"' | '\'' | '`'));
    written.then_some(word)
}
