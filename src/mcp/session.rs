//! The stdio loop: one JSON-RPC message per line in, one per line out.
//!
//! A reader thread reads stdin line by line (each line bounded: a longer one is
//! skipped and answered with an error, and the server goes on) and hands the lines
//! over in order; it also records `notifications/cancelled` at once, so that a request
//! still queued or running can be dropped. The calling thread answers the lines one at
//! a time and writes each answer as one compact line, flushed. When stdin closes, the
//! lines already read are answered and the loop returns.
//!
//! Nothing but protocol messages is written to stdout; progress notifications go out
//! only for requests that carried a `progressToken`.

use std::collections::HashSet;
use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use super::lifecycle::{self, Era};
use super::protocol::{
    self, Incoming, Request, RpcError, INTERNAL_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND,
};
use super::tools::{self, ToolContext};
use super::Server;

/// The longest line read; an evaluator or a query is far shorter.
pub const MAX_LINE_BYTES: usize = 4 * 1024 * 1024;

/// The stack of the thread a tool runs on (as much as the main thread's).
const TOOL_STACK_BYTES: usize = 8 * 1024 * 1024;

/// How often progress notifications may go out for one request.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(200);

/// One line of input.
enum Line {
    Text(String),
    /// A line that is not UTF-8.
    NotText,
    /// A line longer than [`MAX_LINE_BYTES`], skipped.
    TooLong,
}

/// The ids of cancelled requests, as JSON text.
type Cancelled = Arc<Mutex<HashSet<String>>>;

/// Serves `input` until it closes, writing to `out`.
pub fn serve(
    server: &Server,
    input: impl BufRead + Send + 'static,
    out: &mut dyn Write,
) -> io::Result<()> {
    let cancelled: Cancelled = Arc::default();
    let (tx, rx) = mpsc::channel::<Line>();
    let reader_cancelled = Arc::clone(&cancelled);
    let reader = std::thread::spawn(move || read_lines(input, &tx, &reader_cancelled));
    for line in rx {
        let answer = match line {
            Line::Text(text) if text.trim().is_empty() => None,
            Line::Text(text) => answer_line(server, &text, &cancelled, out),
            Line::NotText => Some(protocol::error(
                &Value::Null,
                &RpcError::new(protocol::PARSE_ERROR, "parse error: the line is not UTF-8"),
            )),
            Line::TooLong => Some(protocol::error(
                &Value::Null,
                &RpcError::new(
                    INVALID_REQUEST,
                    format!("message longer than {MAX_LINE_BYTES} bytes; skipped"),
                ),
            )),
        };
        if let Some(answer) = answer {
            send(out, &answer)?;
        }
    }
    match reader.join() {
        Ok(result) => result,
        Err(_) => Err(io::Error::other("the stdin reader panicked")),
    }
}

fn send(out: &mut dyn Write, message: &Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, message)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Reads lines until EOF; cancellations are recorded as they arrive.
fn read_lines(
    mut input: impl BufRead,
    tx: &mpsc::Sender<Line>,
    cancelled: &Cancelled,
) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(line) = read_bounded_line(&mut input, &mut buf)? {
        if let Line::Text(text) = &line {
            if text.contains("notifications/cancelled") {
                if let Incoming::Notification { method, params } = protocol::classify(text) {
                    if method == "notifications/cancelled" {
                        if let Some(id) = params.get("requestId") {
                            cancelled
                                .lock()
                                .unwrap_or_else(|p| p.into_inner())
                                .insert(id.to_string());
                        }
                    }
                }
            }
        }
        if tx.send(line).is_err() {
            break;
        }
    }
    Ok(())
}

/// One line (without its newline), at most [`MAX_LINE_BYTES`] kept; `None` at EOF.
fn read_bounded_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        if !too_long {
            if buf.len() + part.len() > MAX_LINE_BYTES {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        let used = part.len() + usize::from(newline);
        input.consume(used);
        if newline {
            break;
        }
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(match String::from_utf8(std::mem::take(buf)) {
        Ok(s) => Line::Text(s),
        Err(_) => Line::NotText,
    }))
}

