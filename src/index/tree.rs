//! Rendering the map as a `├──` / `└──` / `│` tree, iteratively.
//!
//! Entries arrive in path order, which is a pre-order walk of each root (a directory
//! directly precedes its contents). Whether an entry is the last of its siblings is
//! found by one backward pass, so the whole render is two loops over a flat list: no
//! recursion, whatever the nesting depth.

use std::io;

use termcolor::{Color, ColorSpec, WriteColor};

use super::MapEntry;
use crate::symbols::Symbol;
use crate::walk::{Visited, Walker};

/// Prints each root's tree, one entry at a time. Directories end with `/` (the root
/// too).
pub struct Renderer<'w> {
    walker: &'w Walker,
    /// Per entry, whether it is the last of its siblings.
    last: Vec<bool>,
    dir_spec: ColorSpec,
    /// For each depth, whether the ancestor at that depth was a last child: decides
    /// between "│   " and "    " in the prefix.
    ancestor_last: Vec<bool>,
}

impl<'w> Renderer<'w> {
    /// For `entries`, all of them: the shape of the tree is known before any is printed.
    pub fn new(walker: &'w Walker, entries: &[Visited<MapEntry>]) -> Renderer<'w> {
        let mut dir_spec = ColorSpec::new();
        dir_spec.set_fg(Some(Color::Blue)).set_bold(true);
        Renderer {
            walker,
            last: last_sibling_flags(entries),
            dir_spec,
            ancestor_last: Vec::new(),
        }
    }

    /// Prints entry `i` (entries come in order) and, under a file, its `symbols`.
    pub fn entry<W: WriteColor>(
        &mut self,
        i: usize,
        v: &Visited<MapEntry>,
        symbols: &[Symbol],
        out: &mut W,
    ) -> io::Result<()> {
        let e = &v.item;
        if e.depth == 0 {
            let shown = self.walker.root_display(v.root).to_string_lossy();
            let dir = e.is_dir && !shown.ends_with('/');
            if e.is_dir {
                out.set_color(&self.dir_spec)?;
            }
            write!(out, "{shown}{}", if dir { "/" } else { "" })?;
            out.reset()?;
            writeln!(out)?;
            self.ancestor_last.clear();
            // A file given as a root: its outline under it, as under a file of a
            // directory.
            if !e.is_dir && !symbols.is_empty() {
                render_outline(symbols, &[true], out)?;
            }
            return Ok(());
        }
        self.ancestor_last.truncate(e.depth - 1);
        for &was_last in &self.ancestor_last {
            out.write_all(if was_last {
                b"    "
            } else {
                "│   ".as_bytes()
            })?;
        }
        let last = self.last[i];
        out.write_all(if last { "└── " } else { "├── " }.as_bytes())?;
        let name = v
            .path
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_else(|| v.path.to_string_lossy());
        if e.is_dir {
            out.set_color(&self.dir_spec)?;
            write!(out, "{name}/")?;
            out.reset()?;
        } else {
            write!(out, "{name}")?;
        }
        writeln!(out)?;
        self.ancestor_last.push(last);
        if !symbols.is_empty() {
            render_outline(symbols, &self.ancestor_last, out)?;
        }
        Ok(())
    }
}

/// `build-index --symbols`: a file's symbols under it, members indented under their
/// type, each `kind name :line`. Nesting comes from the parent indices, which always
/// point backwards (parents precede their members), so one forward pass suffices.
fn render_outline<W: WriteColor>(
    symbols: &[Symbol],
    ancestor_last: &[bool],
    out: &mut W,
) -> io::Result<()> {
    let mut kind_spec = ColorSpec::new();
    kind_spec.set_fg(Some(Color::Cyan));
    let mut depth = vec![0usize; symbols.len()];
    for (i, s) in symbols.iter().enumerate() {
        depth[i] = s.parent.filter(|&p| p < i).map_or(0, |p| depth[p] + 1);
        for &was_last in ancestor_last {
            out.write_all(if was_last {
                b"    "
            } else {
                "│   ".as_bytes()
            })?;
        }
        write!(out, "{}", "  ".repeat(depth[i]))?;
        out.set_color(&kind_spec)?;
        write!(out, "{}", s.kind)?;
        out.reset()?;
        writeln!(out, " {} :{}", s.name, s.start_line)?;
    }
    Ok(())
}

/// For each entry, whether no later sibling follows it (one backward pass).
fn last_sibling_flags(entries: &[Visited<MapEntry>]) -> Vec<bool> {
    let mut flags = vec![false; entries.len()];
    let mut later_sibling: Vec<bool> = Vec::new();
    for (i, v) in entries.iter().enumerate().rev() {
        let d = v.item.depth;
        if later_sibling.len() <= d {
            later_sibling.resize(d + 1, false);
        }
        flags[i] = !later_sibling[d];
        later_sibling[d] = d > 0;
        // Deeper entries seen so far belong to this entry or its later siblings; the
        // earlier siblings' children start a fresh count.
        later_sibling.truncate(d + 1);
        if d == 0 {
            later_sibling.clear();
        }
    }
    flags
}

/// Drops directories with no file below them (used when globs or types filter files,
/// so the map shows only where matching files live). Roots are kept.
pub fn prune_empty_dirs(entries: Vec<Visited<MapEntry>>) -> Vec<Visited<MapEntry>> {
    let mut keep = vec![true; entries.len()];
    // Backward pass: a stack of "has a file below" per open depth.
    let mut has_file: Vec<bool> = Vec::new();
    for (i, v) in entries.iter().enumerate().rev() {
        let d = v.item.depth;
        if v.item.is_dir {
            let below = has_file.get(d + 1).copied().unwrap_or(false);
            keep[i] = below || d == 0;
            has_file.truncate(d + 1);
            if has_file.len() <= d {
                has_file.resize(d + 1, false);
            }
            has_file[d] |= below;
            if let Some(deeper) = has_file.get_mut(d + 1) {
                *deeper = false;
            }
        } else {
            if has_file.len() <= d {
                has_file.resize(d + 1, false);
            }
            has_file[d] = true;
        }
        if d == 0 {
            has_file.clear();
        }
    }
    entries
        .into_iter()
        .zip(keep)
        .filter_map(|(v, k)| k.then_some(v))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn entry(path: &str, depth: usize, is_dir: bool) -> Visited<MapEntry> {
        Visited {
            root: 0,
            path: PathBuf::from(path),
            item: MapEntry {
                is_dir,
                depth,
                language: None,
                size: None,
                lines: None,
                symbols: Vec::new(),
            },
        }
    }

    #[test]
    fn last_flags_mark_final_siblings() {
        let es = vec![
            entry(".", 0, true),
            entry("a", 1, true),
            entry("a/x", 2, false),
            entry("a/y", 2, false),
            entry("b", 1, false),
        ];
        assert_eq!(
            last_sibling_flags(&es),
            vec![true, false, false, true, true]
        );
    }

    #[test]
    fn pruning_keeps_only_dirs_with_files() {
        let es = vec![
            entry(".", 0, true),
            entry("a", 1, true),
            entry("a/empty", 2, true),
            entry("a/x", 2, false),
            entry("b", 1, true),
            entry("b/c", 2, true),
        ];
        let kept: Vec<String> = prune_empty_dirs(es)
            .into_iter()
            .map(|v| v.path.to_string_lossy().into_owned())
            .collect();
        assert_eq!(kept, vec![".", "a", "a/x"]);
    }
}
