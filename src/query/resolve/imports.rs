//! Imports and packages: where an import points (a module of the repository, a
//! declared package, or something outside the repository, which makes its names
//! external), and which definitions a module or a package holds.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::guards::{kept_if_complete, SupertypeChain, SUPERTYPE_CUTS};
use super::includes::is_include;
use super::members::{pick, with_variants};
use super::module_files::{file_dir, file_path, normalize};
use super::qualified::imported_module_path;
use super::rust_modules::{
    dependency_names, package_manifest, rust_module, workspace_crates, PathSite, RustModule,
    MANIFEST_LIMIT,
};
use super::{
    function_around, kind_mask, kind_ok, DefRef, FactsKey, FileIndex, ImportKey, NameRole,
    Resolution, Resolver, TYPE_KINDS,
};
use crate::facts::{is_namespace_path, FileFacts, Import, RefKind, Reference};
use crate::query::scoping::{scoping, PackageScope};
use crate::symbols::Kind;

/// Where an import's module lives.
pub(super) enum ModuleTarget {
    Files(Vec<PathBuf>),
    /// A Rust module written inline in a file (`mod tests { .. }`, `pub mod helpers {
    /// .. }`): the file, and the modules down to it (`["helpers", "deep"]`).
    Inline(PathBuf, Vec<String>),
    /// A declared package (Java-like languages): definitions are found by package.
    Package(String),
    External(String),
    Unknown,
}

/// Whether `d`'s name with its package in front (unless its qualified name already
/// starts with the package) is `{pkg}.{name}`; compared in place, since resolving an
/// import asks this of every definition of the imported name.
fn full_name_is(d: &DefRef, pkg: &str, name: &str) -> bool {
    let q = d.symbol().qualified_name.as_str();
    let in_front = match &d.file.package {
        Some(p) if !(q.starts_with(p.as_str()) && q[p.len()..].starts_with('.')) => p.as_str(),
        _ => "",
    };
    let full = [in_front, if in_front.is_empty() { "" } else { "." }, q];
    let wanted = [pkg, ".", name];
    full.iter()
        .flat_map(|s| s.bytes())
        .eq(wanted.iter().flat_map(|s| s.bytes()))
}

/// The innermost namespace block of `file` that holds byte `at`, by its index.
fn innermost_namespace(file: &FileFacts, at: usize) -> Option<u32> {
    file.definitions
        .iter()
        .enumerate()
        .filter(|(_, d)| d.kind == Kind::Namespace && d.start_byte <= at && at < d.end_byte)
        .min_by_key(|(_, d)| d.end_byte - d.start_byte)
        .and_then(|(i, _)| u32::try_from(i).ok())
}

/// Whether files `a` and `b` are of one package, where members of a type may be
/// written apart from it.
pub(super) fn same_package(a: &FileFacts, b: &FileFacts) -> bool {
    match scoping(a.language.name).package {
        PackageScope::Directory => file_dir(a) == file_dir(b),
        // Scala adds no members to a type from other files (a companion is written
        // beside its class): a member of a type of that name in another package is
        // a namesake's (`trait A { def b }` of `test6` for `object A` of `a.b`).
        PackageScope::Declared if a.language.name == "scala" => a.package == b.package,
        _ => true,
    }
}

impl<'s> Resolver<'s> {
    /// A type name as written in `file` (with the qualifier written before it).
    pub(super) fn resolve_type_name(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        ty: &str,
        qualifier: Option<&str>,
    ) -> Resolution {
        let Some(q) = qualifier.filter(|q| !q.is_empty()) else {
            return self.resolve_unqualified(file, at, ty, TYPE_KINDS, NameRole::TypeOnly);
        };
        // Rust's `super::Inner`, `crate::runtime::Handle`, `io::Error`: a module path,
        // read where the definition that writes it stands (its inline module).
        if file.language.name == "rust" {
            // `Self::Output`: an associated type of the type or trait the header is
            // written in, never a module's.
            if q == "Self" {
                return match self.enclosing_type_def(file, at) {
                    Some(t) => {
                        let kinds = with_variants(&t, TYPE_KINDS);
                        self.lookup_result(self.member_of(&t, ty, &kinds))
                    }
                    None => Resolution::Unresolved,
                };
            }
            if q.starts_with("Self::") {
                return Resolution::Unresolved;
            }
            let written_at = at
                .and_then(|i| file.definitions.get(i as usize))
                .map_or(0, |d| d.start_byte);
            return self.member_of_rust_path(file, written_at, q, ty, TYPE_KINDS);
        }
        // PHP's `\App\Util\Box`: a class in a namespace.
        if file.language.name == "php" && is_namespace_path(q) {
            return self.in_php_namespace(file, at, q, ty, TYPE_KINDS);
        }
        // C++'s `port::Mutex`, `std::string`: a namespace path.
        if file.language.name == "cpp" {
            return self
                .cpp_scoped(file, at, q, ty, TYPE_KINDS)
                .unwrap_or(Resolution::Unresolved);
        }
        // `pkg.T` where `pkg` is an import (Go, Python modules).
        if let Some(imp) = file
            .imports
            .iter()
            .find(|i| !i.wildcard && i.bound_name() == Some(q))
        {
            return self.member_of_import(file, imp, ty, TYPE_KINDS);
        }
        // `React.FC` where nothing names `React`: the library's global namespace.
        if let Some(module) = self.library_global_namespace(file, q) {
            return Resolution::External(Some(module.to_string()));
        }
        // Python's `pkg.mod.Thing`: a type of an imported module's submodule.
        if file.language.name == "python" {
            if let Some(imp) = imported_module_path(file, q) {
                return self.member_of_import(file, &imp, ty, TYPE_KINDS);
            }
        }
        // A package-qualified type (`java.util.Map`), or a type nested in one the code
        // sees (`JdkProxyHint.Builder`).
        let sc = self.scoping(file);
        if sc.package == PackageScope::Declared {
            return self
                .nested_type(file, at, q, ty)
                .unwrap_or_else(|| self.type_in_package(q, ty));
        }
        Resolution::Unresolved
    }

