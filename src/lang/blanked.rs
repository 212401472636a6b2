//! Text a grammar cannot read as written: the parts it would misread are blanked out
//! before parsing (spaces, line breaks kept), or a name it takes for a keyword is
//! spelt with a capital, so that every byte offset and line of the tree is the file's
//! own. Names are read from the file, never from this text.

use std::borrow::Cow;
use std::sync::OnceLock;

/// How a language's text is prepared for its grammar.
#[derive(Debug, Clone, Copy)]
pub struct Blanking {
    /// The text the grammar parses: the file, the same length, with the parts it would
    /// misread blanked out.
    pub always: fn(&str) -> Cow<'_, str>,
    /// When that text parses with errors: another to parse, kept when it parses with
    /// fewer (the parts it blanks may be needed where the first one parses well).
    pub if_broken: Option<fn(&str) -> Cow<'_, str>>,
}

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
///   The capability names of newer code (`REQUIRES(mu_)`, `ACQUIRE()`, `EXCLUDES(..)`)
///   are words code also calls (`if (p) RELEASE(p);`): they are blanked only right
///   after a function's parameter list and before the declaration's end.
pub fn cpp_macros(text: &str) -> Cow<'_, str> {
    let mut out = Blanked::new(text);
    blank_cpp_macros(&mut out);
    out.finish()
}

/// What [`cpp_macros`] blanks, in `out`.
fn blank_cpp_macros(out: &mut Blanked<'_>) {
    static HEAD: OnceLock<regex::Regex> = OnceLock::new();
    static ANNOTATION: OnceLock<regex::Regex> = OnceLock::new();
    static CAPABILITY: OnceLock<regex::Regex> = OnceLock::new();
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
    let capability = CAPABILITY.get_or_init(|| {
        regex::Regex::new(
            r"\b([A-Za-z_]\w*)[ \t]*\([^()]*\)\s*(?:(?:const|override|final|noexcept)\b\s*)*((?:[A-Z][A-Z0-9]*_)*(?:REQUIRES|REQUIRES_SHARED|ACQUIRE|ACQUIRE_SHARED|RELEASE|RELEASE_SHARED|RELEASE_GENERIC|TRY_ACQUIRE|TRY_ACQUIRE_SHARED|EXCLUDES|ASSERT_CAPABILITY|ASSERT_SHARED_CAPABILITY|RETURN_CAPABILITY)[ \t]*\([^()\n]*\))\s*[;{=]",
        )
        .expect("a valid pattern")
    });
    let text = out.text;
    for caps in head.captures_iter(text) {
        // Every upper-case word between the keyword and the name (`class
        // ABSL_LOCKABLE ABSL_EXPORT Mutex`); the name is the word after them.
        out.blank(caps.get(1).expect("the macros").range());
    }
    // The pattern starts with no literal the search could skip ahead to.
    if text.contains("_BY") || text.contains("LOCK") || text.contains("THREAD_SAFETY") {
        for m in annotation.find_iter(text) {
            out.blank(m.range());
        }
    }
    if text.contains("REQUIRES")
        || text.contains("ACQUIRE")
        || text.contains("RELEASE")
        || text.contains("EXCLUDES")
        || text.contains("_CAPABILITY")
    {
        for caps in capability.captures_iter(text) {
            let before = caps.get(1).expect("the word before").as_str();
            if !matches!(
                before,
                "if" | "while" | "for" | "switch" | "return" | "sizeof"
            ) {
                out.blank(caps.get(2).expect("the annotation").range());
            }
        }
    }
    blank_c_unreadable(out);
}

/// C's preprocessor conditionals and declaration macros the grammar cannot read: see
/// [`blank_conditionals_in_expressions`] and [`blank_declaration_macros`].
pub fn c_conditionals(text: &str) -> Cow<'_, str> {
    let mut out = Blanked::new(text);
    blank_c_unreadable(&mut out);
    out.finish()
}

