//! What a JVM file sees without an import: Scala's own package and `Predef` (module
//! `scala`) before the Java platform's `java.lang`, the methods every object has, and
//! library supertypes, of which a marker interface gives no member at all. An
//! assertion library's `assertThat(..)` gives a value of that library, whose methods
//! are the library's unless the tree defines a method of the name.

mod common;

use common::answers::{depends, has, has_all};
use common::tree;

#[test]
fn scala_names_its_own_builtins_scala_s_and_the_platform_s_java_lang_s() {
    let dir = tree(&[(
        "src/a/Job.scala",
        "package a\n\nclass Job {\n  def run(xs: List[Int], t: Thread): Option[Unit] = {\n\
         \x20   val ok = xs eq Nil\n    t.interrupt()\n    println(sbt.protocol.Event)\n    None\n  }\n}\n",
    )]);
    let got = depends(dir.path(), &["src/a/Job.scala:4"]);
    has_all(
        &got,
        &[
            "4 type_use List -> external:scala",
            "4 type_use Int -> external:scala",
            "4 type_use Thread -> external:java.lang",
            "4 type_use Option -> external:scala",
            "4 type_use Unit -> external:scala",
            "5 call xs.eq -> external:scala",
            "7 call println -> external:scala",
        ],
    );
}

#[test]
fn a_scala_type_s_package_path_is_no_use_of_its_segments() {
    let dir = tree(&[(
        "src/a/Job.scala",
        "package a\n\nclass Job {\n  def run(r: sbt.protocol.testing.TestResult): Int = 1\n}\n",
    )]);
    let got = depends(dir.path(), &["src/a/Job.scala:4"]);
    has_all(
        &got,
        &["4 type_use sbt.protocol.testing.TestResult -> external:sbt.protocol.testing"],
    );
    for segment in ["sbt", "protocol", "testing"] {
        assert!(
            !got.iter()
                .any(|d| d.starts_with(&format!("4 type_use {segment} "))),
            "{got:#?}"
        );
    }
}

#[test]
fn a_marker_interface_gives_no_member_and_object_s_methods_are_java_lang_s() {
    let dir = tree(&[
        (
            "p/Box.java",
            "package p;\n\nimport java.io.Serializable;\nimport java.util.function.Supplier;\n\n\
             public class Box implements Serializable, Supplier<String> {\n\
             \x20   public String get() { return name(); }\n\
             \x20   String name() { return getClass().getName() + helper(); }\n}\n",
        ),
        (
            "p/Plain.java",
            "package p;\n\nimport java.io.Serializable;\n\n\
             public class Plain implements Serializable {\n\
             \x20   int f() { return helper(); }\n}\n",
        ),
    ]);
    let boxed = depends(dir.path(), &["p/Box.java:8"]);
    has_all(&boxed, &["8 call getClass -> external:java.lang"]);
    // `Supplier` may give `helper`, `Serializable` gives nothing.
    has_all(&boxed, &["8 call helper -> external:java.util.function"]);
    let plain = depends(dir.path(), &["p/Plain.java:6"]);
    assert!(
        !has(&plain, "6 call helper -> external:java.io"),
        "{plain:#?}"
    );
}

#[test]
fn a_class_that_names_no_supertype_has_object_s_methods_from_java_lang() {
    let dir = tree(&[
        (
            "a/B.java",
            "package a;\n\npublic class B {\n  private C c;\n\
             \x20 public String n() {\n    return getClass().getName() + hashCode() + c.equals(this) + super.toString();\n  }\n}\n",
        ),
        ("a/C.java", "package a;\n\npublic class C {\n}\n"),
    ]);
    // They were external without a module (and `c.equals`, `super.toString`
    // unresolved).
    has_all(
        &depends(dir.path(), &["B.n"]),
        &[
            "6 call getClass -> external:java.lang",
            "6 call hashCode -> external:java.lang",
            "6 call c.equals -> external:java.lang",
            "6 call super.toString -> external:java.lang",
        ],
    );
}

#[test]
fn an_assertion_librarys_assert_that_gives_a_value_of_that_library() {
    let dir = tree(&[
        (
            "src/test/java/a/ParserTest.java",
            "package a;\n\n\
             import static com.google.common.truth.Truth.assertThat;\n\n\
             class ParserTest {\n\
             \x20   void parses(Parser p, Exception e) {\n\
             \x20       assertThat(p.parse()).isEqualTo(\"x\");\n\
             \x20       assertThat(e).hasMessageThat().contains(\"bad\");\n\
             \x20       assertThat(p).hasRule(\"r\");\n\
             \x20   }\n\
             }\n",
        ),
        (
            "src/main/java/a/Parser.java",
            "package a;\n\n\
             public class Parser {\n\
             \x20   public String parse() { return \"\"; }\n\
             \x20   public boolean contains(String s) { return false; }\n\
             }\n",
        ),
        (
            "src/test/java/a/ParserSubject.java",
            "package a;\n\n\
             class ParserSubject {\n\
             \x20   ParserSubject hasRule(String r) { return this; }\n\
             }\n",
        ),
    ]);
    // `isEqualTo` and `hasMessageThat` are Truth's (they were unresolved, and so
    // possible uses of any method of their name). `contains` and `hasRule`, which
    // the tree defines, may be a custom subject's: unresolved.
    let got = depends(dir.path(), &["ParserTest.parses"]);
    has_all(
        &got,
        &[
            "7 call assertThat -> external:com.google.common.truth",
            "7 call assertThat(p.parse()).isEqualTo -> external:com.google.common.truth",
            "8 call assertThat(e).hasMessageThat -> external:com.google.common.truth",
            "8 call assertThat(e).hasMessageThat().contains -> ?",
            "9 call assertThat(p).hasRule -> ?",
        ],
    );
}
