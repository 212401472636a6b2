//! Rust modules written inline in a file (`mod tests { .. }`, `pub mod helpers {
//! .. }`) as what a path leads to: `crate::tests::TempDir`, `helpers::deep::f()`.
//!
//! A module path leads through the crate's files as far as they go (see
//! `rust_modules`); what is left of it names modules written one inside the other in
//! the last file reached. That file's definitions say whether it holds them: an item
//! of such a module is a definition whose parent is the module. A path the file
//! declares no such module for stays unknown, as does a module declared without a
//! body (`mod util;` whose file is not where the path says).

use std::path::Path;
use std::sync::Arc;

use super::imports::ModuleTarget;
use super::{kind_ok, DefRef, Resolver};
use crate::facts::FileFacts;
use crate::symbols::{Kind, Symbol};

impl Resolver<'_> {
    /// The inline module Rust path `module`, written at byte `at` of `file`, names,
    /// where no file is that module: the longest start of the path that leads to a
    /// file (or, when none does, the module the path is written in), then inline
    /// modules of that file for the rest.
    pub(super) fn rust_inline_module(
        &self,
        file: &FileFacts,
        importer: &Path,
        module: &str,
        at: usize,
    ) -> Option<ModuleTarget> {
        if file.language.name != "rust" || module.starts_with("::") {
            return None;
        }
        let segments: Vec<&str> = module.split("::").map(str::trim).collect();
        for k in (0..segments.len()).rev() {
            let (base, mut modules) = if k == 0 {
                // Relative to the module the path is written in, in its own file.
                let inline = self.file_index(file).inline_modules(at);
                (importer.to_path_buf(), inline)
            } else {
                match self.rust_module_here(file, importer, &segments[..k].join("::"), at) {
                    ModuleTarget::Files(found) if found.len() == 1 => {
                        (found[0].clone(), Vec::new())
                    }
                    ModuleTarget::Unknown => continue,
                    _ => return None,
                }
            };
            modules.extend(segments[k..].iter().map(|s| s.to_string()));
            let facts = self.source.outline(&base)?;
            return declares_inline(&facts, &modules)
                .then_some(ModuleTarget::Inline(base, modules));
        }
        None
    }
}

/// Whether `facts` declare the inline module reached through `modules`, outermost
/// first, with a body.
fn declares_inline(facts: &FileFacts, modules: &[String]) -> bool {
    let qualified = modules.join(".");
    facts.definitions.iter().any(|d| {
        d.kind == Kind::Module
            && d.qualified_name == qualified
            && (d.end_line > d.line || d.signature.contains('{'))
    })
}

/// The items named `name` of the inline module `modules` of `facts`, of `kinds`.
pub(super) fn members(
    facts: &Arc<FileFacts>,
    modules: &[String],
    name: &str,
    kinds: &[Kind],
) -> Vec<DefRef> {
    let qualified = format!("{}.{name}", modules.join("."));
    let in_module = |d: &Symbol| {
        d.parent
            .and_then(|p| facts.definitions.get(p))
            .is_some_and(|p| p.kind == Kind::Module)
    };
    DefRef::all_in(facts, |d| {
        d.name == name && d.qualified_name == qualified && kind_ok(kinds, d.kind) && in_module(d)
    })
}