/// What [`c_conditionals`] blanks, which C++ and the other C readings blank too.
fn blank_c_unreadable(out: &mut Blanked<'_>) {
    blank_conditionals_in_expressions(out);
    blank_declaration_macros(out);
}

/// Macros that stand for a declaration's linkage or attributes, which the grammar,
/// not expanding them, reads as a type the macro names: `REDISMODULE_API int
/// (*RedisModule_Free)(void *ptr) REDISMODULE_ATTR;` lost the declared function
/// pointer, and `LUA_API int (lua_gettop) (lua_State *L);` read the function's name
/// as a parameter's type. Such macros are told by their conventional names: upper
/// case, ending in `_API`, `_EXPORT` or `_EXTERN` at the start of a declaration
/// written on one line, or in `_ATTR` right before its `;`. A function's definition
/// keeps its macro: the grammar reads it well enough, and where preprocessor branches
/// give one body two heads, which head it takes depends on it.
fn blank_declaration_macros(out: &mut Blanked<'_>) {
    static LEADING: OnceLock<regex::Regex> = OnceLock::new();
    static TRAILING: OnceLock<regex::Regex> = OnceLock::new();
    let text = out.text;
    if text.contains("_API") || text.contains("_EXPORT") || text.contains("_EXTERN") {
        // Invariant: a valid pattern.
        let leading = LEADING.get_or_init(|| {
            regex::Regex::new(r"(?m)^[ \t]*([A-Z][A-Z0-9_]*_(?:API|EXPORT|EXTERN))[ \t]+[A-Za-z_][^\n{;]*;[ \t]*$")
                .expect("a valid pattern")
        });
        for caps in leading.captures_iter(text) {
            out.blank(caps.get(1).expect("the macro").range());
        }
    }
    if text.contains("_ATTR") {
        // Invariant: a valid pattern.
        let trailing = TRAILING.get_or_init(|| {
            regex::Regex::new(r"\)[ \t]*([A-Z][A-Z0-9_]*_ATTR)[ \t]*;").expect("a valid pattern")
        });
        for caps in trailing.captures_iter(text) {
            out.blank(caps.get(1).expect("the macro").range());
        }
    }
}

/// [`c_conditionals`], and the macro calls of one string literal written beside another
/// string (`LUA_QL("=") " or "`, which concatenates to one string once the macro is
/// expanded) reduced to their string: the grammar, which does not expand macros, cannot
/// read a call followed by a string, and the function around it swallowed every later
/// definition of the file. For a file that parses with errors only: the macro is no
/// longer seen as called.
pub fn c_macro_strings(text: &str) -> Cow<'_, str> {
    let mut out = Blanked::new(text);
    blank_c_unreadable(&mut out);
    blank_macro_strings(&mut out);
    out.finish()
}

/// [`cpp_macros`], and the macro calls of [`c_macro_strings`].
pub fn cpp_macro_strings(text: &str) -> Cow<'_, str> {
    let mut out = Blanked::new(text);
    blank_cpp_macros(&mut out);
    blank_macro_strings(&mut out);
    out.finish()
}

