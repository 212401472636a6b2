//! TypeScript and JavaScript imports of the tree's own packages: a tsconfig's `paths`
//! aliases (through `extends`, with comments and trailing commas) and a workspace's
//! packages named by their `package.json` are the tree's code, never a library's,
//! whatever files the walk leaves out. A manifest no workspace lists does not take a
//! library's name.

mod common;

use common::answers::{breaks_both_ways, depends, has_all};
use common::tree;

const BASE_CONFIG: &str = r#"{
  // Shared by every package.
  "compilerOptions": {
    "paths": {
      "@app/common": ["./common/src/index.ts"],
      "@app/common/*": ["./common/src/*"],
      "@app/missing": ["./missing/src/index.ts"], /* not written yet */
    },
  },
}
"#;

const EDITOR: &str = r#"import { helper } from "@app/common";
import { deep } from "@app/common/deep";
import { fromLib } from "@scope/lib";
import { chunk } from "lodash";
import { gone } from "@app/missing";

export function edit() {
  helper();
  deep();
  fromLib();
  chunk();
  gone();
}
"#;

fn workspace() -> tempfile::TempDir {
    tree(&[
        (
            "package.json",
            r#"{"name": "root", "private": true, "workspaces": ["packages/*", "libs/lib"]}"#,
        ),
        ("packages/tsconfig.base.json", BASE_CONFIG),
        (
            "packages/editor/tsconfig.json",
            r#"{"extends": "../tsconfig.base.json", "compilerOptions": {"outDir": "dist"}}"#,
        ),
        ("packages/editor/src/edit.ts", EDITOR),
        (
            "packages/common/src/index.ts",
            "export { helper } from \"./helper\";\n",
        ),
        (
            "packages/common/src/helper.ts",
            "export function helper() {}\n",
        ),
        ("packages/common/src/deep.ts", "export function deep() {}\n"),
        (
            "libs/lib/package.json",
            r#"{"name": "@scope/lib", "main": "./dist/index.js"}"#,
        ),
        ("libs/lib/src/index.ts", "export function fromLib() {}\n"),
        // A test fixture named like a library: no workspace lists it.
        ("test/fixtures/lodash/package.json", r#"{"name": "lodash"}"#),
        (
            "test/fixtures/lodash/index.js",
            "export function chunk() {}\n",
        ),
    ])
}

#[test]
fn a_tsconfig_alias_or_a_workspace_package_is_the_trees_code_not_a_library() {
    let dir = workspace();
    has_all(
        &depends(dir.path(), &["edit"]),
        &[
            // Through the alias and the index file's re-export.
            "8 call helper -> packages/common/src/helper.ts:1",
            // An alias with a `*`.
            "9 call deep -> packages/common/src/deep.ts:1",
            // A workspace package whose entry is built output: its sources.
            "10 call fromLib -> libs/lib/src/index.ts:1",
            // A fixture's manifest is not the library.
            "11 call chunk -> external:lodash",
            // An alias of the tree with no file behind it: not known, not a library.
            "12 call gone -> ?",
        ],
    );
    // The configs are looked for on disk: a walk that leaves them out (only `.ts`
    // files) still follows them.
    has_all(
        &depends(dir.path(), &["edit", "-t", "ts"]),
        &[
            "8 call helper -> packages/common/src/helper.ts:1",
            "10 call fromLib -> libs/lib/src/index.ts:1",
        ],
    );
    // What-breaks sees the uses made through an alias.
    let uses = breaks_both_ways(dir.path(), &["deep"]);
    assert!(
        uses.contains(&"packages/editor/src/edit.ts:9 definition".to_string()),
        "{uses:?}"
    );
}

#[test]
fn without_a_workspace_or_an_alias_a_package_name_stays_a_library() {
    // The same manifest, but no workspace lists it and no config aliases it.
    let dir = tree(&[
        (
            "libs/lib/package.json",
            r#"{"name": "@scope/lib", "main": "./dist/index.js"}"#,
        ),
        ("libs/lib/src/index.ts", "export function fromLib() {}\n"),
        (
            "app/main.ts",
            "import { fromLib } from \"@scope/lib\";\nexport function run() {\n  fromLib();\n}\n",
        ),
    ]);
    has_all(
        &depends(dir.path(), &["run"]),
        &["3 call fromLib -> external:@scope/lib"],
    );
}

#[test]
fn a_name_passed_on_through_a_chain_of_package_barrels_is_found() {
    // `app` imports `vue`, whose index passes on `@x/dom`'s names, which passes on
    // `@x/core`'s, which passes on `@x/reactivity`'s, which exports `./ref`'s.
    let dir = tree(&[
        (
            "tsconfig.json",
            r#"{"compilerOptions": {"paths": {"vue": ["./packages/vue/src"], "@x/*": ["./packages/*/src"]}}}"#,
        ),
        ("packages/vue/src/index.ts", "export * from \"@x/dom\";\n"),
        ("packages/dom/src/index.ts", "export * from \"@x/core\";\n"),
        (
            "packages/core/src/index.ts",
            "export { ref } from \"@x/reactivity\";\n",
        ),
        (
            "packages/reactivity/src/index.ts",
            "export { ref } from \"./ref\";\n",
        ),
        (
            "packages/reactivity/src/ref.ts",
            "export function ref(v: number) {\n  return v;\n}\n",
        ),
        (
            "app/main.ts",
            "import { ref } from \"vue\";\nexport function run() {\n  ref(1);\n}\n",
        ),
    ]);
    has_all(
        &depends(dir.path(), &["run"]),
        &["3 call ref -> packages/reactivity/src/ref.ts:1"],
    );
}

#[test]
fn a_pnpm_workspace_package_is_read_from_its_sources_not_its_build_shim() {
    let dir = tree(&[
        (
            "pnpm-workspace.yaml",
            "packages:\n  - 'packages/*'\n  - \"tools\" # the tools\n\ncatalog:\n  'a': ^1\n",
        ),
        (
            "packages/reactivity/package.json",
            r#"{"name": "@x/reactivity", "main": "index.js", "module": "dist/x.esm.js"}"#,
        ),
        // The manifest's `main`: a shim that loads the build output.
        (
            "packages/reactivity/index.js",
            "module.exports = require('./dist/x.cjs.js')\n",
        ),
        (
            "packages/reactivity/src/index.ts",
            "export { isRef } from './ref'\n",
        ),
        (
            "packages/reactivity/src/ref.ts",
            "export function isRef(r: unknown): boolean {\n  return !!r\n}\n",
        ),
        (
            "packages/core/src/format.ts",
            "import { isRef } from '@x/reactivity'\nexport function format(v: unknown) {\n  return isRef(v)\n}\n",
        ),
    ]);
    has_all(
        &depends(dir.path(), &["format"]),
        &["3 call isRef -> packages/reactivity/src/ref.ts:1"],
    );
}

#[test]
fn an_edited_tsconfig_changes_the_next_answer_from_the_index() {
    let config = |target: &str| {
        format!(r#"{{"compilerOptions": {{"paths": {{"@lib/*": ["./{target}/*"]}}}}}}"#)
    };
    let dir = tree(&[
        ("tsconfig.json", config("old").as_str()),
        ("old/util.ts", "export function util() {}\n"),
        ("new/util.ts", "export function util() {}\n"),
        (
            "app/main.ts",
            "import { util } from \"@lib/util\";\nexport function run() {\n  util();\n}\n",
        ),
    ]);
    has_all(
        &depends(dir.path(), &["run"]),
        &["3 call util -> old/util.ts:1"],
    );
    // No source file changed: the index's facts are fresh, the alias is read again.
    std::fs::write(dir.path().join("tsconfig.json"), config("new")).unwrap();
    has_all(
        &depends(dir.path(), &["run"]),
        &["3 call util -> new/util.ts:1"],
    );
}

#[test]
fn a_catch_all_path_alias_leaves_a_library_import_external() {
    let dir = tree(&[
        (
            "tsconfig.json",
            r#"{"compilerOptions": {"baseUrl": ".", "paths": {"*": ["types/*"]}}}"#,
        ),
        ("types/shim/index.ts", "export function shimmed() {}\n"),
        (
            "app/main.ts",
            "import { chunk } from \"lodash\";\nimport { shimmed } from \"shim\";\n\
             export function run() {\n  chunk();\n  shimmed();\n}\n",
        ),
    ]);
    has_all(
        &depends(dir.path(), &["run"]),
        &[
            "4 call chunk -> external:lodash",
            "5 call shimmed -> types/shim/index.ts:1",
        ],
    );
}
