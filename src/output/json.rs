//! Lossless paths in JSON output.
//!
//! Every record is one line `{"type":"<kind>","data":{...}}` (see
//! [`super::record::Record`]). Paths are ripgrep's arbitrary-data objects:
//! `{"text":"..."}` when the path is valid UTF-8, else `{"bytes":"<base64>"}` holding
//! the exact bytes, so no file name is ever lost.

use std::path::Path;

use base64::Engine;
use serde::ser::{Serialize, SerializeMap, Serializer};

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

    fn json(path: &Path) -> serde_json::Value {
        serde_json::to_value(PathJson(path)).unwrap()
    }

    #[test]
    fn utf8_paths_are_text() {
        assert_eq!(
            json(Path::new("src/main.rs")),
            serde_json::json!({"text": "src/main.rs"})
        );
    }

    #[cfg(unix)]
    #[test]
    fn non_utf8_paths_keep_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let p = Path::new(std::ffi::OsStr::from_bytes(b"a\xffb"));
        assert_eq!(json(p), serde_json::json!({"bytes": "Yf9i"}));
    }
}
