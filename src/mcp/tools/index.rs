//! The index tools: `index_status` (native), and the sidecar family's
//! `codesearch_index_status` and `codesearch_repo_request`.
//!
//! Symbol questions keep the index up to date themselves; these tools say how far it
//! is (an agent can tell a first build in progress from a ready index) and start a
//! build ahead of the first question.

use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};

use super::{common_properties, object_schema, Args, Family, Tool, ToolContext, ToolError};
use crate::commands::{build_in_background, building, index_root};
use crate::output::record::rfc3339;
use crate::output::Reporter;
use crate::query::stored::index_status;
use crate::store::{Status, Store};

pub const INDEX_STATUS: Tool = Tool {
    name: "index_status",
    title: "State of the index",
    description: "How far the index that symbol questions answer from is: files, symbols and references \
stored, size, last update, how many files changed since, and whether a build is running. Questions bring \
the index up to date themselves; use this to see whether a first build on a big repository is still \
running, or to start one ahead of time (build: true).",
    family: Family::Native,
    schema: status_schema,
    run: run_status,
};

pub const SIDECAR_STATUS: Tool = Tool {
    name: "codesearch_index_status",
    title: "Index status",
    description: "The state of the repository's index: files indexed, definitions stored, last update, idle or indexing.",
    family: Family::Sidecar,
    schema: sidecar_status_schema,
    run: run_sidecar_status,
};

pub const REPO_REQUEST: Tool = Tool {
    name: "codesearch_repo_request",
    title: "Index a local repository",
    description:
        "Registers a local directory (inside the served root) for indexing and starts building its \
index in the background. Remote repositories are refused: this server does not fetch.",
    family: Family::Sidecar,
    schema: repo_request_schema,
    run: run_repo_request,
};

fn status_schema() -> Value {
    let mut p = common_properties();
    p.insert(
        "build".into(),
        json!({"type": ["boolean", "null"], "description": "Start building or updating the index in the background when it is not ready (default false)."}),
    );
    object_schema(p, &[])
}

fn sidecar_status_schema() -> Value {
    let mut p = Map::new();
    p.insert(
        "project".into(),
        json!({"type": ["string", "null"], "description": "The repository: a directory inside the served root, or an id from codesearch_repo_request (default: the served root)."}),
    );
    object_schema(p, &[])
}

fn repo_request_schema() -> Value {
    let mut p = Map::new();
    let opt = |d: &str| json!({"type": ["string", "null"], "description": d});
    p.insert(
        "name".into(),
        opt("A name for the repository (default: its directory's name)."),
    );
    p.insert("type".into(), json!({"type": ["string", "null"], "enum": ["local", "remote", "hybrid", null], "description": "local (the default); remote and hybrid need fetching, which this server does not do."}));
    p.insert(
        "url".into(),
        opt("A remote URL: refused (this server does not fetch)."),
    );
    p.insert(
        "path".into(),
        opt("The directory to index: inside the served root (default: the served root)."),
    );
    p.insert("strategy".into(), json!({"type": ["string", "null"], "enum": ["hook", "job", "manual", null], "description": "When to index: every strategy builds now and keeps the index fresh on each question."}));
    p.insert("interval".into(), json!({"type": ["string", "integer", "null"], "description": "Accepted for compatibility: every question brings the index up to date, so no schedule is needed."}));
    object_schema(p, &[])
}

/// The id of a repository's index: the hash in its database's name.
fn repo_id(db: &Path) -> String {
    db.file_stem()
        .and_then(|s| s.to_str())
        .and_then(|s| s.rsplit('-').next())
        .unwrap_or_default()
        .to_string()
}

/// What the index of `root` holds: its file, counts (`None` without an index) and how
/// many walked files changed since.
struct State {
    db: PathBuf,
    status: Option<(Status, usize)>,
    building: bool,
}

fn state(ctx: &ToolContext<'_>, root: &Path) -> Result<State, ToolError> {
    let dir = ctx.server.index.dir.index_dir.as_deref();
    let walker = crate::walk::Walker::new(&[root.to_path_buf()], &Default::default())
        .map_err(|e| ToolError::InvalidArguments(e.to_string()))?;
    let report = Reporter::quiet();
    let (db, status) = index_status(&walker, &report, ctx.server.parse_limit, root, dir)
        .map_err(|e| ToolError::failed(format!("cannot read the index: {e}"), json!({})))?;
    Ok(State {
        db,
        status,
        building: building(root, dir),
    })
}

/// The directory an argument names (inside the served root), made absolute; the
/// served root when absent.
fn directory(ctx: &ToolContext<'_>, args: &Args, name: &str) -> Result<PathBuf, ToolError> {
    let rel = args.path(name, &ctx.server.root)?.unwrap_or_default();
    let dir = ctx.server.root.join(rel);
    if !dir.is_dir() {
        return Err(ToolError::InvalidArguments(format!(
            "{name} '{}' is not a directory",
            dir.display()
        )));
    }
    // The index a question under this directory answers from.
    Ok(index_root(std::slice::from_ref(&dir)).unwrap_or(dir))
}

