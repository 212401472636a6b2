//! The child's operating-system limits, applied before it reads any evaluator.
//!
//! Layers (the interpreter's own refusal of OS calls is the first, in [`super::run`]):
//! - rlimits: no core dumps, no file writes (`RLIMIT_FSIZE` 0), a CPU-time ceiling, an
//!   address-space ceiling as a backstop to the allocator's count;
//! - `PR_SET_NO_NEW_PRIVS`, so nothing the child runs can gain privileges;
//! - a seccomp filter that makes opening files, sockets, and process creation or
//!   replacement fail with `EPERM` (the child has everything it needs on its pipes).

/// Which layers could not be applied (seccomp is unavailable on some kernels).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Missing {
    pub rlimits: bool,
    pub no_new_privs: bool,
    pub seccomp: bool,
}

/// Applies every limit. Allocation-free once the filter is built, so it is safe in a
/// freshly forked child (the tests rely on that).
pub fn apply(address_space: u64, cpu_seconds: u64) -> Missing {
    #[cfg(target_os = "linux")]
    {
        let filter = seccomp::program();
        apply_with(&filter, address_space, cpu_seconds)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (address_space, cpu_seconds);
        Missing {
            rlimits: true,
            no_new_privs: true,
            seccomp: true,
        }
    }
}

/// [`apply`] with a prebuilt filter program.
#[cfg(target_os = "linux")]
pub fn apply_with(filter: &[libc::sock_filter], address_space: u64, cpu_seconds: u64) -> Missing {
    let mut missing = Missing::default();
    {
        let limits = [
            (libc::RLIMIT_CORE, 0),
            (libc::RLIMIT_FSIZE, 0),
            (libc::RLIMIT_CPU, cpu_seconds),
            (libc::RLIMIT_AS, address_space),
        ];
        for (resource, value) in limits {
            let lim = libc::rlimit {
                rlim_cur: value,
                rlim_max: value,
            };
            // SAFETY: setrlimit reads a valid rlimit struct.
            if unsafe { libc::setrlimit(resource, &lim) } != 0 {
                missing.rlimits = true;
            }
        }
        // SAFETY: prctl with PR_SET_NO_NEW_PRIVS takes integer arguments only.
        if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
            missing.no_new_privs = true;
        }
        missing.seccomp = seccomp::install(filter).is_err();
    }
    missing
}

#[cfg(target_os = "linux")]
pub mod seccomp {
    //! A classic-BPF seccomp filter, written out by hand: check the architecture,
    //! load the syscall number, return `EPERM` for the denied ones, allow the rest.

    #[cfg(target_arch = "x86_64")]
    const AUDIT_ARCH: u32 = 0xC000_003E;
    #[cfg(target_arch = "aarch64")]
    const AUDIT_ARCH: u32 = 0xC000_00B7;

    /// Denied on every architecture: opening files, networking, creating or
    /// replacing processes, signalling or tracing others, changing the file system.
    const DENIED_COMMON: &[libc::c_long] = &[
        libc::SYS_openat,
        libc::SYS_openat2,
        libc::SYS_open_by_handle_at,
        libc::SYS_socket,
        libc::SYS_socketpair,
        libc::SYS_connect,
        libc::SYS_bind,
        libc::SYS_listen,
        libc::SYS_accept,
        libc::SYS_accept4,
        libc::SYS_clone,
        libc::SYS_clone3,
        libc::SYS_execve,
        libc::SYS_execveat,
        libc::SYS_ptrace,
        libc::SYS_kill,
        libc::SYS_tkill,
        libc::SYS_unlinkat,
        libc::SYS_renameat,
        libc::SYS_renameat2,
        libc::SYS_mkdirat,
        libc::SYS_symlinkat,
        libc::SYS_linkat,
        libc::SYS_fchmodat,
        libc::SYS_truncate,
    ];

    /// The legacy calls x86_64 still has beside their `*at` forms.
    #[cfg(target_arch = "x86_64")]
    const DENIED_ARCH: &[libc::c_long] = &[
        libc::SYS_open,
        libc::SYS_creat,
        libc::SYS_fork,
        libc::SYS_vfork,
        libc::SYS_unlink,
        libc::SYS_rename,
        libc::SYS_mkdir,
        libc::SYS_symlink,
        libc::SYS_link,
        libc::SYS_chmod,
    ];
    #[cfg(target_arch = "aarch64")]
    const DENIED_ARCH: &[libc::c_long] = &[];

