//! Rust values reached through a lock's or a cell's guard: `self.state.lock()` on a
//! field declared `Mutex<State>` (the standard library's, another library's, or a
//! generic lock of the repository), a method declared to return `MutexGuard<'_,
//! State>`, a local declared with a guard type. Members called through the guard are
//! the value's; a call in a form the lock's library does not give a guard in is not
//! tied to the value.

mod common;

use common::answers::{depends, has_all};
use common::tree;

fn project() -> tempfile::TempDir {
    tree(&[
        (
            "src/lib.rs",
            "mod loom;\nmod other_locks;\nmod own_locks;\nmod state;\nmod std_locks;\n",
        ),
        (
            "src/state.rs",
            "pub struct Wheel {}\n\
             impl Wheel {\n    pub fn remove(&self, at: u64) {}\n}\n\
             pub struct State {\n    pub wheel: Wheel,\n    pub tasks: Vec<u64>,\n}\n\
             impl State {\n    pub fn poke(&self) {}\n}\n",
        ),
        (
            "src/std_locks.rs",
            "use std::cell::RefCell;\n\
             use std::sync::{Arc, Mutex, MutexGuard, RwLock};\n\
             use crate::state::State;\n\
             \n\
             pub struct Shared {\n\
             \x20   plain: Mutex<State>,\n\
             \x20   table: RwLock<State>,\n\
             \x20   cell: RefCell<State>,\n\
             \x20   shared: Arc<Mutex<State>>,\n\
             }\n\
             \n\
             impl Shared {\n\
             \x20   fn guard(&self) -> MutexGuard<'_, State> {\n\
             \x20       self.plain.lock().unwrap()\n\
             \x20   }\n\
             \n\
             \x20   fn run(&self, m: &Mutex<State>) {\n\
             \x20       let lock = self.guard();\n\
             \x20       lock.wheel.remove(1);\n\
             \x20       let g: MutexGuard<'_, State> = self.guard();\n\
             \x20       g.poke();\n\
             \x20       self.plain.lock().unwrap().poke();\n\
             \x20       self.table.read().unwrap().poke();\n\
             \x20       self.cell.borrow_mut().poke();\n\
             \x20       let s = self.shared.lock().expect(\"poisoned\");\n\
             \x20       s.tasks.push(1);\n\
             \x20       m.lock().unwrap().poke();\n\
             \x20       self.plain.lock().is_ok();\n\
             \x20       self.plain.try_lock().unwrap().poke();\n\
             \x20   }\n\
             }\n",
        ),
        (
            "src/loom/std.rs",
            "pub struct Mutex<T>(std::sync::Mutex<T>);\n\
             pub struct MutexGuard<'a, T>(std::sync::MutexGuard<'a, T>);\n\
             impl<T> Mutex<T> {\n\
             \x20   pub fn lock(&self) -> MutexGuard<'_, T> {\n        todo!()\n    }\n\
             }\n",
        ),
        (
            "src/loom/mocked.rs",
            "pub struct Mutex<T>(loom::sync::Mutex<T>);\n\
             pub struct MutexGuard<'a, T>(loom::sync::MutexGuard<'a, T>);\n\
             impl<T> Mutex<T> {\n\
             \x20   pub fn lock(&self) -> MutexGuard<'_, T> {\n        todo!()\n    }\n\
             }\n",
        ),
        (
            "src/loom/mod.rs",
            "#[cfg(not(loom))]\nmod std;\n#[cfg(not(loom))]\npub use self::std::*;\n\
             #[cfg(loom)]\nmod mocked;\n#[cfg(loom)]\npub use self::mocked::*;\n",
        ),
        (
            "src/own_locks.rs",
            "use crate::loom::Mutex;\n\
             use crate::state::State;\n\
             \n\
             pub struct Driver {\n    synced: Mutex<State>,\n}\n\
             \n\
             impl Driver {\n\
             \x20   fn turn(&self) {\n\
             \x20       let mut synced = self.synced.lock();\n\
             \x20       synced.wheel.remove(2);\n\
             \x20       self.synced.lock().poke();\n\
             \x20   }\n\
             }\n",
        ),
        (
            "src/other_locks.rs",
            "use parking_lot::Mutex;\n\
             use crate::state::State;\n\
             \n\
             pub struct Fast {\n    inner: Mutex<State>,\n}\n\
             \n\
             impl Fast {\n\
             \x20   fn go(&self) {\n\
             \x20       self.inner.lock().poke();\n\
             \x20       self.inner.lock().unwrap().poke();\n\
             \x20   }\n\
             }\n",
        ),
    ])
}

#[test]
fn members_called_through_a_standard_lock_or_cell_guard_are_the_values() {
    let dir = project();
    let got = depends(dir.path(), &["Shared.run"]);
    has_all(
        &got,
        &[
            // A method declared to return a guard, and a local declared as one.
            "19 call lock.wheel.remove -> src/state.rs:3",
            "21 call g.poke -> src/state.rs:10",
            // The standard locks' guards, unwrapped out of their `LockResult`.
            "22 call self.plain.lock().unwrap().poke -> src/state.rs:10",
            "23 call self.table.read().unwrap().poke -> src/state.rs:10",
            // A cell's guard is no `Result`.
            "24 call self.cell.borrow_mut().poke -> src/state.rs:10",
            // Behind a pointer, and through `expect`.
            "26 call s.tasks.push -> external:std",
            "27 call m.lock().unwrap().poke -> src/state.rs:10",
            // `LockResult` itself is the standard library's.
            "27 call m.lock().unwrap -> external:std",
            "28 call self.plain.lock().is_ok -> external:std",
            "29 call self.plain.try_lock().unwrap().poke -> src/state.rs:10",
        ],
    );
}

