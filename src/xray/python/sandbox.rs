//! The worker's operating-system confinement, installed before it reads any evaluator.
//!
//! The interpreter's own refusal of OS calls ([`super::run`]) is the first layer; these
//! are the others, installed in this order by [`lock_down`]:
//! 1. every inherited file descriptor but the two pipes (stdin, stdout) is closed;
//! 2. root's powers are given up: the bounding set is emptied while that is still
//!    allowed; when started as root, supplementary groups are dropped and the worker
//!    becomes an unprivileged user ([`UNPRIVILEGED_ID`]); then the ambient, effective,
//!    permitted and inheritable capability sets are emptied and read back;
//! 3. a parent-death signal (`SIGKILL`), so a worker never outlives the parent, and a
//!    check that the parent did not die before it was set (it comes after the change
//!    of user, which clears it);
//! 4. rlimits: no core dumps, no file writes, a CPU-time ceiling, an address-space
//!    ceiling as a backstop to the allocator's count (each at most the limit already
//!    in force);
//! 5. `PR_SET_NO_NEW_PRIVS`;
//! 6. a seccomp allow-list ([`allow_list`]): the few system calls the interpreter needs
//!    on its pipes; everything else fails with `EPERM`. A syscall made for another
//!    architecture kills the process.
//!
//! If any layer cannot be installed the caller refuses to run evaluator code: the
//! sandbox fails closed. The allow-list is built with `seccompiler` (maintained, pure
//! Rust, Firecracker's filter compiler) rather than hand-written BPF.

use std::fmt;
use std::io;

/// The user and group a worker started as root runs as (`nobody` on most systems).
pub const UNPRIVILEGED_ID: u32 = 65534;

/// One layer of the confinement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    ParentDeathSignal,
    FileDescriptors,
    RootDropped,
    Capabilities,
    ResourceLimits,
    NoNewPrivileges,
    Seccomp,
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Layer::ParentDeathSignal => "the parent-death signal",
            Layer::FileDescriptors => "closing inherited file descriptors",
            Layer::RootDropped => "giving up root",
            Layer::Capabilities => "dropping capabilities",
            Layer::ResourceLimits => "resource limits",
            Layer::NoNewPrivileges => "no-new-privileges",
            Layer::Seccomp => "the seccomp allow-list",
        })
    }
}

/// A layer that could not be installed, and why.
#[derive(Debug, thiserror::Error)]
#[error(
    "the evaluator sandbox is incomplete, so no evaluator code runs: {layer} failed ({source})"
)]
pub struct LayerError {
    pub layer: Layer,
    #[source]
    pub source: io::Error,
}

fn fail(layer: Layer, source: io::Error) -> LayerError {
    LayerError { layer, source }
}

fn why(message: &str) -> io::Error {
    io::Error::other(message.to_string())
}

/// Installs every layer, in order; the first one that fails is returned and the
/// worker must not run evaluator code. `parent` is the process that started the
/// worker.
#[cfg(target_os = "linux")]
pub fn lock_down(
    parent: libc::pid_t,
    address_space: u64,
    cpu_seconds: u64,
) -> Result<(), LayerError> {
    close_inherited_fds().map_err(|e| fail(Layer::FileDescriptors, e))?;
    drop_bounding_set().map_err(|e| fail(Layer::Capabilities, e))?;
    drop_root().map_err(|e| fail(Layer::RootDropped, e))?;
    drop_capabilities().map_err(|e| fail(Layer::Capabilities, e))?;
    die_with_parent(parent)?;
    set_rlimits(address_space, cpu_seconds).map_err(|e| fail(Layer::ResourceLimits, e))?;
    // SAFETY: prctl with PR_SET_NO_NEW_PRIVS takes integer arguments only.
    if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(fail(Layer::NoNewPrivileges, io::Error::last_os_error()));
    }
    // SAFETY: getpid has no preconditions.
    let pid = unsafe { libc::getpid() };
    let program = allow_list(pid).map_err(|e| fail(Layer::Seccomp, why(&e.to_string())))?;
    seccompiler::apply_filter_all_threads(&program)
        .map_err(|e| fail(Layer::Seccomp, why(&e.to_string())))
}

/// Without Linux there is no confinement: evaluator code never runs.
#[cfg(not(target_os = "linux"))]
pub fn lock_down(_parent: i32, _address_space: u64, _cpu_seconds: u64) -> Result<(), LayerError> {
    Err(fail(
        Layer::Seccomp,
        why("the evaluator sandbox needs Linux"),
    ))
}

