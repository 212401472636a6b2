//! Paths that name types: Scala's imports (`a.b._`, `a.b.{C, D => E}`, `Obj.{m}`, a
//! path that starts inside the file's packages), its chained package clauses, and the
//! qualified type names of Java, Scala, Rust and C++ (`Map.Entry`,
//! `org.acme.env.Source`, `io::Result`, `std::vector<int>`), which name the type inside
//! the one written before it, never a namesake of the tree.

mod common;

use common::answers::{depends, deps, has, has_all};
use common::{json_run, tree};

#[test]
fn a_scala_wildcard_or_selector_import_brings_in_the_tree_s_types() {
    let dir = tree(&[
        (
            "a/Range.scala",
            "package p.bsp\nfinal class Range(val s: Int)\nclass Other\nclass Third\n",
        ),
        (
            "b/Use.scala",
            "package p.server\nimport p.bsp._\nimport xsbti.Reporter\n\
             final class Impl extends Reporter {\n  def f(): Unit = {\n    Range(1)\n  }\n}\n",
        ),
        (
            "b/Sel.scala",
            "package p.client\nimport p.bsp.{ Other, Third => T3 }\n\
             object Sel {\n  def g(o: Other, t: T3): Unit = ()\n}\n",
        ),
    ]);
    // `Range` was taken for a member the library class `Reporter` gives `Impl`.
    has_all(
        &depends(dir.path(), &["Impl.f"]),
        &["6 call Range -> a/Range.scala:2"],
    );
    // A selector list was no import at all.
    has_all(
        &depends(dir.path(), &["Sel.g"]),
        &[
            "4 type_use Other -> a/Range.scala:3",
            "4 type_use T3 -> a/Range.scala:4",
        ],
    );
}