/// Blanks the name and parentheses of an upper-case macro called with one string
/// literal when a string literal is written right before or after the call.
fn blank_macro_strings(out: &mut Blanked<'_>) {
    static CALL: OnceLock<regex::Regex> = OnceLock::new();
    // Invariant: a valid pattern.
    let call = CALL.get_or_init(|| {
        regex::Regex::new(r#"\b[A-Z_][A-Z0-9_]*[ \t]*\([ \t]*("(?:[^"\\\n]|\\.)*")[ \t]*\)"#)
            .expect("a valid pattern")
    });
    let text = out.text;
    if !text.contains("(\"") && !text.contains("( \"") {
        return;
    }
    for caps in call.captures_iter(text) {
        let whole = caps.get(0).expect("the call");
        let string = caps.get(1).expect("the string");
        let before = text[..whole.start()].trim_end();
        let after = text[whole.end()..].trim_start();
        if before.ends_with('"') || after.starts_with('"') {
            out.blank(whole.start()..string.start());
            out.blank(string.end()..whole.end());
        }
    }
}

/// The `#if`/`#endif` lines of a conditional written in the middle of an expression
/// (a constructor's initializer list, an argument list: the code line before it ends
/// with `,`, `:` or `(`) that has no `#else` or `#elif`. The grammar reads directives
/// only between statements and declarations: one inside an expression broke the rest
/// of the file (leveldb's `Limiter(int n) : #if !defined(NDEBUG) ..` made every
/// later class of the file a member of `Limiter`). With no alternative to choose, the
/// code between the lines is simply kept.
fn blank_conditionals_in_expressions(out: &mut Blanked<'_>) {
    blank_lone_conditionals(out, |before, _| {
        (before.ends_with(',') || before.ends_with(':') || before.ends_with('('))
            && !before.ends_with("::")
    });
}

/// C#'s preprocessor conditionals the grammar cannot read: the `#if`/`#endif` lines of
/// a conditional with no `#else` or `#elif` that splits a construct. Either the code
/// line before it leaves a declaration head, an expression or a statement open (it
/// does not end with `{`, `}`, `;` or `]`: `class JValue : JToken, IComparable #if
/// HAVE_ICONVERTIBLE , IConvertible #endif {`), or the code after it goes on with the
/// statement before it (`else`, `catch`, `finally`: an `else if` branch of a chain
/// kept under a condition). The grammar read the rest of the class as statements
/// outside it: its methods were lost from the class, and `else if` became a local
/// function named `if`. With no alternative to choose, the code between the lines is
/// simply kept.
pub fn csharp_conditionals(text: &str) -> Cow<'_, str> {
    let mut out = Blanked::new(text);
    blank_lone_conditionals(&mut out, |before, after| {
        let open = !before.is_empty()
            && !before.ends_with(['{', '}', ';', ']'])
            && !before.starts_with('[');
        let goes_on = ["else", "catch", "finally"].iter().any(|k| {
            after
                .strip_prefix(k)
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
        });
        open || goes_on
    });
    out.finish()
}

/// C#'s text as the first branch of every conditional reads (the first whose
/// condition is not a literal `false` or `0`): every directive line blanked, and the
/// code of every other branch with them. Branches that cannot be read side by side
/// (`#if X if (a is T t) { #else T t = (T)a; #endif .. }`, `#if X class A : B #else
/// class A : C #endif {`) read as one whole this way: the first branches are code that
/// compiles when every condition holds. What only the other branches define is left
/// out, which is why this is only for a file that does not parse otherwise. (C's
/// conditionals are not read this way: C code often puts a stub first, `#ifndef
/// FEATURE .. #else` the real code.)
pub fn csharp_first_branches(text: &str) -> Cow<'_, str> {
    let mut out = Blanked::new(text);
    if !text.contains('#') {
        return out.finish();
    }
    // For each open conditional: whether one of its branches was taken, and whether
    // the branch now read is the one; and how many of them are in a branch not taken
    // (counted, not looked for: conditionals may nest deep).
    let mut open: Vec<(bool, bool)> = Vec::new();
    let mut skipping = 0usize;
    for line in (Lines { text, at: 0 }) {
        let Some((word, condition)) = directive(&text[line.clone()]) else {
            if skipping > 0 {
                out.blank(line);
            }
            continue;
        };
        let holds = !matches!(
            condition.split("//").next().unwrap_or("").trim(),
            "false" | "0"
        );
        match word {
            "if" => {
                open.push((holds, holds));
                skipping += usize::from(!holds);
            }
            "elif" | "else" => {
                if let Some((taken, now)) = open.last_mut() {
                    skipping -= usize::from(!*now);
                    *now = !*taken && (word == "else" || holds);
                    *taken |= *now;
                    skipping += usize::from(!*now);
                }
            }
            "endif" => {
                if let Some((_, now)) = open.pop() {
                    skipping -= usize::from(!now);
                }
            }
            _ => {}
        }
        out.blank(line);
    }
    out.finish()
}

