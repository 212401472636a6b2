//! A repository's extensions of the language's string type (Kotlin's `fun
//! String.percentDecode()`, C#'s `static string FormatWith(this string format, ..)`):
//! a call on a string (a literal, a parameter, a local or a field declared `String`, a
//! call of a function declared to return one) is
//! the extension where the type has no member of that name, the type's member where no
//! extension has its name, and undecided where both do (the arguments' types choose)
//! or where an extension of a supertype or of any type may be the one.

mod common;

use common::answers::{breaks_both_ways, depends, has_all};
use common::tree;

fn kotlin_project() -> tempfile::TempDir {
    tree(&[
        (
            "src/app/url/Url.kt",
            "package app.url\n\
             \n\
             fun String.percentDecode(plus: Boolean = false): String = this\n\
             \n\
             fun String.get(at: Long): Char = this[0]\n\
             \n\
             fun CharSequence.isAscii(): Boolean = true\n\
             \n\
             fun <T> T.logged(): T = this\n",
        ),
        (
            "src/app/Buffered.kt",
            "package app\n\
             \n\
             class Buffered {\n\
             \x20 private fun String.shout(): String = this\n\
             \x20 fun loud(s: String) = s.shout()\n\
             }\n",
        ),
        (
            "src/app/HttpUrl.kt",
            "package app\n\
             \n\
             import app.url.percentDecode\n\
             import app.url.get\n\
             import app.url.isAscii\n\
             import app.url.logged\n\
             \n\
             class HttpUrl(val encodedUsername: String, private val note: String?) {\n\
             \x20 fun username(host: String, size: Int): String {\n\
             \x20   val a = encodedUsername.percentDecode()\n\
             \x20   val b = host.percentDecode(plus = true)\n\
             \x20   val c = \"a%20b\".percentDecode()\n\
             \x20   val d = this.note!!.percentDecode()\n\
             \x20   val e = host.get(0)\n\
             \x20   val f = host.isAscii()\n\
             \x20   val g = host.logged()\n\
             \x20   val h = host.shout()\n\
             \x20   val i = host.endsWith(\".\")\n\
             \x20   val j = host.percentDecode().percentDecode()\n\
             \x20   return a\n\
             \x20 }\n\
             }\n",
        ),
    ])
}

#[test]
fn a_kotlin_string_calls_the_repositorys_extension_of_string_where_string_has_no_such_member() {
    let dir = kotlin_project();
    let got = depends(dir.path(), &["HttpUrl.username"]);
    has_all(
        &got,
        &[
            // A property, a parameter, a literal and an asserted field: all `String`.
            "10 call encodedUsername.percentDecode -> src/app/url/Url.kt:3",
            "11 call host.percentDecode -> src/app/url/Url.kt:3",
            "12 call \"a%20b\".percentDecode -> src/app/url/Url.kt:3",
            "13 call this.note!!.percentDecode -> src/app/url/Url.kt:3",
            // `String` has a member `get`, which wins where its parameters take the
            // arguments, and the extension is called where they do not: their types
            // tell which.
            "14 call host.get -> ?",
            // An extension of a supertype, or of any type, may be the one called, or
            // the library's may.
            "15 call host.isAscii -> ?",
            "16 call host.logged -> ?",
            // Declared in another class: a scope with that class as receiver may call it.
            "17 call host.shout -> ?",
            // No extension of that name fits: the standard library's.
            "18 call host.endsWith -> external:kotlin",
            // What a repository function declared to return `String` returns.
            "19 call host.percentDecode().percentDecode -> src/app/url/Url.kt:3",
        ],
    );
    // Inside the class that declares it, the class's extension is in scope.
    let got = depends(dir.path(), &["Buffered.loud"]);
    has_all(&got, &["5 call s.shout -> src/app/Buffered.kt:4"]);
    // what-breaks finds the extension's uses resolved, not only by name.
    let got = breaks_both_ways(dir.path(), &["percentDecode"]);
    has_all(
        &got,
        &[
            "src/app/HttpUrl.kt:10 definition",
            "src/app/HttpUrl.kt:11 definition",
            "src/app/HttpUrl.kt:12 definition",
            "src/app/HttpUrl.kt:13 definition",
        ],
    );
}

