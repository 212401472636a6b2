//! Text a grammar cannot read as written: the parts it would misread are blanked out
//! before parsing (spaces, line breaks kept), so that every byte offset and line of the
//! tree is the file's own.

use std::borrow::Cow;
use std::sync::OnceLock;

/// Vue single-file components: the contents of every `<script>` block (`setup`,
/// `lang="ts"` or plain JavaScript, which parses as TypeScript) are kept; everything
/// else becomes spaces, line breaks kept.
pub fn vue_scripts(text: &str) -> Cow<'_, str> {
    Cow::Owned(vue_script_text(text))
}

/// C++ macros the grammar, which does not expand macros, misreads where they are
/// common in headers, blanked so that the code around them reads as what it is:
/// - an export or annotation macro between a class head's keyword and the name
///   (`class LEVELDB_EXPORT Status {`, `class Q_CORE_EXPORT QObject : public ..`,
///   `struct GTEST_API_ TestInfo`): read as a function returning `class
///   LEVELDB_EXPORT`, the class and every member were lost. Such a macro is told by
///   its upper-case name, the universal convention for macros;
/// - Clang's thread-safety annotations after a declaration (`void Unlock()
///   UNLOCK_FUNCTION();`, `int count_ GUARDED_BY(mu_);`): read as the declaration of
///   a function named by the macro, the method or field was lost. They are told by
///   their names (with any prefix, `ABSL_GUARDED_BY`), never those of ordinary calls.
pub fn cpp_macros(text: &str) -> Cow<'_, str> {
    static HEAD: OnceLock<regex::Regex> = OnceLock::new();
    static ANNOTATION: OnceLock<regex::Regex> = OnceLock::new();
    // Invariant: valid patterns.
    let head = HEAD.get_or_init(|| {
        regex::Regex::new(
            r"(?m)\b(?:class|struct|union)[ \t]+((?:[A-Z][A-Z0-9_]*[A-Z0-9_][ \t]+)+)[A-Za-z_]\w*[ \t]*(?:final\b[ \t]*)?(?:[:{]|$)",
        )
        .expect("a valid pattern")
    });
    let annotation = ANNOTATION.get_or_init(|| {
        regex::Regex::new(
            r"\b(?:[A-Z][A-Z0-9]*_)*(?:(?:PT_)?GUARDED_BY|ACQUIRED_(?:AFTER|BEFORE)|(?:EXCLUSIVE_|SHARED_)?LOCKS_REQUIRED|LOCKS_EXCLUDED|LOCK_RETURNED|(?:EXCLUSIVE_|SHARED_)?(?:TRY)?LOCK_FUNCTION|UNLOCK_FUNCTION|ASSERT_(?:EXCLUSIVE|SHARED)_LOCK)[ \t]*\([^()\n]*\)|\b(?:[A-Z][A-Z0-9]*_)*NO_THREAD_SAFETY_ANALYSIS\b",
        )
        .expect("a valid pattern")
    });
    let mut out: Option<Vec<u8>> = None;
    let mut blank = |range: std::ops::Range<usize>| {
        let bytes = out.get_or_insert_with(|| text.as_bytes().to_vec());
        for b in &mut bytes[range] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    if text.contains("class ") || text.contains("struct ") || text.contains("union ") {
        for caps in head.captures_iter(text) {
            // Every upper-case word between the keyword and the name (`class
            // ABSL_LOCKABLE ABSL_EXPORT Mutex`); the name is the word after them.
            blank(caps.get(1).expect("the macros").range());
        }
    }
    if text.contains("_BY") || text.contains("LOCK") || text.contains("THREAD_SAFETY") {
        for m in annotation.find_iter(text) {
            blank(m.range());
        }
    }
    match out {
        // Invariant: only ASCII bytes (upper-case letters, digits, `_`, blanks,
        // parentheses and what an annotation's arguments hold on one line) were
        // replaced, by ASCII spaces; an argument is ASCII or whole characters.
        Some(bytes) => Cow::Owned(String::from_utf8(bytes).expect("blanked text is valid UTF-8")),
        None => Cow::Borrowed(text),
    }
}