/// Blanks the `#if` and `#endif` lines of every conditional with no `#else` or
/// `#elif` for which `splits(before, after)` holds: `before` is the last code line
/// before the `#if`, `after` the first after the `#endif` (each trimmed, without a
/// trailing `//` comment; empty when there is none).
fn blank_lone_conditionals(out: &mut Blanked<'_>, splits: impl Fn(&str, &str) -> bool) {
    let text = out.text;
    if !text.contains("#if") {
        return;
    }
    // Open conditionals: the lines of the `#if` directive, the code line before it,
    // and whether an alternative was seen.
    let mut open: Vec<(std::ops::Range<usize>, &str, bool)> = Vec::new();
    // Closed conditionals with no alternative, waiting for the code line after them.
    let mut waiting: Vec<(std::ops::Range<usize>, std::ops::Range<usize>, &str)> = Vec::new();
    let mut last_code = "";
    let mut lines = Lines { text, at: 0 };
    while let Some(line) = lines.next() {
        let trimmed = text[line.clone()].trim();
        let Some((word, _)) = directive(trimmed) else {
            let code = trimmed.split("//").next().unwrap_or("").trim_end();
            if !code.is_empty() && !code.starts_with("/*") && !code.starts_with('*') {
                for (opening, closing, before) in waiting.drain(..) {
                    if splits(before, code) {
                        out.blank(opening);
                        out.blank(closing);
                    }
                }
                last_code = code;
            }
            continue;
        };
        // A directive continued with `\` ends on a later line.
        let mut whole = line.clone();
        while text[whole.clone()].trim_end().ends_with('\\') {
            match lines.next() {
                Some(next) => whole.end = next.end,
                None => break,
            }
        }
        if word.starts_with("if") {
            open.push((whole, last_code, false));
        } else if word.starts_with("el") {
            if let Some(top) = open.last_mut() {
                top.2 = true;
            }
        } else if word == "endif" {
            if let Some((opening, before, false)) = open.pop() {
                waiting.push((opening, whole, before));
            }
        }
    }
    for (opening, closing, before) in waiting {
        if splits(before, "") {
            out.blank(opening);
            out.blank(closing);
        }
    }
}

/// A preprocessor directive's word (`if`, `ifdef`, `elif`, `else`, `endif`, `define`)
/// and what follows it; `None` for a line that is no directive.
fn directive(line: &str) -> Option<(&str, &str)> {
    let d = line.trim_start().strip_prefix('#')?.trim_start();
    let end = d
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(d.len());
    Some(d.split_at(end))
}

/// The lines of a text, as byte ranges without their line breaks.
struct Lines<'t> {
    text: &'t str,
    at: usize,
}

impl Iterator for Lines<'_> {
    type Item = std::ops::Range<usize>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.at >= self.text.len() {
            return None;
        }
        let start = self.at;
        let end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        self.at = end + 1;
        Some(start..end)
    }
}

/// A text with parts blanked: copied only once something is.
struct Blanked<'t> {
    text: &'t str,
    out: Option<Vec<u8>>,
}

impl<'t> Blanked<'t> {
    fn new(text: &'t str) -> Blanked<'t> {
        Blanked { text, out: None }
    }

    /// Blanks `range`, which starts and ends at character boundaries; line breaks
    /// stay.
    fn blank(&mut self, range: std::ops::Range<usize>) {
        for b in &mut self.bytes_mut()[range] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    }

    /// Puts ASCII character `c` in place of the space or tab at `at`.
    fn put(&mut self, at: usize, c: u8) {
        let bytes = self.bytes_mut();
        if matches!(bytes[at], b' ' | b'\t') {
            bytes[at] = c;
        }
    }

    /// Spells the ASCII letter at `at` as a capital.
    fn capitalise(&mut self, at: usize) {
        let bytes = self.bytes_mut();
        bytes[at] = bytes[at].to_ascii_uppercase();
    }

    /// The text being changed, copied from the file on the first change.
    fn bytes_mut(&mut self) -> &mut Vec<u8> {
        self.out
            .get_or_insert_with(|| self.text.as_bytes().to_vec())
    }

    fn finish(self) -> Cow<'t, str> {
        match self.out {
            // Invariant: whole characters were replaced by ASCII spaces (line breaks
            // kept), ASCII letters by capitals or ASCII spaces by other ASCII
            // characters, so the text stays valid UTF-8.
            Some(bytes) => {
                Cow::Owned(String::from_utf8(bytes).expect("blanked text is valid UTF-8"))
            }
            None => Cow::Borrowed(self.text),
        }
    }
}

