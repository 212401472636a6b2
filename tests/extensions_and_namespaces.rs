//! Calls of Kotlin extension functions and C# extension methods, C# namespaces and
//! declared types, and fields inherited from a base class in another file: each call
//! resolves to the definition it calls, or is unresolved, never called external when
//! the repository defines what it calls.

mod common;

use common::answers::{breaks_both_ways, depends, has, has_all};
use common::tree;

fn kotlin_project() -> tempfile::TempDir {
    tree(&[
        (
            "src/app/util/Util.kt",
            "package app.util\n\
             \n\
             import java.io.Closeable\n\
             \n\
             fun Closeable.closeQuietly() {\n  try { close() } catch (e: Exception) {}\n}\n",
        ),
        (
            "src/app/Resp.kt",
            "package app\n\nimport java.io.Closeable\n\n\
             class Resp : Closeable {\n  override fun close() {}\n  fun copy(): Resp = Resp()\n}\n",
        ),
        (
            "src/app/Call.kt",
            "package app\n\
             \n\
             import app.util.closeQuietly\n\
             import java.io.IOException\n\
             import java.net.Socket\n\
             \n\
             class Call {\n\
             \x20 @Throws(IOException::class)\n\
             \x20 fun go(r: Resp) {\n\
             \x20   r.closeQuietly()\n\
             \x20 }\n\
             \n\
             \x20 fun stop(s: Socket) {\n\
             \x20   s.closeQuietly()\n\
             \x20 }\n\
             }\n\
             \n\
             private fun Resp.forCache(): Resp {\n\
             \x20 return copy()\n\
             }\n",
        ),
    ])
}

#[test]
fn a_kotlin_extension_declared_in_a_class_or_imported_from_a_library_is_not_a_library_member() {
    let dir = tree(&[(
        "src/Writer.kt",
        "package p.q\n\nimport okio.Buffer\nimport okio.ByteString.Companion.encodeUtf8\n\n\
         class Writer(private val sink: Buffer) {\n\
         \x20 fun write(name: String) {\n    sink.writeName(name.encodeUtf8())\n    sink.writeByte(0)\n  }\n\n\
         \x20 private fun Buffer.writeName(name: Any) {\n    writeByte(0)\n  }\n}\n",
    )]);
    assert_eq!(
        depends(dir.path(), &["Writer.write"]),
        [
            "7 type_use String -> external:kotlin",
            // The class's own extension of the library type, or a member of it.
            "8 call sink.writeName -> ?",
            // okio's extension of String, or a member of String: not `kotlin`'s.
            "8 call name.encodeUtf8 -> external:",
            "9 call sink.writeByte -> external:okio",
        ]
    );
}

#[test]
fn a_kotlin_extension_function_is_called_through_a_supertype_of_the_receiver() {
    let dir = kotlin_project();
    // `Resp` is `Closeable`, which the extension extends: before, the call was taken
    // for a member inherited from the library type, and called external.
    let got = depends(dir.path(), &["Call.go"]);
    has_all(
        &got,
        &[
            "10 call r.closeQuietly -> src/app/util/Util.kt:5",
            // A Kotlin annotation of the default imports is the language's, not a guess
            // at a library the class extends.
            "8 annotation Throws -> external:kotlin",
        ],
    );
    // A library receiver: the library type may have a member of that name, so the
    // call is unresolved, and no longer external.
    let got = depends(dir.path(), &["Call.stop"]);
    assert!(has(&got, "14 call s.closeQuietly -> ?"), "{got:#?}");
    // Inside an extension function, the extended type's members are called without a
    // receiver (resolving that type from inside the function once recursed forever).
    let got = depends(dir.path(), &["forCache"]);
    assert!(has(&got, "19 call copy -> src/app/Resp.kt:7"), "{got:#?}");
    // what-breaks keeps both: one resolved, one by name.
    let got = breaks_both_ways(dir.path(), &["closeQuietly"]);
    has_all(
        &got,
        &[
            "src/app/Call.kt:10 definition",
            "src/app/Call.kt:14 unresolved",
        ],
    );
}

