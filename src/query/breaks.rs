//! Who uses a symbol: every reference that names it, with the definition that makes
//! the reference (the caller).
//!
//! Only files that mention one of the target's names as a whole word can use it, so a
//! literal search picks them first and only those are read. Each reference with a
//! matching name is then resolved: one that resolves to the target is a use; one that
//! provably names something else (another definition, a library, a local value) is
//! dropped; one that cannot be decided from the syntax (an untyped receiver) is kept
//! and marked as a match by name only, since dropping it could hide a real caller.
//!
//! `depth` follows callers: the definitions that contain resolved uses become the
//! targets of the next level (each once), so the search fans out only through real
//! callers, never through namesakes.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use super::resolve::{
    arguments_passed, is_test_body, reach_of_call, target_key, DefRef, Reach, Resolution, Resolver,
};
use super::scoping::{bare_names_reach_methods, interoperate, reads_reach_methods};
use super::source::UseNames;
use super::target::Target;
use crate::facts::{FileFacts, RefKind, Reference};
use crate::symbols::{Kind, Symbol};

/// One use of a target.
#[derive(Debug, Clone)]
pub struct Use {
    pub file: Arc<FileFacts>,
    pub reference: Reference,
    /// The position in the file's definitions of the definition containing the use,
    /// if any (see [`Use::caller_symbol`]).
    pub caller: Option<usize>,
    /// How the use was found to name its target.
    pub resolution: UseResolution,
    /// 1 for uses of the targets, 2 for uses of their callers, ...
    pub depth: usize,
    /// The id of the target this is a use of.
    pub target: String,
}

/// How a use names its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UseResolution {
    /// It resolves to the target.
    Definition,
    /// It resolves to a method whose overloads its arguments do not tell apart: the
    /// target, one of them, and another.
    Overloads,
    /// It only has the target's name: its receiver or qualifier could not be resolved.
    Unresolved,
}

impl Use {
    /// Whether the use resolves to the target's method (the target itself, or one of
    /// overloads of which the target is one).
    pub fn is_resolved(&self) -> bool {
        self.resolution != UseResolution::Unresolved
    }

    /// The definition containing the use, if any.
    pub fn caller_symbol(&self) -> Option<&Symbol> {
        self.caller.and_then(|i| self.file.definitions.get(i))
    }
}

/// The line of each of `uses`, in order, as the file holds it now, and whether it was
/// cut (a long one is cut around the use, see [`crate::source::lines_at`]).
pub fn lines_of(uses: &[Use]) -> Vec<(String, bool)> {
    let wanted: Vec<(&Path, u32, u32)> = uses
        .iter()
        .map(|u| (u.file.path.as_path(), u.reference.line, u.reference.column))
        .collect();
    crate::source::lines_at(&wanted)
}

