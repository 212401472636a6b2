//! A name a module of the tree imports from a library and passes on
//! (`from .compat import urlparse` of a `compat.py` that imports it from
//! `urllib.parse`, `export { debounce } from "lodash"` in a barrel, Rust's `pub use
//! std::time::Duration;`) is the library's; where the module leaves open which
//! library's it is, or passes on everything a library has, it stays unresolved. A
//! method called on such a library value that a trait of the tree in scope declares
//! and implements for every type of a bound stays unresolved too.

mod common;

use common::answers::depends;
use common::tree;

fn python_project() -> tempfile::TempDir {
    tree(&[
        ("pkg/__init__.py", ""),
        (
            "pkg/compat.py",
            "from urllib.parse import urlparse, quote\n\
             from starlette.testclient import TestClient as TestClient\n\
             from os.path import *\n\
             import json\n\n\
             try:\n\
             \x20   from simplejson import JSONDecodeError\n\
             except ImportError:\n\
             \x20   from json import JSONDecodeError\n",
        ),
        (
            "pkg/use.py",
            "from .compat import urlparse, TestClient, json, JSONDecodeError, join\n\
             from pkg.compat import quote\n\n\n\
             def fetch(url):\n\
             \x20   urlparse(url)\n\
             \x20   quote(url)\n\
             \x20   client = TestClient(url)\n\
             \x20   client.get(\"/\")\n\
             \x20   json.dumps(url)\n\n\n\
             def undecided(url):\n\
             \x20   join(url)\n\
             \x20   raise JSONDecodeError(url)\n",
        ),
    ])
}

#[test]
fn a_python_name_a_module_of_the_tree_imports_from_a_library_is_the_library_s() {
    let dir = python_project();
    assert_eq!(
        depends(dir.path(), &["fetch"]),
        [
            "6 call urlparse -> external:urllib",
            "7 call quote -> external:urllib",
            "8 call TestClient -> external:starlette",
            "9 call client.get -> external:starlette",
            "10 call json.dumps -> external:json",
        ]
    );
}

#[test]
fn a_name_passed_on_from_two_libraries_or_a_library_s_wildcard_stays_unresolved() {
    let dir = python_project();
    assert_eq!(
        depends(dir.path(), &["undecided"]),
        ["14 call join -> ?", "15 call JSONDecodeError -> ?"]
    );
}

#[test]
fn a_javascript_barrel_passes_on_a_library_s_export_by_name_only() {
    let dir = tree(&[
        (
            "package.json",
            r#"{"name": "app", "dependencies": {"lodash": "4", "clsx": "2"}}"#,
        ),
        (
            "src/util.ts",
            "export { debounce } from \"lodash\";\n\
             export * from \"lodash-es\";\n\
             export { default as clsx } from \"clsx\";\n",
        ),
        (
            "src/app.ts",
            "import { debounce, throttle, clsx } from \"./util\";\n\n\
             export function run(): void {\n\
             \x20 debounce(() => 1);\n\
             \x20 throttle(() => 1);\n\
             \x20 clsx(\"a\");\n\
             }\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "4 call debounce -> external:lodash",
            "5 call throttle -> ?",
            "6 call clsx -> external:clsx",
        ]
    );
}

#[test]
fn a_rust_name_a_crate_passes_on_from_a_library_is_the_library_s() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[workspace]\nmembers = [\"streams\", \"app\"]\n",
        ),
        (
            "streams/Cargo.toml",
            "[package]\nname = \"streams\"\nversion = \"0.1.0\"\n\n[dependencies]\nfutures-core = \"0.3\"\n",
        ),
        (
            "streams/src/lib.rs",
            "pub use futures_core::Stream;\npub use std::time::Duration;\nmod ext;\npub use ext::StreamExt;\n",
        ),
        (
            "streams/src/ext.rs",
            "use futures_core::Stream;\n\n\
             pub trait StreamExt: Stream {\n\
             \x20   fn collect<T>(self) -> T\n\
             \x20   where\n\
             \x20       Self: Sized,\n\
             \x20   {\n\
             \x20       todo!()\n\
             \x20   }\n\
             }\n\n\
             impl<St: ?Sized> StreamExt for St where St: Stream {}\n",
        ),
        (
            "app/Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\nstreams = { path = \"../streams\" }\n",
        ),
        (
            "app/src/lib.rs",
            "use streams::{Duration, Stream, StreamExt};\n\n\
             pub fn wait(rx: impl Stream<Item = u8>) {\n\
             \x20   Duration::from_millis(5);\n\
             \x20   let v: Vec<u8> = rx.collect();\n\
             }\n",
        ),
    ]);
    // `Duration`, `Stream` and its `Item` were unresolved. `rx.collect()` is the
    // tree's `StreamExt::collect` or the library's: not said.
    assert_eq!(
        depends(dir.path(), &["wait"]),
        [
            "3 type_use Stream -> external:futures_core",
            "3 type_use Stream.Item -> external:futures_core",
            "4 call Duration.from_millis -> external:std::time",
            "5 type_use Vec -> external:std",
            "5 call rx.collect -> ?",
        ]
    );
}
