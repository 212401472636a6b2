//! Symbol answers read off the JSON records of a run, as short comparable lines.

use serde_json::Value;

use super::json_run;

pub fn data<'a>(recs: &'a [Value], kind: &str) -> Vec<&'a Value> {
    recs.iter()
        .filter(|r| r["type"] == kind)
        .map(|r| &r["data"])
        .collect()
}

/// A dependency's or a use's name as written: `qualifier.name`, the name right after
/// a PHP namespace path (`\App\f`), or the bare name.
pub fn written_name(d: &Value) -> String {
    let name = d["name"].as_str().unwrap_or("");
    match d["qualifier"].as_str() {
        Some(q) if q.ends_with('\\') => format!("{q}{name}"),
        Some(q) => format!("{q}.{name}"),
        None => name.to_string(),
    }
}

/// `line qualifier.name -> target` for each dependency, target being the definition's
/// `path:line`, `external:MODULE`, `local` or `?`.
pub fn deps(recs: &[Value]) -> Vec<String> {
    data(recs, "dependency")
        .into_iter()
        .map(|d| {
            let name = written_name(d);
            let at = format!(
                "{}:{}",
                d["resolved"]["path"]["text"].as_str().unwrap_or(""),
                d["resolved"]["line"]
            );
            let to = match d["resolution"].as_str().unwrap_or("") {
                "definition" => at,
                "overloads" => format!("overloads of {at}"),
                "external" => format!("external:{}", d["external"].as_str().unwrap_or("")),
                "local" => "local".into(),
                _ => "?".into(),
            };
            format!(
                "{} {} {name} -> {to}",
                d["line"],
                d["kind"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// `path:line resolution` of each use.
pub fn uses(recs: &[Value]) -> Vec<String> {
    data(recs, "reference")
        .into_iter()
        .map(|r| {
            format!(
                "{}:{} {}",
                r["path"]["text"].as_str().unwrap_or(""),
                r["line"],
                r["resolution"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// The [`deps`] of a `what-depends` run that must succeed.
pub fn depends(dir: &std::path::Path, args: &[&str]) -> Vec<String> {
    let mut all = vec!["what-depends"];
    all.extend_from_slice(args);
    let (code, recs) = json_run(dir, &all);
    assert_eq!(code, 0, "{recs:?}");
    deps(&recs)
}

/// The calls among [`depends`]' answers.
pub fn calls(dir: &std::path::Path, args: &[&str]) -> Vec<String> {
    depends(dir, args)
        .into_iter()
        .filter(|d| d.contains(" call "))
        .collect()
}

pub fn has(list: &[String], want: &str) -> bool {
    list.iter().any(|l| l == want)
}

/// Fails, naming the first one missing, unless `got` has every one of `wants`.
pub fn has_all(got: &[String], wants: &[&str]) {
    for want in wants {
        assert!(has(got, want), "{want}\n{got:#?}");
    }
}

/// The uses `what-breaks ARGS` reports (see [`uses`]), answered from the index and
/// without it: both must agree (a focused parse without the index reads less of each
/// file). No use found exits 1, as grep does.
pub fn breaks_both_ways(dir: &std::path::Path, args: &[&str]) -> Vec<String> {
    let mut all = vec!["what-breaks"];
    all.extend_from_slice(args);
    let (code, recs) = json_run(dir, &all);
    all.push("--no-index");
    let (fresh_code, fresh) = json_run(dir, &all);
    let found = uses(&recs);
    assert_eq!(code, i32::from(found.is_empty()), "{recs:?}");
    assert_eq!(
        (code, found.clone()),
        (fresh_code, uses(&fresh)),
        "index and --no-index disagree"
    );
    found
}