fn start_build(ctx: &ToolContext<'_>, root: &Path) -> Result<bool, ToolError> {
    build_in_background(root, ctx.server.index.dir.index_dir.as_deref()).map_err(|e| {
        ToolError::failed(format!("cannot start building the index: {e:#}"), json!({}))
    })
}

fn run_status(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let root = directory(ctx, args, "root")?;
    let mut st = state(ctx, &root)?;
    let fresh = st.status.as_ref().is_some_and(|(_, changed)| *changed == 0);
    if args.bool("build")?.unwrap_or(false) && !fresh && !st.building {
        st.building = start_build(ctx, &root)?;
    }
    let (status, changed) = st.status.clone().unwrap_or_default();
    let state = match (&st.status, st.building) {
        (_, true) => "indexing",
        (None, false) => "missing",
        (Some(_), false) if changed > 0 => "stale",
        _ => "ready",
    };
    Ok(json!({
        "root": root.to_string_lossy(),
        "index": st.db.to_string_lossy(),
        "id": repo_id(&st.db),
        "exists": st.status.is_some(),
        "state": state,
        "files": status.files,
        "symbols": status.symbols,
        "references": status.references,
        "contents": status.contents,
        "bytes_on_disk": status.bytes_on_disk,
        "created": status.created.map(rfc3339),
        "last_update": status.updated.map(rfc3339),
        "changed_since": changed,
        "note": match state {
            "missing" => "No index yet: the first symbol question builds it (or pass build: true).",
            "stale" => "Some files changed since the last update: the next question updates the index first.",
            "indexing" => "A build is running; questions meanwhile are answered from a fresh parse or wait for it.",
            _ => "Ready: questions answer from the index.",
        },
    }))
}

/// `project`: a directory inside the served root, or the id of an index in the index
/// directory.
fn project_root(ctx: &ToolContext<'_>, args: &Args) -> Result<PathBuf, ToolError> {
    let Some(p) = args.str("project")? else {
        return directory(ctx, args, "project");
    };
    if p.len() == 16 && p.chars().all(|c| c.is_ascii_hexdigit()) {
        let db = Store::location(&ctx.server.root, ctx.server.index.dir.index_dir.as_deref())
            .map_err(|e| ToolError::failed(e.to_string(), json!({})))?;
        if repo_id(&db) == p {
            return Ok(ctx.server.root.clone());
        }
    }
    directory(ctx, args, "project")
}

fn run_sidecar_status(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let root = project_root(ctx, args)?;
    let project = root.to_string_lossy().into_owned();
    let status = match state(ctx, &root) {
        Ok(st) => {
            let (s, _) = st.status.clone().unwrap_or_default();
            json!({
                "project": project,
                "files_indexed": s.files,
                "chunks": s.symbols,
                "last_indexed": s.updated.map(rfc3339),
                "state": if st.building { "indexing" } else { "idle" },
                "error": null,
            })
        }
        Err(ToolError::Failed(payload)) => json!({
            "project": project,
            "files_indexed": 0,
            "chunks": 0,
            "last_indexed": null,
            "state": "error",
            "error": payload["error"],
        }),
        Err(e) => return Err(e),
    };
    Ok(json!({ "status": status }))
}

fn run_repo_request(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let kind = args.str("type")?.unwrap_or("local");
    if !matches!(kind, "local" | "remote" | "hybrid") {
        return Err(ToolError::InvalidArguments(format!(
            "type '{kind}' is not one of local, remote, hybrid"
        )));
    }
    if kind != "local" || (args.str("url")?.is_some() && args.str("path")?.is_none()) {
        return Err(ToolError::failed(
            "this server indexes local directories only and does not fetch repositories: pass path (a directory inside the served root) with type local",
            json!({"served_root": ctx.server.root.to_string_lossy()}),
        ));
    }
    let root = directory(ctx, args, "path")?;
    let name = match args.str("name")? {
        Some(n) => n.to_string(),
        None => root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    let st = state(ctx, &root)?;
    let fresh = st.status.as_ref().is_some_and(|(_, changed)| *changed == 0);
    let started = if fresh || st.building {
        false
    } else {
        start_build(ctx, &root)?
    };
    let status = if fresh {
        "ready"
    } else if started || st.building {
        "indexing"
    } else {
        "pending"
    };
    Ok(json!({
        "id": repo_id(&st.db),
        "status": status,
        "name": name,
        "path": root.to_string_lossy(),
        "type": "local",
        "strategy": args.str("strategy")?.unwrap_or("manual"),
    }))
}
