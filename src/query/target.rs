//! Targets: what a SYMBOL argument means.
//!
//! A user names one thing: a class together with its constructors, or a method
//! together with its overloads in one type. [`Target`] groups those definitions. The
//! argument forms are an id (`path::Qualified.name#kind`, with `~N` for the N+1-th
//! definition of the same name in one file; without the suffix an id names the first
//! together with the overloads that are one thing with it),
//! `path:line` (the definition whose name is on that line, else the innermost one
//! containing it), or a name, bare or qualified (`save`, `UserRepository.save`,
//! `addrs.ParseSource`, `A::f`, `org.acme.Util`). An id with its suffix and a
//! `path:line` point at one overload of a method: that overload alone is the target,
//! and a call whose arguments pick another overload is not a use of it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::resolve::{
    declared_apart, is_constructor, is_js, is_ruby_class_method, is_variant_of, names_tail,
    target_key, DefRef, Resolver, CSHARP_ATTRIBUTE_SUFFIX,
};
use crate::facts::RefKind;
use crate::symbols::resolve::SymbolArg;
use crate::symbols::{Kind, Symbol};

/// One thing a user means: a class and its constructors, or overloads.
#[derive(Debug, Clone)]
pub struct Target {
    /// The definition that stands for the group (the type, or the first overload).
    pub primary: DefRef,
    /// Every definition of the group, the primary included.
    pub members: Vec<DefRef>,
    /// Definitions a use may resolve to in the members' stead, whose bodies are not
    /// the target's: the declarations in their class of the C++ members defined
    /// outside it (`Status Write(..);` for `Status DBImpl::Write(..) {..}`, which is
    /// then the member), and the variants of a Go definition for other builds.
    stand_ins: Vec<DefRef>,
}

impl Target {
    /// The group of `d`: the definitions of its file with the same target key, a
    /// module (or namespace) apart from the rest (Rust's `mod search;` and `fn
    /// search` of one file are two things), each C++ member joined with its
    /// declaration or definition outside the file.
    pub fn of(d: &DefRef, resolver: &Resolver) -> Target {
        Target::grouped(d)
            .joined_apart(resolver, true)
            .joined_variants(resolver)
    }

    /// The definitions of `d`'s file that make its group.
    fn grouped(d: &DefRef) -> Target {
        let key = target_key(d.symbol(), &d.file);
        let module = |k: Kind| matches!(k, Kind::Module | Kind::Namespace);
        let modular = module(d.symbol().kind);
        let mut members: Vec<DefRef> = DefRef::all_in(&d.file, |s| {
            s.kind != Kind::Scope && module(s.kind) == modular && target_key(s, &d.file) == key
        });
        let lang = d.file.language.name;
        if is_js(lang) || matches!(lang, "rust" | "go" | "lua" | "python" | "bash") {
            keep_one_implementation(d, &mut members);
        }
        let primary = members
            .iter()
            .find(|m| m.symbol().kind.is_type_like())
            .or_else(|| members.first())
            .cloned()
            .unwrap_or_else(|| d.clone());
        Target {
            primary,
            members,
            stand_ins: Vec::new(),
        }
    }

    /// The group with each C++ member that is declared in its class and defined
    /// outside it (one function written twice) taken as its definitions, which
    /// become members, and its declaration. A definition stands for itself alone
    /// unless `every_definition` (a declaration has several when source files for
    /// several platforms, or the specialisations of a class template, each define
    /// it). The primary stays, unless it was such a declaration: its first
    /// definition then stands for the group.
    fn joined_apart(self, resolver: &Resolver, every_definition: bool) -> Target {
        if self.primary.symbol().language != "cpp" {
            return self;
        }
        let mut members: Vec<DefRef> = Vec::new();
        let mut declarations: Vec<DefRef> = Vec::new();
        let mut primary = self.primary.clone();
        for m in &self.members {
            let declaration = resolver.declared_in_class(m).unwrap_or_else(|| m.clone());
            let definitions = resolver.defined_apart(&declaration);
            if definitions.is_empty() {
                push_new(&mut members, m.clone());
                continue;
            }
            let pointed_at_declaration = m.same_as(&declaration);
            if m.same_as(&self.primary) && pointed_at_declaration {
                primary = definitions[0].clone();
            }
            push_new(&mut declarations, declaration);
            if !pointed_at_declaration {
                push_new(&mut members, m.clone());
            }
            if pointed_at_declaration || every_definition {
                for d in definitions {
                    push_new(&mut members, d);
                }
            }
        }
        Target {
            primary,
            members,
            stand_ins: declarations,
        }
    }

