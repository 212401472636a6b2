//! Variables of a file, package or namespace are definitions: find-symbol finds them,
//! what-depends lists the reads and calls of them, and what-breaks their uses, while a
//! parameter or local of the same name stays local. What only looks like one (a
//! declaration inside a function the grammar could not read, a loop's variable, an
//! `extern` declaration, a prototype, an import) is none.

mod common;

use common::answers::{breaks_both_ways, data, depends, deps};
use common::{json_run, tree};

/// `path:line qualified_name` of each variable `find-symbol QUERY` finds, sorted.
fn variables(dir: &std::path::Path, query: &str) -> Vec<String> {
    let mut found: Vec<String> = symbols(
        dir,
        &["find-symbol", query, "--kind", "variable", "--limit", "50"],
    )
    .into_iter()
    .map(|s| s.replacen(" variable ", " ", 1))
    .collect();
    found.sort();
    found
}

/// `path:line kind qualified_name` of each symbol a run finds.
fn symbols(dir: &std::path::Path, args: &[&str]) -> Vec<String> {
    let (_, recs) = json_run(dir, args);
    data(&recs, "symbol")
        .into_iter()
        .map(|s| {
            format!(
                "{}:{} {} {}",
                s["path"]["text"].as_str().unwrap_or(""),
                s["line"],
                s["kind"].as_str().unwrap_or(""),
                s["qualified_name"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// Whether `what-depends SYMBOL` finds nothing the symbol uses (it exits 1, as grep
/// does).
fn depends_on_nothing(dir: &std::path::Path, symbol: &str) -> bool {
    let (code, recs) = json_run(dir, &["what-depends", symbol]);
    code == 1 && deps(&recs).is_empty()
}

#[test]
fn c_globals_are_variables_but_externs_prototypes_and_macro_bodies_are_not() {
    let dir = tree(&[
        (
            "srv.h",
            "extern struct srv server;\nextern int (*hook_fn)(int);\nint hook_count(int);\n",
        ),
        (
            "srv.c",
            "#include \"srv.h\"\n\
             struct srv server;\n\
             int (*hook_fn)(int);\n\
             static int hook_total = 0;\n\
             #ifdef DEBUG\n\
             int hook_debug;\n\
             #endif\n\
             int (hook_count)(int n);\n\
             TEST_BEGIN(hook_test) {\n\
             \x20   int hook_local = 1;\n\
             }\n\
             TEST_END\n",
        ),
    ]);
    assert_eq!(
        variables(dir.path(), "hook"),
        [
            "srv.c:3 hook_fn",
            "srv.c:4 hook_total",
            "srv.c:6 hook_debug"
        ]
    );
    assert_eq!(variables(dir.path(), "server"), ["srv.c:2 server"]);
}

#[test]
fn every_name_of_a_declaration_of_several_is_a_variable() {
    let dir = tree(&[
        (
            "state.c",
            "static int ticks, *cursor, slots[4];\n\
             int started = 1, stopped = finish(2);\n\
             extern int ext_a, ext_b;\n\
             int proto_a(void), proto_b(int);\n\
             int count, helper(int);\n\
             int use(void) { return ticks + stopped + *cursor + count + ext_b; }\n",
        ),
        (
            "state.go",
            "package state\n\nvar one, two int\n\nvar (\n\tthree, four = 3, 4\n\t_, five = split()\n)\n\n\
             const c1, c2 = 1, 2\n\nfunc use() int { return one + two + four + five + c2 }\n",
        ),
    ]);
    // Only the first name of each was a variable (or constant) before, and none of
    // Go's `_, five`.
    assert_eq!(
        variables(dir.path(), "t"),
        [
            "state.c:1 slots",
            "state.c:1 ticks",
            "state.c:2 started",
            "state.c:2 stopped",
            "state.c:5 count",
            "state.go:3 state.two",
            "state.go:6 state.three",
        ]
    );
    assert_eq!(
        variables(dir.path(), "o"),
        [
            "state.c:1 cursor",
            "state.c:1 slots",
            "state.c:2 stopped",
            "state.c:5 count",
            "state.go:3 state.one",
            "state.go:3 state.two",
            "state.go:6 state.four",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["state.c:6"]),
        [
            "6 reference ticks -> state.c:1",
            "6 reference stopped -> state.c:2",
            "6 reference cursor -> state.c:1",
            "6 reference count -> state.c:5",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["state.go:12"]),
        [
            "12 type_use int -> external:builtin",
            "12 reference one -> state.go:3",
            "12 reference two -> state.go:3",
            "12 reference four -> state.go:6",
            "12 reference five -> state.go:7",
            "12 reference c2 -> state.go:10",
        ]
    );
}

#[test]
fn a_declaration_through_a_typedef_of_a_function_type_declares_the_function() {
    let dir = tree(&[(
        "bench.cc",
        "namespace re2 {\n\
         typedef void SearchImpl(int state);\n\
         SearchImpl SearchDFA, SearchNFA;\n\
         void Search(int n, SearchImpl* f) { f(n); }\n\
         void Bench(int n) { Search(n, SearchNFA); SearchDFA(n); }\n\
         }  // namespace re2\n\
         namespace re2 {\n\
         void SearchDFA(int state) {}\n\
         void SearchNFA(int state) {}\n\
         }  // namespace re2\n",
    )]);
    // `SearchDFA` was a variable of line 3, and `SearchNFA` hidden as a local.
    assert!(variables(dir.path(), "Search").is_empty());
    assert_eq!(
        depends(dir.path(), &["re2.Bench"]),
        [
            "5 call Search -> bench.cc:4",
            "5 reference SearchNFA -> bench.cc:9",
            "5 call SearchDFA -> bench.cc:8",
        ]
    );
}

#[test]
fn a_c_global_is_read_through_its_header_and_a_parameter_hides_it() {
    let dir = tree(&[
        (
            "srv.h",
            "struct srv { int hz; };\nextern struct srv server;\n",
        ),
        ("srv.c", "#include \"srv.h\"\nstruct srv server;\n"),
        (
            "cron.c",
            "#include \"srv.h\"\n\
             static int ticks;\n\
             int cron(void) {\n\
             \x20   ticks++;\n\
             \x20   return server.hz;\n\
             }\n\
             int shadow(struct srv server, int ticks) { return server.hz + ticks; }\n",
        ),
        // Another program's file-local variable of the same name is not seen.
        (
            "other.c",
            "static int ticks;\nint other(void) { return ticks; }\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["cron"]),
        [
            "4 reference ticks -> cron.c:2",
            "5 reference server -> srv.c:2"
        ]
    );
    assert_eq!(
        depends(dir.path(), &["shadow"]),
        ["7 type_use srv -> srv.h:1"]
    );
    // The struct of `static struct config {..} config;` is not what a read names.
    let dir = tree(&[(
        "cli.c",
        "static struct config { int port; } config;\nint port(void) { return config.port; }\n",
    )]);
    assert_eq!(
        depends(dir.path(), &["port"]),
        ["2 reference config -> cli.c:1"]
    );
}

#[test]
fn uses_of_a_c_global_are_what_breaks_and_namesake_locals_are_not() {
    let dir = tree(&[
        ("srv.h", "extern int verbosity;\n"),
        ("srv.c", "#include \"srv.h\"\nint verbosity = 1;\n"),
        (
            "log.c",
            "#include \"srv.h\"\n\
             void log_it(void) { if (verbosity) return; }\n\
             void quiet(int verbosity) { if (verbosity) return; }\n",
        ),
    ]);
    assert_eq!(
        breaks_both_ways(dir.path(), &["srv.c::verbosity#variable"]),
        ["log.c:2 definition"]
    );
}

#[test]
fn python_module_variables_are_found_imported_and_shadowed() {
    let dir = tree(&[
        (
            "conf.py",
            "import os\n\
             registry = {}\n\
             registry = dict(registry)\n\
             __all__ = ['registry']\n\
             a, b = 1, 2\n\
             try:\n\
             \x20   import json\n\
             except ImportError:\n\
             \x20   json_loads = None\n\
             for item in range(3):\n\
             \x20   loop_value = item\n\
             def configure():\n\
             \x20   local_value = 1\n\
             \x20   return local_value\n",
        ),
        (
            "app.py",
            "from conf import registry\n\
             def add(key):\n\
             \x20   registry[key] = 1\n\
             def shadow(registry):\n\
             \x20   return registry\n",
        ),
    ]);
    // Assigned twice: defined where first assigned. Dunder names, tuples, a loop's
    // body and a function's locals define nothing.
    assert_eq!(variables(dir.path(), "registry"), ["conf.py:2 registry"]);
    assert_eq!(variables(dir.path(), "json"), ["conf.py:9 json_loads"]);
    assert!(variables(dir.path(), "loop_value").is_empty());
    assert!(variables(dir.path(), "local_value").is_empty());
    assert_eq!(
        depends(dir.path(), &["add"]),
        ["3 reference registry -> conf.py:2"]
    );
    assert!(depends_on_nothing(dir.path(), "shadow"));
}

#[test]
fn a_python_variable_that_stands_in_for_a_failed_import_is_not_what_the_name_is() {
    let dir = tree(&[
        ("lib.py", "def helper():\n    return 1\n"),
        (
            "m.py",
            "try:\n    from lib import helper\nexcept ImportError:\n    helper = None\n\n\
             def use():\n    if helper:\n        return helper()\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["use"]),
        [
            "7 reference helper -> lib.py:1",
            "8 call helper -> lib.py:1"
        ]
    );
}

#[test]
fn javascript_module_variables_keep_their_types_and_requires_stay_imports() {
    let dir = tree(&[(
        "cache.js",
        "const fs = require('fs');\n\
         const { join } = require('path');\n\
         const cache = new Map();\n\
         let hits = 0;\n\
         export function get(k) { hits++; return cache.get(k); }\n\
         function shadow(cache) { return cache; }\n\
         {\n\
         \x20 const inBlock = 1;\n\
         }\n",
    )]);
    assert_eq!(variables(dir.path(), "c"), ["cache.js:3 cache"]);
    assert!(variables(dir.path(), "fs").is_empty());
    assert!(variables(dir.path(), "inBlock").is_empty());
    // The variable's type still tells what its method is.
    assert_eq!(
        depends(dir.path(), &["get"]),
        [
            "5 reference hits -> cache.js:4",
            "5 reference cache -> cache.js:3",
            "5 call cache.get -> external:globals",
        ]
    );
    assert!(depends_on_nothing(dir.path(), "shadow"));
}

#[test]
fn a_go_package_variable_is_read_from_another_file_of_the_package() {
    let dir = tree(&[
        ("go.mod", "module example.com/m\n\ngo 1.21\n"),
        (
            "vars.go",
            "package m\n\nvar (\n\tverbose bool\n\t_ = 1\n)\n\nvar counter int\n",
        ),
        (
            "use.go",
            "package m\n\nfunc bump() int {\n\tif verbose {\n\t\tcounter++\n\t}\n\treturn counter\n}\n\
             \nfunc shadow(counter int) int { return counter }\n",
        ),
    ]);
    assert_eq!(
        variables(dir.path(), "e"),
        ["vars.go:4 m.verbose", "vars.go:8 m.counter"]
    );
    assert_eq!(
        depends(dir.path(), &["bump"]),
        [
            "3 type_use int -> external:builtin",
            "4 reference verbose -> vars.go:4",
            "5 reference counter -> vars.go:8",
            "7 reference counter -> vars.go:8",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["shadow"]),
        [
            "10 type_use int -> external:builtin",
            "10 type_use int -> external:builtin"
        ]
    );
}

#[test]
fn a_ruby_constant_is_a_definition_read_bare_in_its_class_and_through_its_path() {
    let dir = tree(&[
        (
            "base.rb",
            "module Web\n  class Base\n    LIMIT = 5\n\n    def process(x)\n      x + LIMIT\n    end\n  end\nend\n",
        ),
        (
            "show.rb",
            "module Web\n  def self.show\n    puts Base::LIMIT\n  end\nend\n",
        ),
    ]);
    assert_eq!(
        symbols(dir.path(), &["find-symbol", "LIMIT", "--exact"]),
        ["base.rb:3 constant Web.Base.LIMIT"]
    );
    assert_eq!(
        depends(dir.path(), &["process"]),
        ["6 reference LIMIT -> base.rb:3"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["base.rb::Web.Base.LIMIT#constant"]),
        ["base.rb:6 definition", "show.rb:3 definition"]
    );
}

#[test]
fn a_class_constant_keeps_its_type_and_stays_a_use_in_the_class_methods() {
    let dir = tree(&[(
        "CharSet.java",
        "import java.util.Map;\nimport java.util.HashMap;\n\
         class CharSet {\n\
         \x20   static final Map<String, CharSet> COMMON = new HashMap<>();\n\
         \x20   static CharSet of(String k) {\n\
         \x20       return COMMON.get(k);\n\
         \x20   }\n\
         }\n",
    )]);
    assert_eq!(
        depends(dir.path(), &["CharSet.of"]),
        [
            "5 type_use CharSet -> CharSet.java:3",
            "5 type_use String -> external:java.lang",
            "6 reference COMMON -> CharSet.java:4",
            "6 call COMMON.get -> external:java.util",
        ]
    );
}

#[test]
fn kotlin_and_swift_top_level_properties_are_variables_but_extension_properties_are_not() {
    let dir = tree(&[
        (
            "util/Util.kt",
            "package app.util\n\ninternal val UTC_ZONE = 0\nval String.twice: String get() = this + this\n",
        ),
        (
            "Cookie.kt",
            "package app\n\nimport app.util.UTC_ZONE\n\nfun zone(): Int {\n  return UTC_ZONE\n}\n",
        ),
        ("Globals.swift", "let sharedZone = 0\nstruct Clock { let inStruct = 1 }\n"),
        ("Use.swift", "func zoneOf() -> Int {\n    return sharedZone\n}\n"),
    ]);
    assert_eq!(variables(dir.path(), "twice"), Vec::<String>::new());
    assert_eq!(variables(dir.path(), "inStruct"), Vec::<String>::new());
    assert_eq!(
        variables(dir.path(), "zone"),
        ["Globals.swift:1 sharedZone", "util/Util.kt:3 UTC_ZONE"]
    );
    assert_eq!(
        depends(dir.path(), &["zone"]),
        [
            "5 type_use Int -> external:kotlin",
            "6 reference UTC_ZONE -> util/Util.kt:3"
        ]
    );
    assert_eq!(
        depends(dir.path(), &["zoneOf"]),
        [
            "1 type_use Int -> external:Swift",
            "2 reference sharedZone -> Globals.swift:1"
        ]
    );
}

#[test]
fn a_member_of_a_value_is_never_a_use_of_a_variable_even_by_name() {
    let dir = tree(&[
        (
            "ctx.py",
            "from threading import local\n\
             thread_context = local()\n\
             \n\
             class Func:\n\
             \x20   def __init__(self, handle):\n\
             \x20       self.thread_context = thread_context\n\
             \x20       handle.thread_context.ptr = 1\n\
             \n\
             def reset():\n\
             \x20   thread_context.value = None\n\
             \x20   thread_context.value.hook = lambda *args: None\n",
        ),
        ("go.mod", "module example.com/m\n\ngo 1.21\n"),
        (
            "write.go",
            "package m\n\nvar samplesIn = 0\n\ntype rate struct{}\n\nfunc (r *rate) tick() {}\n\n\
             type storage struct{ samplesIn *rate }\n\n\
             func (s *storage) run() int {\n\ts.samplesIn.tick()\n\treturn samplesIn\n}\n",
        ),
    ]);
    // Not `self.thread_context`, not `handle.thread_context`; the object given a
    // lambda at line 11 is the variable read.
    assert_eq!(
        breaks_both_ways(dir.path(), &["ctx.py::thread_context#variable"]),
        [
            "ctx.py:6 definition",
            "ctx.py:10 definition",
            "ctx.py:11 definition"
        ]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["write.go::m.samplesIn#variable"]),
        ["write.go:13 definition"]
    );
}

#[test]
fn a_lua_chunks_locals_are_variables_but_copies_and_requires_are_not() {
    let dir = tree(&[(
        "cache.lua",
        "local ngx = ngx\n\
         local cjson = require \"cjson\"\n\
         local fmt = string.format\n\
         local CACHE_TTL = 60\n\
         local cache = setmetatable({}, { __mode = \"k\" })\n\
         local _M = {}\n\
         \n\
         function _M.get(k)\n\
         \x20 local v = cache[k]\n\
         \x20 return fmt(\"%s\", v), CACHE_TTL\n\
         end\n\
         \n\
         return _M\n",
    )]);
    assert_eq!(
        variables(dir.path(), "c"),
        ["cache.lua:4 CACHE_TTL", "cache.lua:5 cache"]
    );
    assert!(variables(dir.path(), "ngx").is_empty());
    assert!(variables(dir.path(), "cjson").is_empty());
    assert!(variables(dir.path(), "fmt").is_empty());
    // The copy's call is still the library function it copies.
    assert_eq!(
        depends(dir.path(), &["_M.get"]),
        [
            "9 reference cache -> cache.lua:5",
            "10 call fmt -> external:Lua",
            "10 reference CACHE_TTL -> cache.lua:4",
        ]
    );
}

#[test]
fn a_member_of_a_module_variable_named_through_its_module_has_the_variable_s_type() {
    let dir = tree(&[
        ("pkg/__init__.py", "from .globals import g as g\n"),
        (
            "pkg/ctx.py",
            "class Globals:\n    def get(self, name):\n        return name\n",
        ),
        (
            "pkg/globals.py",
            "import typing as t\n\n\
             if t.TYPE_CHECKING:\n\
             \x20   from .ctx import Globals\n\n\
             g: \"Globals\" = make_proxy()\n",
        ),
        (
            "use.py",
            "import pkg\nimport pkg.globals\nfrom pkg import globals as gl\n\n\n\
             def read():\n\
             \x20   pkg.g.get(\"a\")\n\
             \x20   pkg.globals.g.get(\"b\")\n\
             \x20   gl.g.get(\"c\")\n",
        ),
        (
            "src/config.ts",
            "export class Db {\n  query(sql: string): void {}\n}\n\
             export const db: Db = new Db();\n",
        ),
        (
            "src/app.ts",
            "import * as config from \"./config\";\n\n\
             export function run(): void {\n  config.db.query(\"x\");\n}\n",
        ),
    ]);
    let calls: Vec<String> = depends(dir.path(), &["read"])
        .into_iter()
        .filter(|d| d.contains(" call "))
        .collect();
    assert_eq!(
        calls,
        [
            "7 call pkg.g.get -> pkg/ctx.py:2",
            "8 call pkg.globals.g.get -> pkg/ctx.py:2",
            "9 call gl.g.get -> pkg/ctx.py:2",
        ]
    );
    assert!(depends(dir.path(), &["run"])
        .contains(&"4 call config.db.query -> src/config.ts:2".to_string()));
}

#[test]
fn a_rust_constant_has_the_members_of_the_type_it_is_declared_with() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/consts.rs",
            "pub struct Cfg;\n\
             impl Cfg {\n    pub fn get(&self) -> u8 {\n        1\n    }\n}\n\
             pub struct Other;\n\
             impl Other {\n    pub fn get(&self) -> u8 {\n        2\n    }\n}\n\
             pub const SHERLOCK: &'static str = \"\\\nFor the Doctor Watsons\";\n\
             pub static GLOBAL: Cfg = Cfg;\n\
             #[cfg(unix)]\npub static TWICE: Cfg = Cfg;\n\
             #[cfg(not(unix))]\npub static TWICE: Other = Other;\n",
        ),
        (
            "src/lib.rs",
            "mod consts;\nuse consts::{GLOBAL, SHERLOCK, TWICE};\n\n\
             fn run() {\n\
             \x20   SHERLOCK.as_bytes();\n\
             \x20   GLOBAL.get();\n\
             \x20   TWICE.get();\n\
             }\n",
        ),
    ]);
    // The first two were unresolved. A static declared twice, under `cfg`s, with
    // two types has neither's members.
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "5 reference SHERLOCK -> src/consts.rs:13",
            "5 call SHERLOCK.as_bytes -> external:std",
            "6 reference GLOBAL -> src/consts.rs:15",
            "6 call GLOBAL.get -> src/consts.rs:3",
            "7 reference TWICE -> src/consts.rs:17",
            "7 call TWICE.get -> ?",
        ]
    );
}