fn csharp_project() -> tempfile::TempDir {
    tree(&[
        (
            "src/Utilities/StringUtils.cs",
            "namespace Acme.Json.Utilities\n\
             {\n\
             \x20   internal static class StringUtils\n\
             \x20   {\n\
             \x20       public static string FormatWith(this string format, object arg0) { return format; }\n\
             \x20       public static string FormatWith(this string format, object arg0, object arg1) { return format; }\n\
             \x20       public static string Trim(this string s) { return s; }\n\
             \x20       public static string Describe(this object o) { return \"\"; }\n\
             \x20   }\n\
             }\n",
        ),
        (
            "src/Reader.cs",
            "using Acme.Json.Utilities;\n\
             \n\
             namespace Acme.Json\n\
             {\n\
             \x20   public class Reader\n\
             \x20   {\n\
             \x20       private string _text;\n\
             \n\
             \x20       public string Fail(string token, int line)\n\
             \x20       {\n\
             \x20           var a = \"Unexpected token {0}.\".FormatWith(token);\n\
             \x20           var b = $\"At {line}: {{0}} {{1}}\".FormatWith(token, line);\n\
             \x20           var c = token.FormatWith(line);\n\
             \x20           var d = _text.FormatWith(token, line);\n\
             \x20           var e = StringUtils.FormatWith(token, line);\n\
             \x20           var f = token.Trim();\n\
             \x20           var g = token.Describe();\n\
             \x20           var h = token.Substring(1);\n\
             \x20           return a;\n\
             \x20       }\n\
             \x20   }\n\
             }\n",
        ),
    ])
}

#[test]
fn a_csharp_string_calls_the_repositorys_extension_method_with_the_overload_its_arguments_fit() {
    let dir = csharp_project();
    let got = depends(dir.path(), &["Reader.Fail"]);
    has_all(
        &got,
        &[
            // The string a method is called on is its first argument.
            "11 call \"Unexpected token {0}.\".FormatWith -> src/Utilities/StringUtils.cs:5",
            "12 call $\"At {line}: {{0}} {{1}}\".FormatWith -> src/Utilities/StringUtils.cs:6",
            "13 call token.FormatWith -> src/Utilities/StringUtils.cs:5",
            "14 call _text.FormatWith -> src/Utilities/StringUtils.cs:6",
            // Called as a static method, the string is written among the arguments.
            "15 call StringUtils.FormatWith -> src/Utilities/StringUtils.cs:5",
            // `string`'s own `Trim`, or the extension where its parameters do not take
            // the arguments: their types tell.
            "16 call token.Trim -> ?",
            // No extension of that name: the type's member.
            "18 call token.Substring -> external:System",
            // An extension of `object` may be what is called, or a library's may.
            "17 call token.Describe -> ?",
        ],
    );
    let got = breaks_both_ways(dir.path(), &["--all", "FormatWith"]);
    has_all(
        &got,
        &[
            "src/Reader.cs:11 definition",
            "src/Reader.cs:12 definition",
            "src/Reader.cs:13 definition",
            "src/Reader.cs:14 definition",
            "src/Reader.cs:15 definition",
        ],
    );
}

