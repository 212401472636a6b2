//! Computes the extractor version: a hash of every source file that decides what facts
//! a file yields (the language registry, symbol and fact extraction, source decoding)
//! and of Cargo.lock (grammar versions). The index keys stored facts by it, so a build
//! that could extract differently never reuses facts an older build stored.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

const INPUTS: &[&str] = &[
    "src/lang",
    "src/symbols",
    "src/facts",
    "src/source.rs",
    "Cargo.lock",
];

fn main() {
    let mut files: Vec<PathBuf> = Vec::new();
    for input in INPUTS {
        println!("cargo:rerun-if-changed={input}");
        collect(Path::new(input), &mut files);
    }
    files.sort();
    // DefaultHasher::new() uses fixed keys, so the hash is the same on every build of
    // the same inputs.
    let mut hasher = DefaultHasher::new();
    for f in &files {
        f.to_string_lossy().hash(&mut hasher);
        std::fs::read(f).unwrap_or_default().hash(&mut hasher);
    }
    println!(
        "cargo:rustc-env=CODESEARCH_EXTRACTOR={}-{:016x}",
        env!("CARGO_PKG_VERSION"),
        hasher.finish()
    );
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    let Ok(meta) = std::fs::metadata(path) else {
        return;
    };
    if meta.is_file() {
        out.push(path.to_path_buf());
        return;
    }
    // The inputs are a few shallow source folders: a work list, not recursion.
    let mut dirs = vec![path.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else {
                out.push(p);
            }
        }
    }
}
