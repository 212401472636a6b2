//! Rust: a macro called bare from another file of its crate.
//!
//! A `macro_rules!` is seen outside its file where its module is declared with
//! `#[macro_use]` (`#[macro_use] mod messages;` makes `eprintln_locked!` callable in
//! every later module of the crate), which the facts do not record. A bare call that
//! nothing in scope defines, where no glob import (`use super::*;`) brings names, is
//! then the one macro of that name its crate defines outside any function: a function
//! of that name would have to be defined or imported, and two macros of the name in
//! one crate leave the call unknown.
//!
//! A `macro_rules!` marked `#[macro_export]` is a name of its crate's root module,
//! whichever module it is written in: `use tokio_test::assert_ok;` and `tokio::pin!`
//! name macros written in `tokio-test/src/macros.rs` and `tokio/src/macros/pin.rs`.

use super::members::pick;
use super::module_files::file_path;
use super::rust_modules::{is_crate_root, same_crate};
use super::{kind_ok, DefRef, Resolver};
use crate::facts::{FileFacts, RefKind};
use crate::symbols::Kind;

impl Resolver<'_> {
    /// The macro of its crate that a bare call of `name` in Rust `file` calls, when
    /// there is exactly one candidate. Only a call (`kinds` take a macro): a name read
    /// in an attribute (`feature` of `#[cfg(feature = "x")]`) is no macro's.
    pub(super) fn crate_macro(
        &self,
        file: &FileFacts,
        at: usize,
        name: &str,
        kinds: &[Kind],
    ) -> Option<DefRef> {
        if file.language.name != "rust"
            || !kinds.contains(&Kind::Macro)
            || self.rust_glob_seen(file, at)
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

    /// The `#[macro_export]` macros named `name` of the crate whose root file is
    /// `root`, written in any of its modules; none when `root` is no Rust crate root
    /// or `kinds` take no macro.
    pub(super) fn exported_macros(
        &self,
        root: &FileFacts,
        name: &str,
        kinds: &[Kind],
    ) -> Vec<DefRef> {
        let root = file_path(root);
        if !kind_ok(kinds, Kind::Macro) || !is_crate_root(self.file_set(), &root) {
            return Vec::new();
        }
        self.defs_named(name)
            .iter()
            .filter(|d| {
                d.file.language.name == "rust"
                    && d.symbol().kind == Kind::Macro
                    && same_crate(self.file_set(), &root, &file_path(&d.file))
                    && self.marked_macro_export(d)
            })
            .cloned()
            .collect()
    }

    /// Whether macro `d` carries `#[macro_export]` among the attributes written before
    /// its name. An outline may leave attributes out: the file's whole facts say.
    fn marked_macro_export(&self, d: &DefRef) -> bool {
        let s = d.symbol();
        let Some(facts) = self.source.facts(&file_path(&d.file)) else {
            return false;
        };
        facts.references.iter().any(|r| {
            r.kind == RefKind::Annotation
                && r.name == "macro_export"
                && r.qualifier.is_none()
                && (s.start_byte..s.name_byte).contains(&(r.start_byte as usize))
        })
    }
}
