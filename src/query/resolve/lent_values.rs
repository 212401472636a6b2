//! Rust's locks and cells: `self.state.lock()` on a field declared `Mutex<State>`
//! gives a guard, through which `State`'s members are called (`guard.wheel.remove(..)`,
//! `self.core.borrow_mut().take()`). The guard's type says nothing of `State` where
//! the lock is a library's (its methods are not seen) or a generic type of the
//! repository (`fn lock(&self) -> MutexGuard<'_, T>`): what the guard lends is read
//! from the declaration of the lock the call is made on.
//!
//! A lock method gives its guard only in the form its library gives it: `std`'s
//! `lock()`, `read()` and `write()` a `LockResult` that must be unwrapped, the other
//! libraries' (the async locks, `parking_lot`) the guard itself, a `try_` method a
//! `Result` or an `Option` either way, and a `RefCell`'s `borrow()` the guard itself.
//! Called on a library's lock in the form that leaves its guard wrapped
//! (`m.lock().is_ok()` on a `std` lock), it gives the standard `Result` or `Option`;
//! in a form that cannot compile, nothing.

use std::sync::Arc;

use super::extensions::owner_type_name;
use super::generics::declares_type_parameter;
use super::qualified::unmarked;
use super::returns::{call_gives, rust_part, ReceiverCall, Returned};
use super::value_types::declared_fields;
use super::{is_rust_std, is_word, DefRef, Resolution, Resolver};
use crate::facts::{rust_pointee_type, Binding, FileFacts, Reference};

/// How a lock method's result holds its guard.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// The guard itself.
    Guard,
    /// A `Result` or an `Option` holding it.
    Wrapped,
    /// Wrapped by `std`'s locks, the guard itself elsewhere.
    WrappedInStd,
}

/// What a lock method's call gives, in the form it is called in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gives {
    /// The guard.
    Guard,
    /// The `Result` or `Option` that holds the guard.
    Wrapper,
}

/// The methods of Rust's locks and cells that lend their value, and how each gives
/// its guard.
const LENDING: &[(&str, Form)] = &[
    ("lock", Form::WrappedInStd),
    ("read", Form::WrappedInStd),
    ("write", Form::WrappedInStd),
    ("try_lock", Form::Wrapped),
    ("try_read", Form::Wrapped),
    ("try_write", Form::Wrapped),
    ("blocking_lock", Form::Guard),
    ("blocking_read", Form::Guard),
    ("blocking_write", Form::Guard),
    ("lock_owned", Form::Guard),
    ("read_owned", Form::Guard),
    ("write_owned", Form::Guard),
    ("borrow", Form::Guard),
    ("borrow_mut", Form::Guard),
    ("try_borrow", Form::Wrapped),
    ("try_borrow_mut", Form::Wrapped),
];

/// Where a lock's declaration is read (its file, and the place in it), the simple
/// name of the lock's type, and the qualifier and simple name of the type of its value.
type Lender = (
    Arc<FileFacts>,
    Option<u32>,
    String,
    (Option<String>, String),
);

/// The simple name of the lock or cell type binding `b` is declared with, past a
/// pointer (`Mutex` of `Arc<Mutex<State>>`).
fn lock_type(b: &Binding) -> Option<String> {
    match &b.pointee {
        Some((_, name)) => Some(name.clone()),
        None => b.type_name.clone(),
    }
}

