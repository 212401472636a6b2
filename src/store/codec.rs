//! The stored form of a file's facts: path-free (two paths with the same bytes share
//! one record), encoded compactly with `postcard` and compressed.
//!
//! A file's facts are three blobs: its definitions; its outline (package, imports,
//! build constraint, inheritance references, fields and top-level variables: what
//! resolution reads of a file it only looks into); its body (its other references and
//! bindings).
//! find-symbol, which needs only the definitions, never decodes references, and
//! looking into a type's file never decodes the thousands of references a large one
//! holds. The body holds its references grouped by name, so that a search for the uses
//! of a name decodes that name's references in each file and skips the others. The
//! definitions' name parts and the remembered walk, read on every question, are
//! compressed with LZ4 (`lz4_flex`, safe Rust), which decodes several times faster
//! than zstd, and so is the short list of the names a content mentions;
//! the definitions and references, read only for the files a question is about, use
//! zstd, which makes them about a fifth smaller than LZ4 would and keeps the index
//! smaller than the source it covers. Every blob carries its decoded length first,
//! checked before anything is reserved.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};

use crate::facts::{
    Binding, BindingKind, CallArguments, FileFacts, Import, ModuleValue, RefKind, Reference,
    TraitImpl,
};
use crate::lang::{Kind, Language};
use crate::symbols::name_mask::{NameMask, NameScreen, PairSet, NAME_MASK_BYTES, PAIR_SET_BYTES};
use crate::symbols::rank::{with_name_parts, NameParts};
use crate::symbols::Symbol;

/// A decoded blob larger than this is refused: a corrupt length must not allocate
/// gigabytes.
const MAX_DECODED: usize = 1 << 30;

/// How many times its compressed size a blob may claim to expand to. Facts compress
/// about three to one; even a file of one line repeated is far below this.
const MAX_RATIO: usize = 4096;

/// A definition without its path: `id` holds what follows `{path}::` in the real id.
/// Read back as [`StoredDefinitionRef`].
#[derive(Serialize)]
struct StoredDefinition {
    symbol: Symbol,
    id_has_path: bool,
    parent: Option<u32>,
    name_byte: u32,
    incomplete: bool,
    bodiless: bool,
    type_level: bool,
}

/// What resolution reads of a file it only looks into (see [`Keep::Inheritance`]), as
/// read back: the language the file was parsed as (its text may have decided it: a
/// `.h` header holding C++), the package, a Go file's build constraint, the imports,
/// the inheritance references and the fields and top-level variables, each of the last
/// two with its position among all the file's references or bindings. Stored apart from the [`StoredBody`] so that
/// such a read decodes a small blob instead of every reference of the file; stored
/// once, with the body holding the others, so that the index does not grow by a copy
/// of every field.
#[derive(Deserialize)]
struct StoredOutline<'a> {
    language: &'a str,
    package: Option<String>,
    build: Option<String>,
    module_value: Option<ModuleValue>,
    outer_packages: Vec<String>,
    direct_commands: Vec<u32>,
    trait_impls: Vec<TraitImpl>,
    imports: Vec<Import>,
    #[serde(borrow)]
    inheritance: Vec<(u32, ReferenceView<'a>)>,
    bindings: Vec<(u32, Binding)>,
}

/// [`StoredOutline`] borrowed from the facts being stored.
#[derive(Serialize)]
struct StoredOutlineRef<'a> {
    language: &'a str,
    package: &'a Option<String>,
    build: &'a Option<String>,
    module_value: &'a Option<ModuleValue>,
    outer_packages: &'a [String],
    direct_commands: &'a [u32],
    trait_impls: &'a [TraitImpl],
    imports: &'a [Import],
    inheritance: Vec<(u32, &'a Reference)>,
    bindings: Vec<(u32, &'a Binding)>,
}

/// The references and bindings of a file that are not in its outline, as read back.
/// The references are grouped by name, in the order each name first occurs, and each
/// group's encoding is kept as bytes ([`RefGroup`]) until a reader asks for it: a
/// question about the uses of one name decodes that name's group, not the hundreds of
/// other references of the file. The bindings are in order.
#[derive(Deserialize)]
struct StoredBody<'a> {
    #[serde(borrow)]
    references: Vec<(&'a str, &'a [u8])>,
    bindings: Vec<Binding>,
    #[serde(borrow)]
    call_arguments: Vec<CallArgumentsView<'a>>,
}

/// [`CallArguments`] read in place: those of calls a reader does not keep cost no
/// allocation.
#[derive(Deserialize)]
struct CallArgumentsView<'a> {
    start_byte: u32,
    types: &'a str,
}

/// [`StoredBody`] built from the facts being stored: each name with its group's
/// encoding.
#[derive(Serialize)]
struct StoredBodyRef<'a> {
    references: Vec<(&'a str, Vec<u8>)>,
    bindings: Vec<&'a Binding>,
    call_arguments: &'a [CallArguments],
}

/// One reference of a name's group, without the name. Positions are told from the
/// group's reference before (the first from the start): how many of the file's
/// references stand between the two, and how far the line and the byte offset moved.
/// Small numbers take one byte, and a group's lines and offsets usually only grow.
#[derive(Serialize, Deserialize)]
struct RefGroup<'a> {
    gap: u32,
    #[serde(borrow)]
    qualifier: Option<&'a str>,
    kind: RefKind,
    line: i64,
    column: u32,
    start_byte: i64,
    enclosing: Option<u32>,
    arity: Option<u16>,
}

/// The encoding of one name's group: the references of `all` at positions `at`, which
/// strictly increase (as `body_of` collects them).
fn encode_group(all: &[Reference], at: &[u32]) -> Vec<u8> {
    debug_assert!(at.windows(2).all(|w| w[0] < w[1]));
    // Where the reference before leaves off: the position right after it, its line and
    // offset (at the start, position, line and offset 0).
    let (mut next, mut line, mut start_byte) = (0u32, 0u32, 0u32);
    let group: Vec<RefGroup<'_>> = at
        .iter()
        .map(|&i| {
            let r = &all[i as usize];
            let stored = RefGroup {
                gap: i - next,
                qualifier: r.qualifier.as_deref(),
                kind: r.kind,
                line: i64::from(r.line) - i64::from(line),
                column: r.column,
                start_byte: i64::from(r.start_byte) - i64::from(start_byte),
                enclosing: r.enclosing,
                arity: r.arity,
            };
            (next, line, start_byte) = (i + 1, r.line, r.start_byte);
            stored
        })
        .collect();
    encode(&group)
}

