//! Validation of evaluator code in the parent, before any child process starts.
//!
//! The evaluator is a function body ending in `return {...}`. It is wrapped in a
//! function ([`wrap`]) and parsed with the same Python parser monty uses; then the
//! constructs the sandbox does not allow are rejected with their line (in the user's
//! numbering): class definitions, `async`/`await`, `global`/`nonlocal`, `with`,
//! `yield`, dunder names and attributes (`__class__`, `__import__`, ...), and imports
//! of anything but the safe modules ([`SAFE_MODULES`]). Rejected code is a usage error.

use ruff_python_ast::visitor::{self, Visitor};
use ruff_python_ast::{Expr, Stmt};
use ruff_text_size::{Ranged, TextSize};

/// Modules an evaluator may import: what the interpreter provides that touches
/// nothing outside the process.
pub const SAFE_MODULES: &[&str] = &["re", "math", "json", "collections", "itertools"];

/// The name of the wrapper function around the user's body.
pub const WRAPPER_NAME: &str = "_xray_evaluate";

/// The largest evaluator accepted, and the deepest bracket nesting (the parser and
/// the AST walk recurse; hostile nesting must not overflow the parent's stack).
const MAX_CODE_BYTES: usize = 1 << 20;
const MAX_NESTING: usize = 100;

/// Why evaluator code was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("evaluator rejected at line {line}: {message}")]
pub struct Rejected {
    /// 1-based line in the user's code.
    pub line: usize,
    pub message: String,
}

/// The code monty compiles: the user's body inside a function, then a call to it.
/// User line N is wrapped line N + 1.
pub fn wrap(body: &str) -> String {
    let mut out = format!("def {WRAPPER_NAME}():\n");
    let mut any = false;
    for line in body.lines() {
        out.push_str("    ");
        out.push_str(line);
        out.push('\n');
        any |= !line.trim().is_empty();
    }
    if !any {
        out.push_str("    pass\n");
    }
    out.push_str(&format!("{WRAPPER_NAME}()\n"));
    out
}

/// Checks evaluator code; Ok means monty may run it.
pub fn validate(body: &str) -> Result<(), Rejected> {
    if body.len() > MAX_CODE_BYTES {
        return Err(Rejected {
            line: 1,
            message: format!("the evaluator is larger than {MAX_CODE_BYTES} bytes"),
        });
    }
    check_nesting(body)?;
    let wrapped = wrap(body);
    let line_of = |offset: TextSize| -> usize {
        let off = usize::from(offset).min(wrapped.len());
        // Wrapped line numbers are one more than the user's.
        wrapped[..off]
            .bytes()
            .filter(|&b| b == b'\n')
            .count()
            .max(1)
    };
    let parsed = ruff_python_parser::parse_module(&wrapped).map_err(|e| Rejected {
        line: line_of(e.location.start()),
        message: format!("syntax error: {}", e.error),
    })?;
    let mut checker = Checker {
        found: None,
        line_of: &line_of,
        depth: 0,
    };
    for stmt in &parsed.syntax().body {
        checker.visit_stmt(stmt);
    }
    match checker.found {
        Some(r) => Err(r),
        None => Ok(()),
    }
}

fn check_nesting(body: &str) -> Result<(), Rejected> {
    let (mut depth, mut line) = (0usize, 1usize);
    for b in body.bytes() {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'\n' => line += 1,
            _ => {}
        }
        if depth > MAX_NESTING {
            return Err(Rejected {
                line,
                message: format!("brackets nested deeper than {MAX_NESTING}"),
            });
        }
    }
    Ok(())
}

struct Checker<'f> {
    found: Option<Rejected>,
    line_of: &'f dyn Fn(TextSize) -> usize,
    depth: usize,
}

impl Checker<'_> {
    fn reject(&mut self, at: TextSize, message: impl Into<String>) {
        if self.found.is_none() {
            self.found = Some(Rejected {
                line: (self.line_of)(at),
                message: message.into(),
            });
        }
    }
}

fn is_dunder(name: &str) -> bool {
    name.len() > 4 && name.starts_with("__") && name.ends_with("__")
}