    /// `Outer.Inner` written at `at`, where `Outer` (capitalised, as types are
    /// named where packages are declared) is a type the code sees: its member type
    /// `ty`, through any further types of the path. `None` when the path's head names
    /// no type (it is a package's).
    fn nested_type(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        q: &str,
        ty: &str,
    ) -> Option<Resolution> {
        let mut path = q.split('.');
        let head = path.next()?;
        if !head.starts_with(|c: char| c.is_ascii_uppercase()) {
            return None;
        }
        let mut outer =
            match self.resolve_unqualified(file, at, head, TYPE_KINDS, NameRole::TypeOnly) {
                Resolution::Definition(t) if t.symbol().kind.is_type_like() => t,
                found @ Resolution::External(_) => return Some(found),
                _ => return None,
            };
        for inner in path.chain(std::iter::once(ty)) {
            match self.lookup_result(self.member_of(&outer, inner, TYPE_KINDS)) {
                Resolution::Definition(t) if t.symbol().kind.is_type_like() => outer = t,
                Resolution::Definition(_) => return Some(Resolution::Unresolved),
                other => return Some(other),
            }
        }
        Some(Resolution::Definition(outer))
    }

    /// C++'s `q::name` written at `at` (`port::Mutex`, `crc32c::Value(..)`): the
    /// standard library's for `std::`; else the definition of that path in the
    /// namespace or class the code is written in or one enclosing it (`port::Mutex`
    /// inside `namespace leveldb` is `leveldb::port::Mutex` or `::port::Mutex`), of a
    /// file the writing file includes. Unresolved when `q` is a namespace of the tree
    /// that holds no such definition the file sees, or several; `None` when `q`
    /// names no namespace of the tree (a class, or a library's namespace).
    pub(super) fn cpp_scoped(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        q: &str,
        name: &str,
        kinds: &[Kind],
    ) -> Option<Resolution> {
        let path = q.trim_start_matches("::").replace("::", ".");
        if path == "std" || path.starts_with("std.") {
            return Some(Resolution::External(Some("std".to_string())));
        }
        let here = at
            .and_then(|i| file.definitions.get(i as usize))
            .map_or("", |d| d.qualified_name.as_str());
        // `qualified` is `path.last` in the scope `here` is written in or one
        // enclosing it: what is left before `path.last` is empty (`::port::Mutex`)
        // or such a scope, with its dot.
        let in_scope = |qualified: &str, last: &str| {
            let Some(outer) = qualified
                .strip_suffix(last)
                .and_then(|o| o.strip_suffix('.'))
                .and_then(|o| o.strip_suffix(path.as_str()))
            else {
                return false;
            };
            outer.is_empty()
                || outer
                    .strip_suffix('.')
                    .is_some_and(|scope| here == scope || here.starts_with(&format!("{scope}.")))
        };
        let found: Vec<DefRef> = self
            .defs_named(name)
            .iter()
            .filter(|d| {
                let s = d.symbol();
                kind_ok(kinds, s.kind)
                    && s.kind != Kind::Scope
                    && in_scope(&s.qualified_name, name)
                    && self.c_can_name(file, d)
            })
            .cloned()
            .collect();
        if let Some(d) = pick(found) {
            return Some(Resolution::Definition(d));
        }
        // A namespace of the tree: what it holds is the tree's, never a library's.
        let (outer, last) = path.rsplit_once('.').unwrap_or(("", path.as_str()));
        let namespace = self.defs_named(last).iter().any(|d| {
            let s = d.symbol();
            s.kind == Kind::Namespace
                && (s.qualified_name == path
                    || s.qualified_name.ends_with(&format!(".{path}"))
                    || (outer.is_empty() && s.qualified_name == last))
        });
        namespace.then_some(Resolution::Unresolved)
    }

    pub(super) fn type_in_package(&self, pkg: &str, ty: &str) -> Resolution {
        let found: Vec<DefRef> = self
            .defs_named(ty)
            .iter()
            .filter(|d| {
                let s = d.symbol();
                s.kind.is_type_like() && full_name_is(d, pkg, ty)
            })
            .cloned()
            .collect();
        if let Some(d) = pick(found) {
            return Resolution::Definition(d);
        }
        if self.package_in_repo(pkg) {
            Resolution::Unresolved
        } else {
            Resolution::External(Some(pkg.to_string()))
        }
    }

    /// Whether any directory of the tree ends with the package's path.
    pub(super) fn package_in_repo(&self, pkg: &str) -> bool {
        self.dirs().with_tail(&pkg.replace('.', "/")).is_some()
    }

    /// `name` as a member of what `imp` binds (a module, or a type).
    pub(super) fn member_of_import(
        &self,
        file: &Arc<FileFacts>,
        imp: &Import,
        name: &str,
        kinds: &[Kind],
    ) -> Resolution {
        if imp.name.as_deref() == Some("default") {
            // A default export: whatever it is, its members are not visible here.
            return match self.module_target(file, imp) {
                ModuleTarget::External(m) => Resolution::External(Some(m)),
                _ => Resolution::Unresolved,
            };
        }
        if imp.name.is_none() && file.language.name == "php" {
            let class = self.resolve_import(file, imp, TYPE_KINDS);
            return self.member_of_value(class, name, kinds);
        }
        if imp.name.is_none() {
            // A whole module.
            let target = self.module_target(file, imp);
            if let ModuleTarget::External(m) = target {
                return Resolution::External(Some(m));
            }
            return self.module_member(&target, name, kinds);
        }
        match self.resolve_import(file, imp, &[]) {
            Resolution::Definition(d) if d.symbol().kind.is_type_like() => {
                self.lookup_result(self.member_of(&d, name, kinds))
            }
            // A TypeScript namespace (`import { TChat } from './types'`); another
            // language's namespace imported by name is not followed.
            Resolution::Definition(d) if d.symbol().kind == Kind::Namespace => {
                if matches!(d.file.language.name, "typescript" | "tsx") {
                    self.lookup_result(self.member_of(&d, name, kinds))
                } else {
                    Resolution::Unresolved
                }
            }
            Resolution::External(m) => Resolution::External(m),
            // Rust's `use consts::SHERLOCK;`: a member of the type it is declared with.
            Resolution::Definition(d)
                if d.symbol().kind == Kind::Constant && file.language.name == "rust" =>
            {
                self.rust_constant_member(file, &d, name, kinds)
                    .unwrap_or(Resolution::Unresolved)
            }
            _ => {
                // `import { z } from "zod/mini"`, whose module imports a namespace
                // (`import * as z from "./external"`) and passes it on.
                if is_js(file.language.name) {
                    let target = self.module_target(file, imp);
                    if let Some(namespace) = imp
                        .name
                        .as_deref()
                        .and_then(|imported| self.js_namespace_passed_on(&target, imported))
                    {
                        return self.module_member(&namespace, name, kinds);
                    }
                }
                // Python `from pkg import module`, Rust `use crate::util::trace`: the
                // name is a submodule.
                let separator = match file.language.name {
                    "rust" => "::",
                    _ if imp.module.ends_with('.') => "",
                    _ => ".",
                };
                let sub = Import {
                    module: format!(
                        "{}{separator}{}",
                        imp.module,
                        imp.name.as_deref().unwrap_or_default()
                    ),
                    name: None,
                    ..imp.clone()
                };
                match self.module_target(file, &sub) {
                    // What the submodule defines, or passes on from another
                    // (`pub(crate) use current::with_current;`).
                    target @ (ModuleTarget::Files(_) | ModuleTarget::Inline(..)) => {
                        self.module_member(&target, name, kinds)
                    }
                    // A module-level variable of a known type: a member of that type.
                    _ => match imp.name.as_deref().and_then(|imported| {
                        self.module_value_type(&self.module_target(file, imp), imported)
                    }) {
                        Some(ty) => self.member_of_value_in(file, ty, name, kinds),
                        None => Resolution::Unresolved,
                    },
                }
            }
        }
    }

