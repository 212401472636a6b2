//! Facts read off small files of each language family.

use std::path::Path;

use super::walk::split_type;
use super::*;
use crate::lang;

fn facts(file: &str, src: &str) -> FileFacts {
    let lang = lang::detect(Path::new(file)).expect("known language");
    let tree = crate::symbols::collect::parse_text(lang, src).expect("parses");
    extract_facts(lang, Path::new(file), src, &tree)
}

fn refs(f: &FileFacts) -> Vec<String> {
    f.references
        .iter()
        .map(|r| {
            format!(
                "{}:{}{}@{}",
                r.kind.as_str(),
                r.qualifier
                    .as_deref()
                    .map(|q| format!("{q}."))
                    .unwrap_or_default(),
                r.name,
                r.line
            )
        })
        .collect()
}

#[test]
fn java_calls_receivers_types_and_locals() {
    let f = facts(
        "A.java",
        "package org.acme;\nimport java.util.Map;\nimport static org.acme.Util.helper;\n\
         class A extends Base implements Runnable {\n  private Map<String, Integer> cache;\n\
         @Override\n  public void run(int count) {\n    Builder b = new Builder();\n\
         b.add(count);\n    cache.put(\"k\", 1);\n    helper();\n    this.go();\n  }\n}\n",
    );
    assert_eq!(f.package.as_deref(), Some("org.acme"));
    let r = refs(&f);
    for want in [
        "import:java.util.Map@2",
        "import:org.acme.Util.helper@3",
        "inheritance:Base@4",
        "inheritance:Runnable@4",
        "type_use:Map@5",
        "annotation:Override@6",
        "type_use:Builder@8",
        "call:Builder@8",
        "call:b.add@9",
        "call:cache.put@10",
        "call:helper@11",
        "call:this.go@12",
    ] {
        assert!(r.contains(&want.to_string()), "missing {want} in {r:?}");
    }
    // Parameters and locals are bindings, not references.
    assert!(!r.iter().any(|x| x.starts_with("reference:count")), "{r:?}");
    let b = f.bindings.iter().find(|b| b.name == "b").expect("local b");
    assert_eq!(b.type_name.as_deref(), Some("Builder"));
    let cache = f
        .bindings
        .iter()
        .find(|b| b.name == "cache")
        .expect("field");
    assert_eq!(cache.kind, BindingKind::Field);
    assert_eq!(cache.type_name.as_deref(), Some("Map"));
}

#[test]
fn python_imports_self_fields_and_keyword_arguments() {
    let f = facts(
        "m.py",
        "import os.path\nfrom .models import User as U\nfrom app import *\n\n\
         class Svc(Base):\n    def __init__(self, repo):\n        self.client = Client()\n\n\
         \x20   def run(self, name):\n        # call(ignored)\n        self.client.send(name, retry=True)\n\
         \x20       return U(name=name)\n",
    );
    let r = refs(&f);
    for want in [
        "import:os.path@1",
        "import:.models.User@2",
        "inheritance:Base@5",
        "call:Client@7",
        "call:self.client.send@11",
        "call:U@12",
    ] {
        assert!(r.contains(&want.to_string()), "missing {want} in {r:?}");
    }
    assert!(
        !r.iter()
            .any(|x| x.contains("retry") || x.contains("ignored")),
        "{r:?}"
    );
    assert!(!r.iter().any(|x| x.starts_with("reference:name")), "{r:?}");
    let client = f
        .bindings
        .iter()
        .find(|b| b.name == "client")
        .expect("self field");
    assert_eq!(client.type_name.as_deref(), Some("Client"));
    let imp = f
        .imports
        .iter()
        .find(|i| i.alias.as_deref() == Some("U"))
        .unwrap();
    assert_eq!(
        (imp.module.as_str(), imp.name.as_deref()),
        (".models", Some("User"))
    );
    assert!(f.imports.iter().any(|i| i.module == "app" && i.wildcard));
}

