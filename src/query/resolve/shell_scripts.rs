//! Shell scripts: the commands that run past the shell's functions, and the
//! functions a sourced file may define again.

use std::path::Path;
use std::sync::Arc;

use super::module_files::file_path;
use super::{DefRef, Resolution, Resolver};
use crate::facts::{FileFacts, Reference};

impl Resolver<'_> {
    /// What `command X` (or `builtin X`, `exec X`, a path like `./configure`) runs:
    /// a builtin or a program, whatever functions exist. `None` for any other
    /// reference.
    pub(super) fn direct_command(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
    ) -> Option<Resolution> {
        file.direct_commands.binary_search(&r.start_byte).ok()?;
        let sc = self.scoping(file);
        let builtin = sc.builtins.contains(&r.name.as_str());
        Some(Resolution::External(
            builtin.then(|| sc.builtin_module.to_string()),
        ))
    }

    /// Whether a shell file's own function `d` may be replaced by the time it is called:
    /// a file it sources (`. "$dir/lib.sh"`) may be another file of the tree that
    /// defines a function of that name. Which definition a call then runs depends on
    /// whether it runs before or after the file is sourced.
    pub(super) fn sourced_file_may_redefine(&self, file: &FileFacts, d: &DefRef) -> bool {
        if file.language.name != "bash" || file.imports.is_empty() {
            return false;
        }
        self.defs_named(&d.symbol().name).iter().any(|other| {
            other.file.path != file.path
                && other.file.language.name == "bash"
                && file
                    .imports
                    .iter()
                    .any(|i| may_be_sourced(&i.module, &file_path(&other.file)))
        })
    }
}

/// Whether `source PATH` (as written) may read the file at `path`: a written path is
/// that file's (`lib/util.sh`); one made by an expansion (`"$dir/nvm.sh"`) may be any
/// file with the written name, or any file at all when the name is expanded too.
fn may_be_sourced(written: &str, path: &Path) -> bool {
    let expanded = |s: &str| s.contains(['$', '`']);
    let name = written.rsplit('/').next().unwrap_or(written);
    if expanded(name) {
        return true;
    }
    if expanded(written) {
        return path.file_name().is_some_and(|n| n == name);
    }
    path.ends_with(written.trim_start_matches("./"))
}