/// The references of one stored group, each with its position among all the file's
/// references, added to `out`.
fn decode_group(
    name: &str,
    bytes: &[u8],
    out: &mut Vec<(u32, Reference)>,
) -> Result<(), CodecError> {
    let (group, rest): (Vec<RefGroup<'_>>, &[u8]) =
        postcard::take_from_bytes(bytes).map_err(|e| CodecError::Corrupt(e.to_string()))?;
    if !rest.is_empty() {
        return Err(CodecError::Corrupt(format!(
            "{} bytes after the references named {name}",
            rest.len()
        )));
    }
    let corrupt = || CodecError::Corrupt(format!("a position of a reference named {name}"));
    // A damaged step may be any i64: added with a check, never wrapped.
    let moved = |from: u32, by: i64| {
        i64::from(from)
            .checked_add(by)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(corrupt)
    };
    // As `encode_group` counts: from the position right after the reference before.
    let (mut next, mut line, mut start_byte) = (0u64, 0u32, 0u32);
    for g in group {
        let index = u32::try_from(next + u64::from(g.gap)).map_err(|_| corrupt())?;
        (line, start_byte) = (moved(line, g.line)?, moved(start_byte, g.start_byte)?);
        next = u64::from(index) + 1;
        out.push((
            index,
            Reference {
                name: name.to_string(),
                qualifier: g.qualifier.map(str::to_string),
                kind: g.kind,
                line,
                column: g.column,
                start_byte,
                enclosing: g.enclosing,
                arity: g.arity,
            },
        ));
    }
    Ok(())
}

/// References with their positions among all the file's references, put in that
/// order. `whole`: they are all of them, so the positions must be exactly 0, 1, 2,
/// ...; otherwise each must be past the one before.
fn in_file_order(
    mut placed: Vec<(u32, Reference)>,
    whole: bool,
) -> Result<Vec<Reference>, CodecError> {
    placed.sort_unstable_by_key(|(at, _)| *at);
    let fits = if whole {
        (0u32..).zip(&placed).all(|(i, (at, _))| i == *at)
    } else {
        placed.windows(2).all(|w| w[0].0 < w[1].0)
    };
    if !fits {
        return Err(CodecError::Corrupt(
            "reference positions overlap or leave gaps".into(),
        ));
    }
    Ok(placed.into_iter().map(|(_, r)| r).collect())
}

/// Whether a reference of this kind belongs to a file's outline.
fn in_outline_reference(kind: RefKind) -> bool {
    kind == RefKind::Inheritance
}

/// Whether a binding belongs to a file's outline: a field, or a variable of the file's
/// top level (a C header's `extern int (*hook)(void);` tells that a name is the tree's).
fn in_outline_binding(b: &Binding) -> bool {
    b.kind == BindingKind::Field || b.scope.is_none()
}

/// The items of a list split into the outline's part (`placed`, each with its position
/// in the list) and the body's (`others`, in order), put back together.
fn interleave<T>(placed: Vec<(u32, T)>, others: Vec<T>) -> Result<Vec<T>, CodecError> {
    let total = placed.len() + others.len();
    let mut out = Vec::with_capacity(total);
    let mut placed = placed.into_iter().peekable();
    let mut others = others.into_iter();
    for at in 0..total {
        let next = match placed.next_if(|(p, _)| *p as usize == at) {
            Some((_, item)) => Some(item),
            None => others.next(),
        };
        out.push(
            next.ok_or_else(|| CodecError::Corrupt("an outline position is out of order".into()))?,
        );
    }
    Ok(out)
}

/// The stored blobs of one content a reader asks for.
pub struct FactBlobs {
    /// The definitions; `None` when the reader has them decoded already.
    pub definitions: Option<Vec<u8>>,
    pub outline: Vec<u8>,
    /// The references and bindings not in the outline; `None` when the reader keeps
    /// only the outline.
    pub body: Option<Vec<u8>>,
}

/// A stored [`Reference`] read in place: its fields in the same order (a test checks
/// that both read the same bytes the same way).
#[derive(Deserialize)]
struct ReferenceView<'a> {
    name: &'a str,
    qualifier: Option<&'a str>,
    kind: RefKind,
    line: u32,
    column: u32,
    start_byte: u32,
    enclosing: Option<u32>,
    arity: Option<u16>,
}

impl ReferenceView<'_> {
    fn to_owned(&self) -> Reference {
        Reference {
            name: self.name.to_string(),
            qualifier: self.qualifier.map(str::to_string),
            kind: self.kind,
            line: self.line,
            column: self.column,
            start_byte: self.start_byte,
            enclosing: self.enclosing,
            arity: self.arity,
        }
    }
}

/// Which stored references a reader keeps.
#[derive(Clone, Copy)]
pub enum Keep<'a> {
    /// Every reference: the whole record.
    All,
    /// The inheritance references only, and of the bindings the fields and the
    /// top-level variables: what resolution reads of a file it looks into (the declared
    /// types of its types' fields, the variables it declares; parameters and locals
    /// only in the file whose references it resolves).
    Inheritance,
    /// The references with one of these names and the inheritance ones; a file with
    /// none of the names is not decoded further.
    UsesOf(&'a FxHashSet<String>),
}

impl Keep<'_> {
    /// Whether the references of the body named `name` are kept (the outline's
    /// inheritance references always are).
    fn keeps_named(&self, name: &str) -> bool {
        match self {
            Keep::All => true,
            Keep::Inheritance => false,
            Keep::UsesOf(names) => names.contains(name),
        }
    }
}

/// Why a stored blob could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    #[error("stored facts are corrupt: {0}")]
    Corrupt(String),
}

fn id_prefix(path: &Path) -> String {
    format!("{}::", path.to_string_lossy())
}

/// zstd's fastest level: the index is written once per change and read often, and
/// higher levels gain little on blobs of a few kilobytes.
const LEVEL: i32 = 1;

thread_local! {
    /// One compression context per writer thread, reused across blobs.
    static COMPRESSOR: RefCell<Option<zstd::bulk::Compressor<'static>>> = const { RefCell::new(None) };
    static DECOMPRESSOR: RefCell<Option<zstd::bulk::Decompressor<'static>>> = const { RefCell::new(None) };
}

/// How a blob's encoding is compressed (see the module doc for which blob uses which).
#[derive(Clone, Copy)]
pub(super) enum Packing {
    Zstd,
    Lz4,
}

/// A blob: the encoded length (4 bytes, little-endian), then the compressed encoding.
pub(super) fn pack<T: Serialize>(value: &T, packing: Packing) -> Vec<u8> {
    pack_raw(&encode(value), packing, &[])
}

/// The postcard encoding of `value`.
fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    // Invariant: postcard serialises every type here (no maps with non-string keys,
    // no unsized sequences).
    postcard::to_stdvec(value).expect("facts serialise")
}

/// A blob of an encoding, compressed against `dictionary` as well (bytes the reader
/// will have decoded already and gives back to [`decompress_with`]; none when empty).
fn pack_raw(raw: &[u8], packing: Packing, dictionary: &[u8]) -> Vec<u8> {
    let body = match packing {
        Packing::Zstd => COMPRESSOR.with(|c| {
            let mut c = c.borrow_mut();
            // Invariant: creating a context (for a valid level), loading a dictionary
            // and compressing into a growable buffer fail only when zstd cannot
            // allocate.
            let c = c.get_or_insert_with(|| {
                let mut c = zstd::bulk::Compressor::new(LEVEL).expect("zstd context");
                // A checksum of the decoded bytes in every frame: a damaged blob, or a
                // body read against another file's outline, is refused, not misread.
                c.set_parameter(zstd::zstd_safe::CParameter::ChecksumFlag(true))
                    .expect("zstd takes a checksum flag");
                c
            });
            if dictionary.is_empty() {
                return c.compress(raw).expect("zstd compresses");
            }
            c.set_dictionary(LEVEL, dictionary)
                .expect("zstd loads a dictionary");
            let body = c.compress(raw);
            // The context is shared by every blob of this thread: never left holding it.
            c.set_dictionary(LEVEL, &[])
                .expect("zstd drops a dictionary");
            body.expect("zstd compresses")
        }),
        Packing::Lz4 => lz4_flex::block::compress_with_dict(raw, dictionary),
    };
    let mut blob = Vec::with_capacity(4 + body.len());
    blob.extend_from_slice(&u32::try_from(raw.len()).unwrap_or(u32::MAX).to_le_bytes());
    blob.extend_from_slice(&body);
    blob
}