    /// The definition `d` alone when it is one overload of a method (a user pointed
    /// at it), else its group. TypeScript's and Python's overloads are signatures of
    /// one implementation, which every call runs: always a group. Of a Ruby class's
    /// `def self.x` and `def x`, the one pointed at.
    pub fn of_one(d: &DefRef, resolver: &Resolver) -> Target {
        Target::one_of_group(d)
            .joined_apart(resolver, false)
            .joined_variants(resolver)
    }

    /// The group with the variants of its Go members for other builds as stand-ins:
    /// the definitions of the same name in the other files of their package. A use
    /// resolves to the default build's, and is a use of every variant; what a variant
    /// itself uses is its own.
    fn joined_variants(mut self, resolver: &Resolver) -> Target {
        if self.primary.symbol().language != "go" {
            return self;
        }
        // A variant is in another file, so never one of the members (a Go group is
        // one file's).
        for m in &self.members {
            for v in resolver.defs_named(&m.symbol().name).iter() {
                if is_variant_of(v, m) {
                    push_new(&mut self.stand_ins, v.clone());
                }
            }
        }
        self
    }

    /// [`Target::of_one`] in `d`'s file.
    fn one_of_group(d: &DefRef) -> Target {
        let mut group = Target::grouped(d);
        let s = d.symbol();
        if s.language == "ruby" {
            let class_method = is_ruby_class_method(s);
            group
                .members
                .retain(|m| is_ruby_class_method(m.symbol()) == class_method);
            if !group.stands_for(&group.primary) {
                group.primary = d.clone();
            }
            return group;
        }
        let separate = matches!(
            s.language,
            "java" | "csharp" | "kotlin" | "swift" | "cpp" | "scala"
        ) || declared_apart(s);
        if separate
            && group.members.len() > 1
            && !s.kind.is_type_like()
            && !is_constructor(s, &d.file)
        {
            return Target {
                primary: d.clone(),
                members: vec![d.clone()],
                stand_ins: Vec::new(),
            };
        }
        group
    }

    /// Whether `d`, a definition with one of this target's keys, is one of its
    /// members or their stand-ins (not another overload of a method pointed at
    /// alone).
    pub fn stands_for(&self, d: &DefRef) -> bool {
        self.members
            .iter()
            .chain(&self.stand_ins)
            .any(|m| m.same_as(d))
    }

    pub fn symbol(&self) -> &Symbol {
        self.primary.symbol()
    }

    /// The key of the primary.
    pub fn key(&self) -> (PathBuf, String) {
        let (path, name) = target_key(self.symbol(), &self.primary.file);
        (path.to_path_buf(), name.to_string())
    }

    /// The keys of the members and stand-ins: one, unless C++ members are declared
    /// in one file and defined in another, or a Go definition has variants.
    pub fn keys(&self) -> Vec<(&std::path::Path, &str)> {
        let mut keys: Vec<(&std::path::Path, &str)> = self
            .members
            .iter()
            .chain(&self.stand_ins)
            .map(|m| target_key(m.symbol(), &m.file))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys
    }

    /// The names uses of this target are written with (a class's constructors are
    /// called by the class's name; C#'s `[Requires]` names `RequiresAttribute`).
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .members
            .iter()
            .map(|m| m.symbol().name.clone())
            .filter(|n| !matches!(n.as_str(), "__init__" | "constructor" | "init"))
            .collect();
        let s = self.symbol();
        names.push(s.name.clone());
        if let Some(short) = csharp_attribute_short_name(s) {
            names.push(short.to_string());
        }
        names.sort();
        names.dedup();
        names
    }
}

/// The name C# code writes attribute class `s` with in brackets (`Requires` of
/// `RequiresAttribute`), if it is one.
fn csharp_attribute_short_name(s: &Symbol) -> Option<&str> {
    (s.language == "csharp" && s.kind == Kind::Class)
        .then(|| s.name.strip_suffix(CSHARP_ATTRIBUTE_SUFFIX))
        .flatten()
        .filter(|short| !short.is_empty())
}

