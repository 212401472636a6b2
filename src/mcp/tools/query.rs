//! What the symbol tools share: naming the target of a question through the query
//! layer, and the JSON of a symbol.

use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use serde_json::{json, Value};

use super::{inside, Args, ToolContext, ToolError};
use crate::cli::{OutputArgs, ParseArgs};
use crate::commands::Run;
use crate::output::progress::Progress;
use crate::query::resolve::{normalize, Resolver};
use crate::query::source::FactsSource;
use crate::query::target::{targets, Target, TargetError};
use crate::symbols::resolve::{parse_arg, SymbolArg};
use crate::symbols::Symbol;

/// How often the index's progress is looked at.
const PROGRESS_TICK: Duration = Duration::from_millis(250);

/// A symbol as every tool shows it.
pub fn symbol_json(s: &Symbol) -> Value {
    json!({
        "id": s.id,
        "name": s.name,
        "qualified_name": s.qualified_name,
        "kind": s.kind.as_str(),
        "language": s.language,
        "path": s.path.to_string_lossy(),
        "line": s.line,
        "end_line": s.end_line,
        "signature": s.signature,
    })
}

/// The run a symbol question is answered in, set up as the command line sets up its
/// own: the walker over the call's root and options, and [`Run::facts_source`] for the
/// facts (the index, brought up to date, unless the server runs with `--no-index`).
pub fn facts_run(ctx: &ToolContext<'_>, args: &Args) -> Result<Run, ToolError> {
    let paths = args.root(&ctx.server.root)?;
    let parse = ParseArgs {
        max_parse_size: ctx.server.parse_limit,
    };
    let output = OutputArgs {
        json: true,
        ..OutputArgs::default()
    };
    Run::new(
        &paths,
        &args.walk()?,
        &parse,
        &ctx.server.index,
        &output,
        false,
    )
    .map_err(|e| ToolError::InvalidArguments(format!("{e:#}")))
}

/// [`Run::facts_source_quick`] (a first call over a big tree is answered from a fresh
/// parse while the index is built in the background), with the update of the index
/// reported as progress while it runs.
pub fn facts_source<'r>(ctx: &ToolContext<'_>, run: &'r Run) -> Box<dyn FactsSource + 'r> {
    let progress = Progress::start("files indexed", false);
    let (stop, stopped) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let progress = &progress;
        scope.spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(PROGRESS_TICK) {
                let (done, total) = progress.counts();
                if done > 0 {
                    (ctx.progress)(done, total, "files indexed");
                }
            }
        });
        let source = run.facts_source_quick(progress);
        drop(stop);
        source
    })
}

/// Resolves `symbol` (an id, `path:line` or a name; with `file`, only definitions in
/// that file) to its targets under the call's root, then runs `answer` over them.
/// A symbol that names nothing is a failure that lists close names or the candidates.
/// Also gives how many files could not be read (the answer is then partial).
pub fn with_targets<T>(
    ctx: &ToolContext<'_>,
    args: &Args,
    symbol: &str,
    file: Option<&Path>,
    all: bool,
    answer: impl FnOnce(&Resolver, Vec<Target>) -> T,
) -> Result<(T, usize), ToolError> {
    if symbol.trim() == "-" {
        return Err(ToolError::InvalidArguments(
            "'-' (a record on stdin) is a command-line form; pass an id or a name".into(),
        ));
    }
    let mut arg = parse_arg(symbol, &mut std::io::empty())
        .map_err(|e| ToolError::InvalidArguments(e.to_string()))?;
    // A symbol named by its file is read only inside the served root.
    match &mut arg {
        SymbolArg::Id { path, .. } => {
            inside(&ctx.server.root, path, "symbol")?;
        }
        SymbolArg::PathLine { path, .. } => *path = inside(&ctx.server.root, path, "symbol")?,
        SymbolArg::Name(_) => {}
    }
    // The arguments are checked before the index is brought up to date.
    let run = facts_run(ctx, args)?;
    let source = facts_source(ctx, &run);
    let resolver = Resolver::new(source.as_ref());
    // With a file, every definition of the name is taken, then those in the file kept.
    let all = all || (file.is_some() && matches!(arg, SymbolArg::Name(_)));
    let mut found = targets(&arg, &resolver, all).map_err(target_failure)?;
    if let Some(file) = file {
        found.retain(|t| normalize(&t.symbol().path) == normalize(file));
        if found.is_empty() {
            return Err(ToolError::failed(
                format!("no definition of '{symbol}' in {}", file.display()),
                json!({}),
            ));
        }
    }
    let answered = answer(&resolver, found);
    Ok((answered, run.report.count()))
}

fn target_failure(e: TargetError) -> ToolError {
    let message = e.to_string();
    match e {
        TargetError::NotFound { suggestions, .. } => ToolError::failed(
            message,
            json!({"reason": "not_found", "suggestions": suggestions}),
        ),
        TargetError::Ambiguous { candidates, .. } => ToolError::failed(
            message,
            json!({
                "reason": "ambiguous",
                "candidates": candidates.iter().map(symbol_json).collect::<Vec<_>>(),
            }),
        ),
        TargetError::NoDefinitionAt(_) => {
            ToolError::failed(message, json!({"reason": "not_found"}))
        }
    }
}
