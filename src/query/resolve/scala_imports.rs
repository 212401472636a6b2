//! Scala's wildcard imports against the members of the file's package that other
//! files define: which of the two a bare name is, and when that cannot be known.

use std::sync::Arc;

use super::members::pick;
use super::{DefRef, Resolution, Resolver};
use crate::facts::{FileFacts, Import};
use crate::query::scoping::Scoping;
use crate::symbols::Kind;

impl Resolver<'_> {
    /// Scala ranks a wildcard import above the members of the file's package that
    /// other files define. So where `package_mates` are all written in other files:
    /// - a wildcard import in scope of the use that brings in the tree's definitions
    ///   of the name names those (`Terminal` in package `sbt.internal` after `import
    ///   sbt.internal.util._` is that package's, not `sbt.Terminal`); a test
    ///   source's definition is not seen from outside the tests;
    /// - a library's module or a value's members imported whole inside a function
    ///   (`import c.universe._` in a macro, then `Select`) are what the code there
    ///   means to use, and which names they hold is unknown: unresolved.
    ///
    /// A library's module imported for the whole file leaves the package's member,
    /// which is right unless the module has a member of the name. `None` when the
    /// package's member stands.
    pub(super) fn scala_wildcard_over_package(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        sc: &Scoping,
        name: &str,
        kinds: &[Kind],
        package_mates: &[DefRef],
    ) -> Option<Resolution> {
        if file.language.name != "scala"
            || package_mates.is_empty()
            || package_mates.iter().any(|d| Arc::ptr_eq(&d.file, file))
        {
            return None;
        }
        let holders = &self.file_index(file).import_holders;
        let mut brought: Vec<DefRef> = Vec::new();
        let mut unknown = false;
        for (imp, holder) in file.imports.iter().zip(holders).filter(|(i, _)| i.wildcard) {
            let Some(local) = import_scope(file, holder.as_ref(), at) else {
                continue;
            };
            let (found, module) = self.through_wildcard(file, imp, sc, name, kinds);
            brought.extend(found);
            unknown |= local && self.members_unknown(file, at, imp, module.is_some());
        }
        if !brought.is_empty() {
            return Some(pick(brought).map_or(Resolution::Unresolved, Resolution::Definition));
        }
        unknown.then_some(Resolution::Unresolved)
    }

    /// Whether which names wildcard import `imp` brings in, where definition `at` of
    /// `file` is, is unknown: it imports a library's module (`external`), unless
    /// its head is a name the tree defines (an object of the tree, whose members are
    /// known); or the members of a value (`c.universe._`, where `c` is a parameter)
    /// whose type is written and is not the tree's. One left to inference is taken
    /// for the tree's (`import extracted._` after `val extracted =
    /// Project.extract(s)`). The type is asked about without resolving it, which
    /// could come back to the very name in question.
    fn members_unknown(
        &self,
        file: &FileFacts,
        at: Option<u32>,
        imp: &Import,
        external: bool,
    ) -> bool {
        let head = imp.module.split('.').next().unwrap_or("");
        match Self::binding(file, at, head) {
            Some(b) => b
                .type_name
                .as_deref()
                .is_some_and(|ty| !self.names_a_tree_type(b.type_qualifier.as_deref(), ty)),
            None => external && self.defs_named(head).is_empty(),
        }
    }

    /// Whether type `ty`, written after `qualifier`, may be one of the tree's: the
    /// tree defines a type of that name, and the qualifier's head (if any) is a name
    /// or package the tree has.
    fn names_a_tree_type(&self, qualifier: Option<&str>, ty: &str) -> bool {
        let head_known = qualifier.is_none_or(|q| {
            let head = q.split('.').next().unwrap_or(q);
            !self.defs_named(head).is_empty() || self.package_in_repo(q)
        });
        head_known
            && self
                .defs_named(ty)
                .iter()
                .any(|d| d.symbol().kind.is_type_like())
    }
}

/// Whether an import held by `holder` (the span of the innermost definition around
/// it, and whether that is a function; `None` at the top level) is in scope where
/// definition `at` of `file` is: `Some(true)` for one written in the body of a
/// function that holds `at`; `Some(false)` for one written elsewhere that is in scope
/// there (at the top level, or in a class's body that holds `at`); `None` when it is
/// not in scope there.
fn import_scope(
    file: &FileFacts,
    holder: Option<&(std::ops::Range<usize>, bool)>,
    at: Option<u32>,
) -> Option<bool> {
    let Some((span, function)) = holder else {
        return Some(false);
    };
    at.and_then(|i| file.definitions.get(i as usize))
        .is_some_and(|d| span.start <= d.start_byte && d.end_byte <= span.end)
        .then_some(*function)
}
