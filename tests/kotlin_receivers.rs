//! Kotlin calls written without a receiver: an extension function runs on an implicit
//! receiver (the enclosing class, the type an enclosing extension extends), so a bare
//! call is a repository extension only when it extends one of those. And the labels
//! of named arguments and the `class` of a class literal name nothing. Java calling
//! a Kotlin property's accessor (`writer.getPath()`) reads the property, which no
//! definition stands for: never a method of the library type the class extends.

mod common;

use common::answers::{calls, depends, has, has_all};
use common::tree;

fn project() -> tempfile::TempDir {
    tree(&[
        (
            "src/p/Locks.kt",
            "package p\n\n\
             interface Lockable\n\n\
             class Dispatcher\n\n\
             fun Lockable.assertLockNotHeld() {}\n\n\
             fun Array<String>.indexOf(value: String): Int = 0\n\n\
             fun StringBuilder.appendQuoted(key: String) {}\n",
        ),
        (
            "src/p/util/Util.kt",
            "package p.util\n\nimport p.Dispatcher\n\nfun Dispatcher.assertLockNotHeld() {}\n",
        ),
        (
            "src/p/conn/Conn.kt",
            "package p.conn\n\n\
             import p.Lockable\n\
             import p.util.assertLockNotHeld\n\
             import p.assertLockNotHeld\n\n\
             class Conn : Lockable {\n  fun done() {\n    assertLockNotHeld()\n  }\n}\n",
        ),
        (
            "src/p/Call.kt",
            "package p\n\n\
             class Call : Lockable {\n\
             \x20 fun done() {\n    assertLockNotHeld()\n  }\n\n\
             \x20 fun label(name: String): String = buildString {\n    appendQuoted(name)\n  }\n\n\
             \x20 companion object {\n    fun of(s: String): Call = parse(s)\n  }\n}\n\n\
             fun Call.Companion.parse(s: String): Call = Call()\n\n\
             fun String.hasDot(): Boolean {\n  return indexOf(\".\") >= 0\n}\n",
        ),
    ])
}

#[test]
fn a_bare_call_is_the_extension_of_the_type_the_enclosing_class_is() {
    let dir = project();
    // Two extensions of one name imported: the class is `Lockable`, not `Dispatcher`.
    let got = depends(dir.path(), &["Conn.done"]);
    has_all(&got, &["9 call assertLockNotHeld -> src/p/Locks.kt:7"]);
    // In the package that declares the `Lockable` one.
    let got = depends(dir.path(), &["Call.done"]);
    has_all(&got, &["5 call assertLockNotHeld -> src/p/Locks.kt:7"]);
}

#[test]
fn a_bare_call_in_an_extension_of_string_is_no_extension_of_another_type() {
    let dir = project();
    // `indexOf` runs on the `String` receiver: the package's extension of
    // `Array<String>` cannot be what is called.
    let got = depends(dir.path(), &["hasDot"]);
    has_all(&got, &["20 call indexOf -> ?"]);
    assert!(
        !has(&got, "20 call indexOf -> src/p/Locks.kt:9"),
        "{got:#?}"
    );
}

#[test]
fn a_companion_extension_is_called_bare_inside_its_class_and_a_lambda_keeps_its_receiver() {
    let dir = project();
    has_all(
        &depends(dir.path(), &["Call.of"]),
        &["13 call parse -> src/p/Call.kt:17"],
    );
    // `buildString`'s lambda has a `StringBuilder` receiver the syntax does not show:
    // the one extension of the name in scope stands.
    has_all(
        &depends(dir.path(), &["Call.label"]),
        &["9 call appendQuoted -> src/p/Locks.kt:11"],
    );
}