/// Finds the uses of `targets`, following resolved callers up to `depth` levels, in
/// depth, path and position order.
pub fn what_breaks(targets: &[Target], depth: usize, resolver: &Resolver) -> Vec<Use> {
    let mut seen: FxHashSet<(PathBuf, String)> = targets.iter().flat_map(owned_keys).collect();
    let mut places: FxHashSet<(PathBuf, u32)> = FxHashSet::default();
    let mut level: Vec<Target> = targets.to_vec();
    let mut out = Vec::new();
    let depth = depth.max(1);
    for d in 1..=depth {
        let found = uses_of(&level, resolver);
        let mut next = Vec::new();
        for mut u in found {
            if !places.insert((u.file.path.clone(), u.reference.start_byte)) {
                continue;
            }
            u.depth = d;
            // The callers become the next level's targets, if there is one: those a
            // use can name (not a namespace whose top level holds the use, nor a
            // test's body).
            if u.is_resolved() && d < depth {
                if let Some(index) = u.caller.filter(|&i| {
                    let caller = &u.file.definitions[i];
                    caller.kind != Kind::Namespace && !is_test_body(caller)
                }) {
                    let t = Target::of(
                        &DefRef {
                            file: u.file.clone(),
                            index,
                        },
                        resolver,
                    );
                    let keys = owned_keys(&t);
                    if keys.iter().all(|k| !seen.contains(k)) {
                        seen.extend(keys);
                        next.push(t);
                    }
                }
            }
            out.push(u);
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    out.sort_by(|a, b| {
        (a.depth, &a.file.path, a.reference.start_byte).cmp(&(
            b.depth,
            &b.file.path,
            b.reference.start_byte,
        ))
    });
    out
}

/// The keys of `t`, owned, to remember across levels.
fn owned_keys(t: &Target) -> Vec<(PathBuf, String)> {
    t.keys()
        .into_iter()
        .map(|(p, n)| (p.to_path_buf(), n.to_string()))
        .collect()
}

/// An overload (its file's address and its position there), a call's argument count
/// and a target.
type ReachKey = (*const FileFacts, usize, Option<u16>, usize);

/// The direct uses of one level of targets, in path and position order.
fn uses_of(targets: &[Target], resolver: &Resolver) -> Vec<Use> {
    let mut by_name: FxHashMap<String, Vec<usize>> = FxHashMap::default();
    for (i, t) in targets.iter().enumerate() {
        for n in t.names() {
            by_name.entry(n).or_default().push(i);
        }
    }
    let names: Vec<String> = by_name.keys().cloned().collect();
    let source = resolver.source();
    let files = source.files_mentioning(&names);
    // Each use's definition is looked up among the targets by key: with `--all` on a
    // common name there are thousands of targets, and a scan per use would make the
    // work grow with their product.
    // One key may have several targets: the implementations of one name in one file
    // that are not one thing (see `Target`); a use is the one's that stands for its
    // definition.
    let mut targets_of: FxHashMap<(&Path, &str), Vec<usize>> = FxHashMap::default();
    for (i, t) in targets.iter().enumerate() {
        for key in t.keys() {
            targets_of.entry(key).or_default().push(i);
        }
    }
    let target_of = |d: &DefRef| -> Option<usize> {
        let found = targets_of.get(&target_key(d.symbol(), &d.file))?;
        found
            .iter()
            .copied()
            .find(|&i| targets[i].stands_for(d))
            .or_else(|| found.first().copied())
    };
    // Decoding (or parsing) each file's facts is the bulk of the work: in parallel,
    // collected in path order, keeping only the files that use the names, and of
    // them only the references this level asks about.
    let wanted: UseNames = by_name.keys().cloned().collect();
    let facts: Vec<Arc<FileFacts>> = files
        .par_iter()
        .filter_map(|p| source.facts_for_uses(p, &wanted))
        .collect();
    let items: Vec<(&Arc<FileFacts>, &Reference)> = facts
        .iter()
        .flat_map(|f| {
            f.references
                .iter()
                .filter(|r| by_name.contains_key(&r.name))
                .map(move |r| (f, r))
        })
        .collect();
    let resolutions = resolver.resolve_all(&items);
    // Thousands of calls of a common name go to a few overloads with a few argument
    // counts: each is weighed once. Keyed by the overloads' file's address, which the
    // entry keeps alive (it holds the file), so that no other file can take it.
    let mut reaches: FxHashMap<ReachKey, (Arc<FileFacts>, Option<Reach>)> = FxHashMap::default();
    let mut uses = Vec::new();
    for ((f, r), resolution) in items.into_iter().zip(resolutions) {
        let owners = &by_name[&r.name];
        let (resolution, target) = match resolution {
            // The overloads of a method are one target, unless one of them was pointed
            // at: then a call whose arguments pick another is not a use of it, and one
            // they leave undecided between it and another is one of the overloads'.
            Resolution::Definition(d) => match target_of(&d) {
                Some(i) if targets[i].stands_for(&d) => (UseResolution::Definition, i),
                _ => continue,
            },
            Resolution::Overloads(d) => match target_of(&d) {
                Some(i) => match reaches
                    .entry((Arc::as_ptr(&d.file), d.index, arguments_passed(&d, r), i))
                    .or_insert_with_key(|&(.., passed, _)| {
                        let reach = reach_of_call(&d, passed, |o| targets[i].stands_for(o));
                        (d.file.clone(), reach)
                    })
                    .1
                {
                    Some(Reach::Surely) => (UseResolution::Definition, i),
                    Some(Reach::Possibly) => (UseResolution::Overloads, i),
                    None => continue,
                },
                None => continue,
            },
            // A name-only match counts only where the file's language can name the
            // target at all (Python code never calls a JavaScript function), and the
            // reference's form can (a Rust method is never named bare, a variable of a
            // file or package never through a value).
            Resolution::Unresolved | Resolution::Pointer(_) => match owners.iter().find(|&&i| {
                let target = targets[i].symbol();
                let method = matches!(target.kind, Kind::Method | Kind::Function);
                interoperate(f.language.name, target.language)
                    && (r.qualifier.is_some()
                        || target.kind != Kind::Method
                        || bare_names_reach_methods(f.language.name))
                    && !(method
                        && r.kind == RefKind::Reference
                        && !reads_reach_methods(f.language.name))
                    && !(target.kind == Kind::Variable && resolver.receiver_is_a_value(f, r))
            }) {
                Some(&i) => (UseResolution::Unresolved, i),
                None => continue,
            },
            Resolution::External(_) | Resolution::Local => continue,
        };
        uses.push(Use {
            file: f.clone(),
            reference: r.clone(),
            caller: f.enclosing_symbol(r),
            resolution,
            depth: 1,
            target: targets[target].symbol().id.clone(),
        });
    }
    uses
}
