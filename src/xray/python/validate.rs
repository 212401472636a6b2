//! Validation of evaluator code in the parent, before any child process starts.
//!
//! The evaluator is a function body ending in `return {...}`. It is wrapped in a
//! function ([`wrap`]) and parsed with the same Python parser monty uses; then the
//! constructs the sandbox does not allow are rejected with their line (in the user's
//! numbering): class definitions, `async`/`await`, `global`/`nonlocal`, `with`,
//! `yield`, dunder names and attributes (`__class__`, `__import__`, ...), dunder
//! strings the validator can compute from constants (concatenation, repetition,
//! `%` and `.format` with plain fields, joins, `chr`, slices, `lower`, `upper`,
//! `strip`, `replace`, f-strings), format strings whose fields reach a dunder
//! (`"{0.__class__}"`), and imports of anything but the safe modules
//! ([`SAFE_MODULES`]). Code must stay inside the wrapper: a line break or form feed
//! that would put a statement outside it is rejected. What the interpreter cannot run
//! is rejected here too, once, with its line, rather than failing in every file: the
//! builtins it lacks (`dir`, `super`, ...; unless the evaluator defines the name), and
//! whatever its compiler refuses (`match`, `del`, type aliases, ...), since the code
//! is compiled here as the workers will. Rejected code is a usage error.
//!
//! Nothing here recurses on the depth of the user's code on the caller's stack: the
//! parser has its own nesting limit, our walk over the tree is iterative, and the whole
//! validation runs on a thread with a large stack, because a long flat chain
//! (`1+1+…`, `f()()…`, `x[0][0]…`) still builds a tree as deep as the chain, and
//! freeing that tree recurses.

use ruff_python_ast::visitor::source_order::{SourceOrderVisitor, TraversalSignal};
use std::collections::HashSet;

use ruff_python_ast::{
    AnyNodeRef, Expr, ExprContext, ExprRef, FStringPart, InterpolatedStringElement, Number,
    Operator, Stmt,
};
use ruff_text_size::{Ranged, TextSize};

/// Modules an evaluator may import: what the interpreter provides that touches
/// nothing outside the process.
pub const SAFE_MODULES: &[&str] = &["re", "math", "json", "collections", "itertools"];

/// The name of the wrapper function around the user's body.
pub const WRAPPER_NAME: &str = "_xray_evaluate";

/// CPython builtins the interpreter does not have (found by trying each one): a
/// use the evaluator does not define itself is rejected up front instead of failing
/// with a `NameError` in every file.
const UNAVAILABLE_BUILTINS: &[&str] = &[
    "BaseExceptionGroup",
    "BlockingIOError",
    "BrokenPipeError",
    "BufferError",
    "BytesWarning",
    "ChildProcessError",
    "ConnectionAbortedError",
    "ConnectionError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "DeprecationWarning",
    "EOFError",
    "EncodingWarning",
    "EnvironmentError",
    "ExceptionGroup",
    "FloatingPointError",
    "FutureWarning",
    "GeneratorExit",
    "IOError",
    "ImportWarning",
    "IndentationError",
    "InterruptedError",
    "PendingDeprecationWarning",
    "ProcessLookupError",
    "ReferenceError",
    "ResourceWarning",
    "RuntimeWarning",
    "StopAsyncIteration",
    "SyntaxWarning",
    "SystemError",
    "TabError",
    "UnicodeError",
    "UnicodeTranslateError",
    "UnicodeWarning",
    "UserWarning",
    "Warning",
    "aiter",
    "anext",
    "ascii",
    "breakpoint",
    "bytearray",
    "callable",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dir",
    "eval",
    "exec",
    "exit",
    "format",
    "globals",
    "help",
    "input",
    "issubclass",
    "license",
    "locals",
    "memoryview",
    "quit",
    "staticmethod",
    "super",
    "vars",
];

/// The largest evaluator accepted, and the deepest bracket nesting (checked by a
/// byte scan before anything parses).
const MAX_CODE_BYTES: usize = 256 << 10;
const MAX_NESTING: usize = 100;