    pub(super) fn resolve_import_ref(&self, file: &Arc<FileFacts>, r: &Reference) -> Resolution {
        let imp = file
            .imports
            .iter()
            .find(|i| i.start_byte == r.start_byte)
            .or_else(|| file.imports.iter().find(|i| i.line == r.line));
        match imp {
            Some(imp) if imp.name.is_some() || file.language.name == "php" => {
                self.resolve_import(file, imp, &[])
            }
            Some(imp) => match self.module_target(file, imp) {
                ModuleTarget::External(m) => Resolution::External(Some(m)),
                _ => Resolution::Unresolved,
            },
            None => Resolution::Unresolved,
        }
    }

    /// [`Resolver::import_target`], answered once per import and kinds: the uses in a
    /// file mostly go through a few imported types (an answer a dry run gave without
    /// a name it has not loaded, or that met a cut chain, is not kept).
    pub(super) fn resolve_import(
        &self,
        file: &Arc<FileFacts>,
        imp: &Import,
        kinds: &[Kind],
    ) -> Resolution {
        let Some(at) = file.imports.iter().position(|i| std::ptr::eq(i, imp)) else {
            return self.import_target(file, imp, kinds);
        };
        let key: ImportKey = (FactsKey(file.clone()), at, kind_mask(kinds));
        kept_if_complete(&self.imports, key, || self.import_target(file, imp, kinds))
    }

    /// The definition an import of a name brings in (or the module of one that names
    /// none), of `kinds`.
    fn import_target(&self, file: &Arc<FileFacts>, imp: &Import, kinds: &[Kind]) -> Resolution {
        // PHP's `use Foo;`: a class of the global namespace.
        if imp.name.is_none() && file.language.name == "php" {
            return self.in_php_namespace(file, None, "\\", &imp.module, kinds);
        }
        let Some(name) = imp.name.as_deref() else {
            return match self.module_target(file, imp) {
                ModuleTarget::External(m) => Resolution::External(Some(m)),
                // CommonJS `const assert = require("./assert")` of a file that ends
                // `module.exports = ok;`: that file's `ok`.
                ModuleTarget::Files(files) if is_js(file.language.name) => {
                    self.commonjs_export(&files, kinds)
                }
                _ => Resolution::Unresolved,
            };
        };
        if imp.is_static {
            // `import static a.b.C.m`: member `m` of type `a.b.C`.
            let (pkg, ty) = imp
                .module
                .rsplit_once('.')
                .unwrap_or(("", imp.module.as_str()));
            return match self.type_in_package(pkg, ty) {
                Resolution::Definition(t) => self.lookup_result(self.member_of(&t, name, kinds)),
                other => other,
            };
        }
        // C++'s `using leveldb::DB;`: a namespace's member, wherever the headers that
        // declare it live (a directory named like the namespace is no module).
        if file.language.name == "cpp" {
            let at = innermost_namespace(file, imp.start_byte as usize);
            if let Some(found) = self.cpp_scoped(file, at, &imp.module, name, kinds) {
                return found;
            }
        }
        let target = self.module_target(file, imp);
        match &target {
            // A package no directory of the tree shows, which a repository file
            // declares all the same (PHP's `use Vendor\Lib\Thing;` for the package's
            // own classes, whose directories leave out the vendor prefix).
            ModuleTarget::External(m) => {
                let declared = self.declared_in(m, name, kinds);
                if declared.is_empty() {
                    Resolution::External(Some(m.clone()))
                } else {
                    // Several classes of that name in that package are no guess.
                    pick(declared).map_or(Resolution::Unresolved, Resolution::Definition)
                }
            }
            ModuleTarget::Package(pkg) => {
                let scala = file.language.name == "scala";
                // Scala's paths may start inside the file's own packages (`import
                // std.TaskExtra._` in package `sbt`): those are tried first.
                let paths: Vec<String> = if scala {
                    scala_enclosing_packages(file)
                        .map(|outer| format!("{outer}.{pkg}"))
                        .chain(std::iter::once(pkg.clone()))
                        .collect()
                } else {
                    vec![pkg.clone()]
                };
                for path in &paths {
                    let found: Vec<DefRef> = self
                        .defs_named(name)
                        .iter()
                        .filter(|d| kind_ok(kinds, d.symbol().kind) && full_name_is(d, path, name))
                        .cloned()
                        .collect();
                    if let Some(d) = pick(found) {
                        return Resolution::Definition(d);
                    }
                    // `import sbt.Def.{Initialize}`: a member of an object or class of
                    // the tree, which the path ends with.
                    if let Some((p, ty)) = path.rsplit_once('.') {
                        if let Resolution::Definition(ty) = self.type_in_package(p, ty) {
                            return self.lookup_result(self.member_of(&ty, name, kinds));
                        }
                    }
                    if self.package_in_repo(path) && path != pkg {
                        return Resolution::Unresolved;
                    }
                }
                // Scala's `import Def.{Setting}`: a member of a type the file names.
                if scala && !pkg.contains('.') {
                    // Imports that name each other (`import A.{B}` beside `import
                    // B.{A}`) are followed round once, then cut.
                    let Some(_open) = SupertypeChain::enter(relative_import_key(file, pkg)) else {
                        SUPERTYPE_CUTS.set(SUPERTYPE_CUTS.get() + 1);
                        return Resolution::Unresolved;
                    };
                    return match self.resolve_unqualified(
                        file,
                        None,
                        pkg,
                        TYPE_KINDS,
                        NameRole::TypeOnly,
                    ) {
                        Resolution::Definition(ty) => {
                            self.lookup_result(self.member_of(&ty, name, kinds))
                        }
                        _ => Resolution::Unresolved,
                    };
                }
                if self.package_in_repo(pkg) {
                    Resolution::Unresolved
                } else {
                    Resolution::External(Some(pkg.clone()))
                }
            }
            ModuleTarget::Files(_) | ModuleTarget::Inline(..) => {
                self.module_member(&target, name, kinds)
            }
            ModuleTarget::Unknown => Resolution::Unresolved,
        }
    }