/// The text as written, for a language that only has another text to try when it
/// parses with errors.
pub fn unchanged(text: &str) -> Cow<'_, str> {
    Cow::Borrowed(text)
}

/// Kotlin with its modifiers used as names (`val open: Boolean` then `open = isOpen`,
/// `CloseGuard().apply { open(closer) }`) capitalised there (`Open`): the grammar takes
/// such a word for the modifier of a declaration, and lost the class around it, whose
/// methods became functions of the file. A modifier is followed by another word; a
/// name by an operator, a bracket, punctuation or the end of its line. For a file that
/// parses with errors only.
pub fn kotlin_modifier_names(text: &str) -> Cow<'_, str> {
    static WORD: OnceLock<regex::Regex> = OnceLock::new();
    // Invariant: a valid pattern.
    let word = WORD.get_or_init(|| {
        regex::Regex::new(
            r"\b(?:open|internal|final|inline|sealed|abstract|override|private|public|protected|lateinit|inner|external|tailrec|operator|infix|suspend|const|vararg|noinline|crossinline|reified|expect|actual)\b[ \t]*",
        )
        .expect("a valid pattern")
    });
    let mut out = Blanked::new(text);
    for m in word.find_iter(text) {
        let before = text[..m.start()].chars().next_back();
        let next = text[m.end()..].chars().next();
        // `x.open` reads well; `suspend () -> Unit` is the modifier of a function type.
        let name = before != Some('.')
            && before != Some('@')
            && match next {
                None | Some('\n' | '\r') => true,
                Some('(') => !m.as_str().starts_with("suspend"),
                Some(c) => "=.)],[!+-*/%<>&|?:};".contains(c),
            };
        if name {
            out.capitalise(m.start());
        }
    }
    out.finish()
}

/// TypeScript with a `;` put before each generic call signature that starts a line
/// after another member without one (`): Base<E>` then `<P extends string>(..)` in an
/// interface), in the space before its `<`: the grammar reads the `<` as going on with
/// the type before, and every declaration after it in the file was lost (Hono's
/// `HandlerInterface`, and the 33 types below it). A signature's type parameters are
/// told by how they start: a lone `<` ending its line, or `<Name` followed by
/// `extends`, `,`, `=` or `>(`, which no JSX element is. For a file that parses with
/// errors only.
pub fn typescript_call_signatures(text: &str) -> Cow<'_, str> {
    static OPENING: OnceLock<regex::Regex> = OnceLock::new();
    // Invariant: a valid pattern.
    let opening = OPENING.get_or_init(|| {
        regex::Regex::new(
            r"(?m)^[ \t]+(<)(?:[ \t]*\r?$|[A-Za-z_$][\w$]*(?:[ \t]+extends\b|[ \t]*[,=]|[ \t]*>[ \t]*\())",
        )
        .expect("a valid pattern")
    });
    let mut out = Blanked::new(text);
    for found in opening.captures_iter(text) {
        let Some(angle) = found.get(1) else {
            continue;
        };
        if ends_a_member(&text[..angle.start()]) {
            out.put(angle.start() - 1, b';');
        }
    }
    out.finish()
}

