//! The language registry: one table entry per language.
//!
//! Everything that needs to know about a language reads it from [`LANGUAGES`]:
//! file detection ([`detect`]), the `-t/--type` filters of the walker
//! (the walker), `codesearch --type-list`, parsing ([`Language::parser`]) and the
//! node kinds that other subcommands classify (comments, strings, calls, imports),
//! and the definition spec that symbol extraction interprets ([`spec`], one per
//! language in [`specs`]). Adding a language means adding one entry to the table (and
//! its spec); nothing else switches on names. This module is the ground floor: it
//! imports nothing else of the crate.

use std::path::Path;
use std::sync::OnceLock;

use std::collections::HashMap;

pub mod blanked;
mod kind;
mod per_language;
pub mod preorder;
pub mod spec;
pub mod specs;
mod table;

pub use kind::Kind;
pub use per_language::PerLanguage;
pub use table::LANGUAGES;

/// One supported language.
#[derive(Debug)]
pub struct Language {
    /// Canonical name, as accepted by `-t` and printed in JSON (`"python"`).
    pub name: &'static str,
    /// Other names accepted by `-t` (`"py"`, `"terraform"`).
    pub aliases: &'static [&'static str],
    /// File extensions without the dot, matched case-sensitively (`"py"`, `"d.ts"` is not
    /// needed: the last extension decides).
    pub extensions: &'static [&'static str],
    /// Exact file names that belong to the language whatever their extension
    /// (`"Jenkinsfile"`, `"CMakeLists.txt"` would go here).
    pub file_names: &'static [&'static str],
    /// Other entries whose files `-t NAME` also selects (`typescript` covers `tsx`, as
    /// ripgrep's `ts` type does).
    pub covers: &'static [&'static str],
    /// The tree-sitter grammar.
    pub grammar: fn() -> tree_sitter::Language,
    /// When the grammar cannot read the file as written (code embedded in another
    /// format, macros the grammar cannot expand, preprocessor conditionals): the text
    /// it parses instead, the same length as the file with the parts it would misread
    /// blanked out (see [`blanked`]).
    pub blanked: Option<blanked::Blanking>,
    /// Which nodes define symbols and where their names are.
    pub symbols: &'static spec::SymbolSpec,
    /// Node kinds that are comments: hits inside them are not code.
    pub comment_kinds: &'static [&'static str],
    /// Node kinds that are string literals: hits inside them are not code.
    pub string_kinds: &'static [&'static str],
    /// Node kinds that are calls (function, method or constructor invocations).
    pub call_kinds: &'static [&'static str],
    /// Node kinds that are imports / includes / requires.
    pub import_kinds: &'static [&'static str],
    /// Files of this language whose text shows they are written in another one.
    pub read_as: Option<ReadAs>,
    /// Macro invocations whose bodies hold ordinary code.
    pub macro_bodies: Option<MacroBodies>,
}

/// When a file's name is not enough: files with one of `extensions` whose text
/// matches `marker` are parsed as `language` (a C `.h` header holding a C++ class is
/// C++). The text decides, so a file's facts never depend on how it was found.
#[derive(Debug)]
pub struct ReadAs {
    /// The name of the language such a file is parsed as.
    pub language: &'static str,
    pub extensions: &'static [&'static str],
    /// A regular expression that matches somewhere in such a file's text.
    pub marker: &'static str,
}

/// Where a language's macros wrap code the grammar sees as an opaque token tree (Rust's
/// `cfg_feature! { pub fn f() {} }`, `assert_eq!(f(x), y)`): the definitions and
/// references extracted from a file include those of such a body whenever it parses
/// cleanly as items (in item position) or as a call's arguments (elsewhere).
#[derive(Debug)]
pub struct MacroBodies {
    /// The invocation's node kind.
    pub invocation: &'static str,
    /// The kind of its body, a child of the invocation (braced in item position,
    /// parenthesised or bracketed elsewhere).
    pub body: &'static str,
    /// The node kinds that hold items (the file, a module's or an impl's body): an
    /// invocation directly inside one is in item position.
    pub containers: &'static [&'static str],
}

impl Language {
    /// The ripgrep-style globs `-t NAME` selects, file names first, then those of the
    /// entries it covers.
    pub fn globs(&self) -> Vec<String> {
        let own = |l: &Language| {
            l.file_names
                .iter()
                .map(|n| (*n).to_string())
                .chain(l.extensions.iter().map(|e| format!("*.{e}")))
                .collect::<Vec<_>>()
        };
        let mut globs = own(self);
        for covered in self.covers.iter().filter_map(|n| by_name(n)) {
            globs.extend(own(covered));
        }
        // Files another entry may read as this language (`-t cpp` selects `.h`
        // headers, as ripgrep's `cpp` type does).
        for other in LANGUAGES {
            if let Some(r) = other.read_as.as_ref().filter(|r| r.language == self.name) {
                globs.extend(r.extensions.iter().map(|e| format!("*.{e}")));
            }
        }
        globs
    }

