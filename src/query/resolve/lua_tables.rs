//! Lua's tables as modules and classes.
//!
//! Lua has no classes and no module declarations: `function M.f()` and `function
//! M:f()` store a function in the field `f` of the table `M`, a method's `self` is the
//! table it is called on (the table itself, or an object whose metatable falls back to
//! it), and `require("a.b")` gives whatever the file `a/b.lua` (or `a/b/init.lua`)
//! returns. So a call `M.f()` is the file's `function M.f` when `M` is the file's own
//! table, `self:f()` inside `function M:g()` is `M`'s `f`, and `mod.f()` after `local
//! mod = require("a.b")` is the `f` of the table that file ends by returning (or the
//! function a top-level `M.f = helper` or `return { f = helper }` gives that field).
//! Other assignments to fields, tables built at run time and metatable chains are not
//! followed: such a call stays unresolved, never a guess.

use std::path::PathBuf;
use std::sync::Arc;

use super::imports::ModuleTarget;
use super::members::pick;
use super::NameRole;
use super::{DefRef, Resolution, Resolver};
use crate::facts::{Binding, BindingKind, FileFacts, Reference};
use crate::symbols::{Kind, Symbol};

/// Directories a Lua search path commonly starts at, below the tree's root: a module
/// file is looked for at the root or under one of these.
const SEARCH_ROOTS: &[&str] = &["lua", "src", "lib"];

/// The path a Lua definition was written with (`M.f` for `function M.f`, `f` for
/// `local function f`), without the names of the definitions it is nested in.
fn written_path<'d>(file: &'d FileFacts, d: &'d Symbol) -> &'d str {
    let outer = d
        .parent
        .and_then(|p| file.definitions.get(p))
        .map(|p| p.qualified_name.as_str());
    outer
        .and_then(|o| d.qualified_name.strip_prefix(o))
        .and_then(|rest| rest.strip_prefix('.'))
        .unwrap_or(&d.qualified_name)
}

/// The table a Lua definition stores its function in (`M` for `function M.f` and
/// `function M:f`), if it is written with one.
fn table_of<'d>(file: &'d FileFacts, d: &'d Symbol) -> Option<&'d str> {
    written_path(file, d)
        .rsplit_once('.')
        .map(|(table, _)| table)
}

/// The module of a receiver written `require("m")`, `require "m"` or `require 'm'`.
fn required_module(receiver: &str) -> Option<&str> {
    let argument = receiver.strip_prefix("require")?.trim();
    let argument = argument
        .strip_prefix('(')
        .and_then(|a| a.strip_suffix(')'))
        .unwrap_or(argument)
        .trim();
    let quoted = ['"', '\'']
        .iter()
        .find_map(|q| argument.strip_prefix(*q).and_then(|a| a.strip_suffix(*q)))?;
    (!quoted.is_empty() && !quoted.contains(['"', '\'', '(', ')'])).then_some(quoted)
}

/// Whether Lua definition `d` is a function stored in a table (`function M.f`), which
/// no bare name calls.
pub(super) fn is_in_a_table(file: &FileFacts, d: &Symbol) -> bool {
    table_of(file, d).is_some()
}

/// Whether Lua definition `d` is a global function, which any chunk can call by its
/// bare name: one written `function f()` outside every other, not `local function f`,
/// not stored in a table, and not assigned to a local of its file declared before
/// (`local f` .. `function f()`).
pub(super) fn is_lua_global(d: &DefRef) -> bool {
    let s = d.symbol();
    s.parent.is_none()
        && s.qualified_name == s.name
        && !s.signature.starts_with("local ")
        && !d
            .file
            .bindings
            .iter()
            .any(|b| b.scope.is_none() && b.name == s.name)
}