/// Stack of the validation thread: enough to free the deepest tree a
/// [`MAX_CODE_BYTES`] evaluator can build (reserved, touched only as used).
const VALIDATION_STACK: usize = 128 << 20;

/// Constant folding of strings stops at this depth and length.
const FOLD_DEPTH: usize = 32;
const FOLD_MAX_LEN: usize = 4096;

/// Why evaluator code was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("evaluator rejected at line {line}: {message}")]
pub struct Rejected {
    /// 1-based line in the user's code.
    pub line: usize,
    pub message: String,
}

/// The code monty compiles: the user's body inside a function, then a call to it.
/// User line N is wrapped line N + 1. Every line break Python knows (`\n`, `\r\n`
/// and a lone `\r`) ends a line here, so each one is indented.
pub fn wrap(body: &str) -> String {
    let normalized = body.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = format!("def {WRAPPER_NAME}():\n");
    let mut any = false;
    for line in normalized.lines() {
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
    let body = body.to_string();
    let unexpected = |what: &str| Rejected {
        line: 1,
        message: format!("the evaluator could not be validated ({what})"),
    };
    std::thread::Builder::new()
        .name("xray-validate".into())
        .stack_size(VALIDATION_STACK)
        .spawn(move || validate_here(&body))
        .map_err(|e| unexpected(&e.to_string()))?
        .join()
        .map_err(|_| unexpected("the validator panicked"))?
}

fn validate_here(body: &str) -> Result<(), Rejected> {
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
    let module = &parsed.syntax().body;
    check_inside_wrapper(module, &line_of)?;
    let mut checker = Checker {
        found: None,
        line_of: &line_of,
        bound: HashSet::new(),
        unavailable: Vec::new(),
    };
    checker.walk(module);
    if let Some(r) = checker.found {
        return Err(r);
    }
    if let Some((name, at)) = checker
        .unavailable
        .iter()
        .find(|(name, _)| !checker.bound.contains(name))
    {
        return Err(Rejected {
            line: line_of(*at),
            message: format!("'{name}' is not available in the evaluator's interpreter"),
        });
    }
    // What the interpreter itself cannot compile (`match`, `del`, ...).
    super::run::Compiled::new(body)
        .map(drop)
        .map_err(|e| Rejected {
            line: e.line_number.map_or(1, |l| l as usize),
            message: format!("the interpreter cannot run this: {}", e.message),
        })
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

/// The wrapped module must be exactly the wrapper and the call to it: anything else
/// means a line escaped the function body (a form feed resets indentation, a
/// trailing backslash swallows the call).
fn check_inside_wrapper(
    module: &[Stmt],
    line_of: &dyn Fn(TextSize) -> usize,
) -> Result<(), Rejected> {
    let is_wrapper = |s: &Stmt| matches!(s, Stmt::FunctionDef(f) if f.name.as_str() == WRAPPER_NAME && f.decorator_list.is_empty());
    let is_call = |s: &Stmt| {
        matches!(s, Stmt::Expr(e) if matches!(&*e.value, Expr::Call(c)
            if c.arguments.is_empty() && matches!(&*c.func, Expr::Name(n) if n.id.as_str() == WRAPPER_NAME)))
    };
    if module.len() == 2 && is_wrapper(&module[0]) && is_call(&module[1]) {
        return Ok(());
    }
    let stray = module
        .iter()
        .find(|s| !is_wrapper(s) && !is_call(s))
        .or(module.last());
    Err(Rejected {
        line: stray.map_or(1, |s| line_of(s.range().start())),
        message: "this line is outside the evaluator's function body (check its indentation, \
                  form feeds and trailing backslashes)"
            .into(),
    })
}

/// Collects a node's direct children (the walk itself is iterative).
struct Children<'a>(Vec<AnyNodeRef<'a>>);

impl<'a> SourceOrderVisitor<'a> for Children<'a> {
    fn enter_node(&mut self, node: AnyNodeRef<'a>) -> TraversalSignal {
        self.0.push(node);
        TraversalSignal::Skip
    }
}

