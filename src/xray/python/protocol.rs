//! The parent ↔ child protocol: length-prefixed JSON frames on the child's
//! stdin/stdout (a little-endian `u32` byte count, then the JSON).
//!
//! The child needs nothing else: the parent sends the evaluator once, then one
//! request per file (path, language, source, hits); the child answers each with the
//! evaluator's value or a per-file error.

use std::io::{self, Read, Write};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::search::Hit;
use crate::xray::evaluator::EvalError;

/// The largest frame accepted in either direction.
pub const MAX_FRAME: usize = 256 << 20;

/// Parent → child.
#[derive(Debug, Serialize, Deserialize)]
pub enum Request {
    /// The evaluator, compiled once per child.
    Init {
        code: String,
        max_memory: Option<usize>,
        max_recursion_depth: usize,
    },
    /// One file.
    Evaluate {
        file_path: String,
        language: String,
        source: String,
        hits: Vec<Hit>,
        timeout_ms: u64,
    },
}

/// Child → parent.
#[derive(Debug, Serialize, Deserialize)]
pub enum Response {
    Ready,
    Value(serde_json::Value),
    Failed(EvalError),
}

/// Writes one frame.
pub fn write_frame<T: Serialize>(out: &mut impl Write, msg: &T) -> io::Result<()> {
    let bytes = serde_json::to_vec(msg)?;
    if bytes.len() > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "frame too large",
        ));
    }
    out.write_all(&(bytes.len() as u32).to_le_bytes())?;
    out.write_all(&bytes)?;
    out.flush()
}

/// Reads one frame, blocking (the child's side). `Ok(None)` at a clean end of input.
pub fn read_frame<T: for<'de> Deserialize<'de>>(input: &mut impl Read) -> io::Result<Option<T>> {
    let mut len = [0u8; 4];
    match input.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "frame too large",
        ));
    }
    let mut buf = vec![0u8; len];
    input.read_exact(&mut buf)?;
    serde_json::from_slice(&buf)
        .map(Some)
        .map_err(io::Error::from)
}

/// Why a deadline-bound read failed.
#[derive(Debug)]
pub enum ReadError {
    /// The deadline passed first.
    Timeout,
    /// The other end closed or sent garbage.
    Broken(io::Error),
}

/// Reads one frame from a raw fd, giving up at `deadline` (the parent's side: a child
/// that hangs must never hang the parent).
#[cfg(unix)]
pub fn read_frame_until<T: for<'de> Deserialize<'de>>(
    fd: std::os::fd::RawFd,
    deadline: Instant,
) -> Result<T, ReadError> {
    let mut len = [0u8; 4];
    read_exact_until(fd, &mut len, deadline)?;
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(ReadError::Broken(io::Error::new(
            io::ErrorKind::InvalidData,
            "frame too large",
        )));
    }
    let mut buf = vec![0u8; len];
    read_exact_until(fd, &mut buf, deadline)?;
    serde_json::from_slice(&buf).map_err(|e| ReadError::Broken(e.into()))
}

#[cfg(unix)]
fn read_exact_until(
    fd: std::os::fd::RawFd,
    buf: &mut [u8],
    deadline: Instant,
) -> Result<(), ReadError> {
    let mut filled = 0;
    while filled < buf.len() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ReadError::Timeout);
        }
        let mut pfd = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
        // SAFETY: pfd is a valid pollfd for the duration of the call.
        let ready = unsafe { libc::poll(&mut pfd, 1, ms) };
        if ready < 0 {
            let err = io::Error::last_os_error();
            if err.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(ReadError::Broken(err));
        }
        if ready == 0 {
            continue;
        }
        // SAFETY: the slice is valid writable memory of the given length.
        let n = unsafe { libc::read(fd, buf[filled..].as_mut_ptr().cast(), buf.len() - filled) };
        if n < 0 {
            let err = io::Error::last_os_error();
            if err.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(ReadError::Broken(err));
        }
        if n == 0 {
            return Err(ReadError::Broken(io::ErrorKind::UnexpectedEof.into()));
        }
        filled += n as usize;
    }
    Ok(())
}
