//! Where the process's memory comes from: mimalloc, for Rust's allocations (counting
//! the bytes they hold) and for tree-sitter's C parser.
//!
//! Whole-tree questions build and drop millions of small definitions, references and
//! strings from every thread at once. glibc's allocator keeps much of that freed
//! memory in its per-thread arenas; with mimalloc the peak of the largest such
//! question (callers two levels deep of a name every file uses, on an 11k-file tree)
//! is some 20 MB lower, about 290 MB instead of 315, at the same speed. The
//! `libmimalloc-sys` crate builds the maintained mimalloc C library and exposes its
//! functions, so nothing here is an allocator of our own.
//!
//! tree-sitter's C core allocates and frees a small block for almost every node and
//! parse-stack entry it builds, from every parsing thread at once; it calls its own
//! hooks, not Rust's allocator, so [`use_fast_parser_allocator`] points them at
//! mimalloc too (with glibc that churn was about a tenth of a whole-tree extraction).
//!
//! The count is the one the evaluator's interpreter reads to hold a program to its
//! memory budget (`monty_types::LIVE_MEMORY`): it raises `MemoryError` at its next
//! checkpoint once the count passes the budget. A burst between checkpoints is stopped
//! here, at a hard ceiling a little above the budget ([`limit_memory`]). The parent
//! arms no ceiling, and nothing in it reads the count: there each thread gathers what
//! it allocates and frees in a thread-local tally and adds it to the shared count only
//! once the tally passes [`BATCH`] bytes either way. One shared counter added to by
//! every allocation of every thread was a cache line the cores fought over: a tenth of
//! the CPU time of a warm whole-tree question went to that one instruction. Once a
//! ceiling is armed (the evaluator's worker, one thread) every allocation is counted
//! at once, so the interpreter reads an exact figure.
//!
//! The crate is built with mimalloc 2 (its `v2` feature) and without transparent huge
//! pages (`no_thp`): mimalloc 3 held about as little memory but made a whole-tree index
//! a fifth slower, and a huge page half used is resident whole.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::ffi::c_void;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use monty_types::{BASELINE_MEMORY, LIVE_MEMORY};

/// Past this many live bytes an allocation ends the process (`usize::MAX`: never).
static CEILING: AtomicUsize = AtomicUsize::new(usize::MAX);

/// How far a thread's tally may run either way before it is added to the shared count
/// (while no ceiling is armed).
const BATCH: isize = 64 << 10;

thread_local! {
    /// Bytes this thread allocated (positive) or freed (negative) and not yet added to
    /// the shared count. A const-initialised `Cell` with nothing to drop: reading it
    /// never allocates and stays valid while the thread is being torn down.
    static TALLY: Cell<isize> = const { Cell::new(0) };
}

/// Room above the interpreter's budget for the work it does between checkpoints and
/// for raising the `MemoryError` itself.
const HEADROOM: usize = 4 << 20;

/// mimalloc behind a live-byte count (see the module doc).
pub struct CountingAllocator;

// SAFETY: every method hands its arguments to the matching mimalloc function, whose
// contract is the `GlobalAlloc` one (a block of at least `size` bytes aligned to
// `align`, or null), and returns what it returned or ends the process; `dealloc` and
// `realloc` only ever see blocks these same functions allocated, since this is the
// only global allocator.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        charge(layout.size());
        // SAFETY: see the impl; any size and power-of-two alignment is accepted.
        let block = unsafe { libmimalloc_sys::mi_malloc_aligned(layout.size(), layout.align()) };
        non_null(block, layout.size()).cast()
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        charge(layout.size());
        // SAFETY: as for `alloc`.
        let block = unsafe { libmimalloc_sys::mi_zalloc_aligned(layout.size(), layout.align()) };
        non_null(block, layout.size()).cast()
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        release(layout.size());
        // SAFETY: the caller passes a live block of this allocator.
        unsafe { libmimalloc_sys::mi_free(block.cast::<c_void>()) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match new_size.checked_sub(layout.size()) {
            Some(grown) => charge(grown),
            None => release(layout.size() - new_size),
        }
        // SAFETY: the caller passes a live block of this allocator with its layout's
        // alignment, and a non-zero new size.
        let moved = unsafe {
            libmimalloc_sys::mi_realloc_aligned(block.cast::<c_void>(), new_size, layout.align())
        };
        non_null(moved, new_size).cast()
    }
}