    /// The text to hand the grammar: the file itself, or the file with what the
    /// grammar would misread blanked (same length, same lines).
    pub fn prepare<'a>(&self, text: &'a str) -> std::borrow::Cow<'a, str> {
        match self.blanked {
            Some(b) => (b.always)(text),
            None => std::borrow::Cow::Borrowed(text),
        }
    }

    /// Another text to try when the [`prepare`](Self::prepare)d one parses with
    /// errors; none for most languages.
    pub fn prepare_if_broken<'a>(&self, text: &'a str) -> Option<std::borrow::Cow<'a, str>> {
        let if_broken = self.blanked?.if_broken?;
        Some(if_broken(text))
    }

    /// The language `text`, the contents of the file at `path`, is parsed as: this one,
    /// or the one its [`ReadAs`] names when the file's extension and text say so.
    pub fn for_text(&'static self, path: &Path, text: &str) -> &'static Language {
        static MARKERS: OnceLock<HashMap<&'static str, regex::Regex>> = OnceLock::new();
        let Some(read_as) = &self.read_as else {
            return self;
        };
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !read_as.extensions.contains(&extension) {
            return self;
        }
        let markers = MARKERS.get_or_init(|| {
            LANGUAGES
                .iter()
                .filter_map(|l| {
                    let r = l.read_as.as_ref()?;
                    // Invariant: the table's markers are valid (checked by the tests).
                    let re = regex::Regex::new(r.marker).expect("a valid marker");
                    Some((l.name, re))
                })
                .collect()
        });
        match markers.get(self.name) {
            Some(re) if re.is_match(text) => by_name(read_as.language).unwrap_or(self),
            _ => self,
        }
    }

    /// The tree-sitter grammar as a ready `Language` value.
    pub fn ts_language(&self) -> tree_sitter::Language {
        (self.grammar)()
    }

    /// A parser set to this language.
    pub fn parser(&self) -> tree_sitter::Parser {
        let mut parser = tree_sitter::Parser::new();
        // Invariant: every grammar in the table is compiled against the tree-sitter ABI
        // range this crate links (checked by the registry tests), so this cannot fail.
        parser
            .set_language(&self.ts_language())
            .expect("grammar ABI is compatible with the linked tree-sitter");
        parser
    }
}

struct Lookup {
    by_file_name: HashMap<&'static str, &'static Language>,
    by_extension: HashMap<&'static str, &'static Language>,
    /// Names and aliases, ASCII-lower-cased, each to the first language answering to
    /// it (a remembered walk names the language of every file it holds).
    by_name: HashMap<String, &'static Language>,
}

fn lookup() -> &'static Lookup {
    static LOOKUP: OnceLock<Lookup> = OnceLock::new();
    LOOKUP.get_or_init(|| {
        let mut by_file_name = HashMap::new();
        let mut by_extension = HashMap::new();
        let mut by_name = HashMap::new();
        for lang in LANGUAGES {
            for n in std::iter::once(&lang.name).chain(lang.aliases) {
                by_name.entry(n.to_ascii_lowercase()).or_insert(lang);
            }
            for n in lang.file_names {
                by_file_name.entry(*n).or_insert(lang);
            }
            for e in lang.extensions {
                by_extension.entry(*e).or_insert(lang);
            }
        }
        Lookup {
            by_file_name,
            by_extension,
            by_name,
        }
    })
}

/// The language of a file, from its name and extension, or `None` when unknown.
///
/// Exact file names win over extensions (`Jenkinsfile` is Groovy). The extension is
/// compared as written, then lower-cased (`.C` stays unknown rather than guessing).
pub fn detect(path: &Path) -> Option<&'static Language> {
    let lk = lookup();
    // A file name that is not UTF-8 can still have a UTF-8 extension (`caf\xe9.py`).
    if let Some(lang) = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| lk.by_file_name.get(n))
    {
        return Some(lang);
    }
    let ext = path.extension()?.to_str()?;
    lk.by_extension
        .get(ext)
        .or_else(|| lk.by_extension.get(ext.to_ascii_lowercase().as_str()))
        .copied()
}

/// The language with this name or alias (case-insensitive).
pub fn by_name(name: &str) -> Option<&'static Language> {
    let by_name = &lookup().by_name;
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        by_name.get(&name.to_ascii_lowercase()).copied()
    } else {
        by_name.get(name).copied()
    }
}

/// The registry's own copy of a language's name, so that records read back from
/// storage need not own one (`""` for a name it does not have).
pub fn static_name(name: &str) -> &'static str {
    LANGUAGES
        .iter()
        .find(|l| l.name == name)
        .map_or("", |l| l.name)
}

/// Every name and alias, for error messages and completions.
pub fn all_names() -> impl Iterator<Item = &'static str> {
    LANGUAGES
        .iter()
        .flat_map(|l| std::iter::once(l.name).chain(l.aliases.iter().copied()))
}

/// The known names closest to `unknown`, best first, for "did you mean" messages.
pub fn closest_names(unknown: &str, max: usize) -> Vec<&'static str> {
    let unknown = unknown.to_ascii_lowercase();
    let mut scored: Vec<(f64, &'static str)> = all_names()
        .map(|n| (strsim::jaro_winkler(&unknown, n), n))
        .filter(|(s, n)| *s >= 0.7 || n.starts_with(unknown.as_str()))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(max).map(|(_, n)| n).collect()
}