#[cfg(target_os = "linux")]
fn die_with_parent(parent: libc::pid_t) -> Result<(), LayerError> {
    // SAFETY: integer arguments only.
    if unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) } != 0 {
        return Err(fail(Layer::ParentDeathSignal, io::Error::last_os_error()));
    }
    // The parent may have died before the signal was armed: then we were re-parented
    // and nobody would ever kill us.
    // SAFETY: getppid has no preconditions.
    if unsafe { libc::getppid() } != parent {
        return Err(fail(
            Layer::ParentDeathSignal,
            why("the parent exited before the worker started"),
        ));
    }
    Ok(())
}

/// Closes every descriptor from 2 up (stderr is `/dev/null` and unused): the worker
/// keeps exactly its two pipes.
#[cfg(target_os = "linux")]
fn close_inherited_fds() -> io::Result<()> {
    // SAFETY: close_range takes integers; nothing in this process uses fds >= 2.
    let rc = unsafe { libc::syscall(libc::SYS_close_range, 2u32, u32::MAX, 0u32) };
    if rc == 0 {
        return Ok(());
    }
    // Kernels before 5.9, or a container profile that refuses the call: close one by
    // one up to the descriptor limit.
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into a valid rlimit struct.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let top = lim.rlim_cur.min(1 << 20) as libc::c_int;
    for fd in 2..top {
        // SAFETY: closing a descriptor number; EBADF for unused ones is expected.
        unsafe { libc::close(fd) };
    }
    Ok(())
}

#[cfg(target_os = "linux")]
fn ids() -> ([libc::uid_t; 3], [libc::gid_t; 3]) {
    let (mut u, mut g) = ([0; 3], [0; 3]);
    // SAFETY: each pointer is a valid, writable u32.
    unsafe {
        libc::getresuid(&mut u[0], &mut u[1], &mut u[2]);
        libc::getresgid(&mut g[0], &mut g[1], &mut g[2]);
    }
    (u, g)
}

/// Started as root (any of real, effective, saved ids 0): drop supplementary groups,
/// then become [`UNPRIVILEGED_ID`], and check that nothing of root is left.
#[cfg(target_os = "linux")]
fn drop_root() -> io::Result<()> {
    let (u, g) = ids();
    if !u.contains(&0) && !g.contains(&0) {
        return Ok(());
    }
    let id = UNPRIVILEGED_ID;
    // SAFETY: setgroups with an empty list; setresgid/setresuid take integers.
    unsafe {
        if libc::setgroups(0, std::ptr::null()) != 0
            || libc::setresgid(id, id, id) != 0
            || libc::setresuid(id, id, id) != 0
        {
            return Err(io::Error::last_os_error());
        }
    }
    let (u, g) = ids();
    if u != [id; 3] || g != [id; 3] {
        return Err(why("the user or group ids did not change"));
    }
    Ok(())
}

/// `struct __user_cap_header_struct`.
#[cfg(target_os = "linux")]
#[repr(C)]
struct CapHeader {
    version: u32,
    pid: libc::c_int,
}

/// `struct __user_cap_data_struct`; version 3 uses two of them (64 capabilities).
#[cfg(target_os = "linux")]
#[repr(C)]
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct CapData {
    effective: u32,
    permitted: u32,
    inheritable: u32,
}

#[cfg(target_os = "linux")]
const CAPABILITY_VERSION_3: u32 = 0x2008_0522;
#[cfg(target_os = "linux")]
const CAP_SETPCAP: u32 = 8;

#[cfg(target_os = "linux")]
fn capget() -> io::Result<[CapData; 2]> {
    let mut header = CapHeader {
        version: CAPABILITY_VERSION_3,
        pid: 0,
    };
    let mut data = [CapData::default(); 2];
    // SAFETY: header and two data structs, as capget's version 3 expects.
    let rc = unsafe { libc::syscall(libc::SYS_capget, &mut header, data.as_mut_ptr()) };
    if rc != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(data)
}

