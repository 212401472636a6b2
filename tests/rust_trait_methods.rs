//! Rust: the methods a trait of the tree provides (declares with a body) are members
//! of each type that implements the trait, in an `impl Trait for Type` block of any
//! file or by deriving it; not of a type that does neither, nor of every type a
//! blanket implementation covers. A value of a function's type parameter bound by
//! one trait of the tree has that trait's methods. `Self::Output` names the
//! associated type of the type or trait it is written in.

mod common;

use common::answers::{breaks_both_ways, calls, depends};
use common::tree;

fn crate_tree() -> tempfile::TempDir {
    tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/matcher.rs",
            "pub trait Matcher {\n\
             \x20   fn find(&self, s: &str) -> Option<usize>;\n\
             \x20   fn is_match(&self, s: &str) -> bool {\n\
             \x20       self.find(s).is_some()\n\
             \x20   }\n\
             }\n\n\
             pub trait Shout {\n\
             \x20   fn shout(&self) -> String {\n\
             \x20       String::new()\n\
             \x20   }\n\
             }\n\n\
             impl<T: Clone> Shout for T {}\n",
        ),
        (
            "src/regex.rs",
            "use crate::matcher::Matcher;\n\n\
             pub struct Regex;\n\n\
             impl Matcher for Regex {\n\
             \x20   fn find(&self, _s: &str) -> Option<usize> {\n\
             \x20       None\n\
             \x20   }\n\
             }\n",
        ),
        (
            "src/lib.rs",
            "mod matcher;\nmod regex;\n\n\
             use crate::matcher::{Matcher, Shout};\n\
             use crate::regex::Regex;\n\n\
             #[derive(Clone, Matcher)]\n\
             struct Derived;\n\n\
             #[derive(Clone)]\n\
             struct Plain;\n\n\
             fn run(r: Regex, d: Derived, p: Plain) {\n\
             \x20   r.is_match(\"a\");\n\
             \x20   Regex::is_match(&r, \"a\");\n\
             \x20   d.is_match(\"a\");\n\
             \x20   p.is_match(\"a\");\n\
             \x20   p.shout();\n\
             }\n",
        ),
    ])
}

#[test]
fn a_traits_provided_method_is_a_member_of_the_types_implementing_it() {
    let dir = crate_tree();
    // `Regex` implements `Matcher` in another file, `Derived` derives it; `Plain`
    // does neither, and the blanket `impl<T: Clone> Shout for T` is not followed.
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "13 type_use Regex -> src/regex.rs:3",
            "13 type_use Derived -> src/lib.rs:8",
            "13 type_use Plain -> src/lib.rs:11",
            "14 call r.is_match -> src/matcher.rs:3",
            "15 reference Regex -> src/regex.rs:3",
            "15 call Regex.is_match -> src/matcher.rs:3",
            "16 call d.is_match -> src/matcher.rs:3",
            "17 call p.is_match -> ?",
            "18 call p.shout -> ?",
        ]
    );
}

#[test]
fn the_uses_of_a_provided_method_are_found_through_the_implementing_types() {
    let dir = crate_tree();
    assert_eq!(
        breaks_both_ways(dir.path(), &["Matcher.is_match"]),
        [
            "src/lib.rs:14 definition",
            "src/lib.rs:15 definition",
            "src/lib.rs:16 definition",
            "src/lib.rs:17 unresolved",
        ]
    );
}

#[test]
fn a_value_of_a_type_parameter_bound_by_one_trait_of_the_tree_has_its_methods() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "pub trait Matcher {\n\
             \x20   fn find(&self) -> u8;\n\
             \x20   fn is_match(&self) -> bool {\n\
             \x20       true\n\
             \x20   }\n\
             }\n\n\
             pub trait Sink {\n\
             \x20   fn find(&self) -> u8;\n\
             }\n\n\
             pub fn listed<M: Matcher + Send + 'static>(m: M) {\n\
             \x20   m.is_match();\n\
             }\n\n\
             pub fn bounded<M>(m: &M)\n\
             where\n\
             \x20   M: Matcher,\n\
             {\n\
             \x20   m.find();\n\
             }\n\n\
             pub fn two<M: Matcher + Sink>(m: M) {\n\
             \x20   m.find();\n\
             }\n",
        ),
    ]);
    // In the type-parameter list or the `where` clause, the marker traits and the
    // lifetime passed over; bound by two traits of the tree, which one's `find` is
    // meant is not told.
    assert_eq!(
        calls(dir.path(), &["listed"]),
        ["13 call m.is_match -> src/lib.rs:3"]
    );
    assert_eq!(
        calls(dir.path(), &["bounded"]),
        ["20 call m.find -> src/lib.rs:2"]
    );
    assert_eq!(calls(dir.path(), &["two"]), ["24 call m.find -> ?"]);
}

#[test]
fn a_self_path_names_an_associated_type_never_a_library() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "pub trait Matcher {\n\
             \x20   type Captures: Captures;\n\
             \x20   type Error: std::fmt::Display;\n\
             \x20   fn new_captures(&self) -> Result<Self::Captures, Self::Error>;\n\
             \x20   fn provided(&self) -> Result<(), Self::Error> {\n\
             \x20       let c = self.new_captures()?;\n\
             \x20       c.len();\n\
             \x20       Ok(())\n\
             \x20   }\n\
             }\n\
             pub trait Captures {\n\
             \x20   fn len(&self) -> usize;\n\
             }\n\
             pub struct Foo;\n\
             impl Foo {\n\
             \x20   pub fn bar(&self) {}\n\
             }\n\
             pub struct W;\n\
             pub trait Make {\n\
             \x20   type Output;\n\
             \x20   fn make(&self) -> Self::Output;\n\
             }\n\
             impl Make for W {\n\
             \x20   type Output = Foo;\n\
             \x20   fn make(&self) -> Self::Output {\n\
             \x20       Foo\n\
             \x20   }\n\
             }\n\
             impl W {\n\
             \x20   fn use_it(&self) {\n\
             \x20       self.make().bar();\n\
             \x20   }\n\
             }\n",
        ),
    ]);
    // `Self::Error` was unresolved, and what a `Self::Captures` or a `Self::Output`
    // holds was said to be the library `Self`'s: `c.len()` and `self.make().bar()`
    // were "external: Self".
    assert_eq!(
        depends(dir.path(), &["Matcher.provided"]),
        [
            "5 type_use Result -> external:std",
            "5 type_use Self.Error -> src/lib.rs:3",
            "6 call self.new_captures -> src/lib.rs:4",
            "7 call c.len -> ?",
            "8 call Ok -> external:std",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["W.use_it"]),
        [
            "31 call self.make -> src/lib.rs:25",
            "31 call self.make().bar -> src/lib.rs:16",
        ]
    );
    // A trait's associated type is a definition.
    assert_eq!(
        breaks_both_ways(dir.path(), &["src/lib.rs:3"]),
        ["src/lib.rs:4 definition", "src/lib.rs:5 definition"]
    );
}