#[test]
fn a_generic_lock_of_the_repository_lends_the_value_its_field_is_declared_with() {
    let dir = project();
    // `crate::loom::Mutex` is one of two types, one per build: both lend their `T`.
    let got = depends(dir.path(), &["Driver.turn"]);
    has_all(
        &got,
        &[
            "11 call synced.wheel.remove -> src/state.rs:3",
            "12 call self.synced.lock().poke -> src/state.rs:10",
        ],
    );
}

#[test]
fn another_librarys_lock_gives_its_guard_unwrapped_and_a_std_form_is_not_guessed() {
    let dir = project();
    let got = depends(dir.path(), &["Fast.go"]);
    has_all(
        &got,
        &[
            "10 call self.inner.lock().poke -> src/state.rs:10",
            // `unwrap` on a guard that is no `Result`: not the value's `poke`.
            "11 call self.inner.lock().unwrap().poke -> ?",
        ],
    );
}

#[test]
fn a_repository_trait_implemented_for_a_library_type_of_another_module_is_not_what_a_vec_calls() {
    let dir = tree(&[
        ("src/lib.rs", "mod overflow;\nmod worker;\n"),
        (
            "src/overflow.rs",
            "use std::cell::RefCell;\n\
             pub trait Overflow {\n    fn push(&self, task: u64);\n}\n\
             impl Overflow for RefCell<Vec<u64>> {\n    fn push(&self, task: u64) {}\n}\n",
        ),
        (
            "src/worker.rs",
            "use std::cell::RefCell;\n\
             use crate::overflow::Overflow;\n\
             \n\
             fn run(v: &mut Vec<u64>, c: &RefCell<Vec<u64>>) {\n\
             \x20   v.push(1);\n\
             \x20   c.push(2);\n\
             }\n",
        ),
    ]);
    let got = depends(dir.path(), &["run"]);
    has_all(
        &got,
        &[
            // A `Vec` (of the prelude) has its own `push`.
            "5 call v.push -> external:std",
            // A `RefCell` is of the module the trait is implemented for a type of.
            "6 call c.push -> src/overflow.rs:3",
        ],
    );
}

#[test]
fn every_standard_pointer_or_guard_type_reaches_the_value_not_its_library() {
    let dir = tree(&[
        ("src/lib.rs", "mod state;\nmod use_it;\n"),
        (
            "src/state.rs",
            "pub struct State {}\nimpl State {\n    pub fn poke(&self) {}\n}\n",
        ),
        (
            "src/use_it.rs",
            "use std::mem::ManuallyDrop;\n\
             use std::pin::Pin;\n\
             use tokio::sync::{OwnedMutexGuard, OwnedRwLockWriteGuard};\n\
             use crate::state::State;\n\
             \n\
             pub struct Holder {}\n\
             \n\
             impl Holder {\n\
             \x20   fn owned(&self) -> OwnedMutexGuard<State> {\n        todo!()\n    }\n\
             \n\
             \x20   fn run(&self, p: Pin<&mut State>, m: ManuallyDrop<State>, w: OwnedRwLockWriteGuard<State>) {\n\
             \x20       let g = self.owned();\n\
             \x20       g.poke();\n\
             \x20       let h: OwnedMutexGuard<State> = self.owned();\n\
             \x20       h.poke();\n\
             \x20       p.poke();\n\
             \x20       m.poke();\n\
             \x20       w.poke();\n\
             \x20       g.len();\n\
             \x20   }\n\
             }\n",
        ),
    ]);
    let got = depends(dir.path(), &["Holder.run"]);
    has_all(
        &got,
        &[
            // An owned guard, returned by a method or declared: not the lock's library.
            "15 call g.poke -> src/state.rs:3",
            "17 call h.poke -> src/state.rs:3",
            // A pinned reference, a value kept from being dropped, an owned write guard.
            "18 call p.poke -> src/state.rs:3",
            "19 call m.poke -> src/state.rs:3",
            "20 call w.poke -> src/state.rs:3",
            // Neither the value's nor surely the guard's.
            "21 call g.len -> ?",
        ],
    );
}

#[test]
fn a_method_called_on_pin_new_of_a_value_is_the_values_unless_it_is_pins_own() {
    let dir = tree(&[(
        "src/lib.rs",
        "use std::pin::Pin;\nuse std::task::Context;\n\npub struct Io;\n\nimpl Io {\n    \
         pub fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>) {}\n    \
         pub fn set(&mut self) {}\n}\n\npub struct S {\n    io: Io,\n}\n\nimpl S {\n    \
         pub fn run(&mut self, cx: &mut Context<'_>) {\n        \
         Pin::new(&mut self.io).poll_write(cx);\n        \
         Pin::new(&mut self.io).set(Io);\n    }\n}\n",
    )]);
    has_all(
        &depends(dir.path(), &["S.run"]),
        &[
            "17 call Pin::new(&mut self.io).poll_write -> src/lib.rs:7",
            // `Pin::set` replaces the pinned value: the pointer's, not `Io::set`.
            "18 call Pin::new(&mut self.io).set -> external:std::pin",
        ],
    );
}
