//! What a C or C++ file can name among the tree's definitions: those of the file
//! itself, of the headers it includes (and they include, transitively), and the
//! functions other source files export to the linker.
//!
//! A tree often holds several programs and vendored libraries whose definitions share
//! names with the C library (`strcasecmp` in a Windows compatibility header, `free` in
//! an allocator's source file, `assert` in a vendored library's internal header):
//! taking one of those for a call of a file that never includes them is a wrong
//! answer. A macro, a type or a `static` definition is seen only where its file is
//! included; a non-static function or variable of a source file may be linked from
//! anywhere.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustc_hash::FxHashSet;

use super::imports::ModuleTarget;
use super::module_files::file_path;
use super::{DefRef, Resolver};
use crate::facts::{FileFacts, Import};
use crate::symbols::{Kind, Symbol};

/// The most files an include closure holds: far more than any real translation unit
/// reaches, few enough that a pathological tree cannot make one lookup read it whole.
const MAX_INCLUDED: usize = 4096;

/// The tree files a C or C++ file includes, directly or through other headers.
pub(super) struct Included(FxHashSet<PathBuf>);

/// The headers of the C and C++ standard libraries and the common POSIX ones. Written
/// `<assert.h>`, such a header is the system's, even where a vendored library of the
/// tree ships a file of that name for its own build (`internal/assert.h`,
/// `msvc_compat/C99/stdint.h`).
const STANDARD_HEADERS: &[&str] = &[
    // C
    "assert.h",
    "complex.h",
    "ctype.h",
    "errno.h",
    "fenv.h",
    "float.h",
    "inttypes.h",
    "iso646.h",
    "limits.h",
    "locale.h",
    "math.h",
    "setjmp.h",
    "signal.h",
    "stdalign.h",
    "stdarg.h",
    "stdatomic.h",
    "stdbool.h",
    "stddef.h",
    "stdint.h",
    "stdio.h",
    "stdlib.h",
    "stdnoreturn.h",
    "string.h",
    "tgmath.h",
    "threads.h",
    "time.h",
    "uchar.h",
    "wchar.h",
    "wctype.h",
    // POSIX
    "dirent.h",
    "dlfcn.h",
    "fcntl.h",
    "glob.h",
    "grp.h",
    "netdb.h",
    "poll.h",
    "pthread.h",
    "pwd.h",
    "regex.h",
    "sched.h",
    "semaphore.h",
    "strings.h",
    "syslog.h",
    "termios.h",
    "unistd.h",
    "utime.h",
    "sys/types.h",
    "sys/stat.h",
    "sys/time.h",
    "sys/socket.h",
    "sys/wait.h",
    "sys/mman.h",
    "sys/ioctl.h",
    "sys/select.h",
    "sys/uio.h",
    "sys/un.h",
    "sys/resource.h",
    "sys/param.h",
    "sys/file.h",
    "netinet/in.h",
    "netinet/tcp.h",
    "arpa/inet.h",
    // C++
    "algorithm",
    "any",
    "array",
    "atomic",
    "bitset",
    "cassert",
    "cctype",
    "cerrno",
    "chrono",
    "cmath",
    "condition_variable",
    "cstddef",
    "cstdint",
    "cstdio",
    "cstdlib",
    "cstring",
    "ctime",
    "deque",
    "exception",
    "filesystem",
    "fstream",
    "functional",
    "future",
    "initializer_list",
    "iomanip",
    "ios",
    "iosfwd",
    "iostream",
    "istream",
    "iterator",
    "limits",
    "list",
    "map",
    "memory",
    "mutex",
    "new",
    "numeric",
    "optional",
    "ostream",
    "queue",
    "random",
    "ratio",
    "regex",
    "set",
    "sstream",
    "stack",
    "stdexcept",
    "streambuf",
    "string",
    "string_view",
    "system_error",
    "thread",
    "tuple",
    "type_traits",
    "typeinfo",
    "unordered_map",
    "unordered_set",
    "utility",
    "variant",
    "vector",
];

/// Whether `#include <module>` names a header of the standard libraries.
pub(super) fn is_standard_header(imp: &Import) -> bool {
    imp.system && STANDARD_HEADERS.contains(&imp.module.as_str())
}

/// Whether a C/C++ import is an `#include` (not C++'s `using`).
pub(super) fn is_include(imp: &Import) -> bool {
    !imp.module.contains("::") && imp.name.is_none() && !imp.wildcard
}