/// Whether the code before `before` (the indentation of a line, and the lines above)
/// ends with what a type ends with (`>`, `)`, `]`, `}`, a name), skipping blank lines
/// and `//` comment lines: not with a separator already (`;`, `,`, `{`).
fn ends_a_member(before: &str) -> bool {
    let mut lines = before.lines().rev();
    // The current line's indentation.
    lines.next();
    for line in lines {
        let code = line.trim();
        if code.is_empty() || code.starts_with("//") {
            continue;
        }
        return code
            .bytes()
            .next_back()
            .is_some_and(|b| matches!(b, b'>' | b')' | b']' | b'}') || b.is_ascii_alphanumeric());
    }
    false
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
    fn kotlin_modifiers_used_as_names_are_capitalised_and_modifiers_kept() {
        let kt = "open class A {\n  private val open: Boolean\n  internal set\n  \
                  fun f() {\n    open = x.open\n    g(open)\n    apply { open(c) }\n  }\n  \
                  val s: suspend () -> Unit\n  override fun h() = open\n}\n";
        let expected = "open class A {\n  private val Open: Boolean\n  internal set\n  \
                  fun f() {\n    Open = x.open\n    g(Open)\n    apply { Open(c) }\n  }\n  \
                  val s: suspend () -> Unit\n  override fun h() = Open\n}\n";
        let got = kotlin_modifier_names(kt);
        assert_eq!(got, expected);
        assert_eq!(got.len(), kt.len());
    }

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

    /// `text` with each of `parts` replaced by as many spaces.
    fn with_blanks(text: &str, parts: &[&str]) -> String {
        parts
            .iter()
            .fold(text.to_string(), |t, p| t.replace(p, &" ".repeat(p.len())))
    }

    #[test]
    fn export_macros_of_class_heads_are_blanked_in_place() {
        let cpp = "class LEVELDB_EXPORT Status {\nstruct GTEST_API_ TestInfo : public Base {\nclass SCOPED_LOCKABLE MutexLock\n{\nclass ABSL_LOCKABLE ABSL_EXPORT Mutex final {\n";
        let expected = with_blanks(
            cpp,
            &[
                "LEVELDB_EXPORT",
                "GTEST_API_",
                "SCOPED_LOCKABLE",
                "ABSL_LOCKABLE ABSL_EXPORT",
            ],
        );
        assert_eq!(cpp_macros(cpp), expected);
    }

    #[test]
    fn linkage_and_attribute_macros_of_one_line_declarations_are_blanked_in_place() {
        let c = "REDISMODULE_API int (*RedisModule_Free)(void *ptr) REDISMODULE_ATTR;\n\
                 LUA_API int (lua_gettop) (lua_State *L);\n\
                 LUA_API int lua_gettop (lua_State *L) {\n\
                 #define REDISMODULE_API extern\n\
                 \x20 x = NOT_API + 1;\n";
        let blanked = c_conditionals(c);
        let lines: Vec<&str> = blanked.lines().collect();
        assert_eq!(
            lines[0],
            with_blanks(
                c.lines().next().unwrap_or(""),
                &["REDISMODULE_API", "REDISMODULE_ATTR"]
            )
        );
        assert_eq!(
            lines[1],
            with_blanks(c.lines().nth(1).unwrap_or(""), &["LUA_API"])
        );
        // A definition, a macro's own definition and an expression keep theirs.
        assert_eq!(lines[2..], c.lines().collect::<Vec<_>>()[2..]);
        assert_eq!(blanked.len(), c.len());
    }

    #[test]
    fn a_macro_of_one_string_beside_another_string_keeps_only_its_string() {
        let c = "  err(ls, LUA_QL(\"=\") \" or \" LUA_QL(\"in\") \" expected\");\n  f(QUOTE(\"x\"));\n  puts(\"a\" WRAP( \"b\" ));\n";
        let expected = "  err(ls,        \"=\"  \" or \"        \"in\"  \" expected\");\n  f(QUOTE(\"x\"));\n  puts(\"a\"       \"b\"  );\n";
        assert_eq!(c_macro_strings(c), expected);
        assert_eq!(cpp_macro_strings(c), expected);
    }

    #[test]
    fn thread_safety_annotations_are_blanked_in_place() {
        let cpp = "  void Unlock() UNLOCK_FUNCTION() { mu_.unlock(); }\n  int n_ GUARDED_BY(mu_);\n  void F() ABSL_EXCLUSIVE_LOCKS_REQUIRED(a, b) NO_THREAD_SAFETY_ANALYSIS;\n";
        let expected = with_blanks(
            cpp,
            &[
                "UNLOCK_FUNCTION()",
                "GUARDED_BY(mu_)",
                "ABSL_EXCLUSIVE_LOCKS_REQUIRED(a, b)",
                "NO_THREAD_SAFETY_ANALYSIS",
            ],
        );
        assert_eq!(cpp_macros(cpp), expected);
        let cpp = "  void Add(int k)\n      REQUIRES(mu_);\n  void Lock() ACQUIRE() {}\n  int Get() const ABSL_REQUIRES_SHARED(mu_) = 0;\n";
        let expected = with_blanks(
            cpp,
            &["REQUIRES(mu_)", "ACQUIRE()", "ABSL_REQUIRES_SHARED(mu_)"],
        );
        assert_eq!(cpp_macros(cpp), expected);
    }

    #[test]
    fn a_conditional_inside_an_initializer_list_keeps_its_code_without_its_directives() {
        let cpp = "Limiter(int n)\n    :\n#if !defined(NDEBUG)\n      max_(n),\n#endif  // x\n      left_(n) {}\n";
        let expected = with_blanks(cpp, &["#if !defined(NDEBUG)", "#endif  // x"]);
        assert_eq!(cpp_macros(cpp), expected);
        // An alternative, or a conditional between declarations, is the grammar's.
        for kept in [
            "f(a,\n#if X\n  b\n#else\n  c\n#endif\n);\n",
            "int a;\n#if X\nint b;\n#endif\n",
        ] {
            assert!(matches!(c_conditionals(kept), Cow::Borrowed(_)), "{kept}");
        }
    }

    #[test]
    fn a_csharp_conditional_that_splits_a_construct_keeps_its_code_without_its_directives() {
        let base_list =
            "class JValue : JToken, IComparable\n#if HAVE_CONV\n    , IConvertible\n#endif\n{\n}\n";
        assert_eq!(
            csharp_conditionals(base_list),
            with_blanks(base_list, &["#if HAVE_CONV", "#endif"])
        );
        let chain = "if (a)\n{\n}\n#if HAVE_B // why\nelse if (b)\n{\n}\n  #endif\nelse\n{\n}\n";
        assert_eq!(
            csharp_conditionals(chain),
            with_blanks(chain, &["#if HAVE_B // why", "#endif"])
        );
        // An alternative, or a conditional between members or statements, is the
        // grammar's; so is a word that only starts like `else`.
        for kept in [
            "if (a)\n{\n}\n#if X\nelse if (b) {}\n#else\nelse if (c) {}\n#endif\n",
            "int a;\n#if X\nint b;\n#endif\nint c;\n",
            "[Obsolete]\n#if X\nvoid F() {}\n#endif\n",
            "{\n#if X\nF();\n#endif\nelsewhere();\n}\n",
            "#if X\nusing A;\n#endif\n",
        ] {
            assert!(
                matches!(csharp_conditionals(kept), Cow::Borrowed(_)),
                "{kept}"
            );
        }
    }

    #[test]
    fn csharp_first_branches_keep_the_first_branch_that_can_hold() {
        let cs = "#region R\n#if A\na();\n#if B\nb();\n#else\nnotb();\n#endif\n#elif C\nc();\n#else\nd();\n#endif\n#if false\ne();\n#elif X\nx();\n#endif\n#endregion\n";
        let kept = ["a();", "b();", "x();"];
        let got = csharp_first_branches(cs);
        let code: Vec<&str> = got
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(code, kept);
        assert_eq!(got.len(), cs.len());
        assert_eq!(got.lines().count(), cs.lines().count());
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
            "  if (p) RELEASE(p);\n  while (busy()) ACQUIRE(mu);\n",
            "  x = REQUIRES(a);\n",
        ] {
            assert!(matches!(cpp_macros(cpp), Cow::Borrowed(_)), "{cpp}");
        }
    }
}
