//! Ruby: what a module's methods call on the objects of the classes that include it.
//!
//! Inside an instance method of a module, `self` is an object of a class that mixes
//! the module in (`include Helpers` in `class Base`), so a bare call the module does
//! not define itself (`halt` in `Helpers#redirect`) is a method of that class. The
//! including classes are found among the files that name the module, following a
//! module included into another module to the classes that include that one. The
//! answer is the one method every including class that has one agrees on; a class
//! whose lookup leads to a library, an attribute or several methods makes the call
//! unknown, as does a module no class of the tree includes.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;

use super::guards::kept_if_complete;
use super::members::{pick, Lookup};
use super::{inheritance_clauses, is_ruby_class_method, DefRef, Resolution, Resolver};
use crate::facts::FileFacts;
use crate::symbols::Kind;

/// The most modules followed from one module to the classes that include it: more
/// than any real chain of mixins, few enough that a pathological tree stays cheap.
const MAX_MODULES: usize = 64;

/// The most including classes looked into for one module.
const MAX_INCLUDERS: usize = 1024;

impl Resolver<'_> {
    /// The method that a bare call of `name` at `at` calls, written in an instance
    /// method of Ruby module `module` (the innermost type around it), when the
    /// classes including the module agree on one.
    pub(super) fn includer_method(
        &self,
        file: &FileFacts,
        at: Option<u32>,
        module: &DefRef,
        name: &str,
        kinds: &[Kind],
    ) -> Option<DefRef> {
        // Only in an instance method written in the module's body: in the body itself
        // or in a `def self.` method, `self` is the module.
        let method = Self::enclosing_method(file, at)?;
        if is_ruby_class_method(method) || method.parent != Some(module.index) {
            return None;
        }
        let mut found = Vec::new();
        for class in self.including_classes(module).iter() {
            match self.member_of(class, name, kinds) {
                // A class's lookup stands for its `def self.x` and `def x` alike: an
                // object calls the latter.
                Lookup::Found(d) => found.extend(instance_method(d)),
                Lookup::NotFound => {}
                Lookup::External(_) | Lookup::Ambiguous => return None,
            }
        }
        pick(found)
    }

    /// The tree's classes that include Ruby module `module`, directly or through
    /// modules that include it, computed once per module (kept only once complete:
    /// a dry run of resolution knows no other file's module yet).
    fn including_classes(&self, module: &DefRef) -> Arc<[DefRef]> {
        let key = (module.file.path.clone(), module.index);
        kept_if_complete(&self.ruby_includers, key, || {
            let mut classes: Vec<DefRef> = Vec::new();
            let mut seen: HashSet<(PathBuf, usize)> = HashSet::new();
            let mut todo = vec![module.clone()];
            while let Some(m) = todo.pop() {
                if seen.len() >= MAX_MODULES || !seen.insert((m.file.path.clone(), m.index)) {
                    continue;
                }
                for t in self.direct_includers(&m) {
                    match t.symbol().kind {
                        Kind::Module => todo.push(t),
                        _ if classes.len() < MAX_INCLUDERS => classes.push(t),
                        _ => {}
                    }
                }
            }
            classes.into()
        })
    }

    /// The Ruby classes and modules whose bodies `include` module `m`.
    fn direct_includers(&self, m: &DefRef) -> Vec<DefRef> {
        let name = &m.symbol().name;
        let mut includers = Vec::new();
        for path in self.source.files_mentioning(std::slice::from_ref(name)) {
            let Some(facts) = self.source.outline(&path) else {
                continue;
            };
            if facts.language.name != "ruby" {
                continue;
            }
            for (index, d) in facts.definitions.iter().enumerate() {
                let names_it = matches!(d.kind, Kind::Class | Kind::Module)
                    && inheritance_clauses(&facts, index).any(|r| r.name == *name);
                if !names_it {
                    continue;
                }
                let t = DefRef {
                    file: facts.clone(),
                    index,
                };
                let includes_m = self
                    .supertypes(&t)
                    .iter()
                    .any(|s| matches!(s, Resolution::Definition(d) if d.same_as(m)));
                if includes_m && !t.same_as(m) {
                    includers.push(t);
                }
            }
        }
        includers
    }
}

/// The instance method `d` stands for: itself, or for a `def self.x` the `def x` beside
/// it; `None` when the type has only the class method.
fn instance_method(d: DefRef) -> Option<DefRef> {
    if !is_ruby_class_method(d.symbol()) {
        return Some(d);
    }
    let s = d.symbol();
    let twin = d.file.definitions.iter().position(|o| {
        o.parent == s.parent && o.name == s.name && o.kind == s.kind && !is_ruby_class_method(o)
    })?;
    Some(DefRef {
        file: d.file.clone(),
        index: twin,
    })
}