#[test]
fn a_go_build_line_counts_only_before_the_package_clause() {
    let build = |src: &str| facts("a.go", src).build;
    assert_eq!(
        build("/* Copyright\n   the authors */\n\n//go:build linux && !cgo\n// +build linux,!cgo\n\npackage a\n"),
        Some("linux && !cgo".into())
    );
    assert_eq!(build("package a\n\n//go:build linux\n"), None);
    assert_eq!(build("//go:buildlinux\npackage a\n"), None);
    assert_eq!(facts("a.py", "#go:build linux\n").build, None);
}

#[test]
fn a_go_struct_literal_s_keys_are_fields_and_a_map_literal_s_keys_values() {
    let f = facts(
        "a.go",
        "package a\n\nfunc f() {\n\t_ = elemRef{page: Top, node: Node}\n\
         \t_ = []elemRef{{page: Top}}\n\t_ = map[string]int{Key: 1}\n\t_ = [...]string{Index: \"x\"}\n}\n",
    );
    let r = refs(&f);
    for want in [
        "reference:Top@4",
        "reference:Node@4",
        "reference:Top@5",
        "reference:Key@6",
        "reference:Index@7",
    ] {
        assert!(r.contains(&want.to_string()), "{want} in {r:?}");
    }
    assert!(
        !r.iter()
            .any(|r| r.contains(":page@") || r.contains(":node@")),
        "{r:?}"
    );
}

#[test]
fn go_packages_selectors_and_composite_literals() {
    let f = facts(
        "s.go",
        "package server\n\nimport (\n\t\"fmt\"\n\tstore \"github.com/x/app/internal/db\"\n)\n\n\
         func Run(cfg Config) error {\n\ts := &Server{}\n\ts.Start()\n\tfmt.Println(cfg)\n\treturn store.Open()\n}\n",
    );
    assert_eq!(f.package.as_deref(), Some("server"));
    let r = refs(&f);
    for want in [
        "type_use:Config@8",
        "call:s.Start@10",
        "call:fmt.Println@11",
        "call:store.Open@12",
    ] {
        assert!(r.contains(&want.to_string()), "missing {want} in {r:?}");
    }
    let s = f.bindings.iter().find(|b| b.name == "s").expect("local s");
    assert_eq!(s.type_name.as_deref(), Some("Server"));
    assert!(f.imports.iter().any(|i| i.alias.as_deref() == Some("fmt")));
    assert!(f
        .imports
        .iter()
        .any(|i| i.alias.as_deref() == Some("store")));
}

#[test]
fn typescript_imports_and_members() {
    let f = facts(
        "a.ts",
        "import { parse as p } from './parser';\nimport * as fs from 'fs';\nconst x = require('./x');\n\
         export class A extends B {\n  run(items: Item[]): void {\n    const m = new Map<string, number>();\n\
         \x20   m.set('a', p(items));\n    fs.readFileSync(`${this.path()}`);\n  }\n}\n",
    );
    let r = refs(&f);
    for want in [
        "inheritance:B@4",
        "type_use:Item@5",
        "call:Map@6",
        "call:m.set@7",
        "call:p@7",
        "call:fs.readFileSync@8",
        "call:this.path@8",
    ] {
        assert!(r.contains(&want.to_string()), "missing {want} in {r:?}");
    }
    assert!(f.imports.iter().any(|i| i.module == "./x"));
    assert!(f.imports.iter().any(|i| i.module == "fs" && i.wildcard));
}

#[test]
fn c_includes_and_calls() {
    let f = facts(
        "a.c",
        "#include <stdio.h>\n#include \"buf.h\"\n\nint main(int argc, char **argv) {\n\
         \x20 buf_t *b = bufnew(argc);\n  printf(\"%d\", b->len);\n  return 0;\n}\n",
    );
    let r = refs(&f);
    for want in ["call:bufnew@5", "call:printf@6", "type_use:buf_t@5"] {
        assert!(r.contains(&want.to_string()), "missing {want} in {r:?}");
    }
    assert!(f.imports.iter().any(|i| i.module == "stdio.h" && i.system));
    assert!(f.imports.iter().any(|i| i.module == "buf.h" && !i.system));
}

