//! Where the parser's own memory comes from.
//!
//! tree-sitter's C core allocates and frees a small block for almost every node and
//! parse-stack entry it builds, from every parsing thread at once. With glibc's
//! allocator that churn is about a tenth of a whole-tree extraction; mimalloc's
//! per-thread free lists make it markedly cheaper. The `libmimalloc-sys` crate builds
//! the maintained mimalloc C library and exposes its functions, so nothing here is an
//! allocator of our own: only the four entry points tree-sitter asks for, plus the
//! "never return null" rule tree-sitter expects of them.
//!
//! Only the C parser is moved; Rust's own allocations keep the binary's global
//! allocator, which counts memory for the evaluator's sandboxed workers.

use std::ffi::c_void;

/// Makes every tree-sitter parser, tree and cursor allocate through mimalloc.
///
/// # Safety
/// Call it once, before any tree-sitter object is created or any thread that could
/// create one is started: blocks allocated by one allocator must never be freed by
/// the other, and tree-sitter's allocator hooks are plain globals.
pub unsafe fn use_fast_parser_allocator() {
    let allocator = tree_sitter::Allocator {
        malloc: parser_malloc,
        calloc: parser_calloc,
        realloc: parser_realloc,
        free: parser_free,
    };
    // SAFETY: the four functions belong to one allocator (mimalloc), never return
    // null (they abort instead, as tree-sitter's default ones do), return blocks
    // aligned at least as malloc's are, and the caller guarantees no tree-sitter
    // object exists yet and no other thread runs.
    unsafe { tree_sitter::set_allocator(Some(allocator)) };
}

/// tree-sitter has no way to recover from a failed allocation; its default hooks
/// abort too.
fn non_null(block: *mut c_void, size: usize) -> *mut c_void {
    if block.is_null() && size != 0 {
        eprintln!("codesearch: out of memory while parsing ({size} bytes)");
        std::process::abort();
    }
    block
}

unsafe extern "C" fn parser_malloc(size: usize) -> *mut c_void {
    // SAFETY: mi_malloc accepts any size.
    non_null(unsafe { libmimalloc_sys::mi_malloc(size) }, size)
}

unsafe extern "C" fn parser_calloc(count: usize, size: usize) -> *mut c_void {
    // SAFETY: mi_calloc checks `count * size` for overflow and returns null then.
    let block = unsafe { libmimalloc_sys::mi_calloc(count, size) };
    non_null(block, count.saturating_mul(size))
}

unsafe extern "C" fn parser_realloc(block: *mut c_void, size: usize) -> *mut c_void {
    // SAFETY: tree-sitter passes null or a block from these same hooks, so from
    // mimalloc.
    non_null(unsafe { libmimalloc_sys::mi_realloc(block, size) }, size)
}

unsafe extern "C" fn parser_free(block: *mut c_void) {
    // SAFETY: as for realloc: null or a block mimalloc allocated.
    unsafe { libmimalloc_sys::mi_free(block) }
}