/// Of the definitions of `d`'s name in its file, those that are one thing with `d`.
/// JavaScript and TypeScript give one function several signatures (overloads without
/// bodies) and a property two accessors; any other two functions of one qualified
/// name in one file are two things: a class's static method and its instance method,
/// the methods of different object literals (`{ render() {..} }` in each component
/// of a test file), or functions of one name nested in different callbacks. Rust, Go
/// and Lua have no overloads: two functions of one name in one file are the methods
/// of two trait implementations for one type (`fmt` of `Display` and of `Debug`),
/// variants for different build configurations, Go's several `init`, or a Lua or
/// shell function defined again. Python's are the variants of an `if`/`else` or a
/// `try`/`except ImportError`, or a function defined again, except for a property's
/// accessors and the `@overload` declarations of one implementation, which are one
/// thing. What one of them uses is not the other's.
fn keep_one_implementation(d: &DefRef, members: &mut Vec<DefRef>) {
    let s = d.symbol();
    if s.bodiless || !matches!(s.kind, Kind::Function | Kind::Method) || is_constructor(s, &d.file)
    {
        return;
    }
    members.retain(|m| {
        let o = m.symbol();
        m.same_as(d) || o.kind.is_type_like() || is_constructor(o, &m.file) || one_thing(d, m)
    });
}

/// Whether `o`, a function of the name of `d` in its file, is one thing with it: an
/// overload declaration or (JavaScript) the other accessor of one static or instance
/// property; in Python a property's other accessor, or one of the `@overload`
/// declarations of one implementation.
fn one_thing(d: &DefRef, o: &DefRef) -> bool {
    let (s, os) = (d.symbol(), o.symbol());
    if s.language == "python" {
        let (role, other) = (python_role(d), python_role(o));
        return (role == PythonRole::Accessor && other == PythonRole::Accessor)
            || role == PythonRole::Overload
            || other == PythonRole::Overload;
    }
    let accessor = |x: &Symbol| has_head_word(x, &["get", "set"]);
    has_head_word(os, &["static"]) == has_head_word(s, &["static"])
        && (os.bodiless || (accessor(s) && accessor(os)))
}

/// What its decorators make of a Python function.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PythonRole {
    /// One of a property's accessors (`@property`, `@x.setter`).
    Accessor,
    /// An `@overload` declaration.
    Overload,
    Plain,
}

/// The role of Python function `d`, read from the decorators written above its
/// `def` line.
fn python_role(d: &DefRef) -> PythonRole {
    let s = d.symbol();
    d.file
        .references
        .iter()
        .filter(|r| {
            r.kind == RefKind::Annotation
                && r.start_byte as usize >= s.start_byte
                && r.line < s.line as u32
        })
        .find_map(|r| match (r.name.as_str(), r.qualifier.as_deref()) {
            ("property" | "cached_property", _) => Some(PythonRole::Accessor),
            ("setter" | "getter" | "deleter", Some(q)) if q == s.name => Some(PythonRole::Accessor),
            ("overload", _) => Some(PythonRole::Overload),
            _ => None,
        })
        .unwrap_or(PythonRole::Plain)
}

/// Whether one of `words` is written before a JavaScript or TypeScript function's
/// name, among its modifiers and decorators (`static`, `get`, `set`).
fn has_head_word(s: &Symbol, words: &[&str]) -> bool {
    s.signature
        .split_whitespace()
        .take_while(|w| w.split(['(', '<', ':']).next() != Some(s.name.as_str()))
        .any(|w| words.contains(&w))
}

fn push_new(list: &mut Vec<DefRef>, d: DefRef) {
    if !list.iter().any(|o| o.same_as(&d)) {
        list.push(d);
    }
}

/// Why a SYMBOL argument names no target.
#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    #[error("no definition named '{name}'{}", did_you_mean(.suggestions))]
    NotFound {
        name: String,
        suggestions: Vec<String>,
    },
    #[error("{0}")]
    NoDefinitionAt(String),
    #[error("'{name}' is ambiguous: {} definitions match (pass one of their ids, a qualified name, or --all)", .candidates.len())]
    Ambiguous {
        name: String,
        candidates: Vec<Symbol>,
    },
}

fn did_you_mean(s: &[String]) -> String {
    if s.is_empty() {
        String::new()
    } else {
        format!(" (did you mean: {}?)", s.join(", "))
    }
}