fn csharp_project() -> tempfile::TempDir {
    tree(&[
        (
            "Src/Lib/Utilities/ValidationUtils.cs",
            "using System;\n\
             \n\
             namespace Acme.Lib.Utilities\n\
             {\n\
             \x20   internal static class ValidationUtils\n\
             \x20   {\n\
             \x20       public static void ArgumentNotNull(object value, string name) { }\n\
             \x20   }\n\
             \n\
             \x20   internal static class TypeExtensions\n\
             \x20   {\n\
             \x20       public static bool IsAssignableFrom(this Type type, Type other) { return false; }\n\
             \x20       public static void Boost(this Engine engine) { }\n\
             \x20   }\n\
             }\n",
        ),
        (
            "Src/Lib/Engine.cs",
            "namespace Acme.Lib\n\
             {\n\
             \x20   public class Engine\n\
             \x20   {\n\
             \x20       public void Run() { }\n\
             \x20       internal Resolver GetResolver() { return null; }\n\
             \x20   }\n\
             \n\
             \x20   public class Resolver\n\
             \x20   {\n\
             \x20       public void Add(string id) { }\n\
             \x20   }\n\
             }\n",
        ),
        (
            "Src/Lib/Serialization/InternalBase.cs",
            "namespace Acme.Lib.Serialization\n\
             {\n\
             \x20   internal abstract class InternalBase\n\
             \x20   {\n\
             \x20       internal readonly Engine Serializer;\n\
             \x20   }\n\
             }\n",
        ),
        (
            "Src/Lib/Serialization/Reader.cs",
            "using System;\n\
             using Acme.Lib.Utilities;\n\
             \n\
             namespace Acme.Lib.Serialization\n\
             {\n\
             \x20   internal class Reader : InternalBase\n\
             \x20   {\n\
             \x20       private Engine other;\n\
             \n\
             \x20       private void AddReference(string id, Type t)\n\
             \x20       {\n\
             \x20           ValidationUtils.ArgumentNotNull(id, nameof(id));\n\
             \x20           Serializer.GetResolver().Add(id);\n\
             \x20           Engine local = new Engine();\n\
             \x20           local.Run();\n\
             \x20           other.Run();\n\
             \x20           other.Boost();\n\
             \x20           t.IsAssignableFrom(t);\n\
             \x20       }\n\
             \x20   }\n\
             }\n",
        ),
    ])
}

#[test]
fn csharp_declared_types_namespaces_and_inherited_fields_resolve() {
    let dir = csharp_project();
    let got = depends(dir.path(), &["Reader.AddReference"]);
    has_all(
        &got,
        &[
            // A class of a namespace the file names in a `using` directive.
            "12 call ValidationUtils.ArgumentNotNull -> Src/Lib/Utilities/ValidationUtils.cs:7",
            // A field the base class (another file) declares, of a type of an enclosing
            // namespace; a capitalised method is called, not a class constructed; its
            // declared return type types the next call.
            "13 call Serializer.GetResolver -> Src/Lib/Engine.cs:6",
            "13 call Serializer.GetResolver().Add -> Src/Lib/Engine.cs:11",
            // A local and a field with their declared types; the constructor call and the
            // type are reported (a declaration's type was taken for a local of that name).
            "14 type_use Engine -> Src/Lib/Engine.cs:3",
            "14 call Engine -> Src/Lib/Engine.cs:3",
            "15 call local.Run -> Src/Lib/Engine.cs:5",
            "16 call other.Run -> Src/Lib/Engine.cs:5",
            // An extension method of a repository type.
            "17 call other.Boost -> Src/Lib/Utilities/ValidationUtils.cs:13",
            // An extension of a library type with a member of the same name (a stand-in
            // for platforms without it): neither resolved to the extension nor external.
            "18 call t.IsAssignableFrom -> ?",
        ],
    );
    let got = breaks_both_ways(dir.path(), &["Boost"]);
    assert_eq!(got, ["Src/Lib/Serialization/Reader.cs:17 definition"]);
}

#[test]
fn a_csharp_partial_class_in_two_files_is_one_type() {
    let dir = tree(&[
        (
            "Linq/JToken.cs",
            "namespace Acme.Linq\n{\n    public abstract class JToken\n    {\n        \
             internal void SetLineInfo(int line) { }\n    }\n}\n",
        ),
        (
            "Linq/JContainer.cs",
            "namespace Acme.Linq\n{\n    public abstract partial class JContainer : JToken\n    {\n        \
             internal void ReadTokenFrom(string reader) { }\n    }\n}\n",
        ),
        (
            "Linq/JContainer.Async.cs",
            "namespace Acme.Linq\n{\n    public abstract partial class JContainer\n    {\n        \
             internal void ReadAsync() { }\n    }\n}\n",
        ),
        (
            "Linq/JObject.cs",
            "namespace Acme.Linq\n{\n    public class JObject : JContainer\n    {\n        \
             public static JObject Load()\n        {\n            JObject o = new JObject();\n            \
             o.SetLineInfo(1);\n            o.ReadTokenFrom(\"x\");\n            o.ReadAsync();\n            \
             return o;\n        }\n    }\n}\n",
        ),
    ]);
    // Before, the two parts of `JContainer` were two namesake types: no member of it or
    // of its base class could be found through it.
    let got = depends(dir.path(), &["JObject.Load"]);
    has_all(
        &got,
        &[
            // A method's return type is a use of the type (it was a plain reference).
            "5 type_use JObject -> Linq/JObject.cs:3",
            "8 call o.SetLineInfo -> Linq/JToken.cs:5",
            "9 call o.ReadTokenFrom -> Linq/JContainer.cs:5",
            "10 call o.ReadAsync -> Linq/JContainer.Async.cs:5",
        ],
    );
}