pub(super) fn unpack<T: for<'de> Deserialize<'de>>(
    blob: &[u8],
    packing: Packing,
) -> Result<T, CodecError> {
    decode(&decompress(blob, packing)?)
}

/// Reads a decompressed encoding; what it borrows, it borrows from `raw`.
fn decode<'a, T: Deserialize<'a>>(raw: &'a [u8]) -> Result<T, CodecError> {
    postcard::from_bytes(raw).map_err(|e| CodecError::Corrupt(e.to_string()))
}

fn decompress(blob: &[u8], packing: Packing) -> Result<Vec<u8>, CodecError> {
    decompress_with(blob, packing, &[])
}

/// Decompresses a blob packed against `dictionary` (see [`pack_raw`]).
fn decompress_with(
    blob: &[u8],
    packing: Packing,
    dictionary: &[u8],
) -> Result<Vec<u8>, CodecError> {
    let (claimed, body) = claimed_length(blob)?;
    // The room is reserved before anything is decoded, so a damaged length must be
    // caught first: no blob of ours expands past a bound on its compressor's ratio
    // (MAX_RATIO for zstd, whose frame header must also state the same size; about
    // 255 for an LZ4 block).
    let plausible = claimed <= MAX_DECODED
        && match packing {
            Packing::Zstd => {
                zstd::zstd_safe::get_frame_content_size(body).ok().flatten() == Some(claimed as u64)
                    && claimed <= body.len().saturating_mul(MAX_RATIO).max(1 << 16)
            }
            Packing::Lz4 => claimed <= body.len().saturating_mul(255).max(1 << 16),
        };
    if !plausible {
        return Err(CodecError::Corrupt(format!("blob claims {claimed} bytes")));
    }
    let raw = match packing {
        Packing::Zstd => DECOMPRESSOR.with(|d| {
            let mut d = d.borrow_mut();
            // Invariant: creating a context fails only when zstd cannot allocate.
            let d = d.get_or_insert_with(|| zstd::bulk::Decompressor::new().expect("zstd context"));
            let corrupt = |e: std::io::Error| CodecError::Corrupt(e.to_string());
            if dictionary.is_empty() {
                return d.decompress(body, claimed).map_err(corrupt);
            }
            d.set_dictionary(dictionary).map_err(corrupt)?;
            let raw = d.decompress(body, claimed).map_err(corrupt);
            // The context is shared by every blob of this thread: never left holding it.
            d.set_dictionary(&[]).map_err(corrupt)?;
            raw
        })?,
        Packing::Lz4 => lz4_flex::block::decompress_with_dict(body, claimed, dictionary)
            .map_err(|e| CodecError::Corrupt(e.to_string()))?,
    };
    if raw.len() != claimed {
        return Err(CodecError::Corrupt(format!(
            "blob holds {} bytes, claims {claimed}",
            raw.len()
        )));
    }
    Ok(raw)
}

/// The decoded length a blob states, and what follows it.
fn claimed_length(blob: &[u8]) -> Result<(usize, &[u8]), CodecError> {
    match blob.split_first_chunk::<4>() {
        Some((len, rest)) => Ok((u32::from_le_bytes(*len) as usize, rest)),
        None => Err(CodecError::Corrupt("blob too short".into())),
    }
}

/// Encodes the definitions of `facts` (extracted under the path `facts.path`).
pub fn encode_definitions(facts: &FileFacts) -> Vec<u8> {
    pack_definitions(facts, Packing::Zstd)
}

fn pack_definitions(facts: &FileFacts, packing: Packing) -> Vec<u8> {
    let prefix = id_prefix(&facts.path);
    let defs: Vec<StoredDefinition> = facts
        .definitions
        .iter()
        .map(|s| {
            let mut symbol = s.clone();
            let (id_has_path, id) = match s.id.strip_prefix(&prefix) {
                Some(rest) => (true, rest.to_string()),
                None => (false, s.id.clone()),
            };
            symbol.id = id;
            symbol.path = Path::new("").into();
            StoredDefinition {
                symbol,
                id_has_path,
                parent: s.parent.map(|p| p as u32),
                name_byte: s.name_byte as u32,
                incomplete: s.incomplete,
                bodiless: s.bodiless,
                type_level: s.type_level,
            }
        })
        .collect();
    pack(&defs, packing)
}

/// The stored name parts of a file's definitions: every string once, in one text
/// (checked as UTF-8 once, where a string per field would each be checked), and each
/// definition's parts as spans of it. A name is usually the end of its qualified name
/// and costs no text of its own. Written with serde, read by [`NamesReader`].
#[derive(Serialize)]
struct StoredNames<'a> {
    text: &'a str,
    entries: Vec<StoredNameParts>,
}

/// One definition's [`NameParts`], its strings as byte spans of [`StoredNames::text`].
#[derive(Serialize)]
struct StoredNameParts {
    name: Span,
    qualified_name: Span,
    name_joined: Span,
    name_words: Span,
    parent_joined: Option<Span>,
    kind: Kind,
    start_line: usize,
}

/// A byte range, start and length.
type Span = (u32, u32);

/// Builds [`StoredNames::text`], each distinct string added once.
#[derive(Default)]
struct TextBuilder<'s> {
    text: String,
    spans: HashMap<&'s str, Span>,
}

impl<'s> TextBuilder<'s> {
    fn span(&mut self, s: &'s str) -> Span {
        *self.spans.entry(s).or_insert_with(|| {
            let start = self.text.len();
            self.text.push_str(s);
            (start as u32, s.len() as u32)
        })
    }
}

/// The names of a file's definitions as stored, in two blobs kept apart: their
/// [`NameScreen`] (the count, 4 bytes little-endian, then, when there are any, the
/// [`PairSet`] and one [`NameMask`] per definition, uncompressed), and the packed name
/// parts (see [`NameParts`]). A search reads the screens of every file, and the name
/// parts only of the files whose screens admit the query.
pub struct EncodedNames {
    pub masks: Vec<u8>,
    pub parts: Vec<u8>,
}

/// Encodes the masks and the name parts of every definition, in order.
pub fn encode_names(facts: &FileFacts) -> EncodedNames {
    with_name_parts(&facts.definitions, |parts| {
        let mut text = TextBuilder::default();
        let entries: Vec<StoredNameParts> = parts
            .iter()
            .map(|p| {
                let qualified_name = text.span(p.qualified_name);
                let name = match p.qualified_name.strip_suffix(p.name) {
                    Some(head) if !text.spans.contains_key(p.name) => {
                        (qualified_name.0 + head.len() as u32, p.name.len() as u32)
                    }
                    _ => text.span(p.name),
                };
                StoredNameParts {
                    name,
                    qualified_name,
                    name_joined: text.span(p.name_joined),
                    name_words: text.span(p.name_words),
                    parent_joined: p.parent_joined.map(|j| text.span(j)),
                    kind: p.kind,
                    start_line: p.start_line,
                }
            })
            .collect();
        let stored = StoredNames {
            text: &text.text,
            entries,
        };
        let screen = NameScreen::of(parts);
        let mut masks = Vec::with_capacity(4 + PAIR_SET_BYTES + NAME_MASK_BYTES * parts.len());
        masks.extend_from_slice(&u32::try_from(parts.len()).unwrap_or(u32::MAX).to_le_bytes());
        // A file without definitions has no pairs to keep: the count says it all.
        if !parts.is_empty() {
            masks.extend_from_slice(&screen.pairs.to_bytes());
        }
        for m in &screen.masks {
            masks.extend_from_slice(&m.to_bytes());
        }
        EncodedNames {
            masks,
            parts: pack(&stored, Packing::Lz4),
        }
    })
}

