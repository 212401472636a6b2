//! C++ test macros: GoogleTest's `TEST_F(Fixture, Name) {..}` (and `TEST_P`,
//! `TYPED_TEST`, `TYPED_TEST_P`) defines a method of a class derived from `Fixture`,
//! whose members the body names bare; `TEST(Suite, Name)` names a suite, no class. The
//! grammar, which does not expand macros, reads each as a function named by the macro
//! with two untyped parameters: the body is given its fixture, and the two names are
//! taken for what they are, never uses of namesake types.

use std::sync::Arc;

use super::{is_word, package_at, DefRef, Resolver};
use crate::facts::{FileFacts, Reference};
use crate::symbols::{Kind, Symbol};

/// The names the header of `d`, a test macro's body, gives; `None` for any other
/// definition.
fn test_macro(d: &Symbol) -> Option<TestMacro<'_>> {
    if d.language != "cpp" || d.kind != Kind::Function {
        return None;
    }
    let fixture = match d.name.as_str() {
        "TEST_F" | "TEST_P" | "TYPED_TEST" | "TYPED_TEST_P" => true,
        "TEST" => false,
        _ => return None,
    };
    let args = d.header().split_once('(')?.1;
    let (first, rest) = args.split_once(',')?;
    let second = rest.split(')').next()?.trim();
    let first = first.trim();
    (is_word(first) && is_word(second)).then_some(TestMacro {
        first,
        test: second,
        fixture,
    })
}

struct TestMacro<'a> {
    /// The fixture class, or the suite's name.
    first: &'a str,
    /// The test's name.
    test: &'a str,
    /// Whether `first` is a class.
    fixture: bool,
}

/// Whether `d` is the body of a C++ test (see [`test_macro`]), which nothing calls.
pub fn is_test_body(d: &Symbol) -> bool {
    test_macro(d).is_some()
}

/// The fixture class a C++ test's body is a member of (see [`test_macro`]).
pub(super) fn test_fixture(d: &Symbol) -> Option<&str> {
    test_macro(d).filter(|t| t.fixture).map(|t| t.first)
}

impl Resolver<'_> {
    /// Whether `r` is a name a C++ test macro's header declares rather than uses: the
    /// test's name, and a suite's (`TEST(Arena, Simple)` names no class `Arena`).
    pub(super) fn names_a_test(file: &FileFacts, r: &Reference) -> bool {
        let Some(d) = r.enclosing.and_then(|i| file.definitions.get(i as usize)) else {
            return false;
        };
        r.qualifier.is_none()
            && r.line as usize == d.line
            && test_macro(d).is_some_and(|t| r.name == t.test || (!t.fixture && r.name == t.first))
    }

    /// The class a C++ test fixture's name at `at` names: one of the file's own, or
    /// the only one of the tree so named, seen from the namespaces around `at`
    /// (innermost first), then from the top level.
    pub(super) fn fixture_type(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        name: &str,
    ) -> Option<DefRef> {
        let mut scope = package_at(file, at).map(str::to_string);
        loop {
            let qualified = match &scope {
                Some(ns) => format!("{ns}.{name}"),
                None => name.to_string(),
            };
            if let Some(found) = self
                .type_in_file(file, &qualified)
                .or_else(|| self.only_type_named(&qualified))
            {
                return Some(found);
            }
            scope = match scope {
                Some(ns) => ns.rsplit_once('.').map(|(outer, _)| outer.to_string()),
                None => return None,
            };
        }
    }
}