impl Resolver<'_> {
    /// `name` called through `q` in Lua: `q.name()` or `q:name()`.
    pub(super) fn lua_member(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
        kinds: &[Kind],
    ) -> Resolution {
        let name = r.name.as_str();
        let table = if q == "self" {
            match self.lua_self_table(file, r) {
                Some(t) => t,
                None => return Resolution::Unresolved,
            }
        } else {
            q
        };
        // `require("cjson.safe").new()`: a member of the module, loaded on the spot.
        if let Some(module) = required_module(table) {
            return match self.lua_module(module) {
                ModuleTarget::External(m) => Resolution::External(Some(m)),
                ModuleTarget::Unknown => Resolution::Unresolved,
                target => self.module_member(&target, name, kinds),
            };
        }
        // `a.b.f()`, `t[k]:f()`, `f():g()`: a field of a value the facts do not follow.
        if !super::is_word(table) {
            return Resolution::Unresolved;
        }
        let mut table = table;
        if q != "self" {
            if let Some(imp) = self.import_binding(file, r.start_byte as usize, table) {
                return self.member_of_import(file, imp, name, kinds);
            }
            // A local copy of a global (`local string = string`) is that global.
            let mut global = true;
            if let Some(b) = Self::binding_at(file, r, table) {
                match b.copied_from.as_deref() {
                    Some(copied) if Self::names_a_global(file, r, table, copied) => {
                        table = copied;
                    }
                    // Another local, a parameter: some value, not a table of the file.
                    _ if b.scope.is_some() || b.copied_from.is_some() => {
                        return Resolution::Unresolved;
                    }
                    // The file's own table (`local M = {}`).
                    _ => global = false,
                }
            }
            // `string.format`, `table.insert`: the standard library's tables.
            let sc = self.scoping(file);
            if global && sc.builtins.contains(&table) {
                return Resolution::External(Some(sc.builtin_module.to_string()));
            }
        }
        pick(DefRef::all_in(file, |d| {
            d.name == name
                && super::kind_ok(kinds, d.kind)
                && table_of(file, d) == Some(table)
                && d.parent.is_none()
        }))
        .map_or(Resolution::Unresolved, Resolution::Definition)
    }

    /// A call of the Lua local `b` (at `r`) that copies a global or a table's field
    /// (`local type = type`, `local fmt = string.format`): a call of what it copies.
    /// A call of any other local calls a value the facts do not follow.
    pub(super) fn lua_copy_called(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &Binding,
        kinds: &[Kind],
    ) -> Resolution {
        let Some(copied) = b.copied_from.as_deref() else {
            return self.lua_function_assigned(file, b);
        };
        match copied.split_once('.') {
            Some((table, field)) => {
                let member = Reference {
                    name: field.to_string(),
                    ..r.clone()
                };
                self.lua_member(file, &member, table, kinds)
            }
            None if Self::names_a_global(file, r, &b.name, copied) => {
                self.resolve_beyond_locals(file, r.enclosing, copied, kinds, NameRole::Value)
            }
            None => Resolution::Local,
        }
    }

    /// The function the file assigns to Lua local `b` declared without one (`local
    /// validate` above a later `function validate(..)`, which assigns to it): the one
    /// such definition in the local's own scope. Any other local holds a value the
    /// facts do not follow.
    fn lua_function_assigned(&self, file: &Arc<FileFacts>, b: &Binding) -> Resolution {
        let assigned = DefRef::all_in(file, |d| {
            written_path(file, d) == b.name
                && d.parent.and_then(|p| u32::try_from(p).ok()) == b.scope
                && !d.signature.starts_with("local ")
        });
        match assigned.as_slice() {
            [only] => Resolution::Definition(only.clone()),
            _ => Resolution::Local,
        }
    }

    /// Whether `global`, the value of local `local` read where `r` stands, names a
    /// global: it is the local's own name (`local type = type`, whose value is read
    /// before the local holds), or no local of that name holds there.
    fn names_a_global(file: &FileFacts, r: &Reference, local: &str, global: &str) -> bool {
        global == local || Self::binding_at(file, r, global).is_none()
    }

    /// The table `self` is in the Lua method enclosing `r`: the innermost enclosing
    /// definition written with a table (`function M:f()`, `function M.f(self)`),
    /// unless a function between declares a `self` of its own, or a local named
    /// `self` stands for some other value.
    fn lua_self_table<'f>(&self, file: &'f Arc<FileFacts>, r: &Reference) -> Option<&'f str> {
        let own = Self::binding_at(file, r, "self");
        if own.is_some_and(|b| b.kind != BindingKind::Parameter) {
            return None;
        }
        for i in Self::enclosing_chain(file, r.enclosing) {
            let d = file.definitions.get(i)?;
            if let Some(table) = table_of(file, d) {
                // `function M.f(self)` names its `self`; `function M:f()` (a method)
                // has it unwritten; `function M.f()` has none.
                let declared_here = match own {
                    Some(b) => b.scope == u32::try_from(i).ok(),
                    None => d.kind == Kind::Method,
                };
                return declared_here.then_some(table);
            }
            // A function between whose own parameter `self` is.
            if own.is_some_and(|b| b.scope == u32::try_from(i).ok()) {
                return None;
            }
        }
        None
    }

    /// The file `require(module)` loads: `a/b.lua` or `a/b/init.lua` for `a.b`, at
    /// the tree's root or under a directory a search path commonly names. None in
    /// the tree is a library's; one found only elsewhere (a test fixture's
    /// namesake), or more than one, leaves the module unknown.
    pub(super) fn lua_module(&self, module: &str) -> ModuleTarget {
        let path = module.replace('.', "/");
        let endings = [format!("{path}.lua"), format!("{path}/init.lua")];
        // Every file of the tree whose path ends so, wherever it lies.
        let files = self.cached_module((PathBuf::from(&path), "lua".to_string()), || {
            let mut found: Vec<PathBuf> = self
                .file_set()
                .iter()
                .filter(|f| {
                    f.to_str().is_some_and(|text| {
                        endings.iter().any(|e| {
                            text.strip_suffix(e.as_str())
                                .is_some_and(|prefix| prefix.is_empty() || prefix.ends_with('/'))
                        })
                    })
                })
                .cloned()
                .collect();
            found.sort();
            found
        });
        let searched: Vec<PathBuf> = files
            .iter()
            .filter(|f| {
                let dir = f
                    .to_str()
                    .and_then(|text| endings.iter().find_map(|e| text.strip_suffix(e.as_str())))
                    .unwrap_or("")
                    .trim_end_matches('/');
                dir.is_empty() || SEARCH_ROOTS.contains(&dir.rsplit('/').next().unwrap_or(dir))
            })
            .cloned()
            .collect();
        match (searched.len(), files.is_empty()) {
            (1, _) => ModuleTarget::Files(searched),
            (0, true) => ModuleTarget::External(module.to_string()),
            _ => ModuleTarget::Unknown,
        }
    }
}

/// Whether Lua definition `d` of a module file is the member `name` of the table the
/// file returns: `function M.name` in a file ending with `return M`, or the function a
/// field of that table is given by name (`M.name = helper`, `return { name = helper }`).
pub(super) fn is_lua_module_member(file: &FileFacts, d: &Symbol, name: &str) -> bool {
    let Some(module) = &file.module_value else {
        return false;
    };
    if d.parent.is_some() {
        return false;
    }
    if d.name == name
        && module
            .table
            .as_deref()
            .is_some_and(|t| table_of(file, d) == Some(t))
    {
        return true;
    }
    module
        .fields
        .iter()
        .any(|(field, function)| field == name && d.qualified_name == *function)
}
