//! Members of a Python class that no definition of the class declares: its property
//! accessors (`@size.setter` over a method `size` decorates it with a method of the
//! builtin `property` object the class's `size` holds, not with anything the tree
//! defines) and the classes its attributes hold (`session_class = SecureCookieSession`,
//! which `self.session_class()` constructs).

use std::sync::Arc;

use super::{Resolution, Resolver};
use crate::facts::{type_parts, BindingKind, FileFacts, RefKind, Reference};
use crate::symbols::Kind;

/// The decorators a `property` object gives for its other accessors.
const ACCESSORS: &[&str] = &["setter", "getter", "deleter"];

impl Resolver<'_> {
    /// `@size.setter` (or `.getter`, `.deleter`) on a method of a class whose `size`
    /// above it is a property (decorated `@property`, or an accessor of one): the
    /// builtin `property`'s. `None` for any other decorator, or when `size` is
    /// anything else.
    pub(super) fn python_property_accessor(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
    ) -> Option<Resolution> {
        if file.language.name != "python"
            || r.kind != RefKind::Annotation
            || !ACCESSORS.contains(&r.name.as_str())
        {
            return None;
        }
        let property = r.qualifier.as_deref()?;
        let decorated_at = r.enclosing? as usize;
        let decorated = file.definitions.get(decorated_at)?;
        let class = decorated.parent?;
        // The latest definition of the name in the class before the decorator: the
        // one the class body's `size` holds there.
        let (held, _) = file
            .definitions
            .iter()
            .enumerate()
            .filter(|&(i, d)| {
                i != decorated_at
                    && d.parent == Some(class)
                    && d.name == property
                    && d.start_byte < r.start_byte as usize
            })
            .max_by_key(|(_, d)| d.start_byte)?;
        let held = u32::try_from(held).ok()?;
        let is_property = file.references.iter().any(|d| {
            d.kind == RefKind::Annotation
                && d.enclosing == Some(held)
                && match d.qualifier.as_deref() {
                    None => {
                        d.name == "property"
                            && matches!(self.resolve_within(file, d),
                                Resolution::External(Some(m)) if m == "builtins")
                    }
                    Some(q) => q == property && ACCESSORS.contains(&d.name.as_str()),
                }
        });
        is_property.then(|| Resolution::External(Some("builtins".to_string())))
    }

    /// `self.session_class(..)` (or `cls.`) in a method of a class whose body gives
    /// attribute `session_class` a class once (`session_class = SecureCookieSession`):
    /// the call constructs that class, the tree's or a library's. A subclass may hold
    /// another there, as it may override a method; the class's own is the one its
    /// code names. `None` for any other call.
    pub(super) fn python_class_attribute_called(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
    ) -> Option<Resolution> {
        if file.language.name != "python"
            || r.kind != RefKind::Call
            || !r
                .qualifier
                .as_deref()
                .is_some_and(|q| self.scoping(file).self_names.contains(&q))
        {
            return None;
        }
        let class = self.enclosing_type_def(file, r.enclosing)?;
        let at = u32::try_from(class.index).ok()?;
        let mut held =
            class.file.bindings.iter().filter(|b| {
                b.kind == BindingKind::Field && b.scope == Some(at) && b.name == r.name
            });
        let (Some(only), None) = (held.next(), held.next()) else {
            return None;
        };
        let copied = only.copied_from.as_deref()?;
        let (qualifier, name) = type_parts(copied)?;
        match self.resolve_type_name(&class.file, Some(at), name, qualifier) {
            Resolution::Definition(d) if d.symbol().kind == Kind::Class => {
                Some(Resolution::Definition(d))
            }
            found @ Resolution::External(_) => Some(found),
            _ => None,
        }
    }
}