    const BPF_LD_W_ABS: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
    const BPF_JEQ_K: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
    const BPF_RET_K: u16 = 0x06; // BPF_RET | BPF_K
    const SECCOMP_RET_ALLOW: u32 = 0x7fff_0000;
    const SECCOMP_RET_ERRNO: u32 = 0x0005_0000;
    const SECCOMP_RET_KILL_PROCESS: u32 = 0x8000_0000;
    /// Offsets in `struct seccomp_data`.
    const OFFSET_NR: u32 = 0;
    const OFFSET_ARCH: u32 = 4;

    fn stmt(code: u16, k: u32) -> libc::sock_filter {
        libc::sock_filter {
            code,
            jt: 0,
            jf: 0,
            k,
        }
    }

    fn jump(k: u32, jt: u8, jf: u8) -> libc::sock_filter {
        libc::sock_filter {
            code: BPF_JEQ_K,
            jt,
            jf,
            k,
        }
    }

    /// The filter program.
    pub fn program() -> Vec<libc::sock_filter> {
        let mut p = vec![
            stmt(BPF_LD_W_ABS, OFFSET_ARCH),
            // A foreign architecture's syscall numbers mean other things: kill.
            jump(AUDIT_ARCH, 1, 0),
            stmt(BPF_RET_K, SECCOMP_RET_KILL_PROCESS),
            stmt(BPF_LD_W_ABS, OFFSET_NR),
        ];
        for &nr in DENIED_COMMON.iter().chain(DENIED_ARCH) {
            // Equal: fall through to the EPERM return just after; else skip it.
            p.push(jump(nr as u32, 0, 1));
            p.push(stmt(BPF_RET_K, SECCOMP_RET_ERRNO | libc::EPERM as u32));
        }
        p.push(stmt(BPF_RET_K, SECCOMP_RET_ALLOW));
        p
    }

    pub fn install(filter: &[libc::sock_filter]) -> std::io::Result<()> {
        let prog = libc::sock_fprog {
            len: filter.len() as u16,
            // The kernel only reads the program.
            filter: filter.as_ptr().cast_mut(),
        };
        // SAFETY: prog points at a live filter array of `len` instructions; the kernel
        // copies it during the call.
        let rc = unsafe {
            libc::prctl(
                libc::PR_SET_SECCOMP,
                libc::SECCOMP_MODE_FILTER,
                &prog as *const libc::sock_fprog,
                0,
                0,
            )
        };
        if rc == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// Forks, locks the child down, and reports what the child could still do.
    fn in_locked_child(probe: fn() -> bool) -> bool {
        let filter = seccomp::program();
        // SAFETY: the child only calls async-signal-safe functions (setrlimit, prctl,
        // open, socket, _exit) and allocates nothing before _exit.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            let missing = apply_with(&filter, 8 << 30, 60);
            let code = if missing.seccomp {
                3
            } else if probe() {
                1
            } else {
                0
            };
            // SAFETY: _exit ends the child without running the parent's destructors.
            unsafe { libc::_exit(code) };
        }
        let mut status = 0;
        // SAFETY: waits for the child just forked.
        unsafe { libc::waitpid(pid, &mut status, 0) };
        assert!(libc::WIFEXITED(status), "child died: {status}");
        let code = libc::WEXITSTATUS(status);
        assert_ne!(code, 3, "seccomp could not be installed");
        code == 1
    }

    fn can_open_a_file() -> bool {
        // SAFETY: a NUL-terminated static path.
        let fd = unsafe { libc::open(c"/etc/hostname".as_ptr(), libc::O_RDONLY) };
        fd >= 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::EPERM)
    }

    fn can_make_a_socket() -> bool {
        // SAFETY: plain integer arguments.
        let fd = unsafe { libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0) };
        fd >= 0
    }

    fn can_fork() -> bool {
        // SAFETY: a child of the child exits at once.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            unsafe { libc::_exit(0) };
        }
        pid > 0
    }

    #[test]
    fn seccomp_denies_opening_files() {
        assert!(!in_locked_child(can_open_a_file));
    }

    #[test]
    fn seccomp_denies_sockets() {
        assert!(!in_locked_child(can_make_a_socket));
    }

    #[test]
    fn seccomp_denies_process_creation() {
        assert!(!in_locked_child(can_fork));
    }
}