/// Empties the bounding set when we may (with `CAP_SETPCAP`, so before giving up
/// root). Without it the set cannot shrink, but it only matters when a program is
/// executed, which no-new-privileges and the allow-list forbid.
#[cfg(target_os = "linux")]
fn drop_bounding_set() -> io::Result<()> {
    if capget()?[0].effective & (1 << CAP_SETPCAP) != 0 {
        for cap in 0..64 {
            // SAFETY: integer arguments only.
            if unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0) } != 0 {
                let err = io::Error::last_os_error();
                // EINVAL: past the last capability this kernel knows.
                if err.raw_os_error() == Some(libc::EINVAL) {
                    break;
                }
                return Err(err);
            }
        }
    }
    Ok(())
}

/// Empties the ambient set, then the effective, permitted and inheritable sets, and
/// reads them back.
#[cfg(target_os = "linux")]
fn drop_capabilities() -> io::Result<()> {
    // SAFETY: integer arguments only.
    if unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        )
    } != 0
    {
        let err = io::Error::last_os_error();
        // EINVAL: a kernel without ambient capabilities.
        if err.raw_os_error() != Some(libc::EINVAL) {
            return Err(err);
        }
    }
    let header = CapHeader {
        version: CAPABILITY_VERSION_3,
        pid: 0,
    };
    let none = [CapData::default(); 2];
    // SAFETY: header and two data structs, as capset's version 3 expects.
    if unsafe { libc::syscall(libc::SYS_capset, &header, none.as_ptr()) } != 0 {
        return Err(io::Error::last_os_error());
    }
    if capget()? != none {
        return Err(why("capabilities remain after capset"));
    }
    Ok(())
}

#[cfg(target_os = "linux")]
fn set_rlimits(address_space: u64, cpu_seconds: u64) -> io::Result<()> {
    let limits = [
        (libc::RLIMIT_CORE, 0),
        (libc::RLIMIT_FSIZE, 0),
        (libc::RLIMIT_CPU, cpu_seconds),
        (libc::RLIMIT_AS, address_space),
    ];
    for (resource, value) in limits {
        let mut current = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes into a valid rlimit struct.
        if unsafe { libc::getrlimit(resource, &mut current) } != 0 {
            return Err(io::Error::last_os_error());
        }
        // Never above what the user already imposed (raising a hard limit fails).
        let value = value.min(current.rlim_max);
        let lim = libc::rlimit {
            rlim_cur: value,
            rlim_max: value,
        };
        // SAFETY: setrlimit reads a valid rlimit struct.
        if unsafe { libc::setrlimit(resource, &lim) } != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
const ARCH: Option<seccompiler::TargetArch> = Some(seccompiler::TargetArch::x86_64);
#[cfg(all(target_os = "linux", target_arch = "aarch64"))]
const ARCH: Option<seccompiler::TargetArch> = Some(seccompiler::TargetArch::aarch64);
#[cfg(all(target_os = "linux", target_arch = "riscv64"))]
const ARCH: Option<seccompiler::TargetArch> = Some(seccompiler::TargetArch::riscv64);
#[cfg(all(
    target_os = "linux",
    not(any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        target_arch = "riscv64"
    ))
))]
const ARCH: Option<seccompiler::TargetArch> = None;