/// Resolves a parsed SYMBOL argument to its targets.
pub fn targets(
    arg: &SymbolArg,
    resolver: &Resolver,
    all: bool,
) -> Result<Vec<Target>, TargetError> {
    let source = resolver.source();
    match arg {
        SymbolArg::Id { path, id } => {
            let facts = source
                .facts(path)
                .ok_or_else(|| TargetError::NoDefinitionAt(format!("no symbol with id '{id}'")))?;
            let base = id.split('~').next().unwrap_or(id);
            let exact = facts.definitions.iter().position(|s| s.id == *id);
            let found = exact.or_else(|| facts.definitions.iter().position(|s| s.id == base));
            match found {
                Some(i) => {
                    let d = DefRef {
                        file: facts.clone(),
                        index: i,
                    };
                    // Without its suffix, an id names every overload.
                    let one = exact.is_some() && id.contains('~');
                    Ok(vec![if one {
                        Target::of_one(&d, resolver)
                    } else {
                        Target::of(&d, resolver)
                    }])
                }
                None => Err(TargetError::NoDefinitionAt(format!(
                    "no symbol with id '{id}'"
                ))),
            }
        }
        SymbolArg::PathLine { path, line, name } => {
            let facts = source.facts(path).ok_or_else(|| {
                TargetError::NoDefinitionAt(format!(
                    "{}: not a source file codesearch can parse",
                    path.display()
                ))
            })?;
            let defs = &facts.definitions;
            let named_here = |s: &Symbol| name.as_ref().is_none_or(|n| &s.name == n);
            let found = defs
                .iter()
                .position(|s| {
                    s.kind != Kind::Scope
                        && (s.line == *line || s.start_line == *line)
                        && named_here(s)
                })
                .or_else(|| {
                    defs.iter()
                        .enumerate()
                        .filter(|(_, s)| {
                            s.kind != Kind::Scope && s.start_line <= *line && *line <= s.end_line
                        })
                        .min_by_key(|(_, s)| s.end_byte - s.start_byte)
                        .map(|(i, _)| i)
                });
            match found {
                Some(i) => Ok(vec![Target::of_one(
                    &DefRef {
                        file: facts.clone(),
                        index: i,
                    },
                    resolver,
                )]),
                None => Err(TargetError::NoDefinitionAt(format!(
                    "no definition contains {}:{line}",
                    path.display()
                ))),
            }
        }
        SymbolArg::Name(name) => {
            let q = name.replace("::", ".").replace('#', ".");
            let last = last_name(&q).to_string();
            let found: Vec<DefRef> = prefer_definitions(
                resolver
                    .defs_named(&last)
                    .iter()
                    .filter(|d| matches_name(d, &q))
                    .cloned()
                    .collect(),
            );
            // Keyed by the primary's id too: two implementations of one name in one
            // file (methods of different object literals) are two targets.
            let mut groups: BTreeMap<((PathBuf, String), String), Target> = BTreeMap::new();
            for d in &found {
                // A C++ member's declaration and definition are one group.
                if groups.values().any(|t| t.stands_for(d)) {
                    continue;
                }
                let t = Target::of(d, resolver);
                groups.entry((t.key(), t.symbol().id.clone())).or_insert(t);
            }
            let groups: Vec<Target> = groups.into_values().collect();
            match groups.len() {
                0 => Err(TargetError::NotFound {
                    name: name.clone(),
                    suggestions: qualified_suggestions(&q, &resolver.defs_named(&last))
                        .unwrap_or_else(|| suggestions(&q, source)),
                }),
                1 => Ok(groups),
                _ if all => Ok(groups),
                _ => Err(TargetError::Ambiguous {
                    name: name.clone(),
                    candidates: groups.iter().map(|t| t.symbol().clone()).collect(),
                }),
            }
        }
    }
}

/// The definition's own name a bare or qualified name ends with: after its last dot,
/// or a computed member name whole (`Stream.[Symbol.asyncIterator]`).
fn last_name(q: &str) -> &str {
    if q.ends_with(']') {
        if let Some(open) = q
            .rfind(".[")
            .map(|i| i + 1)
            .or_else(|| q.starts_with('[').then_some(0))
        {
            return &q[open..];
        }
    }
    q.rsplit('.').next().unwrap_or(q)
}