struct Checker<'a, 'f> {
    found: Option<Rejected>,
    line_of: &'f dyn Fn(TextSize) -> usize,
    /// Names the evaluator binds itself (it may define its own `format`).
    bound: HashSet<&'a str>,
    /// Uses of [`UNAVAILABLE_BUILTINS`], in source order.
    unavailable: Vec<(&'a str, TextSize)>,
}

fn is_dunder(name: &str) -> bool {
    name.len() > 4 && name.starts_with("__") && name.ends_with("__")
}

/// Whether a format string has a replacement field that reaches a dunder attribute
/// or key (`"{0.__class__}"`, `"{x[__y__]}"`).
fn format_field_reaches_dunder(s: &str) -> bool {
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        if let Some(stripped) = after.strip_prefix('{') {
            rest = stripped;
            continue;
        }
        let end = after.find(['}', '!', ':']).unwrap_or(after.len());
        let field = &after[..end];
        if field.contains(".__") || field.contains("[__") || field.starts_with("__") {
            return true;
        }
        rest = after;
    }
    false
}

/// The value of a string expression the validator can compute without running it.
fn fold(expr: &Expr, depth: usize) -> Option<String> {
    fold_ref(ExprRef::from(expr), depth)
}

fn fold_ref(expr: ExprRef<'_>, depth: usize) -> Option<String> {
    if depth > FOLD_DEPTH {
        return None;
    }
    let value = match expr {
        ExprRef::StringLiteral(s) => s.value.to_str().to_string(),
        ExprRef::BinOp(b) if b.op == Operator::Add => {
            fold(&b.left, depth + 1)? + &fold(&b.right, depth + 1)?
        }
        ExprRef::BinOp(b) if b.op == Operator::Mult => {
            let (text, times) = match (fold(&b.left, depth + 1), fold(&b.right, depth + 1)) {
                (Some(t), None) => (t, int(&b.right)?),
                (None, Some(t)) => (t, int(&b.left)?),
                _ => return None,
            };
            if text.len().saturating_mul(times) > FOLD_MAX_LEN {
                return None;
            }
            text.repeat(times)
        }
        ExprRef::BinOp(b) if b.op == Operator::Mod => {
            let template = fold(&b.left, depth + 1)?;
            let args = match &*b.right {
                Expr::Tuple(t) => folds(&t.elts, depth)?,
                other => vec![fold(other, depth + 1)?],
            };
            percent_format(&template, &args)?
        }
        ExprRef::Subscript(sub) => {
            let chars: Vec<char> = fold(&sub.value, depth + 1)?.chars().collect();
            match &*sub.slice {
                Expr::Slice(sl) => {
                    let bound = |e: &Option<Box<Expr>>| match e {
                        None => Some(None),
                        Some(e) => signed(e).map(Some),
                    };
                    let step = bound(&sl.step)?.unwrap_or(1);
                    slice(&chars, bound(&sl.lower)?, bound(&sl.upper)?, step)?
                }
                index => {
                    let i = signed(index)?;
                    let n = chars.len() as i64;
                    let i = if i < 0 { i + n } else { i };
                    chars.get(usize::try_from(i).ok()?)?.to_string()
                }
            }
        }
        ExprRef::Call(c) if !c.arguments.keywords.is_empty() => return None,
        ExprRef::Call(c) => match (&*c.func, &c.arguments.args[..]) {
            (Expr::Name(n), [arg]) if n.id.as_str() == "chr" => {
                char::from_u32(u32::try_from(int(arg)?).ok()?)?.to_string()
            }
            (Expr::Attribute(a), []) if a.attr.as_str() == "lower" => {
                fold(&a.value, depth + 1)?.to_lowercase()
            }
            (Expr::Attribute(a), []) if a.attr.as_str() == "upper" => {
                fold(&a.value, depth + 1)?.to_uppercase()
            }
            (Expr::Attribute(a), []) if a.attr.as_str() == "strip" => {
                fold(&a.value, depth + 1)?.trim().to_string()
            }
            (Expr::Attribute(a), [from, to]) if a.attr.as_str() == "replace" => {
                let (from, to) = (fold(from, depth + 1)?, fold(to, depth + 1)?);
                let text = fold(&a.value, depth + 1)?;
                if from.is_empty() {
                    return None;
                }
                text.replace(&from, &to)
            }
            (Expr::Attribute(a), args) if a.attr.as_str() == "format" => {
                let template = fold(&a.value, depth + 1)?;
                brace_format(&template, &folds(args, depth)?)?
            }
            (Expr::Attribute(a), [Expr::List(l)]) if a.attr.as_str() == "join" => {
                join(&a.value, &l.elts, depth)?
            }
            (Expr::Attribute(a), [Expr::Tuple(t)]) if a.attr.as_str() == "join" => {
                join(&a.value, &t.elts, depth)?
            }
            _ => return None,
        },
        ExprRef::FString(f) => {
            let mut out = String::new();
            for part in f.value.as_slice() {
                match part {
                    FStringPart::Literal(l) => out.push_str(&l.value),
                    FStringPart::FString(fs) => {
                        for element in fs.elements.iter() {
                            match element {
                                InterpolatedStringElement::Literal(l) => out.push_str(&l.value),
                                InterpolatedStringElement::Interpolation(i)
                                    if i.format_spec.is_none() =>
                                {
                                    out.push_str(&fold(&i.expression, depth + 1)?)
                                }
                                InterpolatedStringElement::Interpolation(_) => return None,
                            }
                        }
                    }
                }
            }
            out
        }
        _ => return None,
    };
    (value.len() <= FOLD_MAX_LEN).then_some(value)
}