#[test]
fn a_csharp_call_no_declared_overload_can_take_is_not_tied_to_them() {
    let dir = tree(&[(
        "Token.cs",
        "namespace Acme\n{\n    public class Token\n    {\n        \
         private static string GetType(Token t) { return null; }\n        \
         private static void Log(string format, params object[] args) { }\n        \
         private static void Warn(string message, int level = 1) { }\n\n        \
         public void Check()\n        {\n            \
         Log(\"{0} {1}\", GetType(), GetType(this));\n            \
         Warn(\"x\");\n        }\n    }\n}\n",
    )]);
    let got = depends(dir.path(), &["Token.Check"]);
    let explicit = tree(&[(
        "Obj.cs",
        "using System.Collections.Generic;\n\nnamespace Acme\n{\n    \
         public class Container\n    {\n        public virtual void Add(object content) { }\n    }\n\n    \
         public class Obj : Container, ICollection<string>\n    {\n        \
         public Obj(object content)\n        {\n            Add(content);\n        }\n\n        \
         public void Add(string name, object value) { }\n\n        \
         void ICollection<string>.Add(string item)\n        {\n            Add(item, null);\n        }\n    }\n}\n",
    )]);
    // An explicit interface implementation is called only through the interface:
    // `Add(content)` is not it (it was, by its count of parameters), nor the class's own
    // two-argument `Add`: it is the base class's, which takes one.
    let got_explicit = depends(explicit.path(), &["Obj.cs:12"]);
    has_all(
        &got_explicit,
        &["14 call Add -> Obj.cs:7", "21 call Add -> Obj.cs:17"],
    );
    has_all(
        &got,
        &[
            // `GetType()` is the method every object has: no declared overload takes no
            // argument, so it is not tied to the one that takes a `Token`.
            "11 call GetType -> ?",
            "11 call GetType -> Token.cs:5",
            // `params` takes any number of arguments; a default value may be left out.
            "11 call Log -> Token.cs:6",
            "12 call Warn -> Token.cs:7",
        ],
    );
}

