//! A Python module's variable that only gives another name to a type (`str = str` and
//! `bytes = bytes` in a compatibility module, `JSONDict = dict`, `Base = _Base`): where
//! a type is looked for, imported from that module (`from .compat import str`), it is
//! the type it names. Read from the variable's line, as written.

use std::sync::Arc;

use super::guards::SupertypeChain;
use super::imports::ModuleTarget;
use super::members::pick;
use super::{is_word, kind_ok, Resolution, Resolver};
use crate::facts::{type_parts, FileFacts};
use crate::symbols::Kind;

impl Resolver<'_> {
    /// The type module `target`'s top-level variable or constant `name` renames (see
    /// [`Resolver::python_type_renamed_in`]).
    pub(super) fn python_type_renamed(
        &self,
        target: &ModuleTarget,
        name: &str,
        kinds: &[Kind],
    ) -> Option<Resolution> {
        let ModuleTarget::Files(files) = target else {
            return None;
        };
        files.iter().find_map(|f| {
            let facts = self.source.outline(f)?;
            self.python_type_renamed_in(&facts, name, kinds)
        })
    }

    /// The type Python file `facts`'s top-level variable or constant `name` renames,
    /// when a type (not a value, `kinds`) is looked for and the file gives the name one
    /// value only, a plain name or path (`str = str`). `None` otherwise.
    pub(super) fn python_type_renamed_in(
        &self,
        facts: &Arc<FileFacts>,
        name: &str,
        kinds: &[Kind],
    ) -> Option<Resolution> {
        if facts.language.name != "python"
            || kind_ok(kinds, Kind::Variable)
            || kind_ok(kinds, Kind::Constant)
        {
            return None;
        }
        let variable = pick(Self::file_level(
            facts,
            name,
            &[Kind::Variable, Kind::Constant],
        ))?;
        let renamed = renamed_path(&variable.symbol().signature, name)?;
        // Renamings that name each other (`A = B` beside `B = A`) are followed round
        // once, then cut.
        let key = (Arc::as_ptr(&variable.file) as usize, variable.index);
        let _open = SupertypeChain::enter(key)?;
        let (qualifier, ty) = type_parts(renamed)?;
        // Looked up as a type, the variable itself is passed over: `str = str` renames
        // the builtin.
        match self.resolve_type_name(facts, None, ty, qualifier) {
            found @ (Resolution::Definition(_) | Resolution::External(_)) => Some(found),
            _ => None,
        }
    }
}

/// The plain name or dotted path variable `name`'s line gives it (`compat.str` of
/// `str = compat.str`); `None` for any other value.
fn renamed_path<'s>(signature: &'s str, name: &str) -> Option<&'s str> {
    let value = signature
        .strip_prefix(name)?
        .trim_start()
        .strip_prefix('=')?
        .trim();
    (!value.is_empty() && value.split('.').all(is_word)).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::renamed_path;

    #[test]
    fn only_a_plain_name_or_path_is_a_renaming() {
        assert_eq!(renamed_path("str = str", "str"), Some("str"));
        assert_eq!(
            renamed_path("Json = compat.JSON", "Json"),
            Some("compat.JSON")
        );
        assert_eq!(
            renamed_path("basestring = (str, bytes)", "basestring"),
            None
        );
        assert_eq!(renamed_path("x = make()", "x"), None);
        assert_eq!(renamed_path("x: int = y", "x"), None);
    }
}