impl Resolver<'_> {
    /// The type of what Rust call `call` (the receiver of `r`, or a value it reads)
    /// gives when it locks or borrows a lock or cell whose declaration writes the type
    /// of its value: a pointer to that type. `None` when the call is no such call.
    pub(super) fn lent_through(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
    ) -> Option<Resolution> {
        let &(_, form) = LENDING.iter().find(|(name, _)| *name == call.name)?;
        if call.element.is_some() {
            return None;
        }
        let (lender_file, at, lock, (qualifier, name)) = self.lender(file, r, call.qualifier?)?;
        let gives = match self.resolve_within(file, &call.as_reference(r)) {
            // A lock of the repository: its method must give a guard of its own type
            // parameter (`-> MutexGuard<'_, T>`), whatever the value's type.
            Resolution::Definition(method) => {
                self.lends_guard(&method, call).then_some(Gives::Guard)?
            }
            // Locks of the repository of the lock's name, one for each build
            // (`crate::loom::sync::Mutex`): every method of theirs the call may be.
            // One that gives nothing called so (an `async fn lock` not awaited gives a
            // future, whose members the value's are not) is not among them.
            Resolution::Unresolved => {
                let methods: Vec<DefRef> = self
                    .defs_named(call.name)
                    .iter()
                    .filter(|d| {
                        d.file.language.name == "rust"
                            && owner_type_name(d.symbol()) == Some(lock.as_str())
                    })
                    .filter(|d| call_gives(d.symbol(), call.awaited).is_some())
                    .cloned()
                    .collect();
                let every =
                    !methods.is_empty() && methods.iter().all(|m| self.lends_guard(m, call));
                every.then_some(Gives::Guard)?
            }
            Resolution::External(Some(module)) => {
                let std = is_rust_std(&module);
                match (form, call.unwrapped) {
                    (Form::Guard, false) | (Form::Wrapped, true) => Gives::Guard,
                    (Form::WrappedInStd, unwrapped) if unwrapped == std => Gives::Guard,
                    (Form::Wrapped, false) | (Form::WrappedInStd, false) => Gives::Wrapper,
                    _ => return None,
                }
            }
            _ => return None,
        };
        if gives == Gives::Wrapper {
            // `m.lock().is_ok()`: the standard `Result` or `Option`.
            return Some(Resolution::External(Some("std".to_string())));
        }
        match self.resolve_declared_type(&lender_file, at, &name, qualifier.as_deref()) {
            lent @ (Resolution::Definition(_) | Resolution::External(_)) => {
                Some(Resolution::Pointer(Box::new(lent)))
            }
            _ => None,
        }
    }

    /// Whether Rust method `method`, called as `call` is, gives a guard of a type
    /// parameter of its own or of its type (`fn lock(&self) -> MutexGuard<'_, T>` of a
    /// `struct Mutex<T>`).
    fn lends_guard(&self, method: &DefRef, call: &ReceiverCall<'_>) -> bool {
        let Some(Returned::Type(written)) = call_gives(method.symbol(), call.awaited) else {
            return false;
        };
        let Some((_, guarded)) =
            rust_part(written, call.unwrapped, None).and_then(rust_pointee_type)
        else {
            return false;
        };
        let at = u32::try_from(method.index).ok();
        Self::is_type_parameter(&method.file, at, &guarded)
            || self
                .enclosing_type_def(&method.file, at)
                .is_some_and(|t| declares_type_parameter(t.symbol(), &guarded))
    }

    /// The lock or cell receiver `q` of `r` names, when its declaration writes the
    /// type of its value: the file and place that declaration is read in, and that
    /// type. `q` is a parameter or local, or a path of fields from one or from `self`.
    fn lender(&self, file: &Arc<FileFacts>, r: &Reference, q: &str) -> Option<Lender> {
        let unmarked = unmarked(file.language.name, q.trim());
        let q = unmarked.as_ref();
        let Some((owner, field)) = q.rsplit_once('.') else {
            if !is_word(q) {
                return None;
            }
            let b = Self::binding_at(file, r, q)?;
            return Some((file.clone(), r.enclosing, lock_type(b)?, b.lent.clone()?));
        };
        if !is_word(field) {
            return None;
        }
        let t = self.receiver_type(file, r, owner)?;
        let b = declared_fields(&t, field).next()?;
        let at = u32::try_from(t.index).ok();
        Some((t.file.clone(), at, lock_type(b)?, b.lent.clone()?))
    }
}