/// `codesearch --type-list`: one line per language, `name: glob, glob`, sorted by name,
/// in the shape of `rg --type-list`. Aliases are listed as their own lines pointing at
/// the same globs, as ripgrep does for its aliases.
pub fn type_list() -> String {
    let mut lines: Vec<String> = Vec::new();
    for lang in LANGUAGES {
        let globs = lang.globs().join(", ");
        lines.push(format!("{}: {}", lang.name, globs));
        for alias in lang.aliases {
            lines.push(format!("{alias}: {globs}"));
        }
    }
    lines.sort();
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grammar_loads_into_a_parser() {
        for lang in LANGUAGES {
            let mut p = lang.parser();
            assert!(
                p.parse("", None).is_some(),
                "{} failed to parse empty input",
                lang.name
            );
        }
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for n in all_names() {
            assert!(
                seen.insert(n.to_ascii_lowercase()),
                "duplicate language name {n}"
            );
        }
    }

    #[test]
    fn every_name_and_alias_finds_its_language_in_any_case() {
        for lang in LANGUAGES {
            for n in std::iter::once(&lang.name).chain(lang.aliases) {
                for spelled in [
                    n.to_string(),
                    n.to_ascii_uppercase(),
                    n.to_ascii_lowercase(),
                ] {
                    let found = by_name(&spelled).map(|l| l.name);
                    assert_eq!(found, Some(lang.name), "{spelled}");
                }
            }
        }
        assert!(by_name("no-such-language").is_none());
        assert!(by_name("").is_none());
    }

    #[test]
    fn detection_follows_the_design_table() {
        let cases = [
            ("a.kt", "kotlin"),
            ("build.gradle.kts", "kotlin"),
            ("main.tf", "hcl"),
            ("x.hcl", "hcl"),
            ("P.cs", "csharp"),
            ("q.sql", "sql"),
            ("b.groovy", "groovy"),
            ("build.gradle", "groovy"),
            ("Jenkinsfile", "groovy"),
            ("x.h", "c"),
            ("x.hpp", "cpp"),
            ("x.hh", "cpp"),
            ("x.cc", "cpp"),
            ("x.tsx", "tsx"),
            ("x.ts", "typescript"),
            ("x.mjs", "javascript"),
            ("x.cjs", "javascript"),
            ("x.jsx", "javascript"),
            ("x.yml", "yaml"),
            ("x.md", "markdown"),
            ("x.rs", "rust"),
            ("x.pyi", "python"),
            ("x.sh", "bash"),
            ("App.vue", "vue"),
        ];
        for (file, want) in cases {
            let got = detect(Path::new(file)).map(|l| l.name);
            assert_eq!(got, Some(want), "{file}");
        }
        assert!(detect(Path::new("README")).is_none());
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let odd = Path::new(std::ffi::OsStr::from_bytes(b"caf\xe9.py"));
            assert_eq!(detect(odd).map(|l| l.name), Some("python"));
        }
        assert!(detect(Path::new("x.unknownext")).is_none());
    }

    #[test]
    fn ts_type_covers_tsx_like_ripgrep() {
        let ts = by_name("ts").expect("alias");
        assert!(ts.globs().contains(&"*.tsx".to_string()));
        assert!(!by_name("tsx")
            .expect("entry")
            .globs()
            .contains(&"*.ts".to_string()));
        for lang in LANGUAGES {
            for covered in lang.covers {
                assert!(by_name(covered).is_some(), "{} covers {covered}", lang.name);
            }
        }
    }

    #[test]
    fn a_header_read_by_its_text_is_selected_by_both_types_and_read_as_its_text_says() {
        let (c, cpp) = (by_name("c").expect("entry"), by_name("cpp").expect("entry"));
        assert!(cpp.globs().contains(&"*.h".to_string()));
        assert!(c.globs().contains(&"*.h".to_string()));
        let h = Path::new("a.h");
        assert_eq!(c.for_text(h, "namespace a {\nclass B {};\n}\n").name, "cpp");
        assert_eq!(
            c.for_text(h, "#include <vector>\nint f(void);\n").name,
            "cpp"
        );
        assert_eq!(
            c.for_text(h, "struct b { int x; };\nint f(void);\n").name,
            "c"
        );
        // Only headers: a `.c` file is compiled as C whatever it holds.
        assert_eq!(c.for_text(Path::new("a.c"), "class B {};\n").name, "c");
        for lang in LANGUAGES {
            if let Some(r) = &lang.read_as {
                assert!(
                    by_name(r.language).is_some(),
                    "{} reads as {}",
                    lang.name,
                    r.language
                );
                assert!(
                    regex::Regex::new(r.marker).is_ok(),
                    "{}'s marker",
                    lang.name
                );
            }
        }
    }

    #[test]
    fn closest_names_suggests_near_misses() {
        assert_eq!(closest_names("pyhton", 3).first(), Some(&"python"));
        assert!(closest_names("typescrpt", 3).contains(&"typescript"));
    }
}
