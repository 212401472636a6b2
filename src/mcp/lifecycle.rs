//! Protocol versions and the two eras of MCP.
//!
//! - The handshake era (2024-11-05 to 2025-11-25): `initialize` negotiates a version
//!   (the client's when this server speaks it, else the newest one it speaks), then
//!   `notifications/initialized`; `ping` answers `{}`.
//! - The stateless era (2026-07-28): no handshake; every request carries its version
//!   and the client's capabilities in `params._meta`, `server/discover` describes the
//!   server, and every result carries `resultType`.
//!
//! A request with neither a handshake nor `_meta` is served as a handshake-era request:
//! a client that spawns the server for one `tools/call` gets its answer.

use serde_json::{json, Map, Value};

use super::protocol::{RpcError, INVALID_PARAMS, UNSUPPORTED_VERSION};

/// The handshake-era versions, oldest first.
pub const HANDSHAKE_VERSIONS: &[&str] = &["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
/// The stateless-era versions.
pub const STATELESS_VERSIONS: &[&str] = &["2026-07-28"];

const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";

/// What the server tells a client about using it.
pub const INSTRUCTIONS: &str = "codesearch answers structural questions about the code under its root. \
Start with `map` (the files, optionally with an outline of each), `find_symbol` to locate a definition \
by a half-remembered name, then `symbol_source` to read only that definition. `what_depends` lists what a \
symbol uses, `what_breaks` who uses it (before changing it). `xray` runs a Python evaluator over the syntax \
tree of every file a regex selects; `explore` shows the node kinds to write one. Answers are cut to a \
character budget and say what they left out (`truncated`, `total`, `next_offset`).";

/// How long a client may cache `server/discover`'s and `tools/list`'s answers: both
/// are fixed for the life of the process.
const TTL_MS: u64 = 3_600_000;

/// The era a request is served in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Era {
    Handshake,
    Stateless,
}

/// Every version this server speaks, oldest first.
pub fn supported_versions() -> Vec<&'static str> {
    HANDSHAKE_VERSIONS
        .iter()
        .chain(STATELESS_VERSIONS)
        .copied()
        .collect()
}

/// The era of a request, from its `_meta`: stateless when `_meta` names a stateless
/// version with the client's capabilities. A malformed `_meta` is `-32602`; a version
/// this server does not speak is `-32022` with the supported list.
pub fn era(params: &Map<String, Value>) -> Result<Era, RpcError> {
    let meta = match params.get("_meta") {
        None | Some(Value::Null) => return Ok(Era::Handshake),
        Some(Value::Object(m)) => m,
        Some(_) => return Err(RpcError::new(INVALID_PARAMS, "\"_meta\" must be an object")),
    };
    let version = meta.get(VERSION_KEY);
    let capabilities = meta.get(CAPABILITIES_KEY);
    if version.is_none() && capabilities.is_none() {
        return Ok(Era::Handshake);
    }
    let Some(Value::String(version)) = version else {
        return Err(RpcError::new(
            INVALID_PARAMS,
            format!("\"_meta\" must carry \"{VERSION_KEY}\" as a string"),
        ));
    };
    if !matches!(capabilities, Some(Value::Object(_))) {
        return Err(RpcError::new(
            INVALID_PARAMS,
            format!("\"_meta\" must carry \"{CAPABILITIES_KEY}\" as an object"),
        ));
    }
    if STATELESS_VERSIONS.contains(&version.as_str()) {
        Ok(Era::Stateless)
    } else if HANDSHAKE_VERSIONS.contains(&version.as_str()) {
        Ok(Era::Handshake)
    } else {
        Err(unsupported(version))
    }
}

fn unsupported(requested: &str) -> RpcError {
    RpcError::new(UNSUPPORTED_VERSION, "Unsupported protocol version").with_data(json!({
        "supported": supported_versions(),
        "requested": requested,
    }))
}

fn server_info() -> Value {
    json!({"name": "codesearch", "version": env!("CARGO_PKG_VERSION")})
}

/// The answer to `initialize`.
pub fn initialize(params: &Map<String, Value>) -> Result<Value, RpcError> {
    let Some(requested) = params.get("protocolVersion").and_then(Value::as_str) else {
        return Err(RpcError::invalid_params(
            "initialize needs \"protocolVersion\" (a string)",
        ));
    };
    // Invariant: the list is a non-empty constant.
    let newest = HANDSHAKE_VERSIONS[HANDSHAKE_VERSIONS.len() - 1];
    let version = if HANDSHAKE_VERSIONS.contains(&requested) {
        requested
    } else {
        newest
    };
    Ok(json!({
        "protocolVersion": version,
        "capabilities": {"tools": {"listChanged": false}},
        "serverInfo": server_info(),
        "instructions": INSTRUCTIONS,
    }))
}

/// A listing with the caching hints stateless-era clients require (`ttlMs`,
/// `cacheScope`); earlier clients ignore them.
pub fn cacheable(mut listing: Value) -> Value {
    if let Value::Object(m) = &mut listing {
        m.insert("ttlMs".into(), json!(TTL_MS));
        m.insert("cacheScope".into(), json!("public"));
    }
    listing
}

/// The answer to `server/discover`.
pub fn discover() -> Value {
    json!({
        "resultType": "complete",
        "supportedVersions": supported_versions(),
        "capabilities": {"tools": {}},
        "_meta": {"io.modelcontextprotocol/serverInfo": server_info()},
        "instructions": INSTRUCTIONS,
        "ttlMs": TTL_MS,
        "cacheScope": "public",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn initialize_echoes_a_known_version_and_offers_the_newest_otherwise() {
        let r = initialize(&params(json!({"protocolVersion": "2025-03-26"}))).unwrap();
        assert_eq!(r["protocolVersion"], "2025-03-26");
        let r = initialize(&params(json!({"protocolVersion": "1999-01-01"}))).unwrap();
        assert_eq!(r["protocolVersion"], "2025-11-25");
        assert!(initialize(&Map::new()).is_err());
    }

    #[test]
    fn meta_decides_the_era() {
        assert_eq!(era(&Map::new()).unwrap(), Era::Handshake);
        let ok = params(json!({"_meta": {VERSION_KEY: "2026-07-28", CAPABILITIES_KEY: {}}}));
        assert_eq!(era(&ok).unwrap(), Era::Stateless);
        let token_only = params(json!({"_meta": {"progressToken": 1}}));
        assert_eq!(era(&token_only).unwrap(), Era::Handshake);
        let no_caps = params(json!({"_meta": {VERSION_KEY: "2026-07-28"}}));
        assert_eq!(era(&no_caps).unwrap_err().code, INVALID_PARAMS);
        let bad = params(json!({"_meta": {VERSION_KEY: "2030-01-01", CAPABILITIES_KEY: {}}}));
        let e = era(&bad).unwrap_err();
        assert_eq!(e.code, UNSUPPORTED_VERSION);
        assert_eq!(e.data.unwrap()["requested"], "2030-01-01");
    }
}