fn vue_script_text(text: &str) -> String {
    let bytes = text.as_bytes();
    let lower = text.to_ascii_lowercase();
    let mut out = vec![b' '; bytes.len()];
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' {
            out[i] = b'\n';
        }
    }
    let mut from = 0;
    while let Some(open) = lower[from..].find("<script").map(|p| from + p) {
        let after_name = open + "<script".len();
        // `<scripts>` or `<script-x>` is another tag.
        if lower[after_name..]
            .chars()
            .next()
            .is_some_and(|c| !(c == '>' || c.is_ascii_whitespace()))
        {
            from = after_name;
            continue;
        }
        let Some(body) = lower[after_name..].find('>').map(|p| after_name + p + 1) else {
            break;
        };
        let end = lower[body..]
            .find("</script")
            .map_or(bytes.len(), |p| body + p);
        out[body..end].copy_from_slice(&bytes[body..end]);
        from = end;
    }
    // Invariant: every byte is either copied from whole script bodies, which start
    // after an ASCII `>` and end before an ASCII `<`, or an ASCII space or newline.
    String::from_utf8(out).expect("blanked text is valid UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_script_bodies_at_their_offsets() {
        let vue = "<template>\n  <p>é {{ x }}</p>\n</template>\n<script setup lang=\"ts\">\nconst x = 1\n</script>\n<style>\np {}\n</style>\n";
        let out = vue_scripts(vue);
        assert_eq!(out.len(), vue.len());
        assert_eq!(out.lines().count(), vue.lines().count());
        let at = vue.find("const x").unwrap();
        assert_eq!(&out[at..at + 11], "const x = 1");
        assert!(!out.contains("template") && !out.contains("style"));
    }

    #[test]
    fn export_macros_of_class_heads_are_blanked_in_place() {
        let cpp = "class LEVELDB_EXPORT Status {\nstruct GTEST_API_ TestInfo : public Base {\nclass SCOPED_LOCKABLE MutexLock\n{\nclass ABSL_LOCKABLE ABSL_EXPORT Mutex final {\n";
        let mut expected = cpp.to_string();
        for m in [
            "LEVELDB_EXPORT",
            "GTEST_API_",
            "SCOPED_LOCKABLE",
            "ABSL_LOCKABLE ABSL_EXPORT",
        ] {
            expected = expected.replace(m, &" ".repeat(m.len()));
        }
        assert_eq!(cpp_macros(cpp), expected);
    }

    #[test]
    fn thread_safety_annotations_are_blanked_in_place() {
        let cpp = "  void Unlock() UNLOCK_FUNCTION() { mu_.unlock(); }\n  int n_ GUARDED_BY(mu_);\n  void F() ABSL_EXCLUSIVE_LOCKS_REQUIRED(a, b) NO_THREAD_SAFETY_ANALYSIS;\n";
        let mut expected = cpp.to_string();
        for m in [
            "UNLOCK_FUNCTION()",
            "GUARDED_BY(mu_)",
            "ABSL_EXCLUSIVE_LOCKS_REQUIRED(a, b)",
            "NO_THREAD_SAFETY_ANALYSIS",
        ] {
            expected = expected.replace(m, &" ".repeat(m.len()));
        }
        assert_eq!(cpp_macros(cpp), expected);
    }

    #[test]
    fn class_heads_without_a_macro_are_left_as_written() {
        for cpp in [
            "class Status {\n",
            "class Status : public Base {\n",
            "template <class T> struct X;\n",
            "class ABC;\n",
            "enum class Color { RED };\n",
            "struct FOO bar = {0};\n",
            "  x = MAX(a, b); LOCK(mu); return GUARDED(x);\n",
        ] {
            assert!(matches!(cpp_macros(cpp), Cow::Borrowed(_)), "{cpp}");
        }
    }
}