#[test]
fn named_argument_labels_and_class_literals_are_no_uses() {
    let dir = tree(&[(
        "src/p/Api.kt",
        "package p\n\n\
         import java.io.IOException\n\n\
         class Api {\n\
         \x20 @Throws(IOException::class)\n\
         \x20 @Deprecated(message = \"gone\", level = DeprecationLevel.ERROR)\n\
         \x20 fun old() {\n    send(startIndex = 1)\n  }\n\n\
         \x20 fun send(startIndex: Int) {}\n}\n",
    )]);
    let got = depends(dir.path(), &["Api.old"]);
    has_all(
        &got,
        &[
            "6 annotation IOException -> external:java.io",
            "9 call send -> src/p/Api.kt:12",
        ],
    );
    for label in [
        "message",
        "level",
        "startIndex",
        "IOException.class",
        "class",
    ] {
        assert!(
            !got.iter().any(|l| l.split(' ').nth(2) == Some(label)),
            "{label}: {got:#?}"
        );
    }
}

#[test]
fn a_kotlin_local_named_like_a_modifier_does_not_break_its_class() {
    let dir = tree(&[(
        "src/p/Stream.kt",
        "package p\n\n\
         class Stream(val id: Int) {\n\
         \x20 fun receive(done: Boolean) {\n\
         \x20   val open: Boolean\n\
         \x20   open = isOpen()\n\
         \x20   if (!open) close()\n  }\n\n\
         \x20 fun isOpen(): Boolean = true\n\n\
         \x20 fun close() {}\n}\n",
    )]);
    // `open = ..` read as the modifier of a declaration: the class ended there, and
    // its methods were functions of the file, `Stream.close` no name of anything.
    has_all(
        &depends(dir.path(), &["Stream.receive"]),
        &[
            "6 call isOpen -> src/p/Stream.kt:10",
            "7 call close -> src/p/Stream.kt:12",
        ],
    );
}

#[test]
fn a_supertype_constructors_arguments_are_values_not_types() {
    let dir = tree(&[
        (
            "src/p/Task.kt",
            "package p\n\nabstract class Task(val name: String) {\n  abstract fun runOnce(): Long\n}\n",
        ),
        (
            "src/p/Finder.kt",
            "package p\n\n\
             class Finder {\n\
             \x20 fun launch(label: String): Task {\n\
             \x20   val taskName = \"connect $label\"\n\
             \x20   return object : Task(taskName) {\n\
             \x20     override fun runOnce(): Long = 0L\n\
             \x20   }\n\
             \x20 }\n\
             }\n",
        ),
    ]);
    // Before, `taskName` was an external type the anonymous object used.
    let got = depends(dir.path(), &["Finder.launch"]);
    has(&got, "6 type_use Task -> src/p/Task.kt:3");
    assert!(!got.iter().any(|l| l.contains("taskName")), "{got:#?}");
}

#[test]
fn java_calling_a_kotlin_property_s_accessor_is_no_library_method() {
    let dir = tree(&[
        (
            "src/main/java/com/acme/JsonWriter.kt",
            "package com.acme\n\nimport java.io.Closeable\n\n\
             abstract class JsonWriter : Closeable {\n\
             \x20 val path: String\n    get() = \"$\"\n\
             \x20 var serializeNulls: Boolean = false\n\
             \x20 fun flush() {}\n}\n",
        ),
        (
            "src/test/java/com/acme/PathTest.java",
            "package com.acme;\n\nclass PathTest {\n\
             \x20 void run(JsonWriter writer) throws Exception {\n\
             \x20   writer.getPath();\n\
             \x20   writer.setSerializeNulls(true);\n\
             \x20   writer.flush();\n\
             \x20   writer.close();\n  }\n}\n",
        ),
    ]);
    assert_eq!(
        calls(dir.path(), &["PathTest.run"]),
        [
            "5 call writer.getPath -> ?",
            "6 call writer.setSerializeNulls -> ?",
            "7 call writer.flush -> src/main/java/com/acme/JsonWriter.kt:9",
            "8 call writer.close -> external:java.io",
        ]
    );
}
