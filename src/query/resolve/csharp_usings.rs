//! C#'s global usings: `global using Acme.Events;`, written in any file of a project,
//! imports the namespace into every file of that project: the files below the
//! directory of its `.csproj` (the whole tree when it has none), less those of a
//! project nested deeper. The files that hold such directives are found by the word
//! `global` their facts name, and their imports are read once per project.
//!
//! A project that enables implicit usings (`<ImplicitUsings>enable</ImplicitUsings>`
//! in its `.csproj` or a `Directory.Build.props` above it) imports `System` and a
//! few of its namespaces into every file besides: then a library type is not known
//! to come from the one namespace a file's own directives import.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::guards::kept_if_complete;
use super::module_files::{file_path, normalize};
use super::rust_modules::MANIFEST_LIMIT;
use super::Resolver;
use crate::facts::{FileFacts, Import, GLOBAL_USING};

/// The namespaces implicit usings import into every file of a project (those of the
/// plain SDK; the web and worker SDKs add more).
pub(super) const CSHARP_IMPLICIT_USINGS: &[&str] = &[
    "System",
    "System.Collections.Generic",
    "System.IO",
    "System.Linq",
    "System.Net.Http",
    "System.Threading",
    "System.Threading.Tasks",
];

/// What a C# project imports into every file of it besides the file's own `using`
/// directives.
pub(super) struct ProjectUsings {
    /// The namespaces its `global using` directives import whole.
    pub global: Vec<Import>,
    /// Whether it enables implicit usings ([`CSHARP_IMPLICIT_USINGS`]).
    pub implicit: bool,
}

impl Resolver<'_> {
    /// What the project of `file` imports into it, read once per project; `None` when
    /// `file` is not C#'s.
    pub(super) fn project_usings(&self, file: &FileFacts) -> Option<Arc<ProjectUsings>> {
        if file.language.name != "csharp" {
            return None;
        }
        let project = self.csharp_project(&file_path(file));
        Some(kept_if_complete(
            &self.project_usings,
            project.clone(),
            || {
                Arc::new(ProjectUsings {
                    global: self.global_usings(&project),
                    implicit: self.implicit_usings(&project),
                })
            },
        ))
    }

    /// The namespaces the `global using` directives of the files of `project` import
    /// whole.
    fn global_usings(&self, project: &Path) -> Vec<Import> {
        let mut found: Vec<Import> = Vec::new();
        for path in self.source.files_mentioning(&[GLOBAL_USING.to_string()]) {
            if self.csharp_project(&normalize(&path)) != project {
                continue;
            }
            let Some(facts) = self.source.outline(&path) else {
                continue;
            };
            if facts.language.name != "csharp" {
                continue;
            }
            found.extend(
                facts
                    .imports
                    .iter()
                    .filter(|i| i.global && i.wildcard && !i.is_static && i.alias.is_none())
                    .cloned(),
            );
        }
        found
    }

    /// Whether `project` enables implicit usings, in its `.csproj` or in a
    /// `Directory.Build.props` of its directory or one above.
    fn implicit_usings(&self, project: &Path) -> bool {
        let files = self.file_set();
        let props = project
            .ancestors()
            .map(|d| d.join("Directory.Build.props"))
            .filter(|p| files.contains(p));
        let projects = self
            .csharp_project_files()
            .get(project)
            .into_iter()
            .flatten();
        projects.cloned().chain(props).any(|p| {
            crate::source::read_text_within(&p, MANIFEST_LIMIT)
                .is_ok_and(|t| enables_implicit_usings(&t.text))
        })
    }

    /// The directory of the project `path` (normalised) belongs to: the nearest one
    /// above it that holds a `.csproj`, or the tree's own (empty) when none does.
    fn csharp_project(&self, path: &Path) -> PathBuf {
        let projects = self.csharp_project_files();
        path.ancestors()
            .skip(1)
            .find(|d| projects.contains_key(*d))
            .map(Path::to_path_buf)
            .unwrap_or_default()
    }

    /// The walked `.csproj` files by their directory, found on first use.
    fn csharp_project_files(&self) -> &FxHashMap<PathBuf, Vec<PathBuf>> {
        self.csharp_projects.get_or_init(|| {
            let mut by_dir: FxHashMap<PathBuf, Vec<PathBuf>> = FxHashMap::default();
            for f in self.source.files() {
                if f.path.extension().is_some_and(|e| e == "csproj") {
                    let path = normalize(&f.path);
                    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
                    by_dir.entry(dir).or_default().push(path);
                }
            }
            by_dir
        })
    }
}

/// Whether an MSBuild file's text sets `ImplicitUsings` to `enable` (or `true`).
fn enables_implicit_usings(text: &str) -> bool {
    text.split("<ImplicitUsings>").skip(1).any(|rest| {
        let value = rest.split('<').next().unwrap_or("").trim();
        value.eq_ignore_ascii_case("enable") || value.eq_ignore_ascii_case("true")
    })
}

/// The namespaces `file` imports whole: its own wildcard imports, then those of
/// `globals` (its project's global usings, see [`ProjectUsings`]) it does not
/// repeat.
pub(super) fn namespaces_in_scope<'a>(
    file: &'a FileFacts,
    globals: &'a [Import],
) -> impl Iterator<Item = &'a Import> {
    let own = file.imports.iter().filter(|i| i.wildcard);
    own.chain(globals.iter().filter(move |g| {
        !file
            .imports
            .iter()
            .any(|i| i.wildcard && !i.is_static && i.module == g.module)
    }))
}

#[cfg(test)]
mod tests {
    use super::enables_implicit_usings;

    #[test]
    fn implicit_usings_are_read_from_their_property() {
        assert!(enables_implicit_usings(
            "<PropertyGroup>\n  <ImplicitUsings>enable</ImplicitUsings>\n</PropertyGroup>"
        ));
        assert!(enables_implicit_usings(
            "<ImplicitUsings> True </ImplicitUsings>"
        ));
        assert!(!enables_implicit_usings(
            "<ImplicitUsings>disable</ImplicitUsings>"
        ));
        assert!(!enables_implicit_usings("<Nullable>enable</Nullable>"));
    }
}