    /// What a CommonJS module file exports whole (`module.exports = ok;`): its
    /// top-level definition of that name.
    fn commonjs_export(&self, files: &[PathBuf], kinds: &[Kind]) -> Resolution {
        let [only] = files else {
            return Resolution::Unresolved;
        };
        let Some(facts) = self.source.outline(only) else {
            return Resolution::Unresolved;
        };
        let Some(exported) = facts.module_value.as_ref().and_then(|m| m.table.as_deref()) else {
            return Resolution::Unresolved;
        };
        pick(DefRef::all_in(&facts, |d| {
            d.parent.is_none() && d.name == exported && kind_ok(kinds, d.kind)
        }))
        .map_or(Resolution::Unresolved, Resolution::Definition)
    }

    /// `name` defined at the top of a module, or re-exported by it (`from .user
    /// import User` in a package's `__init__.py`), up to [`MAX_REEXPORT_DEPTH`] re-exports
    /// deep. A Python or JavaScript module that passes on a library's name by name
    /// (`from starlette.testclient import TestClient as TestClient`, `export { x }
    /// from "lib"`) gives that library's.
    pub(super) fn module_member(
        &self,
        target: &ModuleTarget,
        name: &str,
        kinds: &[Kind],
    ) -> Resolution {
        self.module_member_within(target, name, kinds, 0, &mut HashSet::new())
    }

    /// [`Resolver::module_member`], following what the module passes on from others.
    fn module_member_within(
        &self,
        target: &ModuleTarget,
        name: &str,
        kinds: &[Kind],
        depth: usize,
        seen: &mut HashSet<(PathBuf, String)>,
    ) -> Resolution {
        if matches!(target, ModuleTarget::External(_)) {
            return Resolution::Unresolved;
        }
        // An external target is reached only through a re-export by name (see
        // `through_reexports`).
        let defined = |t: &ModuleTarget, n: &str| match t {
            ModuleTarget::External(m) => Some(Resolution::External(Some(m.clone()))),
            t => pick(self.top_level_in(t, n, kinds))
                .map(Resolution::Definition)
                .or_else(|| self.python_type_renamed(t, n, kinds)),
        };
        match self.through_reexports(target, name, depth, seen, &defined) {
            Some(Resolution::Definition(d)) if self.rust_imported_beside(&d) => {
                Resolution::Unresolved
            }
            Some(found) => found,
            None => Resolution::Unresolved,
        }
    }

    /// Whether Rust definition `d`'s module also imports a name like it (`pub(crate)
    /// use tokio::task::coop::poll_proceed;` beside a stub `fn poll_proceed`): a
    /// module can hold both only when `cfg` keeps one of them out of every build, and
    /// which one the build holds, the tree does not tell. A module or a macro is of
    /// a namespace of its own, which an import of a function or type of its name does
    /// not clash with (`mod timeout; pub use timeout::timeout;`).
    fn rust_imported_beside(&self, d: &DefRef) -> bool {
        let symbol = d.symbol();
        d.file.language.name == "rust"
            && !matches!(symbol.kind, Kind::Module | Kind::Macro)
            && !self
                .imports_binding(&d.file, symbol.start_byte, &symbol.name)
                .is_empty()
    }