#[test]
fn type_arguments_and_bounds_in_class_headers_are_type_uses_not_supertypes() {
    let f = facts(
        "A.java",
        "class A<S extends Bound> extends Base<Arg> implements Api<Other> {}\n",
    );
    let r = refs(&f);
    for want in [
        "inheritance:Base@1",
        "inheritance:Api@1",
        "type_use:Arg@1",
        "type_use:Other@1",
        "type_use:Bound@1",
    ] {
        assert!(r.contains(&want.to_string()), "missing {want} in {r:?}");
    }
    let t = facts(
        "a.ts",
        "class A<S extends Bound> extends Base<Arg> implements Api<Other> {}\n",
    );
    let r = refs(&t);
    assert!(!r.iter().any(|x| x.starts_with("inheritance:Arg")), "{r:?}");
    assert!(
        !r.iter().any(|x| x.starts_with("inheritance:Other")),
        "{r:?}"
    );
    let p = facts("a.py", "class A(Base[Arg], Other):\n    pass\n");
    let r = refs(&p);
    assert!(r.contains(&"inheritance:Base@1".to_string()), "{r:?}");
    assert!(r.contains(&"inheritance:Other@1".to_string()), "{r:?}");
    assert!(!r.iter().any(|x| x.starts_with("inheritance:Arg")), "{r:?}");
}

/// Facts focused on `names` next to whole facts of the same text.
fn focused_and_whole(file: &str, src: &str, names: &[&str]) -> (FileFacts, FileFacts) {
    let lang = lang::detect(Path::new(file)).expect("known language");
    let tree = crate::symbols::collect::parse_text(lang, src).expect("parses");
    let focus = Focus::on(&names.iter().map(|n| n.to_string()).collect());
    let focused = extract_with(lang, Path::new(file), src, &tree, Some(&focus));
    (focused, extract_facts(lang, Path::new(file), src, &tree))
}

#[test]
fn focused_facts_keep_everything_a_scan_for_uses_reads() {
    let py = "import os\n\
        class Store(Base):\n\
        \x20   def __init__(self):\n\
        \x20       self.codec = Codec()\n\
        \x20       count = 0\n\
        \x20   def save(self, item):\n\
        \x20       total = helper(item)\n\
        \x20       def inner():\n\
        \x20           import json\n\
        \x20           return json.dumps(total)\n\
        \x20       return inner\n\
        \x20   def put(self, item):\n\
        \x20       data = self.codec.encode(item)\n\
        \x20       return os.path.join(data)\n\
        \x20   def unrelated(self):\n\
        \x20       scratch = Other()\n\
        \x20       return scratch.run()\n";
    let java = "package p;\nimport java.util.Map;\nclass A extends B {\n\
        \x20 private Map<String, Integer> cache;\n\
        \x20 A() { this.codec = new Codec(); }\n\
        \x20 void put(Item item) { Codec c = codec; c.encode(item); }\n\
        \x20 void other() { Thing t = new Thing(); t.run(); }\n\
        \x20 Runnable r() { return () -> { Local l = new Local(); l.go(); }; }\n}\n";
    for (file, src) in [("store.py", py), ("A.java", java)] {
        let (focused, whole) = focused_and_whole(file, src, &["encode"]);
        assert_eq!(focused.definitions, whole.definitions, "{file}");
        assert_eq!(focused.imports, whole.imports, "{file}");
        assert_eq!(focused.package, whole.package, "{file}");
        let kept: Vec<&Reference> = whole
            .references
            .iter()
            .filter(|r| r.name == "encode" || r.kind == RefKind::Inheritance)
            .collect();
        assert!(kept.iter().any(|r| r.name == "encode"), "{file}");
        assert_eq!(
            focused.references.iter().collect::<Vec<_>>(),
            kept,
            "{file}"
        );
        // Every binding resolution can read from outside a body: fields (including
        // those a constructor assigns), file-level names, and the bindings of the
        // bodies that use the name.
        let outside = |b: &&Binding| {
            b.kind == BindingKind::Field
                || b.scope.is_none()
                || ["put", "save"].contains(
                    &whole.definitions[b.scope.unwrap_or(0) as usize]
                        .name
                        .as_str(),
                )
        };
        let must: Vec<&Binding> = whole.bindings.iter().filter(outside).collect();
        let got: Vec<&Binding> = focused.bindings.iter().filter(outside).collect();
        assert_eq!(got, must, "{file}");
        // The bodies that hold none of it were not walked.
        assert!(focused.bindings.len() < whole.bindings.len(), "{file}");
    }
}