fn join(separator: &Expr, items: &[Expr], depth: usize) -> Option<String> {
    let sep = fold(separator, depth + 1)?;
    Some(folds(items, depth)?.join(&sep))
}

fn folds(items: &[Expr], depth: usize) -> Option<Vec<String>> {
    items.iter().map(|e| fold(e, depth + 1)).collect()
}

/// `template % args` with `%s` placeholders only.
fn percent_format(template: &str, args: &[String]) -> Option<String> {
    let mut out = String::new();
    let mut args = args.iter();
    let mut rest = template;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        match rest[at + 1..].chars().next()? {
            's' => out.push_str(args.next()?),
            '%' => out.push('%'),
            _ => return None,
        }
        rest = &rest[at + 2..];
    }
    out.push_str(rest);
    args.next().is_none().then_some(out)
}

/// `template.format(*args)` with `{}` and `{N}` fields only.
fn brace_format(template: &str, args: &[String]) -> Option<String> {
    let mut out = String::new();
    let mut next = 0;
    let mut rest = template;
    while let Some(at) = rest.find(['{', '}']) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        let close = tail.find('}')?;
        let field = &tail[1..close];
        let index = if field.is_empty() {
            next += 1;
            next - 1
        } else {
            field.parse::<usize>().ok()?
        };
        out.push_str(args.get(index)?);
        rest = &tail[close + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// Python's `chars[start:stop:step]`.
fn slice(chars: &[char], start: Option<i64>, stop: Option<i64>, step: i64) -> Option<String> {
    let n = chars.len() as i64;
    let norm = |i: i64, low: i64, high: i64| (if i < 0 { i + n } else { i }).clamp(low, high);
    let mut out = String::new();
    if step > 0 {
        let mut i = start.map_or(0, |s| norm(s, 0, n));
        let stop = stop.map_or(n, |s| norm(s, 0, n));
        while i < stop {
            out.push(chars[i as usize]);
            i += step;
        }
    } else if step < 0 {
        let mut i = start.map_or(n - 1, |s| norm(s, -1, n - 1));
        let stop = stop.map_or(-1, |s| norm(s, -1, n - 1));
        while i > stop {
            out.push(chars[i as usize]);
            i += step;
        }
    } else {
        return None;
    }
    Some(out)
}

/// A constant integer, possibly negated.
fn signed(expr: &Expr) -> Option<i64> {
    match expr {
        Expr::UnaryOp(u) if u.op == ruff_python_ast::UnaryOp::USub => {
            signed(&u.operand)?.checked_neg()
        }
        Expr::NumberLiteral(n) => match &n.value {
            Number::Int(i) => i.as_i64(),
            _ => None,
        },
        _ => None,
    }
}

fn int(expr: &Expr) -> Option<usize> {
    match expr {
        Expr::NumberLiteral(n) => match &n.value {
            Number::Int(i) => i.as_usize(),
            _ => None,
        },
        _ => None,
    }
}

impl<'a> Checker<'a, '_> {
    fn reject(&mut self, at: TextSize, message: impl Into<String>) {
        if self.found.is_none() {
            self.found = Some(Rejected {
                line: (self.line_of)(at),
                message: message.into(),
            });
        }
    }

    /// Depth-first over the whole tree with an explicit stack.
    fn walk(&mut self, module: &'a [Stmt]) {
        let mut stack: Vec<AnyNodeRef<'a>> = module.iter().rev().map(AnyNodeRef::from).collect();
        let mut children = Children(Vec::new());
        while let Some(node) = stack.pop() {
            self.check(node);
            if self.found.is_some() {
                return;
            }
            node.visit_source_order(&mut children);
            stack.extend(children.0.drain(..).rev());
        }
    }

    /// Records what the evaluator binds and which unavailable builtins it uses.
    fn note_names(&mut self, node: AnyNodeRef<'a>) {
        match node {
            AnyNodeRef::ExprName(n)
                if n.ctx == ExprContext::Load && UNAVAILABLE_BUILTINS.contains(&n.id.as_str()) =>
            {
                self.unavailable.push((n.id.as_str(), n.start()));
            }
            AnyNodeRef::ExprName(n) if n.ctx == ExprContext::Load => {}
            AnyNodeRef::ExprName(n) => {
                self.bound.insert(n.id.as_str());
            }
            AnyNodeRef::StmtFunctionDef(f) => {
                self.bound.insert(f.name.as_str());
            }
            AnyNodeRef::Parameter(p) => {
                self.bound.insert(p.name.as_str());
            }
            AnyNodeRef::Alias(a) => {
                let name = a.asname.as_ref().unwrap_or(&a.name).as_str();
                self.bound.insert(name.split('.').next().unwrap_or(name));
            }
            AnyNodeRef::ExceptHandlerExceptHandler(h) => {
                if let Some(name) = &h.name {
                    self.bound.insert(name.as_str());
                }
            }
            _ => {}
        }
    }

    fn check(&mut self, node: AnyNodeRef<'a>) {
        self.note_names(node);
        let at = node.start();
        match node {
            AnyNodeRef::StmtFunctionDef(f) if f.is_async => {
                self.reject(at, "async functions are not allowed")
            }
            AnyNodeRef::StmtFunctionDef(f) if is_dunder(f.name.as_str()) => {
                self.reject(at, format!("dunder name '{}' is not allowed", f.name))
            }
            AnyNodeRef::StmtClassDef(_) => self.reject(at, "class definitions are not allowed"),
            AnyNodeRef::StmtGlobal(_) => self.reject(at, "'global' is not allowed"),
            AnyNodeRef::StmtNonlocal(_) => self.reject(at, "'nonlocal' is not allowed"),
            AnyNodeRef::StmtWith(_) => self.reject(at, "'with' is not allowed"),
            AnyNodeRef::StmtFor(f) if f.is_async => self.reject(at, "'async for' is not allowed"),
            AnyNodeRef::StmtImport(imp) => {
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
            AnyNodeRef::StmtImportFrom(imp) => {
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
            AnyNodeRef::ExprYield(_) | AnyNodeRef::ExprYieldFrom(_) => {
                self.reject(at, "'yield' is not allowed")
            }
            AnyNodeRef::ExprAwait(_) => self.reject(at, "'await' is not allowed"),
            AnyNodeRef::ExprName(n) if is_dunder(n.id.as_str()) => {
                self.reject(at, format!("dunder name '{}' is not allowed", n.id))
            }
            AnyNodeRef::ExprAttribute(a) if a.attr.as_str().starts_with("__") => {
                self.reject(at, format!("dunder attribute '.{}' is not allowed", a.attr))
            }
            AnyNodeRef::ExprStringLiteral(_)
            | AnyNodeRef::ExprBinOp(_)
            | AnyNodeRef::ExprCall(_)
            | AnyNodeRef::ExprSubscript(_)
            | AnyNodeRef::ExprFString(_) => {
                if let Some(text) = node.as_expr_ref().and_then(|e| fold_ref(e, 0)) {
                    if is_dunder(&text) {
                        self.reject(
                            at,
                            format!("dunder string '{text}' is not allowed (getattr-style access)"),
                        );
                    } else if format_field_reaches_dunder(&text) {
                        self.reject(
                            at,
                            format!(
                                "format string '{text}' reaches a dunder attribute (str.format access)"
                            ),
                        );
                    }
                }
            }
            _ => {}
        }
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
            ("x = 1\ngetattr(node, '__cl' + 'ass__')", 2, "__class__"),
            ("getattr(node, '_' * 2 + 'class' + '__')", 1, "__class__"),
            ("getattr(node, ''.join(['__cl', 'ass__']))", 1, "__class__"),
            (
                "getattr(node, chr(95) + chr(95) + 'class__')",
                1,
                "__class__",
            ),
            ("getattr(node, f\"__{'class'}__\")", 1, "__class__"),
            ("getattr(node, '__%s__' % 'class')", 1, "__class__"),
            ("getattr(node, '__{}__'.format('class'))", 1, "__class__"),
            ("getattr(node, '__ssalc__'[::-1])", 1, "__class__"),
            ("getattr(node, 'x__class__y'[1:-1])", 1, "__class__"),
            ("getattr(node, '__CLASS__'.lower())", 1, "__class__"),
            (
                "getattr(node, '__clXss__'.replace('X', 'a'))",
                1,
                "__class__",
            ),
            (
                "t = '{0.__class__}'\ny = t.format(node)",
                1,
                "format string",
            ),
            ("y = '{0._' '_class__}'.format(node)", 1, "format string"),
            ("x = 1\rimport os", 2, "'os'"),
            ("x = 1\n\x0cimport os", 2, ""),
            (
                "x = 1\nmatch x:\n    case 1:\n        pass",
                2,
                "pattern matching",
            ),
            ("x = [1]\ndel x[0]", 2, "del"),
            ("x = 1\ny = dir(node)", 2, "'dir' is not available"),
            ("x = super", 1, "'super'"),
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
    fn long_chains_are_rejected_without_overflowing() {
        for chain in ["+1", "()", "[0]", ".b", "**1"] {
            let code = format!("x = y{}", chain.repeat(100_000 / chain.len()));
            let r = rejected(&code);
            assert_eq!(r.line, 1, "{chain}: {r}");
            assert!(r.message.contains("nested"), "{chain}: {r}");
        }
        let unary = format!("x = {}1", "-".repeat(100_000));
        assert!(rejected(&unary).message.contains("nested"));
    }

    #[test]
    fn builtins_the_evaluator_defines_itself_pass() {
        validate("def format(x):\n    return str(x)\nreturn {'matches': [], 'value': format(1)}")
            .unwrap();
        validate("for dir in ['a']:\n    pass\nreturn {'matches': [], 'value': dir}").unwrap();
    }

    #[test]
    fn ordinary_strings_with_underscores_pass() {
        validate("x = '_' + 'a'\ny = '{0}_{1}'.format(1, 2)\nreturn {'matches': []}").unwrap();
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
