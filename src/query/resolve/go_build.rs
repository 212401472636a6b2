//! Go's build constraints: which files of a package a build compiles.
//!
//! A package defines a name once per build, so two definitions of one name in one
//! package are variants for different builds: `labels_stringlabels.go` beside
//! `labels_slicelabels.go`, `file_unix.go` beside `file_windows.go`. A file's
//! constraint is its `//go:build` line with the operating system and architecture its
//! name may end with. Among such variants, a use names the one the default build
//! compiles (linux on amd64, with cgo, no custom tags). A use in a file that can never
//! be built together with that variant names the variant it builds with (a call in
//! `x_windows.go` is a use of the variant in `x_windows.go`, not of the one in
//! `x_unix.go`), and nothing known when none or several do.

use std::path::Path;

use super::DefRef;
use crate::facts::FileFacts;

/// The operating systems Go builds for.
const GOOS: &[&str] = &[
    "aix",
    "android",
    "darwin",
    "dragonfly",
    "freebsd",
    "hurd",
    "illumos",
    "ios",
    "js",
    "linux",
    "nacl",
    "netbsd",
    "openbsd",
    "plan9",
    "solaris",
    "wasip1",
    "windows",
    "zos",
];

/// Those of them the `unix` constraint does not hold on.
const NOT_UNIX: &[&str] = &["js", "nacl", "plan9", "wasip1", "windows", "zos"];

/// The architectures Go builds for.
const GOARCH: &[&str] = &[
    "386",
    "amd64",
    "amd64p32",
    "arm",
    "armbe",
    "arm64",
    "arm64be",
    "loong64",
    "mips",
    "mipsle",
    "mips64",
    "mips64le",
    "mips64p32",
    "mips64p32le",
    "ppc",
    "ppc64",
    "ppc64le",
    "riscv",
    "riscv64",
    "s390",
    "s390x",
    "sparc",
    "sparc64",
    "wasm",
];

/// The most free tags two files' constraints are checked over, every way they can be
/// set; files naming more are taken to build together.
const MAX_FREE_TAGS: usize = 8;

/// A `//go:build` expression.
#[derive(Debug, PartialEq)]
enum Expr {
    Tag(String),
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

impl Expr {
    fn holds(&self, tag: &dyn Fn(&str) -> bool) -> bool {
        match self {
            Expr::Tag(t) => tag(t),
            Expr::Not(e) => !e.holds(tag),
            Expr::And(a, b) => a.holds(tag) && b.holds(tag),
            Expr::Or(a, b) => a.holds(tag) || b.holds(tag),
        }
    }

    fn tags<'e>(&'e self, out: &mut Vec<&'e str>) {
        match self {
            Expr::Tag(t) => out.push(t),
            Expr::Not(e) => e.tags(out),
            Expr::And(a, b) | Expr::Or(a, b) => {
                a.tags(out);
                b.tags(out);
            }
        }
    }
}

/// Reads a `//go:build` expression: `||` binds loosest, then `&&`, then `!`.
fn parse(text: &str) -> Option<Expr> {
    let tokens = tokens(text)?;
    let mut at = 0;
    let e = parse_or(&tokens, &mut at)?;
    (at == tokens.len()).then_some(e)
}

fn tokens(text: &str) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let len = if rest.starts_with("&&") || rest.starts_with("||") {
            2
        } else if rest.starts_with(['!', '(', ')']) {
            1
        } else {
            let len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
                .unwrap_or(rest.len());
            if len == 0 {
                return None;
            }
            len
        };
        out.push(&rest[..len]);
        rest = rest[len..].trim_start();
    }
    Some(out)
}

fn parse_or(t: &[&str], at: &mut usize) -> Option<Expr> {
    let mut e = parse_and(t, at)?;
    while t.get(*at) == Some(&"||") {
        *at += 1;
        e = Expr::Or(Box::new(e), Box::new(parse_and(t, at)?));
    }
    Some(e)
}