    /// What `here` finds for `name` in module `target`, or else in the modules it
    /// passes the name on from (`from .m import X`, `export { X } from "./m"`, `export
    /// * from "./m"`, Python's `from .m import *`), up to [`MAX_REEXPORT_DEPTH`] deep,
    /// looking in each module file for each name once (`seen`).
    fn through_reexports<T>(
        &self,
        target: &ModuleTarget,
        name: &str,
        depth: usize,
        seen: &mut HashSet<(PathBuf, String)>,
        here: &dyn Fn(&ModuleTarget, &str) -> Option<T>,
    ) -> Option<T> {
        if let Some(found) = here(target, name) {
            return Some(found);
        }
        let ModuleTarget::Files(files) = target else {
            return None;
        };
        // A monorepo's barrels chain packages (`vue` → `@vue/runtime-dom` →
        // `@vue/runtime-core` → `@vue/reactivity` → `./ref`); `seen` keeps the walk to
        // each module file once per name, however deep.
        if depth >= MAX_REEXPORT_DEPTH {
            return None;
        }
        for f in files {
            if !seen.insert((f.clone(), name.to_string())) {
                continue;
            }
            let Some(facts) = self.source.outline(f) else {
                continue;
            };
            // Python's `import json` in a module makes `json` one of its names, which
            // `from .compat import json` takes.
            let python = facts.language.name == "python";
            let named = facts.imports.iter().filter(|i| {
                !i.wildcard
                    && i.bound_name() == Some(name)
                    && (i.name.is_some() || (python && (i.alias.is_some() || i.module == name)))
            });
            // A wildcard import without a name of its own passes every name on, where
            // the language makes the imported names the module's own. A Rust glob does
            // so for the module it is written in: one of an inline module or of a
            // function's body says nothing of the file's names.
            let rust = facts.language.name == "rust";
            let passes_all = rust
                || matches!(
                    facts.language.name,
                    "python" | "javascript" | "typescript" | "tsx"
                );
            let index = rust.then(|| self.file_index(&facts));
            let file_level = |position: usize| {
                index
                    .as_ref()
                    .is_none_or(|index| index.file_level_globs().any(|g| g.position == position))
            };
            let everything = facts.imports.iter().enumerate().filter(|(position, i)| {
                passes_all && i.wildcard && i.alias.is_none() && file_level(*position)
            });
            for imp in named.chain(everything.map(|(_, i)| i)) {
                let inner = imp.name.as_deref().unwrap_or(name);
                let next = self.module_target(&facts, imp);
                let skip = match &next {
                    ModuleTarget::External(m) => !self.passes_on_library(&facts, imp, m),
                    // A whole module imported is no module to look the name up in.
                    _ => imp.name.is_none() && !imp.wildcard,
                };
                if skip {
                    continue;
                }
                if let Some(found) = self.through_reexports(&next, inner, depth + 1, seen, here) {
                    return Some(found);
                }
            }
        }
        None
    }

    /// Whether import `imp` of module `facts`, of library `module`, passes the name it
    /// binds on beyond doubt. Only a Python, JavaScript or Rust import that names it
    /// does (Rust's `pub use std::time::Duration;`): what a wildcard import of a
    /// library brings, the tree does not show; and every other import binding the
    /// name there must be of that library module too (`try: from simplejson import X`
    /// then `except ImportError: from json import X`, or Rust's two `use`s under
    /// `cfg`s, leave open which one the module holds).
    fn passes_on_library(&self, facts: &FileFacts, imp: &Import, module: &str) -> bool {
        let lang = facts.language.name;
        if imp.wildcard || !(lang == "python" || lang == "rust" || is_js(lang)) {
            return false;
        }
        let name = imp.bound_name();
        facts
            .imports
            .iter()
            .filter(|other| !other.wildcard && other.bound_name() == name)
            .all(|other| {
                matches!(self.module_target(facts, other),
                    ModuleTarget::External(m) if m == module)
            })
    }

    /// The module whose namespace JavaScript module `target` gives as `name`: one it
    /// imports whole under that name (`import * as z from "./external"; export { z
    /// };`, `export * as z from "./external"`), or one a module it passes names on
    /// from gives so.
    fn js_namespace_passed_on(&self, target: &ModuleTarget, name: &str) -> Option<ModuleTarget> {
        let here = |t: &ModuleTarget, n: &str| -> Option<ModuleTarget> {
            let ModuleTarget::Files(files) = t else {
                return None;
            };
            files.iter().find_map(|f| {
                let facts = self.source.outline(f)?;
                let imp = facts
                    .imports
                    .iter()
                    .find(|i| i.wildcard && i.name.is_none() && i.alias.as_deref() == Some(n))?;
                match self.module_target(&facts, imp) {
                    found @ ModuleTarget::Files(_) => Some(found),
                    _ => None,
                }
            })
        };
        self.through_reexports(target, name, 0, &mut HashSet::new(), &here)
    }

    /// The type of the value a module-level variable `name` of `target` holds (Python's
    /// `apps = Apps()`, TypeScript's `export const db = new Db()`), or of one the
    /// module passes on; `None` when no such variable is there, or its type is not
    /// known.
    fn module_value_type(&self, target: &ModuleTarget, name: &str) -> Option<Resolution> {
        let here = |t: &ModuleTarget, n: &str| -> Option<Resolution> {
            let ModuleTarget::Files(files) = t else {
                return None;
            };
            files.iter().find_map(|f| self.file_value_type(f, n))
        };
        self.through_reexports(target, name, 0, &mut HashSet::new(), &here)
    }

    /// The type of the value the file at `path` gives its top-level variable `name`,
    /// when its syntax shows one (`router = ConnectionRouter()`, `var echoCmd =
    /// &Command{}`).
    pub(super) fn file_value_type(&self, path: &Path, name: &str) -> Option<Resolution> {
        let facts = self.source.facts(path)?;
        let b = facts
            .bindings
            .iter()
            .find(|b| b.scope.is_none() && b.name == name)?;
        // Read where the variable is declared: at the top of its file.
        let at_top = Reference {
            name: name.to_string(),
            qualifier: None,
            kind: RefKind::Reference,
            line: 0,
            column: 0,
            start_byte: 0,
            enclosing: None,
            arity: None,
        };
        let ty = self.type_of_binding(&facts, &at_top, b);
        matches!(ty, Resolution::Definition(_) | Resolution::External(_)).then_some(ty)
    }

    /// Top-level definitions named `name` in a module.
    fn top_level_in(&self, target: &ModuleTarget, name: &str, kinds: &[Kind]) -> Vec<DefRef> {
        match target {
            ModuleTarget::Files(files) => {
                let mut out = Vec::new();
                for f in files {
                    let Some(facts) = self.source.outline(f) else {
                        continue;
                    };
                    // A Rust item in an inline `mod` is reached through that module's
                    // name, not the file's.
                    let rust = facts.language.name == "rust";
                    let go = facts.language.name == "go";
                    for (i, d) in facts.definitions.iter().enumerate() {
                        let top = match d.parent {
                            // A member of a Rust `impl` block is no top-level name,
                            // nor is a Go method (`pkg.F` never names one).
                            None => {
                                (!rust || d.qualified_name == d.name)
                                    && !(go && d.kind == Kind::Method)
                            }
                            Some(p) => {
                                !rust
                                    && facts.definitions.get(p).is_some_and(|p| {
                                        p.kind == Kind::Namespace || p.kind == Kind::Module
                                    })
                            }
                        };
                        // A Lua module's members are the fields of the table it
                        // returns.
                        let named = if facts.language.name == "lua" {
                            super::lua_tables::is_lua_module_member(&facts, d, name)
                        } else {
                            top && d.name == name
                        };
                        if named && kind_ok(kinds, d.kind) {
                            out.push(DefRef {
                                file: facts.clone(),
                                index: i,
                            });
                        }
                    }
                    if out.is_empty() && rust {
                        out = self.exported_macros(&facts, name, kinds);
                    }
                }
                out
            }
            ModuleTarget::Inline(file, modules) => self
                .source
                .outline(file)
                .map(|facts| super::rust_inline_modules::members(&facts, modules, name, kinds))
                .unwrap_or_default(),
            ModuleTarget::Package(pkg) => self.declared_in(pkg, name, kinds),
            ModuleTarget::External(_) | ModuleTarget::Unknown => Vec::new(),
        }
    }

