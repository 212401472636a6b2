//! `codesearch index`: build or update the index explicitly, report on it, or delete
//! it. The symbol commands keep it up to date themselves; this command is for building
//! ahead of time (with a progress bar on a terminal) and for looking after it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use anyhow::{Context, Result};

use super::{canonical_root, Run};
use crate::cli::{IndexArgs, IndexCommandArgs};
use crate::output::json::PathJson;
use crate::output::printer::{Printer, Style};
use crate::output::progress::Progress;
use crate::output::record::{
    rfc3339, ClearedData, IndexCounts, IndexStatusData, IndexSummary, Record, Summary,
};
use crate::output::ExitStatus;
use crate::query::stored::{index_status, FromIndex};
use crate::store::{Status, Store};

fn counts(s: &Status) -> IndexCounts {
    IndexCounts {
        files: s.files,
        symbols: s.symbols,
        references: s.references,
        contents: s.contents,
        bytes_on_disk: s.bytes_on_disk,
    }
}

/// `codesearch index`.
pub fn index(args: &IndexCommandArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let root = canonical_root(args.path.as_deref())?;
    let dir = args.dir.index_dir.as_deref();
    if args.clear {
        let (path, existed) = Store::clear(&root, dir)
            .with_context(|| format!("{}: cannot delete the index", root.display()))?;
        let style = Style::of(args.output.json, false);
        // One record, so that scripts need not scrape the message.
        let mut p = Printer::new(out, style, false);
        p.record(&Record::Cleared(ClearedData {
            root: PathJson(&root),
            index: PathJson(&path),
            existed,
        }))?;
        p.flush()?;
        return Ok(ExitStatus::Found);
    }
    let paths = vec![root.clone()];
    let run = Run::new(
        &paths,
        &args.walk,
        &args.parse,
        &IndexArgs::default(),
        &args.output,
        false,
    )?;
    let mut p = run.printer(out);
    if args.status {
        let (path, state) = index_status(&run.walker, &run.report, run.parse_limit, &root, dir)
            .with_context(|| format!("{}: cannot read the index", root.display()))?;
        let (exists, status, changed) = match state {
            Some((s, c)) => (true, s, c),
            None => (false, Status::default(), 0),
        };
        p.record(&Record::IndexStatus(IndexStatusData {
            root: PathJson(&root),
            index: PathJson(&path),
            exists,
            counts: counts(&status),
            created: status.created.map(rfc3339),
            last_update: status.updated.map(rfc3339),
            changed_since: changed,
        }))?;
        p.flush()?;
        return Ok(ExitStatus::from_outcome(exists, run.report.had_error()));
    }
    let progress = Progress::start("files indexed", run.style != Style::Json);
    let source = FromIndex::open(
        &run.walker,
        &run.report,
        run.parse_limit,
        &root,
        dir,
        None,
        Some(&progress),
    )
    .map_err(|u| u.error)
    .with_context(|| format!("{}: cannot build the index", root.display()))?;
    progress.finish();
    let (path, status) = source
        .status()
        .with_context(|| format!("{}: cannot read the index", root.display()))?;
    // The index is built: a background build (this run, or one it overtook) is over.
    let _ = std::fs::remove_file(build_mark(&path));
    p.record(&Record::Summary(Summary::Index(IndexSummary {
        root: PathJson(&root),
        index: PathJson(&path),
        parsed: source.refreshed.parsed,
        rehashed: source.refreshed.rehashed,
        removed: source.refreshed.removed,
        walked: source.walked,
        counts: counts(&status),
        skipped_files: run.report.warnings(),
        elapsed_ms: run.elapsed_ms(),
    })))?;
    p.flush()?;
    Ok(ExitStatus::from_outcome(true, run.report.had_error()))
}

/// How long a background build, once started, is taken to be running (a build that
/// died is started again after this).
const BUILD_MARK_FRESH: Duration = Duration::from_secs(600);

/// The file whose mtime says when a background build of `db` was started.
fn build_mark(db: &Path) -> PathBuf {
    let mut p = db.as_os_str().to_owned();
    p.push(".building");
    PathBuf::from(p)
}

/// Whether a background build of the index of `root` was started recently.
pub fn building(root: &Path, index_dir: Option<&Path>) -> bool {
    let Ok(db) = Store::location(root, index_dir) else {
        return false;
    };
    std::fs::metadata(build_mark(&db))
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age < BUILD_MARK_FRESH)
}

/// Starts `codesearch index ROOT` as a detached process (its own process group, no
/// terminal, output discarded), unless one was started recently; true when it started
/// one. For front ends that must answer before a first build could finish.
pub fn build_in_background(root: &Path, index_dir: Option<&Path>) -> Result<bool> {
    if building(root, index_dir) {
        return Ok(false);
    }
    let db = Store::location(root, index_dir)?;
    if let Some(dir) = db.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(build_mark(&db), std::process::id().to_string())?;
    let exe = std::env::current_exe().context("finding this program to start a build")?;
    let mut cmd = std::process::Command::new(exe);
    cmd.arg("index").arg(root);
    if let Some(d) = index_dir {
        cmd.arg("--index-dir").arg(d);
    }
    cmd.stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    // The build runs at the lowest priority, so the answer that started it (a fresh
    // parse on the same cores) is not slowed down by it.
    // SAFETY: the closure runs in the child between fork and exec and makes one
    // system call (setpriority), which is async-signal-safe; it touches no memory of
    // the parent's.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut cmd, || {
            libc::setpriority(libc::PRIO_PROCESS, 0, 19);
            Ok(())
        });
    }
    let mut child = cmd.spawn().context("starting a background build")?;
    // Reaped when it ends, so a long-lived server leaves no zombie behind.
    std::thread::spawn(move || child.wait());
    Ok(true)
}