fn parse_and(t: &[&str], at: &mut usize) -> Option<Expr> {
    let mut e = parse_not(t, at)?;
    while t.get(*at) == Some(&"&&") {
        *at += 1;
        e = Expr::And(Box::new(e), Box::new(parse_not(t, at)?));
    }
    Some(e)
}

fn parse_not(t: &[&str], at: &mut usize) -> Option<Expr> {
    let token = *t.get(*at)?;
    *at += 1;
    match token {
        "!" => Some(Expr::Not(Box::new(parse_not(t, at)?))),
        "(" => {
            let e = parse_or(t, at)?;
            (t.get(*at) == Some(&")")).then(|| *at += 1)?;
            Some(e)
        }
        "&&" | "||" | ")" => None,
        tag => Some(Expr::Tag(tag.to_string())),
    }
}

/// One build: an operating system, an architecture and the other tags set.
struct Build<'b> {
    goos: &'b str,
    goarch: &'b str,
    tag: &'b dyn Fn(&str) -> bool,
}

impl Build<'_> {
    fn sets(&self, tag: &str) -> bool {
        if GOOS.contains(&tag) {
            // Android builds are linux builds too, iOS darwin and illumos solaris.
            return tag == self.goos
                || matches!(
                    (tag, self.goos),
                    ("linux", "android") | ("darwin", "ios") | ("solaris", "illumos")
                );
        }
        if GOARCH.contains(&tag) {
            return tag == self.goarch;
        }
        if tag == "unix" {
            return !NOT_UNIX.contains(&self.goos);
        }
        (self.tag)(tag)
    }
}

/// What a file's name and its `//go:build` line constrain.
struct Constraint {
    expr: Option<Expr>,
    goos: Option<&'static str>,
    goarch: Option<&'static str>,
}

impl Constraint {
    /// `None` when the file states a constraint this reader cannot read: nothing is
    /// then assumed of it.
    fn of(file: &FileFacts) -> Option<Constraint> {
        let expr = match &file.build {
            Some(text) => Some(parse(text)?),
            None => None,
        };
        let (goos, goarch) = name_constraint(&file.path);
        Some(Constraint { expr, goos, goarch })
    }

    fn is_none(&self) -> bool {
        self.expr.is_none() && self.goos.is_none() && self.goarch.is_none()
    }

    fn holds(&self, build: &Build) -> bool {
        self.goos.is_none_or(|os| build.sets(os))
            && self.goarch.is_none_or(|arch| build.sets(arch))
            && self
                .expr
                .as_ref()
                .is_none_or(|e| e.holds(&|t| build.sets(t)))
    }
}

/// The operating system and architecture a Go file's name ends with (`_linux.go`,
/// `_windows_amd64_test.go`); a name that is nothing else (`linux.go`) states none.
fn name_constraint(path: &Path) -> (Option<&'static str>, Option<&'static str>) {
    let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
        return (None, None);
    };
    let stem = stem.strip_suffix("_test").unwrap_or(stem);
    let known = |list: &[&'static str], p: &str| list.iter().copied().find(|k| *k == p);
    // The last two `_`-separated parts, each with something before it.
    let Some((head, last)) = stem.rsplit_once('_') else {
        return (None, None);
    };
    if let Some(arch) = known(GOARCH, last) {
        let os = head
            .rsplit_once('_')
            .and_then(|(_, before)| known(GOOS, before));
        return match os {
            Some(os) => (Some(os), Some(arch)),
            None => (None, Some(arch)),
        };
    }
    (known(GOOS, last), None)
}

/// Whether the default build (linux on amd64, with cgo, no custom tags) compiles
/// `file`; a constraint that cannot be read counts as compiled.
fn built_by_default(file: &FileFacts) -> bool {
    let Some(c) = Constraint::of(file) else {
        return true;
    };
    let default_tag = |t: &str| matches!(t, "gc" | "cgo") || is_go_version(t);
    c.holds(&Build {
        goos: "linux",
        goarch: "amd64",
        tag: &default_tag,
    })
}

