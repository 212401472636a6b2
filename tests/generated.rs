//! The man page and completions under `man/` and `completions/` are generated from the
//! clap definitions; this test regenerates each and fails when a committed copy is
//! stale. To refresh them: `CODESEARCH_UPDATE_GENERATED=1 cargo test --test generated`.

mod common;

use common::codesearch;

const ARTIFACTS: &[(&str, &str)] = &[
    ("man", "man/codesearch.1"),
    ("complete-bash", "completions/codesearch.bash"),
    ("complete-zsh", "completions/_codesearch"),
    ("complete-fish", "completions/codesearch.fish"),
    ("complete-powershell", "completions/_codesearch.ps1"),
];

#[test]
fn committed_man_page_and_completions_are_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let update = std::env::var_os("CODESEARCH_UPDATE_GENERATED").is_some();
    let mut stale = Vec::new();
    for (kind, rel) in ARTIFACTS {
        let out = codesearch()
            .args(["generate", kind])
            .output()
            .expect("runs");
        assert!(out.status.success(), "generate {kind} failed");
        assert!(!out.stdout.is_empty(), "generate {kind} printed nothing");
        let path = root.join(rel);
        let committed = std::fs::read(&path).unwrap_or_default();
        if committed != out.stdout {
            if update {
                std::fs::create_dir_all(path.parent().expect("has a parent")).unwrap();
                std::fs::write(&path, &out.stdout).unwrap();
            } else {
                stale.push(*rel);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale generated files {stale:?}: run `CODESEARCH_UPDATE_GENERATED=1 cargo test --test generated` and commit them"
    );
}

#[test]
fn man_page_documents_every_subcommand_and_walk_flag() {
    let out = codesearch().args(["generate", "man"]).output().unwrap();
    let man = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "build\\-index",
        "\\-\\-glob",
        "\\-\\-type\\-not",
        "\\-\\-max\\-filesize",
        "\\-\\-json",
    ] {
        assert!(man.contains(needle), "man page lacks {needle}");
    }
}