/// The screen of a stored masks blob (see [`EncodedNames`]): one mask per definition.
#[cfg(test)]
fn decode_name_masks(blob: &[u8]) -> Result<NameScreen, CodecError> {
    let mut screen = NameScreen::of(&[]);
    read_name_masks(blob, &mut screen)?;
    Ok(screen)
}

/// Reads the screen of a stored masks blob (see [`EncodedNames`]) into `screen`, one
/// mask per definition, reusing its room: a search screens every stored content and
/// keeps few of them.
pub fn read_name_masks(blob: &[u8], screen: &mut NameScreen) -> Result<(), CodecError> {
    screen.masks.clear();
    let (count, rest) = claimed_length(blob)?;
    if count == 0 && rest.is_empty() {
        screen.pairs = PairSet::of(&[]);
        return Ok(());
    }
    let corrupt = || CodecError::Corrupt(format!("{count} name masks in {} bytes", rest.len()));
    if count
        .checked_mul(NAME_MASK_BYTES)
        .and_then(|n| n.checked_add(PAIR_SET_BYTES))
        != Some(rest.len())
    {
        return Err(corrupt());
    }
    let (pairs, masks) = rest.split_at(PAIR_SET_BYTES);
    screen.pairs = PairSet::from_bytes(pairs).ok_or_else(corrupt)?;
    for b in masks.chunks_exact(NAME_MASK_BYTES) {
        screen
            .masks
            .push(NameMask::from_bytes(b).ok_or_else(corrupt)?);
    }
    Ok(())
}

/// Calls `visit` with the name parts of a stored parts blob (borrowed, no copies),
/// when it holds `count` of them (one per mask).
pub fn with_stored_name_parts<R>(
    blob: &[u8],
    count: usize,
    visit: impl FnOnce(&[NameParts]) -> R,
) -> Result<R, CodecError> {
    let raw = decompress(blob, Packing::Lz4)?;
    let mut reader = NamesReader { bytes: &raw };
    let text = reader.text()?;
    let stored = reader.length()?;
    if stored != count {
        return Err(CodecError::Corrupt(format!(
            "{stored} name parts for {count} masks"
        )));
    }
    // Every entry takes at least eight bytes: a damaged count reserves no more than
    // the bytes could hold.
    let mut parts = Vec::with_capacity(count.min(reader.bytes.len() / 8));
    for _ in 0..count {
        parts.push(reader.entry(text)?);
    }
    Ok(visit(&parts))
}

/// Reads [`StoredNames`]' encoding (postcard's: LEB128 varints, a length before each
/// sequence and text, a tag byte before an option, an enum as its variant's index) in
/// place, straight into [`NameParts`]. Every find-symbol reads every definition of
/// the tree this way, and serde's generated reader, a visitor call per field, took
/// most of that time; `stored_name_parts_read_back_as_computed` checks that both
/// agree.
struct NamesReader<'a> {
    bytes: &'a [u8],
}

impl<'a> NamesReader<'a> {
    fn varint(&mut self) -> Result<u64, CodecError> {
        let mut value = 0u64;
        for (i, &b) in self.bytes.iter().enumerate().take(10) {
            value |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                self.bytes = &self.bytes[i + 1..];
                return Ok(value);
            }
        }
        Err(CodecError::Corrupt("a name part cut short".into()))
    }

    fn length(&mut self) -> Result<usize, CodecError> {
        usize::try_from(self.varint()?)
            .map_err(|_| CodecError::Corrupt("a length overflows".into()))
    }

    fn u32(&mut self) -> Result<u32, CodecError> {
        u32::try_from(self.varint()?).map_err(|_| CodecError::Corrupt("a span overflows".into()))
    }

    fn text(&mut self) -> Result<&'a str, CodecError> {
        let len = self.length()?;
        if len > self.bytes.len() {
            return Err(CodecError::Corrupt("a name text cut short".into()));
        }
        let (text, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        std::str::from_utf8(text).map_err(|e| CodecError::Corrupt(e.to_string()))
    }

    fn span(&mut self, text: &'a str) -> Result<&'a str, CodecError> {
        let start = self.u32()? as usize;
        let len = self.u32()? as usize;
        text.get(start..start + len)
            .ok_or_else(|| CodecError::Corrupt("a name outside its text".into()))
    }

    fn entry(&mut self, text: &'a str) -> Result<NameParts<'a>, CodecError> {
        let name = self.span(text)?;
        let qualified_name = self.span(text)?;
        let name_joined = self.span(text)?;
        let name_words = self.span(text)?;
        let parent_joined = match self.varint()? {
            0 => None,
            1 => Some(self.span(text)?),
            _ => return Err(CodecError::Corrupt("a bad option tag".into())),
        };
        let kind = *usize::try_from(self.varint()?)
            .ok()
            .and_then(|i| kinds_by_index().get(i))
            .ok_or_else(|| CodecError::Corrupt("an unknown kind".into()))?;
        let start_line = self.length()?;
        Ok(NameParts {
            name,
            qualified_name,
            name_joined,
            name_words,
            parent_joined,
            kind,
            start_line,
        })
    }
}

/// Every [`Kind`] by the index serde writes for it, asked of serde itself so that the
/// two can never disagree.
fn kinds_by_index() -> &'static [Kind] {
    static KINDS: std::sync::OnceLock<Vec<Kind>> = std::sync::OnceLock::new();
    KINDS.get_or_init(|| {
        // A variant index below 128 is one byte; there are a few dozen kinds.
        (0u8..128)
            .map_while(|i| postcard::from_bytes::<Kind>(&[i]).ok())
            .collect()
    })
}

/// Encodes the keys of the names a content mentions (see the `content_mentions`
/// table; keys are never negative), as a set: decoded, they come back ascending, each
/// once.
pub fn encode_mentions(keys: &[i64]) -> Vec<u8> {
    // Ascending keys, each stored as its distance from the one before: shorter varints.
    let mut sorted = keys.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut last = 0;
    let steps: Vec<u64> = sorted
        .iter()
        .map(|&k| {
            let step = k.abs_diff(last);
            last = k;
            step
        })
        .collect();
    pack(&steps, Packing::Lz4)
}

/// Decodes [`encode_mentions`]' list.
pub fn decode_mentions(blob: &[u8]) -> Result<Vec<i64>, CodecError> {
    let steps: Vec<u64> = unpack(blob, Packing::Lz4)?;
    let mut last: i64 = 0;
    steps
        .into_iter()
        .map(|step| {
            last = i64::try_from(step)
                .ok()
                .and_then(|s| last.checked_add(s))
                .ok_or_else(|| CodecError::Corrupt("a name key overflows".into()))?;
            Ok(last)
        })
        .collect()
}

