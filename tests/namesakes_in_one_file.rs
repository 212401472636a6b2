//! Functions of one qualified name in one file, in languages whose overloads are
//! signatures of one implementation (JavaScript, TypeScript, Python) or that have none
//! (Rust, Go, Lua, shell): overload signatures and a property's accessors are one
//! target with their implementation; any two functions that each have a body are two,
//! and what one uses is never listed for the other.

mod common;

use common::answers::{breaks_both_ways, depends, has, has_all};
use common::{json_run, tree};

/// Two components of one test file, each an object literal with its own `render`.
const COMPONENTS: &str = "import { h, g } from './lib'\n\
    const A = {\n  render() {\n    return h(1)\n  },\n}\n\
    const B = {\n  render() {\n    return g(2)\n  },\n}\n\
    export { A, B }\n";

const LIB: &str = "export function h(n: number): number { return n }\n\
    export function g(n: number): number { return n }\n";

#[test]
fn methods_of_different_object_literals_are_each_their_own_target() {
    let dir = tree(&[("a.ts", COMPONENTS), ("lib.ts", LIB)]);
    let second = depends(dir.path(), &["a.ts:8"]);
    has_all(&second, &["9 call g -> lib.ts:2"]);
    assert!(!has(&second, "4 call h -> lib.ts:1"), "{second:#?}");
    // The id without its suffix names the first one only.
    let first = depends(dir.path(), &["a.ts::render#method"]);
    has_all(&first, &["4 call h -> lib.ts:1"]);
    assert!(!has(&first, "9 call g -> lib.ts:2"), "{first:#?}");
    let by_id = depends(dir.path(), &["a.ts::render#method~1"]);
    assert_eq!(by_id, second);
    // By name, the two are two definitions.
    let (code, recs) = json_run(dir.path(), &["what-depends", "render"]);
    assert_eq!(code, 2, "{recs:?}");
    let all = depends(dir.path(), &["render", "--all"]);
    has_all(&all, &["4 call h -> lib.ts:1", "9 call g -> lib.ts:2"]);
}

#[test]
fn a_static_and_an_instance_method_of_one_name_are_two_targets() {
    let dir = tree(&[(
        "a.ts",
        "export class E {\n  save(): number {\n    return helperA()\n  }\n\
         \x20 static save(e: E): number {\n    return helperB(e)\n  }\n}\n\
         function helperA(): number { return 1 }\n\
         function helperB(e: E): number { return 2 }\n\
         export function use(e: E) {\n  e.save()\n  E.save(e)\n}\n",
    )]);
    let instance = depends(dir.path(), &["a.ts:2"]);
    has_all(&instance, &["3 call helperA -> a.ts:9"]);
    assert!(
        !has(&instance, "6 call helperB -> a.ts:10"),
        "{instance:#?}"
    );
    let class_own = depends(dir.path(), &["a.ts:5"]);
    has_all(&class_own, &["6 call helperB -> a.ts:10"]);
    assert!(
        !has(&class_own, "3 call helperA -> a.ts:9"),
        "{class_own:#?}"
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["a.ts:5"]),
        ["a.ts:13 definition"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["a.ts:2"]),
        ["a.ts:12 definition"]
    );
}

#[test]
fn overload_signatures_and_accessors_stay_one_target_with_their_implementation() {
    let dir = tree(&[(
        "a.ts",
        "export interface Opts { n: number }\n\
         export function f(a: string): number\n\
         export function f(a: Opts): number\n\
         export function f(a: any): number {\n  return g(a)\n}\n\
         function g(a: any): number { return 1 }\n\
         export class C {\n  get v(): number { return g(1) }\n  set v(x: number) { f(String(x)) }\n}\n\
         export function use() {\n  f('x')\n}\n",
    )]);
    // The implementation with its signatures: their parameter types are its own.
    let implementation = depends(dir.path(), &["a.ts:4"]);
    has_all(
        &implementation,
        &["3 type_use Opts -> a.ts:1", "5 call g -> a.ts:7"],
    );
    // A getter and its setter are one property.
    let getter = depends(dir.path(), &["a.ts:9"]);
    has_all(
        &getter,
        &["9 call g -> a.ts:7", "10 call f -> overloads of a.ts:2"],
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["a.ts:4"]),
        ["a.ts:10 definition", "a.ts:13 definition"]
    );
}