#[test]
fn locals_record_the_call_that_gives_them_their_value() {
    let f = facts(
        "m.go",
        "package m\n\nfunc Run() {\n\tw1, err := w.New(\"d\")\n\tw4 := w.Make()\n\tvar a, b = pair()\n}\n",
    );
    let init = |name: &str| {
        f.bindings
            .iter()
            .find(|b| b.name == name)
            .and_then(|b| b.initializer.as_ref())
            .map(|i| {
                format!(
                    "{}.{} {:?} {:?}",
                    i.qualifier.as_deref().unwrap_or(""),
                    i.name,
                    i.arity,
                    i.element
                )
            })
    };
    assert_eq!(
        init("w1").as_deref(),
        Some("w.New Some(1) None"),
        "{:#?}",
        f.bindings
    );
    // Each name after the first takes the result in its place.
    assert_eq!(init("err").as_deref(), Some("w.New Some(1) Some(1)"));
    assert_eq!(init("w4").as_deref(), Some("w.Make Some(0) None"));
    assert_eq!(init("a").as_deref(), Some(".pair Some(0) None"));
    assert_eq!(init("b").as_deref(), Some(".pair Some(0) Some(1)"));
}

#[test]
fn written_types_split_into_qualifier_and_name_and_arrays_name_none() {
    let name = |t: &str| {
        let (q, n) = split_type(t);
        format!("{}|{}", q.unwrap_or_default(), n.unwrap_or_default())
    };
    assert_eq!(name("java.util.Map<K, V>"), "java.util|Map");
    assert_eq!(name("*pkg.T"), "pkg|T");
    assert_eq!(name("List[int]"), "|List");
    assert_eq!(name("Box[T]"), "|Box");
    assert_eq!(name("Map<string, Item[]>"), "|Map");
    // Existential, opaque and trait-object types name their protocol or trait.
    assert_eq!(name("any URLRequestConvertible"), "|URLRequestConvertible");
    assert_eq!(name("some DataPreprocessor"), "|DataPreprocessor");
    assert_eq!(name("&dyn io::Write"), "io|Write");
    assert_eq!(name("impl Iterator<Item = u8>"), "|Iterator");
    assert_eq!(name("anything"), "|anything");
    for array in [
        "Item[]",
        "Item []",
        "List<Item>[]",
        "Item[] | null",
        "Item...",
        "[]Item",
    ] {
        assert_eq!(name(array), "|", "{array}");
    }
}

#[test]
fn javascript_and_typescript_arrays_are_arrays_java_arrays_objects_and_others_name_none() {
    let name = |t: &str, language: &str| {
        let (q, n) = written_type(t, language);
        format!("{}|{}", q.unwrap_or_default(), n.unwrap_or_default())
    };
    for array in [
        "Item[]",
        ": Item[]",
        "readonly pkg.Item[]",
        "Item[][]",
        "(A | B)[]",
        "Map<string, Item>[]",
        "{ a: string }[]",
        // An array or nothing: an array's members.
        "Item[] | null",
    ] {
        assert_eq!(name(array, "typescript"), "|Array", "{array}");
        assert_eq!(name(array, "go"), "|", "{array}");
    }
    for array in ["Item[]", "int[][]", "Item...", "List<Item>[]"] {
        assert_eq!(name(array, "java"), "java.lang|Object", "{array}");
    }
    for other in ["A | B[]", "() => B[]", "keyof T[]", "[]"] {
        assert_ne!(name(other, "typescript"), "|Array", "{other}");
    }
    assert_eq!(name("pkg.Item", "typescript"), "pkg|Item");
}