/// `go1.21`: a release tag, set by every toolchain from that release on.
fn is_go_version(tag: &str) -> bool {
    tag.strip_prefix("go1.")
        .is_some_and(|minor| !minor.is_empty() && minor.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether some build compiles both files: an operating system, an architecture and
/// the other tags they name, every way these can be set. A constraint this reader
/// cannot read, or one naming very many tags, is taken to build with anything.
pub(super) fn can_build_together(a: &FileFacts, b: &FileFacts) -> bool {
    // Asked of every Go use that resolves: most resolve into their own file.
    if a.path == b.path {
        return true;
    }
    some_build(&[a, b], &[])
}

/// Whether some build compiles every file of `built` and none of `left_out`. A
/// constraint of `built` this reader cannot read, or one naming very many tags, is
/// taken to build with anything; a file of `left_out` without a constraint it can
/// read is not asked about.
pub(super) fn some_build(built: &[&FileFacts], left_out: &[&FileFacts]) -> bool {
    let mut required = Vec::new();
    for f in built {
        match Constraint::of(f) {
            Some(c) if !c.is_none() => required.push(c),
            _ => {}
        }
    }
    if required.len() < 2 && left_out.is_empty() {
        return true;
    }
    let excluded: Vec<Constraint> = left_out
        .iter()
        .filter_map(|f| Constraint::of(f))
        .filter(|c| !c.is_none())
        .collect();
    let mut named = Vec::new();
    for c in required.iter().chain(&excluded) {
        if let Some(e) = &c.expr {
            e.tags(&mut named);
        }
    }
    let mut free: Vec<&str> = named
        .iter()
        .copied()
        .filter(|t| !GOOS.contains(t) && !GOARCH.contains(t) && *t != "unix")
        .collect();
    free.sort_unstable();
    free.dedup();
    if free.len() > MAX_FREE_TAGS {
        return true;
    }
    // Every operating system; of the architectures, those named and one that is not.
    let mut arches: Vec<&str> = named
        .iter()
        .copied()
        .chain(required.iter().chain(&excluded).filter_map(|c| c.goarch))
        .filter(|t| GOARCH.contains(t))
        .collect();
    arches.extend(GOARCH.iter().find(|a| !arches.contains(a)));
    GOOS.iter().any(|&goos| {
        arches.iter().any(|&goarch| {
            (0u32..1 << free.len()).any(|set| {
                let tag = |t: &str| {
                    free.iter()
                        .position(|f| *f == t)
                        .is_some_and(|i| set & (1 << i) != 0)
                };
                let build = Build {
                    goos,
                    goarch,
                    tag: &tag,
                };
                required.iter().all(|c| c.holds(&build))
                    && !excluded.iter().any(|c| c.holds(&build))
            })
        })
    })
}

/// Whether two files are of one Go package: one directory, one package clause.
fn one_package(a: &FileFacts, b: &FileFacts) -> bool {
    a.language.name == "go"
        && b.language.name == "go"
        && a.path.parent() == b.path.parent()
        && a.package == b.package
}

/// Whether `v` is `d` written for another build: a definition of the same name and
/// kind in another file of its Go package.
pub fn is_variant_of(v: &DefRef, d: &DefRef) -> bool {
    let (vs, ds) = (v.symbol(), d.symbol());
    v.file.path != d.file.path
        && one_package(&v.file, &d.file)
        && vs.qualified_name == ds.qualified_name
        && (vs.kind == ds.kind || (vs.kind.is_type_like() && ds.kind.is_type_like()))
}

/// Of definitions of one name in one Go package (different targets), those the
/// default build compiles, when that leaves out some and not all.
pub(super) fn default_variant(found: &[DefRef]) -> Option<Vec<DefRef>> {
    let first = found.first()?;
    if !found.iter().all(|d| one_package(&d.file, &first.file)) {
        return None;
    }
    let kept: Vec<DefRef> = found
        .iter()
        .filter(|d| built_by_default(&d.file))
        .cloned()
        .collect();
    (!kept.is_empty() && kept.len() < found.len()).then_some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go_file(path: &str, build: Option<&str>) -> FileFacts {
        FileFacts {
            path: path.into(),
            language: crate::lang::by_name("go").unwrap(),
            package: Some("p".into()),
            definitions: Vec::new().into(),
            references: Vec::new(),
            imports: Vec::new(),
            bindings: Vec::new(),
            call_arguments: Vec::new(),
            build: build.map(str::to_string),
            module_value: None,
            outer_packages: Vec::new(),
            direct_commands: Vec::new(),
            trait_impls: Vec::new(),
        }
    }

    #[test]
    fn build_lines_parse_with_go_s_precedence() {
        let tag = |t: &str| Expr::Tag(t.into());
        assert_eq!(
            parse("a || b && !c"),
            Some(Expr::Or(
                Box::new(tag("a")),
                Box::new(Expr::And(
                    Box::new(tag("b")),
                    Box::new(Expr::Not(Box::new(tag("c"))))
                ))
            ))
        );
        assert!(parse("(linux || darwin) && !cgo").is_some());
        assert_eq!(parse("linux &&"), None);
        assert_eq!(parse("(linux"), None);
        assert_eq!(parse("linux darwin"), None);
        assert_eq!(parse("+build"), None);
    }

    #[test]
    fn a_file_s_name_states_its_system_and_architecture() {
        let of = |p: &str| name_constraint(Path::new(p));
        assert_eq!(of("a/file_windows.go"), (Some("windows"), None));
        assert_eq!(
            of("file_linux_arm64_test.go"),
            (Some("linux"), Some("arm64"))
        );
        assert_eq!(of("zsys_amd64.go"), (None, Some("amd64")));
        assert_eq!(of("linux.go"), (None, None));
        assert_eq!(of("labels_stringlabels.go"), (None, None));
    }

    #[test]
    fn the_default_build_is_linux_on_amd64_with_cgo_and_no_custom_tags() {
        let default = |p: &str, b: Option<&str>| built_by_default(&go_file(p, b));
        assert!(default("a.go", None));
        assert!(default("a.go", Some("!slicelabels && !dedupelabels")));
        assert!(!default("a.go", Some("slicelabels")));
        assert!(default("a_unix.go", Some("unix")));
        assert!(default("a.go", Some("linux && cgo && go1.21")));
        assert!(!default("a_windows.go", None));
        assert!(!default("a_arm64.go", None));
        assert!(!default("a.go", Some("darwin || freebsd")));
        // Unreadable: nothing is assumed.
        assert!(default("a.go", Some("linux &&")));
    }

    #[test]
    fn files_build_together_when_some_build_compiles_both() {
        let together = |a: (&str, Option<&str>), b: (&str, Option<&str>)| {
            can_build_together(&go_file(a.0, a.1), &go_file(b.0, b.1))
        };
        assert!(!together(
            ("x_windows.go", None),
            ("y_unix.go", Some("unix"))
        ));
        assert!(!together(("x_windows.go", None), ("y_linux.go", None)));
        assert!(together(("x_windows.go", None), ("y.go", Some("!linux"))));
        // Android builds are linux builds.
        assert!(together(("x.go", Some("linux")), ("y_android.go", None)));
        assert!(together(("x_linux.go", None), ("y_android.go", None)));
        assert!(!together(
            ("x.go", Some("slicelabels")),
            ("y.go", Some("!slicelabels"))
        ));
        assert!(together(
            ("x.go", Some("slicelabels")),
            ("y.go", Some("slicelabels || a"))
        ));
        assert!(together(("x.go", None), ("y_windows.go", None)));
    }
}