#[test]
fn php_use_statements_typed_variables_and_properties_resolve() {
    let dir = tree(&[
        (
            "src/Command/Command.php",
            "<?php\n\nnamespace Acme\\Console\\Command;\n\nclass Command\n{\n    \
             public function getName(): string { return ''; }\n}\n",
        ),
        (
            "src/Exception/LogicException.php",
            "<?php\n\nnamespace Acme\\Console\\Exception;\n\nclass LogicException extends \\LogicException\n{\n}\n",
        ),
        (
            "src/Helper/Helper.php",
            "<?php\n\nnamespace Acme\\Console\\Helper;\n\nclass Helper\n{\n    \
             public static function substr(string $s, int $from): string { return ''; }\n}\n",
        ),
        (
            "src/Application.php",
            "<?php\n\nnamespace Acme\\Console;\n\nuse Acme\\Console\\Command\\Command;\n\
             use Acme\\Console\\Exception\\LogicException;\n\nclass Application\n{\n    \
             private Command $default;\n\n    \
             public function add(Command $command, $untyped): ?Command\n    {\n        \
             $name = $command->getName();\n        $this->default->getName();\n        \
             $untyped->getName();\n        if (!$name) {\n            \
             throw new LogicException(substr($name, 1));\n        }\n        return $command;\n    }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Application.add"]);
    has_all(
        &got,
        &[
            // Classes the package declares, imported with `use` (before: called external,
            // the directories leaving out the vendor prefix of the namespace).
            "12 type_use Command -> src/Command/Command.php:5",
            "18 call LogicException -> src/Exception/LogicException.php:5",
            // A typed parameter and a typed property (before: no PHP variable was bound).
            "14 call $command.getName -> src/Command/Command.php:7",
            "15 call $this->default.getName -> src/Command/Command.php:7",
            // A variable of no known type is no class: unresolved, not external.
            "16 call $untyped.getName -> ?",
            // A bare call is a function, never some class's static method of that name.
            "18 call substr -> external:",
        ],
    );
    // `extends` is inheritance (it was a plain reference): members of the parent class
    // are found through `$this`, `parent::` and the parent's typed properties.
    let dir = tree(&[
        (
            "src/Input.php",
            "<?php\n\nnamespace Acme\\Input;\n\nabstract class Input\n{\n    \
             protected Definition $definition;\n\n    public function bind(): void { }\n}\n",
        ),
        (
            "src/Definition.php",
            "<?php\n\nnamespace Acme\\Input;\n\nclass Definition\n{\n    \
             public function hasShortcut(string $name): bool { return false; }\n}\n",
        ),
        (
            "src/ArgvInput.php",
            "<?php\n\nnamespace Acme\\Input;\n\nclass ArgvInput extends Input\n{\n    \
             private function parse(string $name): void\n    {\n        $this->bind();\n        \
             $this->definition->hasShortcut($name);\n        parent::bind();\n    }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["ArgvInput.parse"]);
    has_all(
        &got,
        &[
            "9 call $this.bind -> src/Input.php:9",
            "10 call $this->definition.hasShortcut -> src/Definition.php:7",
            "11 call parent.bind -> src/Input.php:9",
        ],
    );
}

#[test]
fn php_names_written_with_their_namespace_resolve_in_that_namespace_only() {
    let dir = tree(&[
        (
            "src/Util/Box.php",
            "<?php\nnamespace App\\Util;\n\nfunction helper($x) { return $x; }\n\n\
             class Box\n{\n    public static function make(): Box { return new Box(); }\n    \
             public function open(): int { return 1; }\n}\n",
        ),
        (
            "src/Exception/RuntimeException.php",
            "<?php\nnamespace App\\Exception;\n\nclass RuntimeException extends \\RuntimeException\n{\n}\n",
        ),
        // A class named like a namespace segment: `\App\Util\..` does not use it.
        ("lib/Util.php", "<?php\nnamespace Lib;\n\nclass Util\n{\n}\n"),
        (
            "src/Run.php",
            "<?php\nnamespace App;\n\nuse App\\Util as U;\n\n\
             function run(\\App\\Util\\Box $x)\n{\n    \\App\\Util\\helper(1);\n    \
             Util\\helper(2);\n    U\\helper(3);\n    namespace\\Util\\helper(4);\n    \
             \\App\\Util\\Box::make();\n    new \\App\\Util\\Box();\n    $x->open();\n    \
             \\strlen('x');\n    new Exception\\RuntimeException('ours');\n    \
             throw new \\RuntimeException('php');\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["src/Run.php:6"]);
    has_all(
        &got,
        &[
            "6 type_use \\App\\Util\\Box -> src/Util/Box.php:6",
            // Fully qualified, below the code's namespace, through a `use` alias, and
            // `namespace\`: one function (before: the whole path was one name, called
            // external, and its last segment a plain reference).
            "8 call \\App\\Util\\helper -> src/Util/Box.php:4",
            "9 call Util\\helper -> src/Util/Box.php:4",
            "10 call U\\helper -> src/Util/Box.php:4",
            "11 call namespace\\Util\\helper -> src/Util/Box.php:4",
            "12 call \\App\\Util\\Box.make -> src/Util/Box.php:8",
            "13 call \\App\\Util\\Box -> src/Util/Box.php:6",
            // A parameter typed with a namespace path has that class's members.
            "14 call $x.open -> src/Util/Box.php:9",
            // The global namespace is PHP's own, whatever the tree names alike.
            "15 call \\strlen -> external:",
            "16 call Exception\\RuntimeException -> src/Exception/RuntimeException.php:4",
            "17 call \\RuntimeException -> external:",
        ],
    );
    // The tree's exception is used once: not by `new \RuntimeException` and not by the
    // class that extends PHP's own (before: both were its uses).
    let uses = breaks_both_ways(dir.path(), &["src/Exception/RuntimeException.php:4"]);
    assert_eq!(uses, ["src/Run.php:16 definition"], "{uses:#?}");
    let uses = breaks_both_ways(dir.path(), &["helper"]);
    let want: Vec<String> = (8..=11)
        .map(|l| format!("src/Run.php:{l} definition"))
        .collect();
    assert_eq!(uses, want);
    // A segment of a namespace path is no use of a class of that name.
    let uses = breaks_both_ways(dir.path(), &["lib/Util.php:4"]);
    assert!(uses.is_empty(), "{uses:#?}");
}

#[test]
fn php_imports_and_bare_class_names_resolve_where_directories_mirror_namespaces() {
    let dir = tree(&[
        (
            "src/Illuminate/Support/Facades/DB.php",
            "<?php\n\nnamespace Illuminate\\Support\\Facades;\n\nclass DB extends Facade\n{\n}\n",
        ),
        (
            "src/Illuminate/Support/Facades/Facade.php",
            "<?php\n\nnamespace Illuminate\\Support\\Facades;\n\nabstract class Facade\n{\n    \
             public static function aliases(): array\n    {\n        \
             return ['DB' => DB::class];\n    }\n}\n",
        ),
        (
            "src/Illuminate/Container/Attributes/DB.php",
            "<?php\n\nnamespace Illuminate\\Container\\Attributes;\n\nclass DB\n{\n}\n",
        ),
        (
            "src/Illuminate/Database/Query.php",
            "<?php\n\nnamespace Illuminate\\Database;\n\nuse Illuminate\\Support\\Facades\\DB;\n\n\
             class Query\n{\n    public function run(): DB { return new DB(); }\n}\n",
        ),
    ]);
    // Before, an import whose namespace starts like a directory of the tree was
    // unresolved (a match by name for both classes), and so was a bare class name
    // of the code's own namespace.
    let uses = breaks_both_ways(dir.path(), &["src/Illuminate/Support/Facades/DB.php:5"]);
    assert_eq!(
        uses,
        [
            "src/Illuminate/Database/Query.php:5 definition",
            "src/Illuminate/Database/Query.php:9 definition",
            "src/Illuminate/Database/Query.php:9 definition",
            "src/Illuminate/Support/Facades/Facade.php:9 definition",
        ],
        "{uses:#?}"
    );
    let uses = breaks_both_ways(
        dir.path(),
        &["src/Illuminate/Container/Attributes/DB.php:5"],
    );
    assert!(uses.is_empty(), "{uses:#?}");
}

#[test]
fn a_php_method_a_class_answers_through_a_magic_call_is_unresolved_not_a_librarys() {
    let dir = tree(&[
        (
            "src/Model.php",
            "<?php\nnamespace App;\n\nabstract class Model implements \\ArrayAccess\n{\n    \
             public function __call($method, $args) { return (new Builder())->$method(...$args); }\n}\n",
        ),
        (
            "src/Builder.php",
            "<?php\nnamespace App;\n\nclass Builder\n{\n    public function where($k) { return $this; }\n}\n",
        ),
        (
            "src/Point.php",
            "<?php\nnamespace App;\n\nclass Point implements \\Countable\n{\n    \
             public function count(): int { return 0; }\n}\n",
        ),
        (
            "src/Use.php",
            "<?php\nnamespace App;\n\nclass User extends Model {}\n\n\
             function find(User $u, Point $p)\n{\n    $u->where('id');\n    $p->getIterator();\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["src/Use.php:6"]);
    has_all(
        &got,
        &[
            // Before: external, as if `\ArrayAccess` had it; `__call` hands it to the
            // tree's `Builder`.
            "8 call $u.where -> ?",
            // No `__call`: a member no type of the tree has is the library type's.
            "9 call $p.getIterator -> external:",
        ],
    );
}

#[test]
fn php_variables_and_property_reads_are_no_uses_of_a_method_but_through_a_magic_get() {
    let dir = tree(&[
        (
            "src/M.php",
            "<?php\nnamespace App;\n\nclass M\n{\n    public $message = '';\n\n    \
             public function message(): string { return $this->message; }\n}\n",
        ),
        (
            "src/Style.php",
            "<?php\nnamespace App;\n\nclass Style\n{\n    \
             protected function count($messages)\n    {\n        \
             foreach ($messages as $message) {\n            $s = $message;\n        }\n    }\n\n    \
             protected function show(M $m, Post $p)\n    {\n        \
             return $m->message() . $m->message . $p->image;\n    }\n}\n",
        ),
        (
            "src/Post.php",
            "<?php\nnamespace App;\n\nclass Post\n{\n    \
             public function __get($key) { return $this->$key(); }\n\n    \
             public function image() { return 1; }\n}\n",
        ),
    ]);
    // Before, the property reads `$this->message` and `$m->message` were uses of the
    // method.
    let uses = breaks_both_ways(dir.path(), &["M.message"]);
    assert_eq!(uses, ["src/Style.php:15 definition"], "{uses:#?}");
    // A class with a `__get` reads its methods as properties (as Eloquent reads its
    // relations).
    let uses = breaks_both_ways(dir.path(), &["Post.image"]);
    assert_eq!(uses, ["src/Style.php:15 definition"], "{uses:#?}");
    // Before, the index's whole-file parse took the variable `$message` for a use of an
    // anonymous class's `message`, and a parse focused on where the name is written did
    // not: the two answers differed.
    let dir = tree(&[
        (
            "src/Rule.php",
            "<?php
namespace App;

function rule()
{
                 return new class {
        public function message() { return 1; }
    };
}
",
        ),
        (
            "src/Style.php",
            "<?php
namespace App;

function count($messages)
{
                 foreach ($messages as $message) {
        $s = $message;
    }
}
",
        ),
    ]);
    let uses = breaks_both_ways(dir.path(), &["src/Rule.php:7"]);
    assert!(uses.is_empty(), "{uses:#?}");
}

#[test]
fn php_variables_take_the_type_of_what_they_are_assigned_and_never_a_property_s() {
    let dir = tree(&[
        (
            "src/Def.php",
            "<?php\nnamespace Acme;\nclass Opt { public function getName(): string { return \"\"; } }\n\
             class Def\n{\n    public function getOpt(string $s): Opt { return new Opt(); }\n}\n",
        ),
        (
            "src/User.php",
            "<?php\nnamespace Acme;\nclass User\n{\n    protected Def $def;\n    \
             protected Def $other;\n\n    \
             public function run(string $s): void\n    {\n        \
             $d = new Def();\n        $d->getOpt($s);\n        \
             $o = $this->def->getOpt($s);\n        $o->getName();\n        \
             $copy = $this->def;\n        $copy->getOpt($s);\n        \
             $x = new Def();\n        $x->getOpt($s);\n        $x = new Opt();\n        \
             $x->getName();\n        $other->getOpt($s);\n    }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["User.run"]);
    has_all(
        &got,
        &[
            // Before, an assigned variable was bound to nothing: each call unresolved.
            "11 call $d.getOpt -> src/Def.php:6",
            "13 call $o.getName -> src/Def.php:3",
            "15 call $copy.getOpt -> src/Def.php:6",
            // Assigned values of two types: which one a call reads is not known.
            "17 call $x.getOpt -> ?",
            "19 call $x.getName -> ?",
            // `$other` is no local: not the property `$this->other` (before, it was).
            "20 call $other.getOpt -> ?",
        ],
    );
}

#[test]
fn swift_extensions_implicit_members_and_global_types_inside_subclasses() {
    let dir = tree(&[
        (
            "Source/Extensions.swift",
            "import Foundation\n\nextension URLRequest {\n    public func validate() throws {\n    }\n}\n",
        ),
        (
            "Source/StringEncoding.swift",
            "import Foundation\n\nextension String.Encoding {\n    \
             init?(ianaCharsetName name: String) {\n        return nil\n    }\n}\n",
        ),
        (
            "Source/State.swift",
            "public struct AdapterState: Sendable {\n    public let requestID: Int\n}\n\n\
             public struct Header {\n    public static func contentType(_ value: String) -> Header { Header() }\n}\n",
        ),
        (
            "Source/Session.swift",
            "import Foundation\n\nopen class Session: NSObject {\n    \
             func perform(request: URLRequest, adapters: [String: Int]) {\n        \
             let state = AdapterState(requestID: 1)\n        \
             try? request.validate()\n        \
             use(.contentType(\"x\"))\n        \
             guard let adapter = adapters.first else { return }\n        \
             adapter.adapt()\n        \
             let e = String.Encoding(ianaCharsetName: \"utf-8\")\n        \
             let d = Data(count: 1)\n    }\n\n    func use(_ h: Header) {}\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Session.perform"]);
    has_all(
        &got,
        &[
            // A type of the tree, from inside a class that extends a library type (before:
            // taken for a member inherited from that type, and called external).
            "5 call AdapterState -> Source/State.swift:1",
            // A repository extension of a library type: the library type may have the
            // member itself, so unresolved; before, external.
            "6 call request.validate -> ?",
            // A member of the type the context gives: unresolved, not external.
            "7 call .contentType -> ?",
            // A value bound where the facts do not show it (`guard let`).
            "9 call adapter.adapt -> ?",
            // A library type the repository gives an initializer in an extension: the
            // argument labels, which the facts do not hold, tell the two apart, so
            // unresolved; before, external.
            "10 call String.Encoding -> ?",
            // A library type the repository does not extend.
            "11 call Data -> external:",
        ],
    );
    // The extension's initializer is a definition of its own.
    let (code, found) = common::json_run(dir.path(), &["find-symbol", "String.Encoding.init"]);
    assert_eq!(code, 0);
    assert!(
        found
            .iter()
            .any(|r| r["data"]["qualified_name"] == "String.Encoding.init"
                && r["data"]["path"]["text"] == "Source/StringEncoding.swift"),
        "{found:#?}"
    );
}

#[test]
fn php_grouped_and_global_uses_name_their_classes_and_two_classes_of_one_name_are_no_guess() {
    let dir = tree(&[
        (
            "src/Models/User.php",
            "<?php\nnamespace App\\Models;\n\nclass User\n{\n    \
             public static function find($id) { return null; }\n}\n",
        ),
        (
            "src/Models/Post.php",
            "<?php\nnamespace App\\Models;\n\nclass Post\n{\n    \
             public static function find($id) { return null; }\n}\n",
        ),
        // A class of the same name in the code's own namespace.
        (
            "src/Http/User.php",
            "<?php\nnamespace App\\Http;\n\nclass User\n{\n    \
             public static function find($id) { return null; }\n}\n",
        ),
        (
            "src/Foo.php",
            "<?php\n\nclass Foo\n{\n    public static function run() { return 1; }\n}\n",
        ),
        (
            "src/Http/Controller.php",
            "<?php\nnamespace App\\Http;\n\nuse App\\Models\\{User, Post as Article};\nuse Foo;\n\n\
             function show()\n{\n    User::find(1);\n    Article::find(2);\n    Foo::run();\n}\n",
        ),
        // An IDE helper file declaring the class again, and a use through it.
        (
            "ide/_ide_helper.php",
            "<?php\nnamespace App\\Helpers {\n    class Twice {}\n}\n",
        ),
        (
            "src/Helpers/Twice.php",
            "<?php\nnamespace App\\Helpers;\n\nclass Twice\n{\n    \
             public static function go() { return 1; }\n}\n",
        ),
        (
            "src/Run.php",
            "<?php\nnamespace App;\n\nfunction run()\n{\n    \\App\\Helpers\\Twice::go();\n}\n",
        ),
    ]);
    // Before, a grouped `use` was dropped and `User` read as the code's own namespace's
    // class, and `use Foo;` of a global class was external.
    let got = depends(dir.path(), &["src/Http/Controller.php:7"]);
    has_all(
        &got,
        &[
            "9 call User.find -> src/Models/User.php:6",
            "10 call Article.find -> src/Models/Post.php:6",
            "11 call Foo.run -> src/Foo.php:5",
        ],
    );
    // Two declarations of one class: unresolved, not external (before: external).
    let got = depends(dir.path(), &["src/Run.php:4"]);
    has_all(&got, &["6 call \\App\\Helpers\\Twice.go -> ?"]);
}

#[test]
fn a_php_property_read_is_a_method_only_through_the_receivers_magic_get() {
    let dir = tree(&[
        (
            "src/HasRoles.php",
            "<?php\nnamespace App;\n\ntrait HasRoles\n{\n    public function roles() { return []; }\n\n    \
             public function count() { return $this->roles; }\n}\n",
        ),
        (
            "src/Base.php",
            "<?php\nnamespace App;\n\nclass Base\n{\n    public function posts() { return []; }\n}\n",
        ),
        (
            "src/Model.php",
            "<?php\nnamespace App;\n\nclass Model extends Base\n{\n    public $message = '';\n\n    \
             public function __get($key) { return $this->$key(); }\n\n    \
             public function message() { return ''; }\n}\n",
        ),
        (
            "src/Show.php",
            "<?php\nnamespace App;\n\nfunction show(Model $m)\n{\n    return [$m->posts, $m->message];\n}\n",
        ),
    ]);
    // A trait's `$this` is whatever class uses it: a match by name (before: the
    // property, so no use at all).
    let uses = breaks_both_ways(dir.path(), &["HasRoles.roles"]);
    assert_eq!(uses, ["src/HasRoles.php:8 unresolved"], "{uses:#?}");
    // A subclass's `__get` reads the method its base class declares (before: the
    // property, no use).
    let uses = breaks_both_ways(dir.path(), &["Base.posts"]);
    assert_eq!(uses, ["src/Show.php:6 definition"], "{uses:#?}");
    // A property the class declares is what is read, `__get` or not.
    let uses = breaks_both_ways(dir.path(), &["Model.message"]);
    assert!(uses.is_empty(), "{uses:#?}");
}

#[test]
fn a_bare_php_name_is_never_another_namespaces_namesake() {
    let dir = tree(&[
        (
            "src/Lib/helpers.php",
            "<?php\nnamespace Lib;\n\nfunction tidy($x) { return $x; }\n",
        ),
        (
            "src/helpers.php",
            "<?php\n\nfunction collect($x) { return $x; }\n",
        ),
        (
            "src/Support/helpers.php",
            "<?php\nnamespace App\\Support;\n\nfunction collect($x) { return $x; }\n",
        ),
        (
            "src/Http/Run.php",
            "<?php\nnamespace App\\Http;\n\nfunction run()\n{\n    tidy(1);\n    collect(2);\n}\n",
        ),
    ]);
    // Before, `tidy()` was `Lib\tidy`, which PHP never calls from `App\Http` without a
    // `use function`; `collect()` falls back to the global function, not the namesake
    // of another namespace (before: unresolved between the two).
    let got = depends(dir.path(), &["src/Http/Run.php:4"]);
    has_all(
        &got,
        &["6 call tidy -> ?", "7 call collect -> src/helpers.php:3"],
    );
}

#[test]
fn an_anonymous_objects_supertypes_are_not_those_of_the_class_it_is_written_in() {
    let dir = tree(&[
        (
            "src/p/Lockable.kt",
            "package p\n\ninterface Lockable\n\nfun Lockable.assertHeld() {}\n",
        ),
        (
            "src/p/Runner.kt",
            "package p\n\n\
             class Runner : Lockable {\n\
             \x20 private val task: Runnable =\n\
             \x20   object : Runnable {\n\
             \x20     override fun run() {}\n\
             \x20   }\n\n\
             \x20 fun go() {\n    assertHeld()\n  }\n}\n",
        ),
        (
            "src/a.php",
            "<?php\nclass Base {}\nclass Host {\n  function make() {\n    return new class extends Base {};\n  }\n}\n",
        ),
    ]);
    // `Runnable`, a library interface only the object implements, is no supertype of
    // `Runner` whose member `assertHeld` could be: the call is the repository's
    // extension of `Lockable`.
    assert_eq!(
        depends(dir.path(), &["Runner.go"]),
        ["10 call assertHeld -> src/p/Lockable.kt:5"]
    );
    let runner = depends(dir.path(), &["Runner"]);
    has_all(
        &runner,
        &[
            "3 inheritance Lockable -> src/p/Lockable.kt:3",
            "5 type_use Runnable -> external:",
        ],
    );
    assert!(!runner.iter().any(|d| d.contains("inheritance Runnable")));
    assert!(!depends(dir.path(), &["Host"])
        .iter()
        .any(|d| d.contains("inheritance")));
}

#[test]
fn kotlins_own_functions_are_not_taken_for_members_of_a_library_supertype() {
    let dir = tree(&[(
        "src/p/Store.kt",
        "package p\n\nimport java.io.Closeable\n\n\
         class Store : Closeable {\n\
         \x20 override fun close() {\n    synchronized(this) {}\n    flush()\n  }\n}\n",
    )]);
    // `synchronized` is the standard library's; a name Kotlin does not define may be
    // inherited from `java.io.Closeable`.
    assert_eq!(
        depends(dir.path(), &["Store.close"]),
        [
            "7 call synchronized -> external:kotlin",
            "8 call flush -> external:java.io"
        ]
    );
}

#[test]
fn a_bare_call_in_a_kotlin_lambda_is_not_given_the_library_of_a_supertype() {
    let dir = tree(&[
        (
            "src/p/Journal.kt",
            "package p\n\nimport java.io.Closeable\nimport okio.BufferedSink\n\n\
             class Journal : Closeable {\n\
             \x20 fun go(sink: BufferedSink, s: Settings) {\n\
             \x20   sink.apply {\n      writeUtf8(\"x\")\n    }\n\
             \x20   s.apply {\n      merge(s)\n    }\n\
             \x20   flush()\n\
             \x20 }\n}\n",
        ),
        (
            "src/p/Settings.kt",
            "package p\n\nclass Settings {\n  fun merge(other: Settings) {}\n}\n",
        ),
    ]);
    // Inside a lambda a bare name may be a member of the lambda's receiver, which the
    // syntax does not show: the library's, of no known module, or, where the tree
    // defines the name, unknown. Outside one, a member `java.io.Closeable` may have.
    let got = depends(dir.path(), &["Journal.go"]);
    has_all(
        &got,
        &[
            "9 call writeUtf8 -> external:",
            "12 call merge -> ?",
            "14 call flush -> external:java.io",
        ],
    );
}

#[test]
fn a_bare_call_in_an_extension_of_a_library_type_is_not_taken_for_the_enclosing_classs() {
    let dir = tree(&[(
        "src/Writer.kt",
        "package p\n\nimport java.net.URL\nimport okio.Buffer\n\n\
         class Writer {\n\
         \x20 override fun toString(): String = \"w\"\n\
         \x20 fun write(s: String) {}\n\n\
         \x20 fun Buffer.writeName(name: String) {\n    write(name)\n    Writer()\n  }\n\n\
         \x20 companion object {\n\
         \x20   fun URL.text(): String = toString()\n\
         \x20   fun String.shout(): String = loud()\n\
         \x20   fun String.loud(): String = get(0).toString()\n\
         \x20 }\n}\n",
    )]);
    // okio's `Buffer` has a `write` of its own, which comes before the class's.
    let got = depends(dir.path(), &["Writer.writeName"]);
    has_all(
        &got,
        &["11 call write -> ?", "12 call Writer -> src/Writer.kt:6"],
    );
    // Every value has `toString`: the extended type's.
    let got = depends(dir.path(), &["Writer.text"]);
    has_all(&got, &["16 call toString -> external:java.net"]);
    // `String`'s members are known: `loud` is none of them, `get` is.
    let got = depends(dir.path(), &["Writer.shout"]);
    has_all(&got, &["17 call loud -> src/Writer.kt:18"]);
    let got = depends(dir.path(), &["Writer.loud"]);
    has_all(&got, &["18 call get -> external:kotlin"]);
}
