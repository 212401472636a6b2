//! One entry read out of a collection, called on at once: `foos[i].run()`,
//! `foos.get(i).run()`, `foos.first().run()`, `byName.get(key).run()` (Java, Kotlin and
//! C#). The library's collections declare their entries by a type parameter, so the
//! read's declared result says nothing; the collection's own declaration does
//! (`List<Foo> foos`, `val byName: Map<String, Foo>`), and the facts keep what it
//! holds. The collection must be a local, a parameter or a field of the types the
//! call is written in (`foos`, `this.foos`); anything else leaves the read untyped.
//! A Go value of a type the tree defines from a slice or a map (`type Heap []Set`)
//! holds what that slice or map does, read by an index or ranged over (`for _, s :=
//! range heap`).

use std::sync::Arc;

use super::returns::{receiver_call, receiver_indexed};
use super::value_types::{declared_fields, go_defined_type, go_type_spec};
use super::{is_word, DefRef, Resolution, Resolver};
use crate::facts::{
    entry_read, go_held, reads_elements, Binding, BindingKind, FileFacts, Held, Reference,
};

/// A file and the definition in it where a type is written, to resolve its names
/// where they stand.
type WrittenAt = (Arc<FileFacts>, Option<u32>);

impl Resolver<'_> {
    /// The type of receiver `q` of `r` when it reads one entry of a collection whose
    /// declaration says what it holds; `None` when it is no such read.
    pub(super) fn entry_read_type(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
    ) -> Option<Resolution> {
        let go = file.language.name == "go";
        if !reads_elements(file.language.name) && !go {
            return None;
        }
        let (collection, read) = match receiver_indexed(q) {
            Some(collection) => (collection, None),
            // Go's slices and maps have no methods: only an index reads an entry.
            None if go => return None,
            None => {
                let call = receiver_call(q)?;
                (call.qualifier?, Some((call.name, call.arity?)))
            }
        };
        // Go's entry type is read where it is written: in the struct's file, or the
        // file of the type the tree defines the collection's type as.
        let (held, (written_file, at)) = if go {
            self.go_held_where(file, r, collection)?
        } else {
            (
                self.held_by(file, r, collection)?,
                (file.clone(), r.enclosing),
            )
        };
        let (qualifier, name) = entry_read(&held, read)?;
        Some(self.resolve_value_type(&written_file, at, name, qualifier.as_deref()))
    }

    /// What the Go value at name or field path `path` (`items`, `b.items`) where `r`
    /// stands holds, with where the entries' types are written.
    fn go_held_where(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        path: &str,
    ) -> Option<(Held, WrittenAt)> {
        match path.split_once('.') {
            Some((owner, field)) => self.go_field_held_where(file, r, owner, field),
            None => self.go_local_held_where(file, r, path),
        }
    }

    /// What Go local or parameter `name` where `r` stands holds, with where the
    /// entries' types are written: its declaration's slice or map, or the slice or map
    /// the tree defines its type as, declared (`heap Heap`) or given by a call (`pool
    /// := testPool()`).
    fn go_local_held_where(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        name: &str,
    ) -> Option<(Held, WrittenAt)> {
        // Go has no implicit receiver: a bare name is never a field.
        let b = Self::binding_at(file, r, name).filter(|b| b.kind != BindingKind::Field)?;
        if let Some(held) = &b.held {
            return Some((held.clone(), (file.clone(), r.enclosing)));
        }
        if b.type_name.is_some() {
            return self.go_named_held_where(file, r.enclosing, b);
        }
        match self.type_of_binding(file, r, b) {
            Resolution::Definition(t) => go_defined_held(&t),
            _ => None,
        }
    }

    /// The type Go loop variable `position` (0 the index or key, 1 the element or
    /// value) takes, ranging over the name or field path `path` where `r` stands,
    /// when the type the tree gives that value says (`items Items` with `type Items
    /// []*Item`); `None` otherwise. The entry's type is read where it is written: in
    /// the file of the struct or of the defined type that writes it.
    pub(super) fn type_ranged_over(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        path: &str,
        position: u8,
    ) -> Option<Resolution> {
        let (held, written_in) = self.go_held_where(file, r, path)?;
        let (qualifier, name) = match (held, position) {
            (Held::Elements(element), 1) => element?,
            (Held::Map(key, _), 0) => key?,
            (Held::Map(_, value), 1) => value?,
            _ => return None,
        };
        let (written_file, at) = written_in;
        Some(self.resolve_value_type(&written_file, at, &name, qualifier.as_deref()))
    }

    /// What Go's field `field` of the value `owner` names where `r` stands (the
    /// method's receiver, a parameter, a local) holds, as the struct that is the
    /// value's type declares it, with where the entries' types are written: the
    /// struct's file, or the file of the type the tree defines the field's type as.
    fn go_field_held_where(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        owner: &str,
        field: &str,
    ) -> Option<(Held, WrittenAt)> {
        if !is_word(owner) || !is_word(field) {
            return None;
        }
        let ty = self.receiver_type(file, r, owner)?;
        let at = u32::try_from(ty.index).ok();
        match field_held(&ty, field) {
            Some(held) => Some((held, (ty.file.clone(), at))),
            None => {
                let b = declared_fields(&ty, field).next()?;
                self.go_named_held_where(&ty.file, at, b)
            }
        }
    }

    /// What binding `b` of Go code (in `file`, its type written at `at`) holds, when
    /// its type is one the tree defines from a slice or a map (`type Heap []Set`): the
    /// entries of that slice or map, with where their types are written: the defined
    /// type's file.
    fn go_named_held_where(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        b: &Binding,
    ) -> Option<(Held, WrittenAt)> {
        if file.language.name != "go" {
            return None;
        }
        let written = b.type_name.as_deref()?;
        let Resolution::Definition(t) =
            self.resolve_declared_type(file, at, written, b.type_qualifier.as_deref())
        else {
            return None;
        };
        go_defined_held(&t)
    }

    /// What the collection named `path` where `r` stands holds: a local or parameter
    /// of that name, or else (and for `this.name`) a field of a type `r` is written
    /// in, as its declarations that write what it holds agree.
    fn held_by(&self, file: &Arc<FileFacts>, r: &Reference, path: &str) -> Option<Held> {
        let (field_only, name) = match path.strip_prefix("this.") {
            Some(name) => (true, name),
            None => (false, path),
        };
        if !is_word(name) {
            return None;
        }
        if !field_only {
            if let Some(b) = Self::binding_at(file, r, name) {
                if b.kind != BindingKind::Field {
                    return b.held.clone();
                }
            }
        }
        Self::enclosing_types(file, r.enclosing).find_map(|ty| field_held(&ty, name))
    }
}

/// What a value of Go type `t` holds, when the tree defines `t` from a slice or a map
/// and not generically (`type Heap []Set`, not `type List[T any] []T`, whose entries
/// are of a type parameter), with where the entries' types are written: `t`'s file.
fn go_defined_held(t: &DefRef) -> Option<(Held, WrittenAt)> {
    let spec = go_type_spec(t.symbol())?;
    let generic = !spec.starts_with(char::is_whitespace);
    if !go_defined_type(t.symbol()) || generic {
        return None;
    }
    Some((
        go_held(spec)?,
        (t.file.clone(), u32::try_from(t.index).ok()),
    ))
}

/// What field `name` of type `ty` holds, as its declarations in the type's body that
/// write what it holds agree.
fn field_held(ty: &DefRef, name: &str) -> Option<Held> {
    let mut held = declared_fields(ty, name).filter_map(|b| b.held.as_ref());
    let first = held.next()?;
    held.all(|h| h == first).then(|| first.clone())
}