/// Holds the process to `budget` bytes beyond what it holds now (its baseline): the
/// interpreter's own checks measure from the same baseline, and an allocation past
/// the budget plus a little headroom ends the process with an abort, which the parent
/// reports as a memory limit exceeded. Called by the evaluator worker once, before it
/// runs any evaluator code.
pub fn limit_memory(budget: usize) {
    settle(TALLY.with(|tally| tally.replace(0)));
    let live = LIVE_MEMORY.load(Ordering::Relaxed);
    // The leanest moment seen is the baseline (the interpreter subtracts it too).
    let baseline = BASELINE_MEMORY.fetch_min(live, Ordering::Relaxed).min(live);
    CEILING.store(
        baseline.saturating_add(budget).saturating_add(HEADROOM),
        Ordering::Relaxed,
    );
}

/// Counts `size` more bytes held (see the module doc for when the count is deferred).
#[inline]
fn charge(size: usize) {
    tally(size as isize);
}

/// Counts `size` fewer bytes held.
#[inline]
fn release(size: usize) {
    tally((size as isize).wrapping_neg());
}

#[inline]
fn tally(delta: isize) {
    let armed = CEILING.load(Ordering::Relaxed) != usize::MAX;
    let due = TALLY.with(|tally| {
        let pending = tally.get().wrapping_add(delta);
        if armed || !(-BATCH..BATCH).contains(&pending) {
            tally.set(0);
            Some(pending)
        } else {
            tally.set(pending);
            None
        }
    });
    if let Some(pending) = due {
        settle(pending);
    }
}

/// Adds a thread's tally to the shared count, and ends the process if that passes
/// the ceiling.
fn settle(pending: isize) {
    if pending < 0 {
        LIVE_MEMORY.fetch_sub(pending.unsigned_abs(), Ordering::Relaxed);
        return;
    }
    let grown = pending.unsigned_abs();
    let live = LIVE_MEMORY
        .fetch_add(grown, Ordering::Relaxed)
        .saturating_add(grown);
    if live > CEILING.load(Ordering::Relaxed) {
        out_of_memory(grown, "exceeds the memory limit");
    }
}

/// `block`, unless mimalloc refused `size` bytes (null for a non-empty request): then
/// the process ends, as neither Rust's allocations nor tree-sitter can recover.
#[inline]
fn non_null(block: *mut c_void, size: usize) -> *mut c_void {
    if block.is_null() && size != 0 {
        out_of_memory(size, "failed");
    }
    block
}

/// Says why and aborts, without unwinding (whose machinery allocates).
#[cold]
#[inline(never)]
fn out_of_memory(size: usize, why: &str) -> ! {
    static REPORTING: AtomicBool = AtomicBool::new(false);
    // Writing to stderr may allocate: lift the ceiling first so the message is not
    // lost to a second refusal, and let only the first caller write.
    CEILING.store(usize::MAX, Ordering::Relaxed);
    if !REPORTING.swap(true, Ordering::Relaxed) {
        let _ = writeln!(
            std::io::stderr(),
            "codesearch: allocation of {size} bytes {why}"
        );
    }
    std::process::abort()
}

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
    // null for a non-empty request (they abort instead, as tree-sitter's default ones
    // do), return blocks aligned at least as malloc's are, and the caller guarantees
    // no tree-sitter object exists yet and no other thread runs.
    unsafe { tree_sitter::set_allocator(Some(allocator)) };
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