/// Source files are compiled on their own; anything else (`.h`, `.hpp`, `.inc`, a
/// header with no extension) is only ever included.
fn is_source_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        matches!(
            e.to_ascii_lowercase().as_str(),
            "c" | "cc" | "cpp" | "cxx" | "c++" | "m" | "mm" | "cu"
        )
    })
}

/// `static` among the words before the name's parameters: `static int f(void)`.
fn is_static(s: &Symbol) -> bool {
    s.signature
        .split('(')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .any(|w| w == "static")
}

impl Resolver<'_> {
    /// The include closure of `file`, computed once per file.
    fn included(&self, file: &FileFacts) -> Arc<Included> {
        let start = file_path(file);
        self.includes.get_or_compute(start.clone(), || {
            let mut seen: FxHashSet<PathBuf> = FxHashSet::default();
            let mut todo: VecDeque<PathBuf> = VecDeque::new();
            self.follow_includes(&file.imports, &start, &mut seen, &mut todo);
            while let Some(header) = todo.pop_front() {
                if seen.len() >= MAX_INCLUDED {
                    break;
                }
                if let Some(facts) = self.source.outline(&header) {
                    self.follow_includes(&facts.imports, &header, &mut seen, &mut todo);
                }
            }
            Arc::new(Included(seen))
        })
    }

    fn follow_includes(
        &self,
        imports: &[Import],
        importer: &Path,
        seen: &mut FxHashSet<PathBuf>,
        todo: &mut VecDeque<PathBuf>,
    ) {
        for imp in imports.iter().filter(|i| is_include(i)) {
            if let ModuleTarget::Files(found) = self.include_target(importer, imp) {
                for f in found {
                    if seen.insert(f.clone()) {
                        todo.push_back(f);
                    }
                }
            }
        }
    }

    /// Whether `name` is the namespace of a library `file` includes a header of: a
    /// header outside the tree whose path starts with a directory of that name
    /// (`absl` of `#include "absl/strings/str_format.h"`), as libraries lay out their
    /// headers by namespace.
    pub(super) fn library_namespace(&self, file: &FileFacts, name: &str) -> bool {
        let importer = file_path(file);
        file.imports.iter().filter(|i| is_include(i)).any(|imp| {
            imp.module
                .split_once('/')
                .is_some_and(|(dir, _)| dir == name)
                && matches!(
                    self.include_target(&importer, imp),
                    ModuleTarget::External(_)
                )
        })
    }

    /// Whether a header `file` includes (transitively) declares a variable `name` at
    /// its top level (`extern int (*getMonotonicUs)(void);`): the tree's, though it
    /// may define it in no file of the tree, so not known to come from outside.
    pub(super) fn c_header_declares(&self, file: &FileFacts, name: &str) -> bool {
        self.included(file)
            .0
            .iter()
            .any(|header| self.top_level_variables(header).contains(name))
    }

    /// The variables `header` declares at its top level, read once per file.
    fn top_level_variables(&self, header: &Path) -> Arc<FxHashSet<String>> {
        self.header_variables
            .get_or_compute(header.to_path_buf(), || {
                let names = self.source.outline(header).map(|facts| {
                    facts
                        .bindings
                        .iter()
                        .filter(|b| b.scope.is_none())
                        .map(|b| b.name.clone())
                        .collect()
                });
                Arc::new(names.unwrap_or_default())
            })
    }

    /// Whether C/C++ code in `file` can name `d`: a definition of the file itself or
    /// of a file it includes, or a function or variable another source file links
    /// in.
    pub(super) fn c_can_name(&self, file: &FileFacts, d: &DefRef) -> bool {
        let path = file_path(&d.file);
        if path == file_path(file) || self.included(file).0.contains(&path) {
            return true;
        }
        let s = d.symbol();
        is_source_file(&path) && matches!(s.kind, Kind::Function | Kind::Variable) && !is_static(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_what_is_not_compiled_on_its_own() {
        assert!(is_source_file(Path::new("src/zmalloc.c")));
        assert!(is_source_file(Path::new("lib/a.CPP")));
        assert!(!is_source_file(Path::new("deps/hiredis/win32.h")));
        assert!(!is_source_file(Path::new("include/vector")));
        assert!(!is_source_file(Path::new("src/table.inc")));
    }
}
