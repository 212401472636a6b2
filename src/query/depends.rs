//! What a symbol uses: every call, type use, supertype, annotation and import inside
//! it, each resolved to the repository definition it names, or marked external, local
//! or unresolved. Plain references are kept only when they name a definition (a
//! constant, a function passed as a value): uses of local values are not dependencies.

use std::sync::Arc;

use super::resolve::{DefRef, Resolution, Resolver};
use super::target::Target;
use crate::facts::{FileFacts, RefKind, Reference};

/// One use inside the target.
#[derive(Debug, Clone)]
pub struct Dependency {
    pub file: Arc<FileFacts>,
    pub reference: Reference,
    pub resolution: Resolution,
}

/// The dependencies of the members of a target written in one file.
pub struct FileDependencies {
    /// The first of those members.
    pub definition: DefRef,
    /// In source order.
    pub dependencies: Vec<Dependency>,
}

/// The dependencies of a target, file by file (the primary's file first: a C++
/// function may be defined in several source files).
pub fn what_depends(target: &Target, resolver: &Resolver) -> Vec<FileDependencies> {
    let mut files: Vec<&std::path::Path> = vec![target.primary.file.path.as_path()];
    for m in &target.members {
        if !files.contains(&m.file.path.as_path()) {
            files.push(m.file.path.as_path());
        }
    }
    files
        .into_iter()
        .filter_map(|path| dependencies_in(target, path, resolver))
        .collect()
}

/// The dependencies of the members of `target` written in the file at `path`.
fn dependencies_in(
    target: &Target,
    path: &std::path::Path,
    resolver: &Resolver,
) -> Option<FileDependencies> {
    let members: Vec<&DefRef> = target
        .members
        .iter()
        .filter(|m| m.file.path == path)
        .collect();
    // A target found by name may come with its file's outline: the references inside
    // it are read from the whole facts (same definitions, so the same spans).
    let first = members.first()?;
    let file = &resolver
        .source()
        .facts(path)
        .unwrap_or_else(|| first.file.clone());
    let ranges: Vec<(usize, usize)> = members
        .iter()
        .map(|m| (m.symbol().start_byte, m.symbol().end_byte))
        .collect();
    let refs: Vec<&Reference> = file
        .references
        .iter()
        .filter(|r| {
            let at = r.start_byte as usize;
            ranges.iter().any(|&(s, e)| s <= at && at < e)
        })
        .collect();
    let items: Vec<(&Arc<FileFacts>, &Reference)> = refs.iter().map(|r| (file, *r)).collect();
    let resolutions = resolver.resolve_all(&items);
    let dependencies = refs
        .into_iter()
        .zip(resolutions)
        .filter_map(|(r, resolution)| {
            let keep = match r.kind {
                RefKind::Reference => matches!(
                    resolution,
                    Resolution::Definition(_) | Resolution::Overloads(_)
                ),
                _ => !matches!(resolution, Resolution::Local),
            };
            keep.then(|| Dependency {
                file: file.clone(),
                reference: r.clone(),
                resolution,
            })
        })
        .collect();
    Some(FileDependencies {
        definition: (*first).clone(),
        dependencies,
    })
}