/// Encodes what resolution reads of a file it only looks into, and every other
/// reference and binding: the outline and the body blobs.
pub fn encode_outline_and_body(facts: &FileFacts) -> (Vec<u8>, Vec<u8>) {
    pack_outline_and_body(facts, Packing::Zstd)
}

/// The outline, then the body packed against the outline's encoding: the body's
/// qualifiers repeat the imports' packages, which the outline holds (apart, the two
/// blobs of a Java framework took a tenth more room than together).
fn pack_outline_and_body(facts: &FileFacts, packing: Packing) -> (Vec<u8>, Vec<u8>) {
    let outline = encode(&outline_of(facts));
    let body = encode(&body_of(facts));
    (
        pack_raw(&outline, packing, &[]),
        pack_raw(&body, packing, &outline),
    )
}

fn outline_of(facts: &FileFacts) -> StoredOutlineRef<'_> {
    fn placed<T>(all: &[T], keep: impl Fn(&T) -> bool) -> Vec<(u32, &T)> {
        // Positions fit: a file has far fewer than 2^32 references or bindings.
        (0u32..).zip(all).filter(|(_, item)| keep(item)).collect()
    }
    StoredOutlineRef {
        language: facts.language.name,
        package: &facts.package,
        build: &facts.build,
        module_value: &facts.module_value,
        outer_packages: &facts.outer_packages,
        direct_commands: &facts.direct_commands,
        trait_impls: &facts.trait_impls,
        imports: &facts.imports,
        inheritance: placed(&facts.references, |r| in_outline_reference(r.kind)),
        bindings: placed(&facts.bindings, in_outline_binding),
    }
}

fn body_of(facts: &FileFacts) -> StoredBodyRef<'_> {
    // Each name's positions, names in the order they first occur. Positions fit: a
    // file has far fewer than 2^32 references.
    let mut groups: Vec<(&str, Vec<u32>)> = Vec::new();
    let mut group_of: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, r) in (0u32..).zip(&facts.references) {
        if in_outline_reference(r.kind) {
            continue;
        }
        let g = *group_of.entry(&r.name).or_insert_with(|| {
            groups.push((&r.name, Vec::new()));
            groups.len() - 1
        });
        groups[g].1.push(i);
    }
    StoredBodyRef {
        references: groups
            .iter()
            .map(|(name, at)| (*name, encode_group(&facts.references, at)))
            .collect(),
        bindings: facts
            .bindings
            .iter()
            .filter(|b| !in_outline_binding(b))
            .collect(),
        call_arguments: &facts.call_arguments,
    }
}

/// [`StoredDefinition`] read in place: the same encoding, with every text borrowed
/// from the decoded blob, so that definitions a search skips cost no allocation. Its
/// fields mirror [`Symbol`]'s serialised ones in order (a test checks that both read
/// the same bytes the same way).
#[derive(Deserialize)]
struct StoredDefinitionRef<'a> {
    #[serde(borrow)]
    symbol: SymbolRef<'a>,
    id_has_path: bool,
    parent: Option<u32>,
    name_byte: u32,
    incomplete: bool,
    bodiless: bool,
    type_level: bool,
}

#[derive(Deserialize)]
struct SymbolRef<'a> {
    id: &'a str,
    name: &'a str,
    qualified_name: &'a str,
    kind: crate::symbols::Kind,
    language: &'a str,
    /// Always empty: stored definitions are path-free.
    _path: &'a str,
    line: usize,
    start_line: usize,
    end_line: usize,
    start_byte: usize,
    end_byte: usize,
    signature: &'a str,
    long_header: Option<&'a str>,
    doc: Option<&'a str>,
}

/// Decodes the stored definitions, as if extracted under `path`.
pub fn decode_definitions(blob: &[u8], path: &Path) -> Result<Vec<Symbol>, CodecError> {
    unpack_definitions(blob, Packing::Zstd, path)
}

/// The stored definitions, collected into `C`: a file's facts hold them in an
/// `Arc<[Symbol]>`, which collecting from the decoded list's exact length fills in
/// place, without first building a `Vec` and copying every symbol out of it.
fn unpack_definitions<C: FromIterator<Symbol>>(
    blob: &[u8],
    packing: Packing,
    path: &Path,
) -> Result<C, CodecError> {
    let raw = decompress(blob, packing)?;
    let defs: Vec<StoredDefinitionRef<'_>> = decode(&raw)?;
    let prefix = id_prefix(path);
    // One copy of the path, shared by every definition of the file.
    let shared: Arc<Path> = path.into();
    Ok(defs
        .iter()
        .map(|d| {
            let s = &d.symbol;
            Symbol {
                id: if d.id_has_path {
                    [prefix.as_str(), s.id].concat()
                } else {
                    s.id.to_string()
                },
                name: s.name.to_string(),
                qualified_name: s.qualified_name.to_string(),
                kind: s.kind,
                language: crate::lang::static_name(s.language),
                path: shared.clone(),
                line: s.line,
                start_line: s.start_line,
                end_line: s.end_line,
                start_byte: s.start_byte,
                end_byte: s.end_byte,
                signature: s.signature.to_string(),
                long_header: s.long_header.map(str::to_string),
                doc: s.doc.map(str::to_string),
                parent: d.parent.map(|p| p as usize),
                name_byte: d.name_byte as usize,
                incomplete: d.incomplete,
                bodiless: d.bodiless,
                type_level: d.type_level,
            }
        })
        .collect())
}

/// Decodes a stored record as if extracted under `path` from a file named as
/// `language`'s (the record says which language it was parsed as), with the
/// references `keep` keeps; `None` when it asks for the uses of names the file never
/// uses. `decoded`:
/// the record's definitions, decoded before under the same path (a file read for
/// several questions then shares one copy of them). `blobs` must hold the definitions
/// unless they are `decoded`, and the body unless `keep` keeps only the outline.
pub fn decode_facts(
    blobs: &FactBlobs,
    path: &Path,
    language: &'static Language,
    keep: Keep<'_>,
    decoded: Option<Arc<[Symbol]>>,
) -> Result<Option<FileFacts>, CodecError> {
    unpack_facts(blobs, Packing::Zstd, path, language, keep, decoded)
}

