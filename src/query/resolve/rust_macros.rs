//! Rust: a macro called bare from another file of its crate.
//!
//! A `macro_rules!` is seen outside its file where its module is declared with
//! `#[macro_use]` (`#[macro_use] mod messages;` makes `eprintln_locked!` callable in
//! every later module of the crate), which the facts do not record. A bare call that
//! nothing in scope defines, in a file that imports nothing whole, is then the one
//! macro of that name its crate defines outside any function: a function of that name
//! would have to be defined or imported, and two macros of the name in one crate
//! leave the call unknown.

use super::members::pick;
use super::module_files::file_path;
use super::rust_modules::same_crate;
use super::{DefRef, Resolver};
use crate::facts::FileFacts;
use crate::symbols::Kind;

impl Resolver<'_> {
    /// The macro of its crate that a bare call of `name` in Rust `file` calls, when
    /// there is exactly one candidate. Only a call (`kinds` take a macro): a name read
    /// in an attribute (`feature` of `#[cfg(feature = "x")]`) is no macro's.
    pub(super) fn crate_macro(
        &self,
        file: &FileFacts,
        name: &str,
        kinds: &[Kind],
    ) -> Option<DefRef> {
        if file.language.name != "rust"
            || !kinds.contains(&Kind::Macro)
            || file.imports.iter().any(|i| i.wildcard)
        {
            return None;
        }
        let here = file_path(file);
        let found: Vec<DefRef> = self
            .defs_named(name)
            .iter()
            .filter(|d| {
                let s = d.symbol();
                s.kind == Kind::Macro
                    && d.file.language.name == "rust"
                    && s.parent
                        .and_then(|p| d.file.definitions.get(p))
                        .is_none_or(|p| p.kind == Kind::Module)
                    && same_crate(self.file_set(), &here, &file_path(&d.file))
            })
            .cloned()
            .collect();
        pick(found)
    }
}