/// Whether a definition answers to a bare or qualified name: the qualified name ends
/// with the query at a dot, counting the file's package (`org.acme.Util.run`).
fn matches_name(d: &DefRef, q: &str) -> bool {
    let s = d.symbol();
    let last = last_name(q);
    if s.name != last || s.kind == Kind::Scope {
        return false;
    }
    if !q.contains('.') {
        return true;
    }
    let mut names = vec![s.qualified_name.clone()];
    if let Some(p) = &d.file.package {
        names.push(format!("{p}.{}", s.qualified_name));
        // Go qualifies by the package name already; other languages by the full path.
        if let Some(short) = p.rsplit('.').next() {
            names.push(format!("{short}.{}", s.qualified_name));
        }
    }
    // Languages without declared packages: the module path of the file
    // (`app/models/user.py` → `app.models.user.User`).
    let module: Vec<String> = s
        .path
        .with_extension("")
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(p) => Some(p.to_string_lossy().into_owned()),
            _ => None,
        })
        .filter(|c| c != "__init__" && c != "index" && c != "mod")
        .collect();
    if !module.is_empty() {
        names.push(format!("{}.{}", module.join("."), s.qualified_name));
    }
    names.iter().any(|n| names_tail(n, q))
}

/// C++ declares a member in its class and defines it elsewhere under the same
/// qualified name: the declaration (a one-line signature ending in `;`) gives way to
/// the definition, so that `A::f` is not ambiguous with itself.
fn prefer_definitions(found: Vec<DefRef>) -> Vec<DefRef> {
    let is_decl = |s: &Symbol| s.start_line == s.end_line && s.signature.trim_end().ends_with(';');
    let defined: std::collections::HashSet<(String, Kind)> = found
        .iter()
        .map(DefRef::symbol)
        .filter(|s| !is_decl(s))
        .map(|s| (s.qualified_name.clone(), s.kind))
        .collect();
    found
        .into_iter()
        .filter(|d| {
            let s = d.symbol();
            !is_decl(s) || !defined.contains(&(s.qualified_name.clone(), s.kind))
        })
        .collect()
}

/// Close qualified names for a qualified name whose last part is defined but whose
/// qualifier matches none of those definitions (`DefaultListableBeanFactry.getBean`):
/// the qualified names of the definitions of that name most similar to the query.
/// `None` when the query has no qualifier or no such definition comes close.
fn qualified_suggestions(q: &str, named: &[DefRef]) -> Option<Vec<String>> {
    if !q.contains('.') {
        return None;
    }
    let wanted = q.to_lowercase();
    let mut scored: Vec<(f64, &str)> = named
        .iter()
        .map(DefRef::symbol)
        .filter(|s| s.kind != Kind::Scope)
        .map(|s| s.qualified_name.as_str())
        .map(|n| (strsim::jaro_winkler(&wanted, &n.to_lowercase()), n))
        .filter(|(score, _)| *score >= 0.85)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    let mut out: Vec<String> = Vec::new();
    for (_, n) in scored {
        if !out.iter().any(|o| o == n) {
            out.push(n.to_string());
        }
        if out.len() == 5 {
            break;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Close names for a misspelt symbol: the definitions of the tree whose names are
/// most similar (only ever computed on this error path). Read from what ranking reads
/// of each definition, which an index keeps apart from the definitions themselves.
fn suggestions(q: &str, source: &dyn super::source::FactsSource) -> Vec<String> {
    let last = last_name(q).to_lowercase();
    let close: std::sync::Mutex<Vec<(f64, String)>> = std::sync::Mutex::new(Vec::new());
    source.for_each_named(&|_, _| true, &|_, parts, _| {
        let found: Vec<(f64, String)> = parts
            .iter()
            .filter(|p| p.kind != Kind::Scope)
            .filter_map(|p| {
                let score = strsim::jaro_winkler(&last, &p.name.to_lowercase());
                (score >= 0.85).then(|| (score, p.name.to_string()))
            })
            .collect();
        if !found.is_empty() {
            close
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .extend(found);
        }
    });
    let mut scored = close.into_inner().unwrap_or_else(|p| p.into_inner());
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let mut out: Vec<String> = Vec::new();
    for (_, n) in scored {
        if !out.contains(&n) {
            out.push(n);
        }
        if out.len() == 5 {
            break;
        }
    }
    out
}