/// [`decode_facts`] for either packing.
fn unpack_facts(
    blobs: &FactBlobs,
    packing: Packing,
    path: &Path,
    language: &'static Language,
    keep: Keep<'_>,
    decoded: Option<Arc<[Symbol]>>,
) -> Result<Option<FileFacts>, CodecError> {
    let missing = |what: &str| CodecError::Corrupt(format!("no {what} blob was read"));
    let outline_raw = decompress(&blobs.outline, packing)?;
    let body_raw = match keep {
        Keep::Inheritance => None,
        Keep::All | Keep::UsesOf(_) => Some(decompress_with(
            blobs.body.as_deref().ok_or_else(|| missing("body"))?,
            packing,
            &outline_raw,
        )?),
    };
    let body: Option<StoredBody<'_>> = body_raw.as_deref().map(decode).transpose()?;
    let outline: StoredOutline<'_> = decode(&outline_raw)?;
    // The body's groups this read keeps: all of them, or those of the names asked about.
    let kept_groups: Vec<(&str, &[u8])> = body.as_ref().map_or_else(Vec::new, |b| {
        b.references
            .iter()
            .copied()
            .filter(|(name, _)| keep.keeps_named(name))
            .collect()
    });
    if let (Keep::UsesOf(names), Some(_)) = (keep, &body) {
        if kept_groups.is_empty()
            && !outline
                .inheritance
                .iter()
                .any(|(_, r)| names.contains(r.name))
        {
            return Ok(None);
        }
    }
    let definitions = match decoded {
        Some(d) => d,
        None => unpack_definitions(
            blobs
                .definitions
                .as_deref()
                .ok_or_else(|| missing("definitions"))?,
            packing,
            path,
        )?,
    };
    let inheritance = outline
        .inheritance
        .iter()
        .map(|(at, r)| (*at, ReferenceView::to_owned(r)));
    let (references, bindings, call_arguments) = match body {
        Some(body) => {
            let mut placed: Vec<(u32, Reference)> = inheritance.collect();
            for (name, group) in kept_groups {
                decode_group(name, group, &mut placed)?;
            }
            let references = in_file_order(placed, matches!(keep, Keep::All))?;
            // Only the calls kept have their arguments looked at.
            let kept: Option<FxHashSet<u32>> = (!matches!(keep, Keep::All))
                .then(|| references.iter().map(|r| r.start_byte).collect());
            let call_arguments = body
                .call_arguments
                .into_iter()
                .filter(|c| kept.as_ref().is_none_or(|k| k.contains(&c.start_byte)))
                .map(|c| CallArguments {
                    start_byte: c.start_byte,
                    types: c.types.to_string(),
                })
                .collect();
            (
                references,
                interleave(outline.bindings, body.bindings)?,
                call_arguments,
            )
        }
        // The outline alone: it holds exactly what `Keep::Inheritance` keeps.
        None => (
            inheritance.map(|(_, r)| r).collect(),
            outline.bindings.into_iter().map(|(_, b)| b).collect(),
            Vec::new(),
        ),
    };
    Ok(Some(FileFacts {
        path: path.to_path_buf(),
        language: crate::lang::by_name(outline.language).unwrap_or(language),
        package: outline.package,
        definitions,
        references,
        imports: outline.imports,
        bindings,
        call_arguments,
        build: outline.build,
        module_value: outline.module_value,
        outer_packages: outline.outer_packages,
        direct_commands: outline.direct_commands,
        trait_impls: outline.trait_impls,
    }))
}

/// A file's facts held in memory in the stored encoding, a fraction of the size of
/// the facts themselves, and decoded (keeping what a question needs) each time they
/// are read. LZ4 throughout: they are packed and read within one run, where packing
/// fast matters more than packing small.
pub struct PackedFacts {
    language: &'static Language,
    /// All three, definitions and body included.
    blobs: FactBlobs,
}

impl PackedFacts {
    pub fn pack(facts: &FileFacts) -> PackedFacts {
        let (outline, body) = pack_outline_and_body(facts, Packing::Lz4);
        PackedFacts {
            language: facts.language,
            blobs: FactBlobs {
                definitions: Some(pack_definitions(facts, Packing::Lz4)),
                outline,
                body: Some(body),
            },
        }
    }

