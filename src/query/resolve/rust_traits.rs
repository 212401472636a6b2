//! Rust traits of the tree a type implements, for the methods they provide: a method
//! with a body in `trait Parser` is a member of every type with an `impl Parser for
//! Type` block, or that derives `Parser` (`#[derive(Parser)]`, whose derive macro
//! writes that block by the convention that a derive is named after its trait).
//!
//! Only the plain forms are read: an `impl` that names its trait and its type by
//! their paths (not `impl Trait for &T`), a derive the tree's trait of that name
//! stands for. A blanket implementation (`impl<T: Display> Ext for T`) gives no type
//! its methods: `T` names no type of the tree. That one is there is told all the same,
//! so that a library value's method of its name is left open.

use std::sync::Arc;

use super::members::{pick_lookup, Lookup};
use super::module_files::file_path;
use super::{kind_ok, DefRef, Resolution, Resolver};
use crate::facts::{FileFacts, TraitImpl};
use crate::symbols::Kind;

impl Resolver<'_> {
    /// Whether Rust method `d` is one of a trait (declared in it, with or without a
    /// body) that its file implements for a type parameter (`impl<St: ?Sized> StreamExt
    /// for St where St: Stream {}`): a blanket implementation, whose types the tree
    /// does not list.
    pub(super) fn rust_blanket_trait_method(&self, d: &DefRef) -> bool {
        let Some(t) = d.symbol().parent.and_then(|p| d.file.definitions.get(p)) else {
            return false;
        };
        if t.kind != Kind::Trait {
            return false;
        }
        let Some(facts) = self.source.facts(&file_path(&d.file)) else {
            return false;
        };
        facts.trait_impls.iter().any(|imp| {
            imp.trait_name == t.name
                && imp.type_path.is_none()
                && !self
                    .defs_named(&imp.type_name)
                    .iter()
                    .any(|ty| ty.symbol().kind.is_type_like())
                // Neither the tree's type nor a library's (`Vec`, an imported `Bytes`):
                // the block's type parameter.
                && matches!(
                    self.resolve_type_name(&facts, None, &imp.type_name, None),
                    Resolution::Unresolved
                )
        })
    }

    /// The method `name` that a trait of the tree which Rust type `ty` implements
    /// provides (declares with a body); `None` when no such trait has one.
    pub(super) fn rust_provided_method(
        &self,
        ty: &DefRef,
        name: &str,
        kinds: &[Kind],
    ) -> Option<Lookup> {
        let provided: Vec<DefRef> = self
            .defs_named(name)
            .iter()
            .filter(|d| {
                let s = d.symbol();
                d.file.language.name == "rust"
                    && kind_ok(kinds, s.kind)
                    && !s.bodiless
                    && s.parent
                        .and_then(|p| d.file.definitions.get(p))
                        .is_some_and(|t| t.kind == Kind::Trait)
            })
            .cloned()
            .collect();
        if provided.is_empty() {
            return None;
        }
        let found: Vec<DefRef> = provided
            .into_iter()
            .filter(|m| {
                let owner = DefRef {
                    file: m.file.clone(),
                    index: m.symbol().parent.unwrap_or(usize::MAX),
                };
                self.rust_implements(ty, &owner)
            })
            .collect();
        (!found.is_empty()).then(|| pick_lookup(found))
    }

    /// Whether Rust type `ty` implements trait `tr` of the tree in an `impl Trait for
    /// Type` block or derives it (see [`TraitImpl`]).
    fn rust_implements(&self, ty: &DefRef, tr: &DefRef) -> bool {
        let t = ty.symbol();
        // The files that may hold the block: the type's, the trait's, and those that
        // define a method of the trait for the type (an empty `impl Ext for T {}` in
        // a third file is missed).
        let mut files: Vec<Arc<FileFacts>> = vec![ty.file.clone(), tr.file.clone()];
        for m in DefRef::all_in(&tr.file, |d| d.parent == Some(tr.index)) {
            let name = &m.symbol().name;
            let qualified = format!("{}.{name}", t.qualified_name);
            for d in self.defs_named(name).iter() {
                if d.symbol().qualified_name == qualified
                    && !files.iter().any(|f| Arc::ptr_eq(f, &d.file))
                {
                    files.push(d.file.clone());
                }
            }
        }
        files.iter().any(|file| {
            file.trait_impls.iter().any(|imp| {
                imp.trait_name == tr.symbol().name
                    && imp.type_name == t.name
                    && self.names_in_impl(file, imp, &imp.trait_name, imp.trait_path.as_deref(), tr)
                    && self.names_in_impl(file, imp, &imp.type_name, imp.type_path.as_deref(), ty)
            })
        })
    }

    /// Whether the path `path::name` written in the header of `impl` block `imp` of
    /// `file` names definition `def`.
    fn names_in_impl(
        &self,
        file: &Arc<FileFacts>,
        imp: &TraitImpl,
        name: &str,
        path: Option<&str>,
        def: &DefRef,
    ) -> bool {
        let at = imp.start_byte as usize;
        // Read where the block stands: in the inline module around it, if any.
        let around = file
            .definitions
            .iter()
            .enumerate()
            .filter(|(_, d)| (d.start_byte..d.end_byte).contains(&at))
            .min_by_key(|(_, d)| d.end_byte - d.start_byte)
            .and_then(|(i, _)| u32::try_from(i).ok());
        matches!(self.resolve_type_name(file, around, name, path),
            Resolution::Definition(d) if d.same_as(def))
    }
}
