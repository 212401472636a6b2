//! pytest's fixtures: a test function (or a fixture) that names a fixture among its
//! parameters receives the fixture's value (`def test_x(runner): runner.invoke(..)`).
//!
//! pytest collects tests from `test_*.py` and `*_test.py` modules and fixtures from
//! those and from `conftest.py` files, a directory's conftest serving every test below
//! it. The fixture a parameter names is the one of its name nearest the test: in its
//! own module, else in the conftest of its directory, then of each directory up. Its
//! value is what it yields, or returns: as its header declares, else the value its
//! body gives (`return CliRunner()`), which the facts keep for functions decorated as
//! fixtures (and so tell them apart). pytest's own fixtures (`monkeypatch`, `capsys`, `tmp_path`) are the
//! library's values where no fixture of the tree has their name, in a module that
//! imports pytest (a module that does not may be no pytest module at all: Django's test
//! modules define views named `test_view(request)`).

use std::path::Path;
use std::sync::Arc;

use super::returns::{declared_return, Returned};
use super::{DefRef, Resolution, Resolver};
use crate::facts::{Binding, BindingKind, FileFacts, RefKind, Reference};
use crate::symbols::Kind;

/// pytest's own fixtures and the module of the value each gives.
const PYTEST_FIXTURES: &[(&str, &str)] = &[
    ("cache", "pytest"),
    ("capfd", "pytest"),
    ("capfdbinary", "pytest"),
    ("caplog", "pytest"),
    ("capsys", "pytest"),
    ("capsysbinary", "pytest"),
    ("monkeypatch", "pytest"),
    ("pytestconfig", "pytest"),
    ("pytester", "pytest"),
    ("recwarn", "pytest"),
    ("request", "pytest"),
    ("testdir", "pytest"),
    ("tmp_path", "pathlib"),
    ("tmp_path_factory", "pytest"),
    ("tmpdir", "py"),
    ("tmpdir_factory", "pytest"),
];

/// Whether the Python module at `path` is one pytest collects tests or fixtures from.
fn pytest_module(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name == "conftest.py"
        || (name.ends_with(".py") && (name.starts_with("test_") || name.ends_with("_test.py")))
}

/// Whether definition `index` of `file` is a pytest fixture that gives a value: the
/// facts keep what it returns or yields.
fn is_fixture(file: &FileFacts, index: usize) -> bool {
    let scope = u32::try_from(index).ok();
    file.bindings
        .iter()
        .any(|b| b.scope == scope && matches!(b.name.as_str(), "return" | "yield"))
}

/// A reference at the end of definition `d`'s body, where its locals are all seen.
fn at_end_of(d: &DefRef) -> Reference {
    let sym = d.symbol();
    Reference {
        name: String::new(),
        qualifier: None,
        kind: RefKind::Reference,
        line: u32::try_from(sym.end_line).unwrap_or(u32::MAX),
        column: 0,
        start_byte: u32::try_from(sym.end_byte.saturating_sub(1)).unwrap_or(u32::MAX),
        enclosing: u32::try_from(d.index).ok(),
        arity: None,
    }
}

impl Resolver<'_> {
    /// The value pytest gives parameter `b` (of code in `file`) of a test or a
    /// fixture: the fixture's of its name; unresolved for any other parameter.
    pub(super) fn pytest_fixture_value(&self, file: &Arc<FileFacts>, b: &Binding) -> Resolution {
        let Some(function) = b.scope.map(|s| s as usize) else {
            return Resolution::Unresolved;
        };
        let asks_for_fixtures = file.language.name == "python"
            && b.kind == BindingKind::Parameter
            && pytest_module(&file.path)
            && file.definitions.get(function).is_some_and(|f| {
                matches!(f.kind, Kind::Function | Kind::Method)
                    && (f.name.starts_with("test") || is_fixture(file, function))
            });
        if !asks_for_fixtures {
            return Resolution::Unresolved;
        }
        if let Some(fixture) = self.fixture_named(file, function, &b.name) {
            return self.fixture_value(&fixture);
        }
        let imports_pytest = file.imports.iter().any(|i| {
            i.module == "pytest"
                || i.module.starts_with("pytest.")
                || i.module.starts_with("_pytest")
        });
        match PYTEST_FIXTURES.iter().find(|(name, _)| *name == b.name) {
            Some((_, module)) if imports_pytest => Resolution::External(Some(module.to_string())),
            _ => Resolution::Unresolved,
        }
    }

    /// The fixture named `name` nearest function `function` of `file` (not that
    /// function itself, which overrides a fixture of its name further out): in `file`,
    /// else in the nearest `conftest.py` of its directory or one above. `None` where
    /// none is, or two are equally near.
    fn fixture_named(&self, file: &Arc<FileFacts>, function: usize, name: &str) -> Option<DefRef> {
        let dir = file.path.parent().unwrap_or(Path::new(""));
        let mut best: Option<(usize, Vec<DefRef>)> = None;
        for d in self.defs_named(name).iter() {
            let same_file = d.file.path == file.path;
            if (same_file && d.index == function) || d.file.language.name != "python" {
                continue;
            }
            // The definitions are read whole: their bodies hold what they give.
            let Some(facts) = self.source.facts(&d.file.path) else {
                continue;
            };
            if !is_fixture(&facts, d.index) {
                continue;
            }
            let d = &DefRef {
                file: facts,
                index: d.index,
            };
            // Nearness: this module first, then the deepest conftest above it.
            let conftest_dir = d.file.path.parent().unwrap_or(Path::new(""));
            let near = if same_file {
                usize::MAX
            } else if d.file.path.file_name().and_then(|n| n.to_str()) == Some("conftest.py")
                && dir.starts_with(conftest_dir)
            {
                conftest_dir.components().count()
            } else {
                continue;
            };
            match &mut best {
                Some((n, found)) if *n == near => found.push(d.clone()),
                Some((n, _)) if *n > near => {}
                _ => best = Some((near, vec![d.clone()])),
            }
        }
        match best {
            Some((_, found)) if found.len() == 1 => found.into_iter().next(),
            _ => None,
        }
    }

    /// What fixture `fixture` gives a test: what it yields, or else returns.
    fn fixture_value(&self, fixture: &DefRef) -> Resolution {
        let given = |name: &str| {
            fixture
                .file
                .bindings
                .iter()
                .find(|b| b.name == name && b.scope == u32::try_from(fixture.index).ok())
        };
        if let Some(yielded) = given("yield") {
            return self.type_of_binding(&fixture.file, &at_end_of(fixture), yielded);
        }
        if let Some(Returned::Type(written)) = declared_return(fixture.symbol()) {
            return self.type_written_in(fixture, written);
        }
        match given("return") {
            Some(returned) => self.type_of_binding(&fixture.file, &at_end_of(fixture), returned),
            None => Resolution::Unresolved,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pytest_collects_test_modules_and_conftest_files() {
        assert!(pytest_module(Path::new("tests/test_options.py")));
        assert!(pytest_module(Path::new("tests/options_test.py")));
        assert!(pytest_module(Path::new("tests/conftest.py")));
        assert!(!pytest_module(Path::new("tests/helpers.py")));
        assert!(!pytest_module(Path::new("src/testing.py")));
    }
}
