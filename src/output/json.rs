//! JSON Lines output: the envelope and lossless paths.
//!
//! Every record is one line `{"type":"<kind>","data":{...}}`; a run ends with a
//! `summary` record. Paths are ripgrep's arbitrary-data objects: `{"text":"..."}` when
//! the path is valid UTF-8, else `{"bytes":"<base64>"}` holding the exact bytes, so no
//! file name is ever lost. The record schemas of each subcommand are documented next to
//! the structs that serialise them, and tested by deserialising with
//! `deny_unknown_fields`.

use std::io::{self, Write};
use std::path::Path;

use base64::Engine;
use serde::ser::{Serialize, SerializeMap, Serializer};

/// Writes JSON Lines records to a writer.
pub struct JsonLines<W: Write> {
    out: W,
}

#[derive(serde::Serialize)]
struct Envelope<'a, T: Serialize> {
    #[serde(rename = "type")]
    kind: &'a str,
    data: &'a T,
}

impl<W: Write> JsonLines<W> {
    pub fn new(out: W) -> JsonLines<W> {
        JsonLines { out }
    }

    /// Writes one `{"type":kind,"data":data}` line.
    pub fn record<T: Serialize>(&mut self, kind: &str, data: &T) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, &Envelope { kind, data })?;
        self.out.write_all(b"\n")
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    pub fn into_inner(self) -> W {
        self.out
    }
}

/// A path serialised as `{"text":..}` or `{"bytes":base64}`.
#[derive(Debug, Clone, Copy)]
pub struct PathJson<'a>(pub &'a Path);

impl Serialize for PathJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        match self.0.to_str() {
            Some(text) => map.serialize_entry("text", text)?,
            None => map.serialize_entry("bytes", &base64_of(path_bytes(self.0).as_ref()))?,
        }
        map.end()
    }
}

/// Text serialised the same way: `{"text":..}` when valid UTF-8, else `{"bytes":..}`.
#[derive(Debug, Clone, Copy)]
pub struct BytesJson<'a>(pub &'a [u8]);

impl Serialize for BytesJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        match std::str::from_utf8(self.0) {
            Ok(text) => map.serialize_entry("text", text)?,
            Err(_) => map.serialize_entry("bytes", &base64_of(self.0))?,
        }
        map.end()
    }
}

/// The value of a path or bytes object as JSON, for records built with `serde_json::json!`.
pub fn path_json(path: &Path) -> serde_json::Value {
    // Serialising a map of strings cannot fail.
    serde_json::to_value(PathJson(path)).expect("path object serialises")
}

fn base64_of(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[cfg(unix)]
fn path_bytes(path: &Path) -> std::borrow::Cow<'_, [u8]> {
    use std::os::unix::ffi::OsStrExt;
    std::borrow::Cow::Borrowed(path.as_os_str().as_bytes())
}

#[cfg(not(unix))]
fn path_bytes(path: &Path) -> std::borrow::Cow<'_, [u8]> {
    std::borrow::Cow::Owned(path.to_string_lossy().into_owned().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_paths_are_text() {
        assert_eq!(
            path_json(Path::new("src/main.rs")),
            serde_json::json!({"text": "src/main.rs"})
        );
    }

    #[cfg(unix)]
    #[test]
    fn non_utf8_paths_keep_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let p = Path::new(std::ffi::OsStr::from_bytes(b"a\xffb"));
        assert_eq!(path_json(p), serde_json::json!({"bytes": "Yf9i"}));
    }

    #[test]
    fn records_are_enveloped_one_per_line() {
        let mut w = JsonLines::new(Vec::new());
        w.record("summary", &serde_json::json!({"files": 1}))
            .unwrap();
        w.record("summary", &serde_json::json!({"files": 2}))
            .unwrap();
        let s = String::from_utf8(w.into_inner()).unwrap();
        assert_eq!(
            s,
            "{\"type\":\"summary\",\"data\":{\"files\":1}}\n{\"type\":\"summary\",\"data\":{\"files\":2}}\n"
        );
    }
}
