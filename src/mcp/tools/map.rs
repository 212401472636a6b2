//! `map`: the files under the root, in path order, optionally with each file's outline.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::query::facts_run;
use super::{
    common_properties, object_schema, page, paging_properties, walk_properties, Args, Family, Tool,
    ToolContext, ToolError,
};
use crate::index::{map_entries, MapEntry, MapOptions};
use crate::mcp::budget::fit;
use crate::symbols::Symbol;

/// The most outline entries shown for one file.
const OUTLINE_CAP: usize = 200;

pub const MAP: Tool = Tool {
    name: "map",
    title: "Map of the repository",
    description: "The files and directories under root, in path order, honoring .gitignore and the default \
exclusions (node_modules, .git, virtualenvs, ...). Use it first to learn a repository's layout. With \
outline=true each file lists its definitions (kind, name, lines, id; members nested by depth): read one \
with symbol_source by its id instead of reading the whole file. max_depth limits how deep the walk goes.",
    family: Family::Native,
    schema,
    run,
};

fn schema() -> Value {
    let mut p = common_properties();
    p.insert(
        "outline".into(),
        json!({"type": ["boolean", "null"], "description": "List each file's definitions (default false)."}),
    );
    p.insert(
        "max_depth".into(),
        json!({"type": ["integer", "null"], "minimum": 0, "description": "Descend at most this many directories below root."}),
    );
    walk_properties(&mut p);
    paging_properties(&mut p, 1000);
    object_schema(p, &[])
}

fn run(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let run = facts_run(ctx, args)?;
    let opts = MapOptions {
        symbols: args.bool("outline")?.unwrap_or(false),
        count_lines: false,
        progress: false,
    };
    let page = page(ctx, args, 1000)?;
    let entries = map_entries(&run, &args.walk()?, &opts);
    let (walker, report) = (&run.walker, &run.report);
    let (mut files, mut dirs) = (0usize, 0usize);
    let mut languages: BTreeMap<&str, usize> = BTreeMap::new();
    let items: Vec<Value> = entries
        .iter()
        .map(|v| {
            if v.item.is_dir {
                dirs += usize::from(v.item.depth > 0);
            } else {
                files += 1;
                if let Some(l) = v.item.language {
                    *languages.entry(l.name).or_default() += 1;
                }
            }
            let path = if v.item.depth == 0 {
                walker.root_display(v.root).to_string_lossy().into_owned()
            } else {
                v.path.to_string_lossy().into_owned()
            };
            entry_json(&path, &v.item, opts.symbols)
        })
        .collect();
    Ok(fit(&page, &items, |shown, cut| {
        let mut m = Map::new();
        m.insert("entries".into(), Value::Array(shown.to_vec()));
        m.insert("files".into(), json!(files));
        m.insert("dirs".into(), json!(dirs));
        m.insert("languages".into(), json!(languages));
        m.insert("excluded_dirs".into(), json!(walker.excluded_dirs()));
        m.insert("errors".into(), json!(report.count()));
        cut.annotate(&mut m, page.max_chars);
        if cut.total <= 1 && files == 0 {
            m.insert(
                "note".into(),
                json!("no files: the root is empty or every file is excluded (try hidden, no_ignore, or other globs/types)"),
            );
        }
        Value::Object(m)
    }))
}

fn entry_json(path: &str, e: &MapEntry, outline: bool) -> Value {
    let mut v = json!({
        "path": path,
        "kind": if e.is_dir { "dir" } else { "file" },
        "depth": e.depth,
    });
    if !e.is_dir {
        v["language"] = json!(e.language.map(|l| l.name));
        v["size"] = json!(e.size);
        if outline {
            v["outline"] = outline_json(&e.symbols);
            if e.symbols.len() > OUTLINE_CAP {
                v["outline_total"] = json!(e.symbols.len());
            }
        }
    }
    v
}

/// A file's definitions, each with its nesting depth (members under their type).
fn outline_json(symbols: &[Symbol]) -> Value {
    let mut depth = vec![0usize; symbols.len()];
    let mut out = Vec::new();
    for (i, s) in symbols.iter().enumerate() {
        depth[i] = s.parent.filter(|&p| p < i).map_or(0, |p| depth[p] + 1);
        if out.len() < OUTLINE_CAP {
            out.push(json!({
                "id": s.id,
                "kind": s.kind.as_str(),
                "name": s.name,
                "line": s.line,
                "end_line": s.end_line,
                "depth": depth[i],
            }));
        }
    }
    Value::Array(out)
}