#[test]
fn rust_methods_of_two_trait_implementations_for_one_type_are_two_targets() {
    let dir = tree(&[(
        "a.rs",
        "use std::fmt;\npub struct X;\n\
         impl fmt::Display for X {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        shown(f)\n    }\n}\n\
         impl fmt::Debug for X {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        debugged(f)\n    }\n}\n\
         fn shown(f: &mut fmt::Formatter<'_>) -> fmt::Result { Ok(()) }\n\
         fn debugged(f: &mut fmt::Formatter<'_>) -> fmt::Result { Ok(()) }\n",
    )]);
    let display = depends(dir.path(), &["a.rs:4"]);
    has_all(&display, &["5 call shown -> a.rs:13"]);
    assert!(
        !has(&display, "10 call debugged -> a.rs:14"),
        "{display:#?}"
    );
    let debug = depends(dir.path(), &["a.rs::X.fmt#method~1"]);
    has_all(&debug, &["10 call debugged -> a.rs:14"]);
    assert!(!has(&debug, "5 call shown -> a.rs:13"), "{debug:#?}");
    let (code, recs) = json_run(dir.path(), &["what-depends", "X.fmt"]);
    assert_eq!(code, 2, "{recs:?}");
}

#[test]
fn a_lua_function_defined_again_is_its_own_target() {
    let dir = tree(&[(
        "a.lua",
        "local M = {}\nlocal function old() return 1 end\nlocal function new() return 2 end\n\
         function M.resolve(n)\n  return old(n)\nend\n\
         M._resolve = M.resolve\n\
         function M.resolve(n)\n  return new(n)\nend\n\
         return M\n",
    )]);
    let first = depends(dir.path(), &["a.lua:4"]);
    assert_eq!(first, ["5 call old -> a.lua:2"]);
    let second = depends(dir.path(), &["a.lua:8"]);
    assert_eq!(second, ["9 call new -> a.lua:3"]);
}

#[test]
fn each_of_a_go_file_s_init_functions_is_its_own_target() {
    let dir = tree(&[(
        "a.go",
        "package app\n\nfunc first() {}\nfunc second() {}\n\n\
         func init() {\n\tfirst()\n}\n\nfunc init() {\n\tsecond()\n}\n",
    )]);
    assert_eq!(depends(dir.path(), &["a.go:6"]), ["7 call first -> a.go:3"]);
    assert_eq!(
        depends(dir.path(), &["a.go:10"]),
        ["11 call second -> a.go:4"]
    );
}

#[test]
fn python_variants_of_one_function_are_each_their_own_target() {
    let dir = tree(&[(
        "a.py",
        "import sys\n\ndef helper():\n    return 1\n\n\
         if sys.platform == 'win32':\n    def f():\n        return helper()\n\
         else:\n    def f():\n        return print('x')\n\n\
         def g():\n    return f()\n",
    )]);
    // The second was listed with the first's `helper` call, under the first's line.
    let second = depends(dir.path(), &["a.py:10"]);
    assert_eq!(second, ["11 call print -> external:builtins"]);
    assert_eq!(
        depends(dir.path(), &["a.py:7"]),
        ["8 call helper -> a.py:3"]
    );
    // A call may run either: a use of each.
    assert_eq!(
        breaks_both_ways(dir.path(), &["a.py:10"]),
        ["a.py:14 overloads"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["a.py:7"]),
        ["a.py:14 overloads"]
    );
}

#[test]
fn a_python_property_s_accessors_and_overload_declarations_stay_one_target() {
    let dir = tree(&[(
        "a.py",
        "from typing import overload\n\nclass A:\n\
         \x20   @property\n    def x(self):\n        return self.get()\n\n\
         \x20   @x.setter\n    def x(self, v):\n        self.put(v)\n\n\
         \x20   def get(self):\n        return 1\n\n\
         \x20   def put(self, v):\n        pass\n\n\
         \x20   @overload\n    def m(self, a: int) -> int: ...\n\
         \x20   @overload\n    def m(self, a: str) -> str: ...\n\
         \x20   def m(self, a):\n        return self.get()\n",
    )]);
    let setter = depends(dir.path(), &["a.py:9"]);
    has_all(
        &setter,
        &["6 call self.get -> a.py:12", "10 call self.put -> a.py:15"],
    );
    let implementation = depends(dir.path(), &["a.py:22"]);
    has_all(
        &implementation,
        &[
            "19 type_use int -> external:builtins",
            "23 call self.get -> a.py:12",
        ],
    );
}

#[test]
fn a_shell_function_defined_again_is_its_own_target() {
    let dir = tree(&[(
        "a.sh",
        "helper() {\n  echo 1\n}\n\nf() {\n  helper\n}\n\nf() {\n  printf x\n}\n\ng() {\n  f\n}\n",
    )]);
    assert_eq!(
        depends(dir.path(), &["a.sh:5"]),
        ["6 call helper -> a.sh:1"]
    );
    assert_eq!(
        depends(dir.path(), &["a.sh::f#function~1"]),
        ["10 call printf -> external:bash"]
    );
}