    /// Whether a quoted `#include` of `file` names a file outside this run's files.
    pub(super) fn includes_unseen_files(&self, file: &FileFacts) -> bool {
        matches!(file.language.name, "c" | "cpp")
            && file.imports.iter().any(|i| {
                !i.system
                    && is_include(i)
                    && matches!(
                        self.include_target(&file_path(file), i),
                        ModuleTarget::External(_)
                    )
            })
    }

    /// Whether `file` includes `other` (C/C++), directly or as the header's source twin.
    pub(super) fn is_included(&self, file: &FileFacts, other: &FileFacts) -> bool {
        let Some(other_path) = other.definitions.first().map(|d| normalize(&d.path)) else {
            return false;
        };
        let other_stem = other_path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned());
        file.imports.iter().any(|i| {
            let inc = Path::new(&i.module);
            other_path.ends_with(inc)
                || inc.file_stem().map(|s| s.to_string_lossy().into_owned()) == other_stem
        })
    }

    /// Where an import's module lives: repository files, a declared package, or
    /// outside the repository.
    pub(super) fn module_target(&self, file: &FileFacts, imp: &Import) -> ModuleTarget {
        let lang = file.language.name;
        let importer = file_path(file);
        match lang {
            "python" => {
                // A module that imports relatively runs in its package, never as a
                // script.
                let in_package = file.imports.iter().any(|i| i.module.starts_with('.'));
                self.python_module(&importer, &imp.module, in_package)
            }
            "javascript" | "typescript" | "tsx" => self.js_module(&importer, &imp.module),
            "go" => self.go_package(&importer, &imp.module),
            "lua" => self.lua_module(&imp.module),
            "rust" => {
                self.rust_module_target(file, &importer, &imp.module, imp.start_byte as usize)
            }
            // C++ `using std::string` names a namespace, not a file.
            "c" | "cpp" if is_include(imp) => self.include_target(&importer, imp),
            // A PHP namespace is what files declare, wherever they lie (`src/Illuminate/..`
            // or a vendor prefix the directories leave out): the caller looks the name up
            // among the declarations.
            "php" => ModuleTarget::External(imp.module.clone()),
            _ => match scoping(lang).package {
                PackageScope::Declared => {
                    if imp.is_static && !imp.wildcard {
                        ModuleTarget::Package(
                            imp.module
                                .rsplit_once('.')
                                .map_or(String::new(), |(p, _)| p.to_string()),
                        )
                    } else if self.package_in_repo(&imp.module) || !imp.module.contains('.') {
                        ModuleTarget::Package(imp.module.clone())
                    } else {
                        // Not a directory of the tree: a library, unless some file
                        // declares the package anyway (checked by the caller's lookup).
                        let first = imp.module.split('.').next().unwrap_or("");
                        if self.dirs().has_component(first) {
                            ModuleTarget::Package(imp.module.clone())
                        } else {
                            ModuleTarget::External(imp.module.clone())
                        }
                    }
                }
                _ => {
                    let first = imp
                        .module
                        .split(['.', ':', '\\', '/'])
                        .find(|s| !s.is_empty())
                        .unwrap_or("");
                    if matches!(first, "crate" | "self" | "super")
                        || self.dirs().has_component(first)
                    {
                        ModuleTarget::Unknown
                    } else {
                        ModuleTarget::External(imp.module.clone())
                    }
                }
            },
        }
    }

    /// `name` in what Rust path `path` names: a module, or a type of a module. A
    /// path that starts with an imported name starts where that import leads.
    pub(super) fn member_of_rust_path(
        &self,
        file: &Arc<FileFacts>,
        written_at: usize,
        path: &str,
        name: &str,
        kinds: &[Kind],
    ) -> Resolution {
        let (first, rest) = path.split_once("::").unwrap_or((path, ""));
        let mut path = path.to_string();
        if let Some(imp) = self.import_binding(file, written_at, first) {
            let full = match &imp.name {
                Some(n) => format!("{}::{n}", imp.module),
                None => imp.module.clone(),
            };
            path = if rest.is_empty() {
                full
            } else {
                format!("{full}::{rest}")
            };
        }
        let importer = file_path(file);
        let at = |module: &str| self.rust_module_target(file, &importer, module, written_at);
        match at(&path) {
            ModuleTarget::External(m) => return Resolution::External(Some(m)),
            ModuleTarget::Unknown => {}
            target => return self.module_member(&target, name, kinds),
        }
        // `module::Type::member`.
        let Some((module, ty)) = path.rsplit_once("::") else {
            return Resolution::Unresolved;
        };
        match at(module) {
            ModuleTarget::External(m) => Resolution::External(Some(m)),
            ModuleTarget::Unknown => Resolution::Unresolved,
            target => match self.module_member(&target, ty, TYPE_KINDS) {
                Resolution::Definition(t) => {
                    self.lookup_result(self.member_of(&t, name, &with_variants(&t, kinds)))
                }
                _ => Resolution::Unresolved,
            },
        }
    }

    /// The files of the crate or module a Rust path's one first name stands for
    /// (`tokio` in `tokio::spawn()`, `util` of a `mod util;`, `helpers` of a `mod
    /// helpers { .. }` written inline), written at byte `at` of `file`; `None` when it
    /// names no such module of the tree.
    pub(super) fn rust_path_files(
        &self,
        file: &FileFacts,
        at: usize,
        first: &str,
    ) -> Option<ModuleTarget> {
        let target = self.rust_module_target(file, &file_path(file), first, at);
        matches!(target, ModuleTarget::Files(_) | ModuleTarget::Inline(..)).then_some(target)
    }

    /// The Rust library crates of the tree, by the name code uses for them.
    fn workspace_crates(&self) -> &rustc_hash::FxHashMap<String, PathBuf> {
        self.rust_crates
            .get_or_init(|| workspace_crates(self.file_set()))
    }

    /// Whether the first name of a Rust path written at byte `at` of `file` is a library
    /// crate the package depends on, and no module of the tree (`loom` where the crate
    /// has a `mod loom` of its own is that module).
    pub(super) fn names_library_crate(&self, file: &FileFacts, at: usize, name: &str) -> bool {
        self.rust_library_crate(file, name)
            && matches!(
                self.rust_module_target(file, &file_path(file), name, at),
                ModuleTarget::External(_)
            )
    }

    /// Whether `name` is a library crate the Rust package of `file` depends on (its
    /// manifest lists it, and it is no crate of the tree) or one of the standard
    /// library's.
    fn rust_library_crate(&self, file: &FileFacts, name: &str) -> bool {
        if matches!(name, "std" | "core" | "alloc") {
            return true;
        }
        if self.workspace_crates().contains_key(name) {
            return false;
        }
        let Some(manifest) = package_manifest(self.file_set(), &file_path(file)) else {
            return false;
        };
        self.rust_dependencies
            .get_or_compute(manifest.clone(), || {
                let text = crate::source::read_text_within(&manifest, MANIFEST_LIMIT);
                Arc::new(text.map_or_else(|_| Default::default(), |t| dependency_names(&t.text)))
            })
            .contains(name)
    }

    /// The file of the module Rust path `module`, written at byte `at` of `file`, names
    /// (see [`rust_module`]).
    fn rust_module_target(
        &self,
        file: &FileFacts,
        importer: &Path,
        module: &str,
        at: usize,
    ) -> ModuleTarget {
        match self.rust_module_here(file, importer, module, at) {
            ModuleTarget::Unknown => self
                .rust_inline_module(file, importer, module, at)
                .or_else(|| self.through_crate_globs(module))
                .unwrap_or(ModuleTarget::Unknown),
            found => found,
        }
    }

    /// [`Resolver::rust_module_target`], not looking past the globs of crate roots.
    pub(super) fn rust_module_here(
        &self,
        file: &FileFacts,
        importer: &Path,
        module: &str,
        at: usize,
    ) -> ModuleTarget {
        let index = self.file_index(file);
        let inline = index.inline_modules(at);
        let globs: Vec<String> = rust_globs_seen(file, &index, at)
            .map(|g| g.module.clone())
            .collect();
        let crates = self.workspace_crates();
        let site = PathSite {
            importer,
            inline: &inline,
            defined_here: &|name: &str| index.names.contains(name),
            module_here: &|name: &str| index.declares_module(&inline, name),
            globs: &globs,
        };
        match rust_module(self.file_set(), crates, &site, module) {
            RustModule::File(f) => ModuleTarget::Files(vec![f]),
            // `::std::mem` is the crate `std`'s module `std::mem`.
            RustModule::External => {
                ModuleTarget::External(module.trim_start_matches("::").to_string())
            }
            RustModule::Unknown => ModuleTarget::Unknown,
        }
    }

    /// Whether a Rust glob import (`use super::*;`) brings names where byte `at` of
    /// `file` stands.
    pub(super) fn rust_glob_seen(&self, file: &FileFacts, at: usize) -> bool {
        rust_globs_seen(file, &self.file_index(file), at)
            .next()
            .is_some()
    }

    /// Rust module path `module` of a workspace crate (`clap::builder`) that the
    /// crate's root does not declare, when a glob at the root passes on the modules of
    /// another crate (`pub use clap_builder::*;`) that has it: that crate's module
    /// (one such step: crates do not chain globs back).
    fn through_crate_globs(&self, module: &str) -> Option<ModuleTarget> {
        let (first, rest) = module.trim_start_matches("::").split_once("::")?;
        let root = self.workspace_crates().get(first.trim())?.clone();
        let facts = self.source.outline(&root)?;
        let index = self.file_index(&facts);
        let found = index
            .file_level_globs()
            .filter(|g| {
                self.workspace_crates()
                    .contains_key(g.module.trim_start_matches("::"))
            })
            .find_map(|g| {
                let passed_on = format!("{}::{rest}", g.module.trim_start_matches("::"));
                let importer = file_path(&facts);
                let at = facts.imports.get(g.position)?.start_byte as usize;
                match self.rust_module_here(&facts, &importer, &passed_on, at) {
                    found @ ModuleTarget::Files(_) => Some(found),
                    _ => None,
                }
            });
        found
    }

    /// The import (not a wildcard) binding `name` that code at byte `at` of `file`
    /// sees (the first of several, see [`Resolver::imports_binding`]).
    pub(super) fn import_binding<'f>(
        &self,
        file: &'f FileFacts,
        at: usize,
        name: &str,
    ) -> Option<&'f Import> {
        self.imports_binding(file, at, name).into_iter().next()
    }

    /// The imports (not wildcards) binding `name` that code at byte `at` of `file`
    /// sees. In Rust an import belongs to the module it is written in: one of an
    /// inline module `at` is not in is not seen, and one of the innermost module
    /// around `at` wins (a test module's `use std::fs;` over the file's `use
    /// crate::utils::fs;`, which its `use super::*;` brings in only as a glob); one
    /// in a function's body is seen in that body alone, before the module's. Two
    /// imports of one name in one module are alternatives that `cfg` attributes keep
    /// apart (`#[cfg(test)] use super::mocks::spawn_blocking;` beside the real one):
    /// both are given. Elsewhere the first import is.
    pub(super) fn imports_binding<'f>(
        &self,
        file: &'f FileFacts,
        at: usize,
        name: &str,
    ) -> Vec<&'f Import> {
        let mut named = file
            .imports
            .iter()
            .enumerate()
            .filter(|(_, i)| !i.wildcard && i.bound_name() == Some(name));
        if file.language.name != "rust" {
            return named.next().map(|(_, i)| i).into_iter().collect();
        }
        let index = self.file_index(file);
        let mut best: Option<(usize, Vec<&Import>)> = None;
        for (position, imp) in named {
            let written = imp.start_byte as usize;
            let around = |span: &std::ops::Range<usize>| span.contains(&written);
            if index
                .modules
                .iter()
                .any(|(span, _)| around(span) && !span.contains(&at))
            {
                continue;
            }
            // A `use` in a function's body is seen in that body alone, and there
            // before the module's.
            let local = match &index.import_bodies[position] {
                Some(body) if !body.contains(&at) => continue,
                Some(_) => 1,
                None => 0,
            };
            let depth = local
                + index
                    .modules
                    .iter()
                    .filter(|(span, _)| around(span))
                    .count();
            match &mut best {
                Some((d, alternatives)) if *d == depth => alternatives.push(imp),
                Some((d, _)) if *d > depth => {}
                _ => best = Some((depth, vec![imp])),
            }
        }
        best.map(|(_, imports)| imports).unwrap_or_default()
    }

    /// The [`FileIndex`] of `file`, built on first use.
    pub(super) fn file_index(&self, file: &FileFacts) -> Arc<FileIndex> {
        self.file_indexes
            .get_or_compute(file.path.to_path_buf(), || Arc::new(FileIndex::of(file)))
    }

    /// The type of `file` whose qualified name is `qualified` (not an `impl` scope).
    pub(super) fn type_in_file(&self, file: &Arc<FileFacts>, qualified: &str) -> Option<DefRef> {
        let index = *self.file_index(file).types.get(qualified)?;
        Some(DefRef {
            file: file.clone(),
            index,
        })
    }

    pub(super) fn cached_module(
        &self,
        key: (PathBuf, String),
        compute: impl FnOnce() -> Vec<PathBuf>,
    ) -> Arc<Vec<PathBuf>> {
        self.modules.get_or_compute(key, || Arc::new(compute()))
    }
}