/// The system calls a worker may make once locked down, for the process `pid`.
///
/// Found by tracing workers (`strace -f`) through the evaluator test suites, plus
/// the calls of paths those suites do not reach (a thread's exit, an abort when the
/// memory limit or the stack runs out, a contended lock, the clock without vDSO):
/// - its pipes: `read` on fd 0, `write` on fd 1;
/// - memory: `brk`, `mmap` and `mprotect` without `PROT_EXEC`, `munmap`, `mremap`,
///   `madvise`;
/// - `getrandom` (hash seeds), `futex`, `sched_yield`, `clock_gettime`;
/// - signals and exit: `rt_sigreturn`, `rt_sigprocmask`, `sigaltstack`, `getpid`,
///   `gettid`, `tgkill` only to send `SIGABRT` to itself (how an abort ends the
///   process), `exit`, `exit_group`.
///
/// Anything else fails with `EPERM`. Syscall numbers carrying the x32 bit match no
/// rule, so they fail too; another architecture's calls kill the process.
#[cfg(target_os = "linux")]
pub fn allow_list(pid: libc::pid_t) -> Result<seccompiler::BpfProgram, seccompiler::Error> {
    use seccompiler::{
        SeccompAction, SeccompCmpArgLen as Len, SeccompCmpOp as Op, SeccompCondition as Cond,
        SeccompFilter, SeccompRule,
    };
    let Some(arch) = ARCH else {
        return Err(seccompiler::Error::EmptyFilter);
    };
    let arg_is = |arg: u8, value: u64| Cond::new(arg, Len::Dword, Op::Eq, value);
    let no_exec = |arg: u8| Cond::new(arg, Len::Dword, Op::MaskedEq(libc::PROT_EXEC as u64), 0);
    let rule = |conds: Vec<Result<Cond, seccompiler::BackendError>>| {
        conds
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .and_then(SeccompRule::new)
            .map(|r| vec![r])
    };
    let mut rules = std::collections::BTreeMap::new();
    for nr in [
        libc::SYS_brk,
        libc::SYS_munmap,
        libc::SYS_mremap,
        libc::SYS_madvise,
        libc::SYS_getrandom,
        libc::SYS_futex,
        libc::SYS_sched_yield,
        libc::SYS_clock_gettime,
        libc::SYS_rt_sigreturn,
        libc::SYS_rt_sigprocmask,
        libc::SYS_sigaltstack,
        libc::SYS_getpid,
        libc::SYS_gettid,
        libc::SYS_exit,
        libc::SYS_exit_group,
    ] {
        rules.insert(nr, vec![]);
    }
    rules.insert(libc::SYS_read, rule(vec![arg_is(0, 0)])?);
    rules.insert(libc::SYS_write, rule(vec![arg_is(0, 1)])?);
    rules.insert(libc::SYS_mmap, rule(vec![no_exec(2)])?);
    rules.insert(libc::SYS_mprotect, rule(vec![no_exec(2)])?);
    rules.insert(
        libc::SYS_tgkill,
        rule(vec![arg_is(0, pid as u64), arg_is(2, libc::SIGABRT as u64)])?,
    );
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Errno(libc::EPERM as u32),
        SeccompAction::Allow,
        arch,
    )?;
    Ok(filter.try_into()?)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The test process, as the probes' target (getppid itself is refused).
    static PARENT: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

    fn parent() -> libc::pid_t {
        PARENT.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Forks; the child locks itself down (as a worker does, with its parent's pid)
    /// and runs `probe`, whose result becomes its exit code: 0 when the call was
    /// refused as it must be. 3 means the lock-down itself failed.
    fn in_locked_child(probe: fn() -> bool) -> bool {
        // SAFETY: getpid has no preconditions.
        let parent = unsafe { libc::getpid() };
        PARENT.store(parent, std::sync::atomic::Ordering::SeqCst);
        // SAFETY: the child builds the filter (glibc's allocator is usable after fork),
        // probes with plain system calls and leaves with _exit.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            let code = match lock_down(parent, 8 << 30, 60) {
                Err(_) => 3,
                Ok(()) if probe() => 1,
                Ok(()) => 0,
            };
            // SAFETY: _exit ends the child without running the parent's destructors.
            unsafe { libc::_exit(code) };
        }
        let mut status = 0;
        // SAFETY: waits for the child just forked.
        unsafe { libc::waitpid(pid, &mut status, 0) };
        assert!(libc::WIFEXITED(status), "child died: {status}");
        let code = libc::WEXITSTATUS(status);
        assert_ne!(code, 3, "the sandbox could not be installed");
        code == 1
    }

    /// Whether a raw system call got through: anything but EPERM counts, because
    /// another error (EBADF, EINVAL, ...) means the kernel looked at the arguments.
    fn got_through(rc: libc::c_long) -> bool {
        rc >= 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::EPERM)
    }

    macro_rules! refused {
        ($name:ident, $probe:expr) => {
            #[test]
            fn $name() {
                fn probe() -> bool {
                    // SAFETY: raw system calls with harmless arguments; refused ones
                    // never reach the kernel's implementation.
                    got_through(unsafe { $probe })
                }
                assert!(!in_locked_child(probe));
            }
        };
    }

    refused!(
        opening_a_file_is_refused,
        libc::syscall(
            libc::SYS_openat,
            libc::AT_FDCWD,
            c"/etc/hostname".as_ptr(),
            libc::O_RDONLY
        )
    );
    refused!(
        sockets_are_refused,
        libc::syscall(libc::SYS_socket, libc::AF_INET, libc::SOCK_STREAM, 0)
    );
    refused!(
        process_creation_is_refused,
        libc::syscall(libc::SYS_clone, libc::SIGCHLD, 0, 0, 0, 0)
    );
    refused!(
        io_uring_is_refused,
        libc::syscall(
            libc::SYS_io_uring_setup,
            1,
            std::ptr::null_mut::<libc::c_void>()
        )
    );
    refused!(
        pidfd_getfd_is_refused,
        libc::syscall(libc::SYS_pidfd_getfd, 0, 0, 0)
    );
    refused!(
        pidfd_open_is_refused,
        libc::syscall(libc::SYS_pidfd_open, parent(), 0)
    );
    refused!(
        process_vm_readv_is_refused,
        libc::syscall(
            libc::SYS_process_vm_readv,
            parent(),
            std::ptr::null::<libc::iovec>(),
            0,
            std::ptr::null::<libc::iovec>(),
            0,
            0
        )
    );
    refused!(
        mknodat_is_refused,
        libc::syscall(
            libc::SYS_mknodat,
            libc::AT_FDCWD,
            c"/tmp/codesearch-sandbox-node".as_ptr(),
            libc::S_IFIFO | 0o600,
            0
        )
    );
    refused!(
        unshare_is_refused,
        libc::syscall(libc::SYS_unshare, libc::CLONE_NEWUSER)
    );
    refused!(
        fchownat_is_refused,
        libc::syscall(
            libc::SYS_fchownat,
            libc::AT_FDCWD,
            c"/tmp".as_ptr(),
            0,
            0,
            0
        )
    );
    refused!(
        signalling_the_parent_is_refused,
        libc::syscall(libc::SYS_tgkill, parent(), parent(), 0)
    );
    refused!(
        signals_other_than_abort_to_itself_are_refused,
        libc::syscall(
            libc::SYS_tgkill,
            libc::getpid(),
            libc::syscall(libc::SYS_gettid),
            libc::SIGUSR1
        )
    );
    refused!(kill_is_refused, libc::syscall(libc::SYS_kill, parent(), 0));
    refused!(
        ptrace_is_refused,
        libc::syscall(libc::SYS_ptrace, libc::PTRACE_TRACEME, 0, 0, 0)
    );
    refused!(
        reading_another_fd_is_refused,
        libc::syscall(libc::SYS_read, 5, std::ptr::null_mut::<libc::c_void>(), 0)
    );
    refused!(
        writing_stderr_is_refused,
        libc::syscall(libc::SYS_write, 2, c"x".as_ptr(), 1)
    );
    refused!(
        executable_memory_is_refused,
        libc::syscall(
            libc::SYS_mmap,
            0,
            4096,
            libc::PROT_READ | libc::PROT_EXEC,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0
        )
    );
    #[cfg(target_arch = "x86_64")]
    refused!(
        x32_syscalls_are_refused,
        libc::syscall(0x4000_0000 | libc::SYS_getpid)
    );

    #[test]
    fn an_abort_still_ends_the_process_with_sigabrt() {
        // How the worker dies when its allocator limit or its stack runs out: the
        // parent reports that signal, so the allow-list must let it through.
        // SAFETY: getpid has no preconditions.
        let parent = unsafe { libc::getpid() };
        // SAFETY: as in `in_locked_child`.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            if lock_down(parent, 8 << 30, 60).is_err() {
                // SAFETY: _exit ends the child at once.
                unsafe { libc::_exit(3) };
            }
            std::process::abort();
        }
        let mut status = 0;
        // SAFETY: waits for the child just forked.
        unsafe { libc::waitpid(pid, &mut status, 0) };
        assert!(libc::WIFSIGNALED(status), "child exited: {status}");
        assert_eq!(libc::WTERMSIG(status), libc::SIGABRT);
    }

    #[test]
    fn the_allowed_calls_still_work() {
        fn probe() -> bool {
            // Memory, randomness and the clock, as the interpreter uses them.
            let v: Vec<u8> = vec![7; 1 << 20];
            let mut buf = [0u8; 8];
            // SAFETY: a valid buffer of its length.
            let rc = unsafe { libc::getrandom(buf.as_mut_ptr().cast(), buf.len(), 0) };
            let t = std::time::Instant::now();
            // Exit code 1 means "got through": here that is the expected outcome.
            v[v.len() - 1] == 7 && rc == 8 && t.elapsed().as_secs() < 10
        }
        assert!(in_locked_child(probe));
    }
}