#[test]
fn typescript_constructor_parameter_properties_are_fields() {
    let f = facts(
        "j.ts",
        "class J {\n  constructor(private ds: DataSource, readonly map: Map, plain: Other) {}\n}\n",
    );
    let fields: Vec<(&str, Option<&str>, Option<u32>)> = f
        .bindings
        .iter()
        .filter(|b| b.kind == BindingKind::Field)
        .map(|b| (b.name.as_str(), b.type_name.as_deref(), b.scope))
        .collect();
    assert_eq!(
        fields,
        [
            ("ds", Some("DataSource"), Some(0)),
            ("map", Some("Map"), Some(0))
        ],
        "{:?}",
        f.bindings
    );
}

#[test]
fn typescript_receiver_under_a_misread_non_null_mark_is_its_operand() {
    let f = facts(
        "m.ts",
        "const v = !k.length && this.a!.b!.c && x\nconst w = !this.m!.go()\nconst y = (p && q)!.r\n",
    );
    let r = refs(&f);
    for want in [
        "reference:this.a!.b!.c@1",
        "call:this.m!.go@2",
        "reference:(p && q)!.r@3",
    ] {
        assert!(r.iter().any(|x| x == want), "{want} not in {r:?}");
    }
}

#[test]
fn php_names_written_with_their_namespace_are_one_use_in_that_namespace() {
    let f = facts(
        "b.php",
        "<?php\nnamespace App;\nfunction run(\\App\\Util\\Box $x) {\n    \\App\\Util\\helper(1);\n    \
         Util\\helper(2);\n    \\App\\Util\\Box::make();\n    new \\App\\Util\\Box();\n    \
         \\strlen('x');\n    namespace\\helper(3);\n}\n",
    );
    let r = refs(&f);
    assert_eq!(
        r,
        [
            "type_use:\\App\\Util\\.Box@3",
            "call:\\App\\Util\\.helper@4",
            "call:Util\\.helper@5",
            "reference:\\App\\Util\\.Box@6",
            "call:\\App\\Util\\Box.make@6",
            "call:\\App\\Util\\.Box@7",
            "call:\\.strlen@8",
            "call:namespace\\.helper@9",
        ]
    );
    // The parameter's type keeps its path, for the class to be looked up there.
    let x = f.bindings.iter().find(|b| b.name == "x").expect("bound");
    assert_eq!(
        (x.type_qualifier.as_deref(), x.type_name.as_deref()),
        (Some("\\App\\Util\\"), Some("Box"))
    );
}

#[test]
fn a_pytest_fixture_keeps_what_it_returns_or_yields_and_other_functions_nothing() {
    let f = facts(
        "conftest.py",
        "import pytest\n\n@pytest.fixture(scope=\"module\")\ndef runner():\n    return CliRunner()\n\n\
         @pytest_asyncio.fixture\nasync def made():\n    obj = make()\n    yield obj\n\n\
         def plain():\n    return CliRunner()\n\n@my_fixture_factory\ndef other():\n    return Other()\n",
    );
    let kept: Vec<String> = f
        .bindings
        .iter()
        .filter(|b| matches!(b.name.as_str(), "return" | "yield"))
        .map(|b| {
            let of = &f.definitions[b.scope.unwrap_or_default() as usize].name;
            let value = b
                .type_name
                .clone()
                .or_else(|| b.copied_from.clone())
                .unwrap_or_default();
            format!("{of} {} {value}", b.name)
        })
        .collect();
    assert_eq!(kept, ["runner return CliRunner", "made yield obj"]);
}