#[test]
fn a_string_given_by_a_library_method_of_string_or_by_to_string_calls_the_repositorys_extension() {
    let dir = tree(&[
        (
            "src/Hosts.kt",
            "package app\n\
             \n\
             fun String.toCanonicalHost(): String? = this\n\
             \n\
             fun String.percentDecode(): String = this\n\
             \n\
             class Parser(private val host: String) {\n\
             \x20 fun parse(s: String, code: Int): String? {\n\
             \x20   val a = s.removePrefix(\".\").toCanonicalHost()\n\
             \x20   val b = host.trim().lowercase().toCanonicalHost()\n\
             \x20   val c = code.toString().toCanonicalHost()\n\
             \x20   val d = s.percentDecode().substring(1).toCanonicalHost()\n\
             \x20   val e = s.split(\",\").toCanonicalHost()\n\
             \x20   return \"x\".repeat(3).toCanonicalHost()\n\
             \x20 }\n\
             }\n",
        ),
        (
            "src/Other.cs",
            "namespace N {\n\
             \x20 public static class StringUtils {\n\
             \x20   public static string FormatWith(this string format, object a) { return format; }\n\
             \x20 }\n\
             \x20 public class User {\n\
             \x20   public string Go(string s, int n) {\n\
             \x20     var x = s.Trim().ToLowerInvariant().FormatWith(n);\n\
             \x20     var y = n.ToString().FormatWith(s);\n\
             \x20     var z = s.Split(',').FormatWith(s);\n\
             \x20     return s.Substring(1).FormatWith(n);\n\
             \x20   }\n\
             \x20 }\n\
             }\n",
        ),
    ]);
    let got = depends(dir.path(), &["Parser.parse"]);
    has_all(
        &got,
        &[
            // The library's methods of `String` that give a `String` again, chained.
            "9 call s.removePrefix(\".\").toCanonicalHost -> src/Hosts.kt:3",
            "10 call host.trim().lowercase().toCanonicalHost -> src/Hosts.kt:3",
            // Any value's `toString()`.
            "11 call code.toString().toCanonicalHost -> src/Hosts.kt:3",
            // After a repository function declared to return a `String`.
            "12 call s.percentDecode().substring(1).toCanonicalHost -> src/Hosts.kt:3",
            "14 call \"x\".repeat(3).toCanonicalHost -> src/Hosts.kt:3",
            // `split` gives a list, not a string.
            "13 call s.split(\",\").toCanonicalHost -> ?",
        ],
    );
    let got = depends(dir.path(), &["User.Go"]);
    has_all(
        &got,
        &[
            "7 call s.Trim().ToLowerInvariant().FormatWith -> src/Other.cs:3",
            "8 call n.ToString().FormatWith -> src/Other.cs:3",
            "9 call s.Split(',').FormatWith -> ?",
            "10 call s.Substring(1).FormatWith -> src/Other.cs:3",
        ],
    );
}

#[test]
fn an_untyped_local_given_a_string_calls_the_string_extensions_and_not_another_types() {
    let dir = tree(&[
        (
            "src/Hosts.kt",
            "package app\n\nfun String.toCanonicalHost(): String? = this\n",
        ),
        (
            "src/Verify.kt",
            "package app\n\
             \n\
             class Verifier {\n\
             \x20 private fun Buffer.endsWith(suffix: String): Boolean = true\n\
             \n\
             \x20 fun verify(hostname: String?, raw: String) {\n\
             \x20   var host = hostname\n\
             \x20   if (host.endsWith(\"..\")) return\n\
             \x20   val trimmed = raw.trim()\n\
             \x20   trimmed.toCanonicalHost()\n\
             \x20   val copy = trimmed\n\
             \x20   copy.toCanonicalHost()\n\
             \x20   val parts = raw.split(\",\")\n\
             \x20   parts.toCanonicalHost()\n\
             \x20 }\n\
             }\n",
        ),
    ]);
    let got = depends(dir.path(), &["Verifier.verify"]);
    has_all(
        &got,
        &[
            // A copy of a `String` parameter: the class's extension of `Buffer` is no
            // candidate, the library's `endsWith` is called.
            "8 call host.endsWith -> external:kotlin",
            // Given by a library method that gives a string, or copied from such a local.
            "10 call trimmed.toCanonicalHost -> src/Hosts.kt:3",
            "12 call copy.toCanonicalHost -> src/Hosts.kt:3",
            // Given a list.
            "14 call parts.toCanonicalHost -> ?",
        ],
    );
}
