//! JSON-RPC 2.0 as MCP uses it: classifying an incoming line, the error codes, and
//! building responses and notifications.
//!
//! A line is a request (it has an `id`), a notification (no `id`), or something this
//! server answers with an error: not JSON (`-32700`), a batch or any other value that
//! is not one request object (`-32600`). Responses a client might send are ignored: the
//! server never sends requests of its own.

use serde_json::{json, Map, Value};

/// Invalid JSON.
pub const PARSE_ERROR: i64 = -32700;
/// Valid JSON that is not one request object (a batch, a missing `method`, ...).
pub const INVALID_REQUEST: i64 = -32600;
/// A method this server does not have.
pub const METHOD_NOT_FOUND: i64 = -32601;
/// Parameters the method cannot take (an unknown tool, a missing argument, a
/// malformed `_meta`, a root outside the served tree).
pub const INVALID_PARAMS: i64 = -32602;
/// A failure inside the server.
pub const INTERNAL_ERROR: i64 = -32603;
/// A tool of the sidecar family failed while running (its clients read only
/// JSON-RPC errors, never `isError`).
pub const TOOL_FAILED: i64 = -32000;
/// The protocol version a request names is not one this server speaks.
pub const UNSUPPORTED_VERSION: i64 = -32022;

/// A JSON-RPC error object.
#[derive(Debug, Clone, PartialEq)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
    pub data: Option<Value>,
}

impl RpcError {
    pub fn new(code: i64, message: impl Into<String>) -> RpcError {
        RpcError {
            code,
            message: message.into(),
            data: None,
        }
    }

    pub fn with_data(mut self, data: Value) -> RpcError {
        self.data = Some(data);
        self
    }

    pub fn invalid_params(message: impl Into<String>) -> RpcError {
        RpcError::new(INVALID_PARAMS, message)
    }

    fn to_json(&self) -> Value {
        let mut e = json!({"code": self.code, "message": self.message});
        if let Some(d) = &self.data {
            e["data"] = d.clone();
        }
        e
    }
}

/// One request.
#[derive(Debug, Clone)]
pub struct Request {
    /// A string or a number, echoed in the response.
    pub id: Value,
    pub method: String,
    /// The `params` object (empty when absent).
    pub params: Map<String, Value>,
}

/// What one line of input is.
#[derive(Debug)]
pub enum Incoming {
    Request(Request),
    Notification {
        method: String,
        params: Map<String, Value>,
    },
    /// A response from the client: nothing to do.
    Response,
    /// Answer with this error (the id is null when the line had none).
    Invalid {
        id: Value,
        error: RpcError,
    },
}

/// Classifies one line.
pub fn classify(line: &str) -> Incoming {
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Invalid {
                id: Value::Null,
                error: RpcError::new(PARSE_ERROR, format!("parse error: {e}")),
            }
        }
    };
    let invalid = |id: Value, message: &str| Incoming::Invalid {
        id,
        error: RpcError::new(INVALID_REQUEST, message),
    };
    let mut obj = match value {
        Value::Object(o) => o,
        Value::Array(_) => {
            return invalid(
                Value::Null,
                "batches are not supported: send one request object per line",
            )
        }
        _ => return invalid(Value::Null, "a message must be a JSON-RPC object"),
    };
    let id = obj.remove("id");
    if let Some(id) = &id {
        if !(id.is_string() || id.is_number()) {
            return invalid(Value::Null, "the id must be a string or a number");
        }
    }
    let reply_id = id.clone().unwrap_or(Value::Null);
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return invalid(reply_id, "\"jsonrpc\" must be \"2.0\"");
    }
    let method = match obj.remove("method") {
        Some(Value::String(m)) => m,
        Some(_) => return invalid(reply_id, "\"method\" must be a string"),
        None if id.is_some() && (obj.contains_key("result") || obj.contains_key("error")) => {
            return Incoming::Response
        }
        None => return invalid(reply_id, "\"method\" is missing"),
    };
    let params = match obj.remove("params") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(p)) => p,
        Some(_) => {
            return Incoming::Invalid {
                id: reply_id,
                error: RpcError::invalid_params("\"params\" must be an object"),
            }
        }
    };
    match id {
        Some(id) => Incoming::Request(Request { id, method, params }),
        None => Incoming::Notification { method, params },
    }
}

/// A success response.
pub fn result(id: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// An error response.
pub fn error(id: &Value, error: &RpcError) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": error.to_json()})
}

/// A notification from the server.
pub fn notification(method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "method": method, "params": params})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_code(line: &str) -> i64 {
        match classify(line) {
            Incoming::Invalid { error, .. } => error.code,
            other => panic!("{line}: expected an error, got {other:?}"),
        }
    }

    #[test]
    fn malformed_lines_get_the_json_rpc_codes() {
        assert_eq!(error_code("{not json"), PARSE_ERROR);
        assert_eq!(
            error_code(r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#),
            INVALID_REQUEST
        );
        assert_eq!(error_code("42"), INVALID_REQUEST);
        assert_eq!(
            error_code(r#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#),
            INVALID_REQUEST
        );
        assert_eq!(
            error_code(r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#),
            INVALID_REQUEST
        );
        assert_eq!(
            error_code(r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":[1]}"#),
            INVALID_PARAMS
        );
    }

    #[test]
    fn requests_notifications_and_responses_are_told_apart() {
        assert!(matches!(
            classify(r#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#),
            Incoming::Request(Request { ref method, .. }) if method == "ping"
        ));
        assert!(matches!(
            classify(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
            Incoming::Notification { .. }
        ));
        assert!(matches!(
            classify(r#"{"jsonrpc":"2.0","id":3,"result":{}}"#),
            Incoming::Response
        ));
    }
}