    /// The facts as extracted under `path`, with the references `keep` keeps; `None`
    /// when it asks for the uses of names the file never uses. `decoded` as for
    /// [`decode_facts`].
    pub fn unpack(
        &self,
        path: &Path,
        keep: Keep<'_>,
        decoded: Option<Arc<[Symbol]>>,
    ) -> Option<FileFacts> {
        // Invariant: the blobs were packed by this process from facts it extracted.
        unpack_facts(
            &self.blobs,
            Packing::Lz4,
            path,
            self.language,
            keep,
            decoded,
        )
        .expect("facts packed in this run decode")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::facts_of_text;

    #[test]
    fn facts_round_trip_under_another_path() {
        let lang = crate::lang::by_name("python").expect("python is registered");
        let text = "import os\nclass A:\n    def f(self, x):\n        \"\"\"Joins.\"\"\"\n        return os.path.join(x)\n";
        let a = facts_of_text(lang, Path::new("a/one.py"), text).expect("parses");
        let b = facts_of_text(lang, Path::new("b/two.py"), text).expect("parses");
        let (outline, body) = encode_outline_and_body(&a);
        let blobs = FactBlobs {
            definitions: Some(encode_definitions(&a)),
            outline,
            body: Some(body),
        };
        let back = decode_facts(&blobs, Path::new("b/two.py"), lang, Keep::All, None)
            .expect("decodes")
            .expect("everything is kept");
        assert_eq!(back.definitions, b.definitions);
        assert_eq!(b.definitions[1].doc.as_deref(), Some("Joins."));
        assert_eq!(
            back.definitions
                .iter()
                .map(|s| s.parent)
                .collect::<Vec<_>>(),
            b.definitions.iter().map(|s| s.parent).collect::<Vec<_>>()
        );
        assert_eq!(back.references, b.references);
        assert_eq!(back.imports, b.imports);
        assert_eq!(back.bindings, b.bindings);
        assert_eq!(back.package, b.package);
        // Read in place, only the references asked for are kept, the rest unchanged.
        let uses_of = |name: &str| {
            let names: FxHashSet<String> = std::iter::once(name.to_string()).collect();
            decode_facts(
                &blobs,
                Path::new("b/two.py"),
                lang,
                Keep::UsesOf(&names),
                None,
            )
            .expect("decodes")
        };
        let some = uses_of("join").expect("the file uses `join`");
        let joins: Vec<&Reference> = b.references.iter().filter(|r| r.name == "join").collect();
        assert_eq!(joins.len(), 1);
        assert_eq!(some.references.iter().collect::<Vec<_>>(), joins);
        assert_eq!(some.bindings, b.bindings);
        assert_eq!(some.definitions, b.definitions);
        // A file that never uses the names is not decoded at all.
        assert!(uses_of("split").is_none());
    }

    #[test]
    fn packed_facts_unpack_to_what_was_packed() {
        let lang = crate::lang::by_name("java").expect("java is registered");
        let text = "class A extends B {\n  int f(Map m) { return m.size() + g(); }\n  int g() { return 1; }\n}\n";
        let path = Path::new("src/A.java");
        let facts = facts_of_text(lang, path, text).expect("parses");
        let packed = PackedFacts::pack(&facts);
        let whole = packed
            .unpack(path, Keep::All, None)
            .expect("everything is kept");
        assert_eq!(whole.definitions, facts.definitions);
        assert_eq!(whole.references, facts.references);
        assert_eq!(whole.bindings, facts.bindings);
        // An outline keeps the inheritance references and no bindings.
        let outline = packed
            .unpack(path, Keep::Inheritance, None)
            .expect("everything is kept");
        let names_of = |f: &FileFacts| -> Vec<String> {
            f.references.iter().map(|r| r.name.clone()).collect()
        };
        assert_eq!(names_of(&outline), ["B"]);
        assert!(outline.bindings.is_empty() && !facts.bindings.is_empty());
        // The uses of a name, sharing the outline's definitions.
        let names = |n: &str| -> FxHashSet<String> { std::iter::once(n.to_string()).collect() };
        let uses = packed
            .unpack(
                path,
                Keep::UsesOf(&names("g")),
                Some(outline.definitions.clone()),
            )
            .expect("g is used");
        assert_eq!(names_of(&uses), ["B", "g"]);
        assert_eq!(uses.bindings, facts.bindings);
        assert!(Arc::ptr_eq(&uses.definitions, &outline.definitions));
        assert!(packed
            .unpack(path, Keep::UsesOf(&names("h")), None)
            .is_none());
    }

    #[test]
    fn outline_and_body_blobs_give_back_every_reference_and_binding_in_order() {
        let lang = crate::lang::by_name("java").expect("java is registered");
        // Fields between methods, each with locals; inheritance references before,
        // between and after other references; a name used only in `extends`.
        let text = "import java.util.Map;\nclass A extends Base implements Api {\n  Map m;\n  int f(Map p) { int x = p.size(); return x; }\n  String s;\n  class In extends Other { int g() { String y = s; return y.length(); } }\n  Map n;\n}\n";
        let path = Path::new("A.java");
        let facts = facts_of_text(lang, path, text).expect("parses");
        let kinds =
            |f: &FileFacts| -> Vec<RefKind> { f.references.iter().map(|r| r.kind).collect() };
        assert!(
            kinds(&facts)
                .iter()
                .filter(|k| **k == RefKind::Inheritance)
                .count()
                >= 3
        );
        assert!(
            facts
                .bindings
                .iter()
                .filter(|b| b.kind == BindingKind::Field)
                .count()
                >= 3
        );
        assert!(facts.bindings.iter().any(|b| b.kind != BindingKind::Field));
        let (outline, body) = encode_outline_and_body(&facts);
        let blobs = |body: Option<Vec<u8>>| FactBlobs {
            definitions: Some(encode_definitions(&facts)),
            outline: outline.clone(),
            body,
        };
        let whole = decode_facts(&blobs(Some(body.clone())), path, lang, Keep::All, None)
            .expect("decodes")
            .expect("everything is kept");
        assert_eq!(whole.references, facts.references);
        assert_eq!(whole.bindings, facts.bindings);
        assert_eq!(whole.imports, facts.imports);
        // The outline alone: no body read, the inheritance references, the fields and
        // the top-level variables.
        let outline_only = decode_facts(&blobs(None), path, lang, Keep::Inheritance, None)
            .expect("decodes")
            .expect("everything is kept");
        let inheritance: Vec<&Reference> = facts
            .references
            .iter()
            .filter(|r| r.kind == RefKind::Inheritance)
            .collect();
        assert_eq!(
            outline_only.references.iter().collect::<Vec<_>>(),
            inheritance
        );
        let fields: Vec<&Binding> = facts
            .bindings
            .iter()
            .filter(|b| b.kind == BindingKind::Field || b.scope.is_none())
            .collect();
        assert_eq!(outline_only.bindings.iter().collect::<Vec<_>>(), fields);
        assert_eq!(outline_only.imports, facts.imports);
        // A name the file uses only in an inheritance clause still finds the file.
        let names: FxHashSet<String> = std::iter::once("Other".to_string()).collect();
        let uses = decode_facts(
            &blobs(Some(body.clone())),
            path,
            lang,
            Keep::UsesOf(&names),
            None,
        )
        .expect("decodes")
        .expect("`Other` is used");
        assert!(uses.references.iter().any(|r| r.name == "Other"));
        // Whole facts need the body: asked for without it, the record reads as damaged.
        assert!(decode_facts(&blobs(None), path, lang, Keep::All, None).is_err());
        // A body is read against its own outline only.
        let other = facts_of_text(lang, path, "import a.b.C;\nclass Z { C c; }\n").expect("parses");
        let (other_outline, _) = encode_outline_and_body(&other);
        let mixed = FactBlobs {
            definitions: Some(encode_definitions(&facts)),
            outline: other_outline,
            body: Some(body),
        };
        assert!(decode_facts(&mixed, path, lang, Keep::All, None).is_err());
    }

    #[test]
    fn references_come_back_in_file_order_whatever_order_their_lines_run_in() {
        let lang = crate::lang::by_name("java").expect("java is registered");
        let text = "class A extends Base {\n  int f(Map p) { g(p); h(); g(p.size()); return p.x; }\n  void g(Object o) { h(); g(o); }\n}\n";
        let path = Path::new("A.java");
        let mut facts = facts_of_text(lang, path, text).expect("parses");
        // Reversed, each name's lines and offsets run backwards: the stored moves
        // between a group's references are negative.
        facts.references.reverse();
        assert!(facts.references.iter().filter(|r| r.name == "g").count() >= 3);
        let (outline, body) = encode_outline_and_body(&facts);
        let blobs = FactBlobs {
            definitions: Some(encode_definitions(&facts)),
            outline,
            body: Some(body),
        };
        let whole = decode_facts(&blobs, path, lang, Keep::All, None)
            .expect("decodes")
            .expect("everything is kept");
        assert_eq!(whole.references, facts.references);
        let names: FxHashSet<String> = ["g", "h"].iter().map(|n| n.to_string()).collect();
        let uses = decode_facts(&blobs, path, lang, Keep::UsesOf(&names), None)
            .expect("decodes")
            .expect("`g` and `h` are used");
        let expected: Vec<&Reference> = facts
            .references
            .iter()
            .filter(|r| names.contains(&r.name) || r.kind == RefKind::Inheritance)
            .collect();
        assert_eq!(uses.references.iter().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn reference_groups_that_overlap_or_run_past_their_bytes_are_refused() {
        let lang = crate::lang::by_name("java").expect("java is registered");
        let path = Path::new("A.java");
        let facts =
            facts_of_text(lang, path, "class A { void f() { g(); h(); } }\n").expect("parses");
        let at = |name: &str| -> u32 {
            let i = facts.references.iter().position(|r| r.name == name);
            u32::try_from(i.expect("the name is used")).expect("few references")
        };
        let outline = encode(&outline_of(&facts));
        let with_groups = |references: Vec<(&'static str, Vec<u8>)>| {
            let body = StoredBodyRef {
                references,
                bindings: Vec::new(),
                call_arguments: &[],
            };
            FactBlobs {
                definitions: Some(encode_definitions(&facts)),
                outline: pack_raw(&outline, Packing::Zstd, &[]),
                body: Some(pack_raw(&encode(&body), Packing::Zstd, &outline)),
            }
        };
        let read = |blobs: &FactBlobs| decode_facts(blobs, path, lang, Keep::All, None);
        let (g, h) = (at("g"), at("h"));
        let g_bytes = encode_group(&facts.references, &[g]);
        let h_bytes = encode_group(&facts.references, &[h]);
        // Every reference in its place reads back.
        assert!(read(&with_groups(vec![
            ("g", g_bytes.clone()),
            ("h", h_bytes.clone())
        ]))
        .is_ok());
        // Two references at one position, and a position left empty, are both refused.
        assert!(g < h);
        assert!(read(&with_groups(vec![
            ("g", g_bytes.clone()),
            ("h", g_bytes.clone())
        ]))
        .is_err());
        assert!(read(&with_groups(vec![("h", h_bytes.clone())])).is_err());
        // A group with bytes past its references is refused.
        let mut longer = h_bytes.clone();
        longer.push(0);
        assert!(read(&with_groups(vec![("g", g_bytes.clone()), ("h", longer)])).is_err());
        // A step that would carry a line or an offset past any number is an error, not
        // an overflow.
        for (line, start_byte) in [(i64::MAX, 0), (0, i64::MAX), (i64::MIN, 0)] {
            let step = |line, start_byte| RefGroup {
                gap: 0,
                qualifier: None,
                kind: RefKind::Call,
                line,
                column: 1,
                start_byte,
                enclosing: None,
                arity: None,
            };
            let far = encode(&vec![step(3, 7), step(line, start_byte)]);
            assert!(read(&with_groups(vec![("g", g_bytes.clone()), ("h", far)])).is_err());
        }
    }

    #[test]
    fn outline_positions_that_do_not_fit_the_list_are_refused() {
        assert_eq!(
            interleave(vec![(1, 'b')], vec!['a', 'c']).unwrap(),
            ['a', 'b', 'c']
        );
        assert_eq!(
            interleave(vec![(0, 'a'), (2, 'c')], vec!['b']).unwrap(),
            ['a', 'b', 'c']
        );
        assert!(interleave(vec![(3, 'x')], vec!['a']).is_err());
        assert!(interleave(vec![(1, 'x'), (0, 'y')], vec!['a']).is_err());
    }

    #[test]
    fn stored_name_parts_read_back_as_computed() {
        let lang = crate::lang::by_name("java").expect("java is registered");
        // Overloads and a nested class repeat names; `get` is also a whole qualified
        // name's end and another definition's name.
        let text = "package p;\nclass A {\n  int get() { return 1; }\n  int get(int x) { return x; }\n  static class B { int get() { return 2; } }\n  @interface HTTPServer { String value(); }\n}\n";
        let f = facts_of_text(lang, Path::new("A.java"), text).expect("parses");
        assert!(f.definitions.len() >= 6, "{:?}", f.definitions);
        let blobs = encode_names(&f);
        let same = with_name_parts(&f.definitions, |computed| {
            let screen = NameScreen::of(computed);
            let read = decode_name_masks(&blobs.masks).expect("reads");
            read.masks == screen.masks
                && read.pairs == screen.pairs
                && with_stored_name_parts(&blobs.parts, screen.masks.len(), |stored| {
                    stored == computed
                })
                .expect("decodes")
        });
        assert!(same, "the stored name parts differ from the computed ones");
    }

    #[test]
    fn a_name_span_outside_its_text_is_an_error() {
        let stored = StoredNames {
            text: "get",
            entries: vec![StoredNameParts {
                name: (0, 3),
                qualified_name: (1, 9),
                name_joined: (0, 3),
                name_words: (0, 3),
                parent_joined: None,
                kind: Kind::Method,
                start_line: 1,
            }],
        };
        let blob = pack(&stored, Packing::Lz4);
        assert!(with_stored_name_parts(&blob, 1, |_| ()).is_err());
    }

    #[test]
    fn mention_keys_read_back_as_a_sorted_set() {
        let keys = [5, 1, 5, 0x7fff_ffff, 0];
        let blob = encode_mentions(&keys);
        assert_eq!(decode_mentions(&blob).unwrap(), [0, 1, 5, 0x7fff_ffff]);
        assert_eq!(
            decode_mentions(&encode_mentions(&[])).unwrap(),
            Vec::<i64>::new()
        );
        // Steps that add up past the largest key are damage, not a wrapped number.
        let overflowing = pack(&vec![u64::MAX / 2, u64::MAX / 2], Packing::Lz4);
        assert!(decode_mentions(&overflowing).is_err());
    }

    #[test]
    fn name_masks_cut_short_or_miscounted_are_errors() {
        // Five masks claimed, two bytes given; one claimed, the pairs and a mask short
        // of a byte given.
        assert!(decode_name_masks(&[5, 0, 0, 0, 1, 2]).is_err());
        let mut one = vec![1, 0, 0, 0];
        one.resize(4 + PAIR_SET_BYTES + NAME_MASK_BYTES - 1, 0);
        assert!(decode_name_masks(&one).is_err());
        one.push(0);
        assert_eq!(decode_name_masks(&one).expect("reads").masks.len(), 1);
        assert!(decode_name_masks(&[0, 0]).is_err());
        // A file without definitions stores the count alone.
        assert!(decode_name_masks(&[0, 0, 0, 0])
            .expect("reads")
            .masks
            .is_empty());
        let lang = crate::lang::by_name("python").expect("python is registered");
        let f = facts_of_text(lang, Path::new("a.py"), "def f(): pass\ndef g(): pass\n")
            .expect("parses");
        let blobs = encode_names(&f);
        assert_eq!(
            decode_name_masks(&blobs.masks).expect("reads").masks.len(),
            2
        );
        // One mask fewer, or more, than the name parts stored.
        assert!(with_stored_name_parts(&blobs.parts, 1, |_| ()).is_err());
        assert!(with_stored_name_parts(&blobs.parts, 3, |_| ()).is_err());
        assert!(with_stored_name_parts(&blobs.parts, 2, |_| ()).is_ok());
    }

    #[test]
    fn corrupt_blobs_are_errors_not_panics() {
        let decode = |blob: &[u8]| decode_definitions(blob, Path::new("x"));
        assert!(decode(b"").is_err());
        assert!(decode(&[0xff, 0xff, 0xff, 0x7f, 1, 2]).is_err());
        assert!(decode(&[3, 0, 0, 0, 1, 2]).is_err());
    }

    #[test]
    fn a_zstd_blob_with_any_byte_of_its_body_changed_is_refused() {
        // Varied bytes, so that the frame holds literals as well as matches.
        let value: Vec<u32> = (0..400u32)
            .map(|i| i.wrapping_mul(2_654_435_761) % 1000)
            .collect();
        let good = pack(&value, Packing::Zstd);
        assert_eq!(
            unpack::<Vec<u32>>(&good, Packing::Zstd).expect("decodes"),
            value
        );
        // Past the length and the frame header, every byte, each changed in turn.
        for at in 10..good.len() {
            let mut bad = good.clone();
            bad[at] ^= 0x5a;
            assert!(
                unpack::<Vec<u32>>(&bad, Packing::Zstd).map_or(true, |v| v == value),
                "byte {at} changed, read back as other values"
            );
        }
    }

    #[test]
    fn a_damaged_length_is_refused_before_anything_is_reserved() {
        for packing in [Packing::Zstd, Packing::Lz4] {
            let good = pack(&vec![7u8; 100], packing);
            assert_eq!(
                unpack::<Vec<u8>>(&good, packing).expect("decodes"),
                vec![7u8; 100]
            );
            let real = u32::from_le_bytes([good[0], good[1], good[2], good[3]]);
            // A valid body behind a length near the 1 GiB cap, one off, and zero.
            for claimed in [(1u32 << 30) - 1, real + 1, real - 1, 0] {
                let mut bad = good.clone();
                bad[..4].copy_from_slice(&claimed.to_le_bytes());
                assert!(unpack::<Vec<u8>>(&bad, packing).is_err(), "{claimed}");
            }
            // The body cut short, and no room for a length.
            assert!(unpack::<Vec<u8>>(&good[..good.len() - 1], packing).is_err());
            assert!(unpack::<Vec<u8>>(&good[..3], packing).is_err());
        }
    }
}