impl<'a> Visitor<'a> for Checker<'_> {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        if self.found.is_some() {
            return;
        }
        let at = stmt.range().start();
        match stmt {
            // The wrapper itself is the one top-level definition allowed to be
            // anything; nested functions are fine unless async.
            Stmt::FunctionDef(f) if f.is_async => {
                self.reject(at, "async functions are not allowed")
            }
            Stmt::FunctionDef(f) if is_dunder(f.name.as_str()) => {
                self.reject(at, format!("dunder name '{}' is not allowed", f.name))
            }
            Stmt::ClassDef(_) => self.reject(at, "class definitions are not allowed"),
            Stmt::Global(_) => self.reject(at, "'global' is not allowed"),
            Stmt::Nonlocal(_) => self.reject(at, "'nonlocal' is not allowed"),
            Stmt::With(_) => self.reject(at, "'with' is not allowed"),
            Stmt::For(f) if f.is_async => self.reject(at, "'async for' is not allowed"),
            Stmt::Import(imp) => {
                for alias in &imp.names {
                    let root = alias.name.as_str().split('.').next().unwrap_or("");
                    if !SAFE_MODULES.contains(&root) {
                        self.reject(
                            at,
                            format!(
                                "import of '{}' is not allowed (allowed: {})",
                                alias.name,
                                SAFE_MODULES.join(", ")
                            ),
                        );
                    }
                }
            }
            Stmt::ImportFrom(imp) => {
                let module = imp.module.as_ref().map_or("", |m| m.as_str());
                let root = module.split('.').next().unwrap_or("");
                if imp.level > 0 || !SAFE_MODULES.contains(&root) {
                    self.reject(
                        at,
                        format!(
                            "import from '{module}' is not allowed (allowed: {})",
                            SAFE_MODULES.join(", ")
                        ),
                    );
                }
            }
            _ => {}
        }
        self.depth += 1;
        visitor::walk_stmt(self, stmt);
        self.depth -= 1;
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        if self.found.is_some() {
            return;
        }
        let at = expr.range().start();
        match expr {
            Expr::Yield(_) | Expr::YieldFrom(_) => self.reject(at, "'yield' is not allowed"),
            Expr::Await(_) => self.reject(at, "'await' is not allowed"),
            Expr::Name(n) if is_dunder(n.id.as_str()) => {
                self.reject(at, format!("dunder name '{}' is not allowed", n.id))
            }
            Expr::Attribute(a) if a.attr.as_str().starts_with("__") => {
                self.reject(at, format!("dunder attribute '.{}' is not allowed", a.attr))
            }
            Expr::StringLiteral(s) if is_dunder(s.value.to_str()) => self.reject(
                at,
                format!(
                    "dunder string '{}' is not allowed (getattr-style access)",
                    s.value.to_str()
                ),
            ),
            _ => {}
        }
        visitor::walk_expr(self, expr);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rejected(code: &str) -> Rejected {
        validate(code).expect_err(code)
    }

    #[test]
    fn plain_evaluators_pass() {
        validate("matches = []\nfor n in node.descendants_of_type('call'):\n    matches.append({'line_number': n.start_line})\nreturn {'matches': matches}").unwrap();
        validate("import re\nfrom collections import Counter\nreturn {'matches': [], 'value': len(re.findall('x', source))}").unwrap();
        validate("def helper(x):\n    return x + 1\ntry:\n    y = helper(1)\nexcept Exception:\n    y = 0\nreturn {'matches': [], 'value': y}").unwrap();
    }

    #[test]
    fn each_forbidden_construct_is_named_with_its_line() {
        let cases = [
            ("x = 1\nclass A:\n    pass", 2, "class"),
            ("async def f():\n    pass", 1, "async"),
            ("global x", 1, "global"),
            ("def f():\n    nonlocal y", 2, "nonlocal"),
            ("with open('x') as f:\n    pass", 1, "with"),
            ("def g():\n    yield 1", 2, "yield"),
            ("x = ().__class__", 1, "__class__"),
            ("__import__('os')", 1, "__import__"),
            ("import os", 1, "'os'"),
            ("from subprocess import run", 1, "subprocess"),
            ("import os.path", 1, "os.path"),
            ("getattr(node, '__class__')", 1, "__class__"),
        ];
        for (code, line, needle) in cases {
            let r = rejected(code);
            assert_eq!(r.line, line, "{code}: {r}");
            assert!(r.message.contains(needle), "{code}: {r}");
        }
    }

    #[test]
    fn syntax_errors_name_the_user_line() {
        let r = rejected("x = 1\ny = (\nreturn {}");
        assert!(r.message.starts_with("syntax error"), "{r}");
        assert!(r.line >= 2, "{r}");
    }

    #[test]
    fn hostile_nesting_is_rejected_before_parsing() {
        let code = format!("x = {}1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert!(rejected(&code).message.contains("nested"));
    }

    #[test]
    fn wrapping_indents_and_calls() {
        assert_eq!(
            wrap("return 1"),
            "def _xray_evaluate():\n    return 1\n_xray_evaluate()\n"
        );
        assert!(wrap("").contains("pass"));
    }
}