#[test]
fn a_scala_file_in_chained_packages_sees_the_outer_ones_and_the_inner_hides_them() {
    let dir = tree(&[
        (
            "core/Keys.scala",
            "package sbt\nobject Keys { val compile = 1 }\nobject Def {\n  trait Setting\n}\n",
        ),
        (
            "nio/Keys.scala",
            "package sbt\npackage nio\nobject Keys { val files = 2 }\n",
        ),
        (
            "nio/Use.scala",
            "package sbt\npackage nio\nimport Def.{ Setting }\n\
             object Use {\n  def f(s: Setting): Unit = { Keys.files; Def.hashCode }\n}\n",
        ),
        (
            "other/Use2.scala",
            "package sbt.other\nobject Use2 {\n  def g(): Unit = { Def.hashCode }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Use.f"]);
    has_all(
        &got,
        &[
            // `import Def.{..}` starts at `Def`, a member of the outer package.
            "5 type_use Setting -> core/Keys.scala:4",
            // The inner package's `Keys` hides the outer one's.
            "5 reference Keys -> nio/Keys.scala:3",
            "5 reference Def -> core/Keys.scala:3",
        ],
    );
    // One clause `package sbt.other` sees no member of `sbt`.
    let g = depends(dir.path(), &["Use2.g"]);
    assert!(!g.iter().any(|d| d.contains("core/Keys.scala")), "{g:#?}");
}

#[test]
fn a_qualified_type_name_is_the_type_inside_the_one_written_before_it() {
    let dir = tree(&[
        (
            "src/org/acme/Entry.java",
            "package org.acme;\npublic class Entry {}\n",
        ),
        (
            "src/org/acme/env/Source.java",
            "package org.acme.env;\npublic class Source {}\n",
        ),
        (
            "src/org/acme/Source.java",
            "package org.acme;\npublic class Source {}\n",
        ),
        (
            "src/org/acme/Use.java",
            "package org.acme;\nimport java.util.Map;\npublic class Use {\n\
             \x20   void f(Map.Entry<String, String> e, org.acme.env.Source s) {}\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Use.f"]);
    has_all(
        &got,
        &[
            "4 type_use Map.Entry -> external:java.util",
            "4 type_use org.acme.env.Source -> src/org/acme/env/Source.java:2",
        ],
    );
    // Not the tree's `Entry` or the file's own package's `Source`, and the package's
    // names are no uses of anything.
    assert!(
        !got.iter().any(|d| d.contains("org/acme/Entry.java")
            || d.contains("src/org/acme/Source.java")
            || d.contains(" acme ")
            || d.contains(" org.acme ")),
        "{got:#?}"
    );
}

#[test]
fn a_rust_type_written_after_its_module_path_is_that_module_s() {
    let dir = tree(&[
        ("src/rt/mod.rs", "pub struct Runtime;\npub struct Result;\n"),
        (
            "src/lib.rs",
            "mod rt;\nuse std::io;\n\
             pub fn f(r: crate::rt::Runtime) -> io::Result<()> { Ok(()) }\n\
             pub fn g() -> std::fmt::Result { Ok(()) }\n",
        ),
    ]);
    // The path was kept with its trailing `::` (`io::`), which named no module: every
    // such type was unresolved.
    let mut got = depends(dir.path(), &["f"]);
    got.extend(depends(dir.path(), &["g"]));
    has_all(
        &got,
        &[
            "3 type_use crate::rt.Runtime -> src/rt/mod.rs:1",
            "3 type_use io.Result -> external:std",
            "4 type_use std::fmt.Result -> external:std::fmt",
        ],
    );
    // Not the tree's own `Result`.
    assert!(
        !got.iter().any(|d| d.contains("src/rt/mod.rs:2")),
        "{got:#?}"
    );
}

#[test]
fn a_rust_call_through_a_path_with_type_arguments_is_the_type_s_function() {
    let dir = tree(&[(
        "src/lib.rs",
        "struct Harness<T>(T);\nimpl<T> Harness<T> { fn from_raw(t: T) -> Self { Harness(t) } }\n\
         fn k() {\n    Harness::<u8>::from_raw(1);\n    <Harness<u8>>::from_raw(2);\n\
         \x20   Vec::<u8>::with_capacity(3);\n    <u8 as Default>::default();\n}\n",
    )]);
    // The type arguments were part of the path (`Harness::<u8>`), which named nothing.
    let got = depends(dir.path(), &["k"]);
    has_all(
        &got,
        &[
            "4 call Harness.from_raw -> src/lib.rs:2",
            "5 call Harness.from_raw -> src/lib.rs:2",
            "6 call Vec.with_capacity -> external:std",
        ],
    );
    // A trait's function named through `as` is not the type's.
    assert!(
        got.iter()
            .any(|d| d.starts_with("7 call <u8 as Default>.default ")),
        "{got:#?}"
    );
}

#[test]
fn a_scala_case_class_copy_is_the_class_s_and_an_unknown_receiver_is_not_a_library_s() {
    let dir = tree(&[(
        "t/Inc.scala",
        "package t\nfinal case class Incomplete(node: Option[Int]) extends Exception\n\
         class Runner extends java.lang.Thread {\n  def f(i: Incomplete, xs: Seq[Incomplete]): Unit = {\n\
         \x20   i.copy(node = None)\n    xs.map(_.copy(node = None))\n    j.copy(1)\n  }\n}\n",
    )]);
    // `copy` was taken for a member the library type `Exception` gives, and so were
    // the members of a lambda's `_` and of a name the facts do not bind.
    has_all(
        &depends(dir.path(), &["Runner.f"]),
        &[
            "5 call i.copy -> t/Inc.scala:2",
            "6 call _.copy -> ?",
            "7 call j.copy -> ?",
        ],
    );
}

#[test]
fn scala_imports_that_name_each_other_end_unresolved_without_overflowing_the_stack() {
    let dir = tree(&[(
        "u.scala",
        "package p\nimport Foo.{ Bar }\nimport Bar.{ Foo }\nobject Use {\n  def f(x: Foo, y: Bar): Unit = ()\n}\n",
    )]);
    // Each import looked its owner up through the other, without end.
    has_all(
        &depends(dir.path(), &["Use.f"]),
        &["5 type_use Foo -> ?", "5 type_use Bar -> ?"],
    );
}

#[test]
fn a_cpp_template_type_written_after_its_scope_is_that_scope_s() {
    let dir = tree(&[(
        "a.cc",
        "#include <vector>\nnamespace app {\nstruct Foo { int x; };\n\
         template <typename T> struct Box { T v; };\n\
         int f() {\n  std::vector<int> v;\n  app::Box<Foo> b;\n  return v.size();\n}\n}\n",
    )]);
    let got = depends(dir.path(), &["a.cc:5"]);
    has_all(
        &got,
        &[
            "6 type_use std -> external:std",
            "6 type_use std.vector -> external:std",
            "7 type_use app.Box -> a.cc:4",
            "7 type_use Foo -> a.cc:3",
        ],
    );
}

#[test]
fn a_scala_value_s_members_imported_in_a_function_may_hide_the_package_s_types() {
    let dir = tree(&[
        (
            "a/ScopeAxis.scala",
            "package sbt\n\nfinal case class Select[S](s: S)\nfinal class Local\n",
        ),
        (
            "b/KeyMacro.scala",
            "package sbt\npackage std\n\nimport scala.reflect.macros._\n\n\
             object KeyMacro {\n\
             \x20 def name(c: blackbox.Context): String = {\n\
             \x20   import c.universe.{ Apply => ApplyTree, _ }\n\
             \x20   def go(trees: List[c.Tree]): String = trees match {\n\
             \x20     case (_: ApplyTree | _: Select) :: xs => go(xs)\n\
             \x20     case _ => \"\"\n\
             \x20   }\n\
             \x20   go(Nil)\n\
             \x20 }\n\
             \x20 def plain(x: Select[Int], l: Local): Int = 1\n\
             }\n",
        ),
    ]);
    // `Select` after `import c.universe._` may be the universe's: it was the
    // package's class.
    let inside = depends(dir.path(), &["b/KeyMacro.scala:9"]);
    has_all(&inside, &["10 type_use Select -> ?"]);
    // Elsewhere the package's class stands.
    let plain = depends(dir.path(), &["b/KeyMacro.scala:15"]);
    has_all(
        &plain,
        &[
            "15 type_use Select -> a/ScopeAxis.scala:3",
            "15 type_use Local -> a/ScopeAxis.scala:4",
        ],
    );
}

#[test]
fn a_scala_access_qualifier_names_no_value_nor_a_namesake_type_s_member() {
    let dir = tree(&[
        (
            "p/A.scala",
            "package a.b\n\nobject A\n{\n\tprivate[b] def x = 3\n\tdef y = b\n\tdef z = x\n}\n",
        ),
        ("q/A.scala", "package test6\n\ntrait A {\n  def b = 1\n}\n"),
    ]);
    // `b` of `private[b]` and of `y` were uses of `test6.A.b`, a member of another
    // package's type of the same name.
    for line in ["p/A.scala:5", "p/A.scala:6"] {
        let (code, recs) = json_run(dir.path(), &["what-depends", line]);
        assert!(
            !deps(&recs).iter().any(|d| d.contains("q/A.scala")),
            "{recs:?}"
        );
        assert!(code <= 1, "{recs:?}");
    }
    assert_eq!(
        depends(dir.path(), &["p/A.scala:7"]),
        ["7 reference x -> p/A.scala:5"]
    );
}

#[test]
fn a_scala_wildcard_import_of_the_tree_outranks_the_package_s_members_in_other_files() {
    let dir = tree(&[
        (
            "main/src/main/scala/sbt/Terminal.scala",
            "package sbt\n\nprivate[sbt] object Terminal {\n  def get = 1\n}\n",
        ),
        (
            "util/src/main/scala/sbt/internal/util/Terminal.scala",
            "package sbt.internal.util\n\nobject Terminal {\n  def consoleLog(s: String): Unit = ()\n}\n",
        ),
        (
            "util/src/test/scala/sbt/internal/util/Fixture.scala",
            "package sbt.internal.util\n\nfinal case class Scope(n: Int)\n",
        ),
        (
            "main/src/main/scala/sbt/Scope.scala",
            "package sbt\n\nfinal case class Scope(n: Int)\n",
        ),
        (
            "main/src/main/scala/sbt/internal/Exchange.scala",
            "package sbt\npackage internal\n\nimport sbt.internal.util._\n\n\
             object Exchange {\n\
             \x20 def run(s: Scope): Unit = Terminal.consoleLog(\"x\")\n\
             }\n",
        ),
    ]);
    // `Terminal` was `sbt.Terminal`, of the outer package clause, and its member
    // was found only through a namesake. The test sources' `Scope` is not seen
    // from the main sources.
    let run = depends(
        dir.path(),
        &["main/src/main/scala/sbt/internal/Exchange.scala:7"],
    );
    has_all(
        &run,
        &[
            "7 type_use Scope -> main/src/main/scala/sbt/Scope.scala:3",
            "7 reference Terminal -> util/src/main/scala/sbt/internal/util/Terminal.scala:3",
            "7 call Terminal.consoleLog -> util/src/main/scala/sbt/internal/util/Terminal.scala:4",
        ],
    );
}

#[test]
fn a_wildcard_import_brings_no_test_sources_definition_to_main_code() {
    let dir = tree(&[
        (
            "tasks/src/test/scala/sbt/Test.scala",
            "package sbt\n\nobject Test {\n  def t2 = 1\n}\n",
        ),
        (
            "tasks/src/main/scala/sbt/Task.scala",
            "package sbt\n\nfinal class Task\n",
        ),
        (
            "plugins/project/TwirlPlugin.scala",
            "import sbt._\n\n\
             object TwirlPlugin {\n\
             \x20 def settings(t: Task) = inConfig(Test)(t)\n\
             }\n",
        ),
    ]);
    // `Test` was the object of the tasks' tests; sbt's `Test` is the library's.
    let run = depends(dir.path(), &["TwirlPlugin.settings"]);
    has(
        &run,
        "4 type_use Task -> tasks/src/main/scala/sbt/Task.scala:3",
    );
    assert!(!run.iter().any(|d| d.contains("Test.scala")), "{run:?}");
}