/// How many modules deep a name is followed through re-exports.
const MAX_REEXPORT_DEPTH: usize = 6;

/// Whether `lang` is JavaScript or one of the languages that compile to it.
pub fn is_js(lang: &str) -> bool {
    matches!(lang, "javascript" | "typescript" | "tsx")
}

/// The key a relative import of `owner` in `file` is followed under: apart from any
/// type's (a definition's index), which shares the chain of what is being resolved.
fn relative_import_key(file: &Arc<FileFacts>, owner: &str) -> (usize, usize) {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    owner.hash(&mut h);
    let half = usize::MAX / 2;
    let spread = usize::try_from(h.finish()).unwrap_or(usize::MAX) % half;
    (Arc::as_ptr(file) as usize, half + spread)
}

/// The packages whose members a Scala file's code sees, innermost first: its own,
/// then those its chained package clauses name (`sbt.std` and `sbt` after `package
/// sbt` `package std`).
fn scala_enclosing_packages(file: &FileFacts) -> impl Iterator<Item = &str> {
    file.package
        .as_deref()
        .into_iter()
        .chain(file.outer_packages.iter().map(String::as_str))
}

/// The Rust glob imports of `file` (with its `index`) that bring names where byte `at`
/// stands. A glob brings names into the module it is written in (and a function's into
/// that function's body) only: `use super::*;` of a test module says nothing of what a
/// path elsewhere in the file starts with.
fn rust_globs_seen<'i>(
    file: &FileFacts,
    index: &'i super::FileIndex,
    at: usize,
) -> impl Iterator<Item = &'i super::Glob> {
    let (inline, body) = if index.globs.is_empty() {
        (Vec::new(), None)
    } else {
        (index.inline_modules(at), function_around(file, at))
    };
    index.globs.iter().filter(move |g| {
        g.inline == inline
            && index
                .import_bodies
                .get(g.position)
                .and_then(Option::as_ref)
                .is_none_or(|f| body.as_ref() == Some(f))
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    fn def_in_package(package: Option<&str>, qualified_name: &str) -> super::DefRef {
        let mut symbol = crate::query::resolve::generics::signed(
            "java",
            qualified_name.rsplit('.').next().unwrap_or(qualified_name),
            crate::symbols::Kind::Class,
            "class C",
        );
        symbol.qualified_name = qualified_name.to_string();
        let file = crate::facts::FileFacts {
            path: PathBuf::from("x"),
            language: crate::lang::by_name("java").unwrap(),
            package: package.map(str::to_string),
            definitions: vec![symbol].into(),
            references: Vec::new(),
            imports: Vec::new(),
            bindings: Vec::new(),
            call_arguments: Vec::new(),
            build: None,
            module_value: None,
            outer_packages: Vec::new(),
            direct_commands: Vec::new(),
            trait_impls: Vec::new(),
        };
        super::DefRef {
            file: std::sync::Arc::new(file),
            index: 0,
        }
    }

    #[test]
    fn a_full_name_is_compared_with_its_package_in_front_once() {
        use super::full_name_is;
        let d = def_in_package(Some("org.demo"), "Outer.Inner");
        assert!(full_name_is(&d, "org.demo.Outer", "Inner"));
        assert!(full_name_is(&d, "org.demo", "Outer.Inner"));
        assert!(!full_name_is(&d, "org.demo", "Inner"));
        assert!(!full_name_is(&d, "org", "demo.Outer.Inne"));
        // A qualified name that already starts with the package is not prefixed again.
        let d = def_in_package(Some("org.demo"), "org.demo.Thing");
        assert!(full_name_is(&d, "org.demo", "Thing"));
        assert!(!full_name_is(&d, "org.demo.org.demo", "Thing"));
        // Only a whole package component counts as that start.
        let d = def_in_package(Some("org.demo"), "org.demonstration.Thing");
        assert!(full_name_is(&d, "org.demo.org.demonstration", "Thing"));
        let d = def_in_package(None, "Thing");
        assert!(!full_name_is(&d, "", "Thing"));
        assert!(full_name_is(&def_in_package(None, "a.Thing"), "a", "Thing"));
    }
}
