//! C++ members declared in their class and defined outside it: `Status Write(..);` in
//! the class in a header, `Status DBImpl::Write(..) { .. }` in a source file.
//!
//! The two are one function. Calls on a receiver of the class's type resolve to the
//! declaration (the class is what the caller's includes show), calls from the class's
//! other members written in the same source file may resolve to the definition; a
//! question about either must see both. A definition is paired with the declaration
//! of its class whose parameter types are written the same (names and default values
//! aside); when none or several are (overloads on `const`, a type written another
//! way), the two stay apart rather than be paired by a guess.

use super::generics::after_parameters_open;
use super::overloads::each_parameter;
use super::{DefRef, Resolver};
use crate::symbols::{Kind, Symbol};

impl<'s> Resolver<'s> {
    /// The declaration, in its class, of `def`, a C++ member defined outside the class
    /// (`void DBImpl::Write() {..}`); `None` for anything else, or when the class or the
    /// declaration cannot be told.
    pub fn declared_in_class(&self, def: &DefRef) -> Option<DefRef> {
        let s = def.symbol();
        if s.language != "cpp" || !callable(s) {
            return None;
        }
        let at = u32::try_from(def.index).ok();
        if Self::enclosing_type(&def.file, at).is_some() {
            return None;
        }
        let class = self.enclosing_type_def(&def.file, at)?;
        let c = class.symbol();
        // The qualified name must put the member in that very class (not in a type the
        // lookup fell back to).
        let owner = s.qualified_name.strip_suffix(s.name.as_str())?;
        if owner.strip_suffix('.') != Some(c.qualified_name.as_str()) {
            return None;
        }
        let declared = DefRef::all_in(&class.file, |d| {
            d.parent == Some(class.index) && d.name == s.name && callable(d)
        });
        paired(s, declared)
    }

    /// The definitions outside its class of `decl`, a member declared in a C++ class
    /// (several when platform-specific source files each define it); empty for
    /// anything else.
    pub fn defined_apart(&self, decl: &DefRef) -> Vec<DefRef> {
        let s = decl.symbol();
        let in_class = s
            .parent
            .and_then(|p| decl.file.definitions.get(p))
            .is_some_and(|p| p.kind.is_type_like());
        if s.language != "cpp" || !callable(s) || !in_class {
            return Vec::new();
        }
        self.defs_named(&s.name)
            .iter()
            .filter(|d| {
                let o = d.symbol();
                o.language == "cpp" && o.qualified_name == s.qualified_name && !d.same_as(decl)
            })
            .filter(|d| {
                self.declared_in_class(d)
                    .is_some_and(|found| found.same_as(decl))
            })
            .cloned()
            .collect()
    }
}

fn callable(s: &Symbol) -> bool {
    matches!(s.kind, Kind::Method | Kind::Function)
}

/// The one of `declared` that `def` defines: the one whose parameter types are
/// written the same. Not the only one taking as many parameters: the facts may lack
/// the declaration that matches (a constructor's), and another one is then no better
/// than a guess.
fn paired(def: &Symbol, declared: Vec<DefRef>) -> Option<DefRef> {
    let wanted = parameter_types(def)?;
    let mut same = declared
        .into_iter()
        .filter(|d| parameter_types(d.symbol()).as_ref() == Some(&wanted));
    match (same.next(), same.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// The types of the parameters `s`'s header declares, each with its spaces, its
/// parameter name and its default value taken away (`const Options& options = {}` is
/// `constOptions&`); `None` when the list cannot be read from the header.
fn parameter_types(s: &Symbol) -> Option<Vec<String>> {
    let rest = after_parameters_open(s.header(), &s.name)?;
    let mut types = Vec::new();
    let closed = each_parameter(rest, |p, _| {
        let p = p.split('=').next().unwrap_or(p).trim();
        if !p.is_empty() && p != "void" {
            types.push(without_parameter_name(p));
        }
    });
    closed.then_some(types)
}

/// A parameter's type: the parameter without its name, when it has one (a last word
/// after a type: `int n`, `char* buf`, `const Slice& key`, not `int` nor `Slice*`),
/// with its spaces taken away.
fn without_parameter_name(p: &str) -> String {
    let p = p.split('[').next().unwrap_or(p).trim_end();
    let word_start = p
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let before = p[..word_start].trim_end();
    let named = !before.is_empty()
        && !matches!(
            before.rsplit(char::is_whitespace).next(),
            Some("unsigned" | "signed" | "long" | "short" | "struct" | "class" | "enum")
        )
        && !before.ends_with("::");
    let ty = if named { before } else { p };
    ty.chars().filter(|c| !c.is_whitespace()).collect()
}

#[cfg(test)]
mod tests {
    use super::super::generics::signed;
    use super::parameter_types;
    use crate::symbols::Kind;

    #[test]
    fn parameter_types_leave_out_names_defaults_and_spaces() {
        let types = |sig: &str| parameter_types(&signed("cpp", "Write", Kind::Method, sig));
        let want = |t: &[&str]| Some(t.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(
            types("Status Write(const WriteOptions& options, WriteBatch* updates) override;"),
            want(&["constWriteOptions&", "WriteBatch*"])
        );
        assert_eq!(
            types("Status DBImpl::Write(const WriteOptions &opts, WriteBatch *my_batch) {"),
            want(&["constWriteOptions&", "WriteBatch*"])
        );
        assert_eq!(
            types("void Write(unsigned int, std::map<int, char> m = {}, char buf[16]);"),
            want(&["unsignedint", "std::map<int,char>", "char"])
        );
        assert_eq!(types("void Write(void) const;"), want(&[]));
        assert_eq!(types("void Write(int a,"), None);
    }
}