/// The answer to one line, if it needs one.
fn answer_line(
    server: &Server,
    text: &str,
    cancelled: &Cancelled,
    out: &mut dyn Write,
) -> Option<Value> {
    match protocol::classify(text) {
        Incoming::Request(req) => {
            let key = req.id.to_string();
            let is_cancelled = || {
                cancelled
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .contains(&key)
            };
            if is_cancelled() {
                return None;
            }
            let answer = answer_request(server, &req, &is_cancelled, out);
            // A cancelled request gets no answer, even when its work finished.
            if is_cancelled() {
                return None;
            }
            Some(match answer {
                Ok(result) => protocol::result(&req.id, result),
                Err(e) => protocol::error(&req.id, &e),
            })
        }
        // Initialized, cancelled (recorded by the reader) and any other notification
        // need no answer.
        Incoming::Notification { .. } | Incoming::Response => None,
        Incoming::Invalid { id, error } => Some(protocol::error(&id, &error)),
    }
}

fn answer_request(
    server: &Server,
    req: &Request,
    cancelled: &(dyn Fn() -> bool + Sync),
    out: &mut dyn Write,
) -> Result<Value, RpcError> {
    let era = lifecycle::era(&req.params)?;
    let mut result = match req.method.as_str() {
        "initialize" => lifecycle::initialize(&req.params)?,
        "ping" => json!({}),
        "server/discover" => lifecycle::discover(),
        "tools/list" => lifecycle::cacheable(json!({"tools": tools::list()})),
        "tools/call" => call_tool(server, req, cancelled, out)?,
        other => {
            return Err(RpcError::new(
                METHOD_NOT_FOUND,
                format!("method not found: {other}"),
            ))
        }
    };
    if era == Era::Stateless {
        if let Value::Object(r) = &mut result {
            r.entry("resultType").or_insert_with(|| json!("complete"));
        }
    }
    Ok(result)
}

/// Runs a tool on its own thread while this one writes the progress notifications it
/// sends (only when the request carried a `progressToken`), then returns its answer.
fn call_tool(
    server: &Server,
    req: &Request,
    cancelled: &(dyn Fn() -> bool + Sync),
    out: &mut dyn Write,
) -> Result<Value, RpcError> {
    let token = progress_token(&req.params);
    let (tx, rx) = mpsc::channel::<Value>();
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("mcp-tool".into())
            .stack_size(TOOL_STACK_BYTES)
            .spawn_scoped(scope, move || {
                let last = Mutex::new(None::<Instant>);
                let progress = |done: u64, total: Option<u64>, message: &str| {
                    let Some(token) = &token else { return };
                    let mut last = last.lock().unwrap_or_else(|p| p.into_inner());
                    if last.is_some_and(|t| t.elapsed() < PROGRESS_INTERVAL) {
                        return;
                    }
                    *last = Some(Instant::now());
                    let mut params =
                        json!({"progressToken": token, "progress": done, "message": message});
                    if let Some(total) = total {
                        params["total"] = json!(total);
                    }
                    // The receiver lives until this thread ends.
                    let _ = tx.send(protocol::notification("notifications/progress", params));
                };
                let ctx = ToolContext {
                    server,
                    cancelled,
                    progress: &progress,
                };
                tools::call(&ctx, &req.params)
            })
            .map_err(|e| RpcError::new(INTERNAL_ERROR, format!("cannot start the tool: {e}")))?;
        // The channel closes when the tool's thread ends; a failed write shows again
        // when the answer is written.
        for note in rx {
            let _ = send(out, &note);
        }
        worker.join().unwrap_or_else(|_| {
            Err(RpcError::new(
                INTERNAL_ERROR,
                "the tool failed unexpectedly",
            ))
        })
    })
}

fn progress_token(params: &Map<String, Value>) -> Option<Value> {
    params
        .get("_meta")?
        .get("progressToken")
        .filter(|t| t.is_string() || t.is_number())
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut r = io::Cursor::new(input.to_vec());
        let mut buf = Vec::new();
        let mut got = Vec::new();
        while let Some(l) = read_bounded_line(&mut r, &mut buf).unwrap() {
            got.push(match l {
                Line::Text(t) => t,
                Line::NotText => "<not text>".into(),
                Line::TooLong => "<too long>".into(),
            });
        }
        got
    }

    #[test]
    fn lines_are_split_bounded_and_crlf_tolerant() {
        assert_eq!(lines(b"a\r\nb\nc"), ["a", "b", "c"]);
        assert_eq!(lines(b"\xff\n"), ["<not text>"]);
        let mut huge = vec![b'x'; MAX_LINE_BYTES + 1];
        huge.extend_from_slice(b"\nnext\n");
        assert_eq!(lines(&huge), ["<too long>", "next"]);
    }
}
