//! Reading tool arguments: snake_case names with their camelCase aliases
//! (`file_pattern` or `filePattern`), explicit `null` read as absent, and paths held
//! inside the served root.

use std::path::{Component, Path, PathBuf};

use serde_json::{Map, Value};

use super::ToolError;
use crate::cli::WalkArgs;

/// The arguments of one call.
#[derive(Debug)]
pub struct Args(Map<String, Value>);

/// `file_pattern` → `filePattern`.
fn camel(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn bad(name: &str, what: &str) -> ToolError {
    ToolError::InvalidArguments(format!("argument '{name}' must be {what}"))
}

impl Args {
    pub fn new(map: Map<String, Value>) -> Args {
        Args(map)
    }

    /// The value of `name` (or its camelCase alias), `None` when absent or null.
    fn get(&self, name: &str) -> Option<&Value> {
        self.0
            .get(name)
            .or_else(|| self.0.get(&camel(name)))
            .filter(|v| !v.is_null())
    }

    pub fn str(&self, name: &str) -> Result<Option<&str>, ToolError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(bad(name, "a string")),
        }
    }

    /// A required, non-empty string.
    pub fn required_str(&self, name: &str) -> Result<&str, ToolError> {
        match self.str(name)? {
            Some(s) if !s.trim().is_empty() => Ok(s),
            Some(_) => Err(bad(name, "a non-empty string")),
            None => Err(ToolError::InvalidArguments(format!(
                "missing required argument '{name}'"
            ))),
        }
    }

    pub fn bool(&self, name: &str) -> Result<Option<bool>, ToolError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(bad(name, "true or false")),
        }
    }

    pub fn usize(&self, name: &str) -> Result<Option<usize>, ToolError> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| bad(name, "a non-negative integer")),
        }
    }

    pub fn f64(&self, name: &str) -> Result<Option<f64>, ToolError> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v
                .as_f64()
                .filter(|f| f.is_finite())
                .map(Some)
                .ok_or_else(|| bad(name, "a number")),
        }
    }

    /// A list of strings; one string is a list of one.
    pub fn strings(&self, name: &str) -> Result<Vec<String>, ToolError> {
        match self.get(name) {
            None => Ok(Vec::new()),
            Some(Value::String(s)) => Ok(vec![s.clone()]),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| bad(name, "a string or a list of strings")),
            Some(_) => Err(bad(name, "a string or a list of strings")),
        }
    }

    /// The `root` argument as the walker's path list: empty for the served root
    /// itself (paths print without a `./`), else the directory relative to it.
    pub fn root(&self, served: &Path) -> Result<Vec<PathBuf>, ToolError> {
        match self.str("root")? {
            None => Ok(Vec::new()),
            Some(r) => {
                let rel = inside(served, Path::new(r), "root")?;
                Ok(if rel.as_os_str().is_empty() {
                    Vec::new()
                } else {
                    vec![rel]
                })
            }
        }
    }

    /// A path argument (a file or directory that must exist), relative to the served
    /// root.
    pub fn path(&self, name: &str, served: &Path) -> Result<Option<PathBuf>, ToolError> {
        self.str(name)?
            .map(|p| inside(served, Path::new(p), name))
            .transpose()
    }

    /// The walker options the call names: `glob`, `type`, `type_not`, `hidden`,
    /// `no_ignore`, `max_depth`.
    pub fn walk(&self) -> Result<WalkArgs, ToolError> {
        let mut types = self.strings("type")?;
        types.extend(self.strings("language")?);
        Ok(WalkArgs {
            globs: self.strings("glob")?,
            types,
            types_not: self.strings("type_not")?,
            hidden: self.bool("hidden")?.unwrap_or(false),
            no_ignore: self.bool("no_ignore")?.unwrap_or(false),
            max_depth: self.usize("max_depth")?,
            ..WalkArgs::default()
        })
    }
}

/// `path` (absolute, or relative to the served root) relative to the served root;
/// refused when it does not exist or leads outside it (also through a symlink).
pub fn inside(served: &Path, path: &Path, name: &str) -> Result<PathBuf, ToolError> {
    let shown = path.display();
    let canonical = served.join(path).canonicalize().map_err(|e| {
        ToolError::InvalidArguments(format!("{name} '{shown}' cannot be opened: {e}"))
    })?;
    let rel = canonical.strip_prefix(served).map_err(|_| {
        ToolError::InvalidArguments(format!(
            "{name} '{shown}' is outside the served root {}",
            served.display()
        ))
    })?;
    debug_assert!(rel.components().all(|c| matches!(c, Component::Normal(_))));
    Ok(rel.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn camel_case_aliases_and_nulls() {
        assert_eq!(camel("file_pattern"), "filePattern");
        assert_eq!(camel("include_callers"), "includeCallers");
        let a = Args::new(
            json!({"filePattern": "*.py", "limit": null})
                .as_object()
                .unwrap()
                .clone(),
        );
        assert_eq!(a.str("file_pattern").unwrap(), Some("*.py"));
        assert_eq!(a.usize("limit").unwrap(), None);
        assert!(a.required_str("symbol").is_err());
    }

    #[test]
    fn paths_outside_the_root_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir(root.join("sub")).unwrap();
        let at = |p: &str| inside(&root, Path::new(p), "root");
        assert_eq!(at("sub").unwrap(), PathBuf::from("sub"));
        assert_eq!(at(".").unwrap(), PathBuf::new());
        assert!(at("..").is_err());
        assert!(at("/").is_err());
    }
}
