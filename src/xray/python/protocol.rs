//! The parent ↔ child protocol: length-prefixed JSON frames on the child's
//! stdin/stdout (a little-endian `u32` byte count, then the JSON).
//!
//! The child needs nothing else: the parent sends the evaluator once, then one
//! request per file (path, language, source, hits); the child answers each with the
//! evaluator's value or a per-file error. The parent's reads and writes both give up
//! at a deadline: a worker that stops reading (or answering) never holds the run.

use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::search::Hit;
use crate::xray::evaluator::EvalError;

/// The largest frame accepted in either direction.
pub const MAX_FRAME: usize = 256 << 20;

/// Parent → child. The parent sends borrowed sources; the child owns what it reads.
#[derive(Debug, Serialize, Deserialize)]
pub enum Request<'a> {
    /// The evaluator, compiled once per child.
    Init {
        code: String,
        max_memory: Option<usize>,
        max_recursion_depth: usize,
    },
    /// One file.
    Evaluate {
        file_path: Cow<'a, str>,
        language: Cow<'a, str>,
        source: Cow<'a, str>,
        hits: Cow<'a, [Hit]>,
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

/// Serialises one frame: the length prefix, then the JSON.
fn frame<T: Serialize>(msg: &T) -> io::Result<Vec<u8>> {
    let mut bytes = vec![0u8; 4];
    serde_json::to_writer(&mut bytes, msg)?;
    let len = bytes.len() - 4;
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "frame too large",
        ));
    }
    bytes[..4].copy_from_slice(&(len as u32).to_le_bytes());
    Ok(bytes)
}

/// Writes one frame, blocking (the child's side).
pub fn write_frame<T: Serialize>(out: &mut impl Write, msg: &T) -> io::Result<()> {
    out.write_all(&frame(msg)?)?;
    out.flush()
}

/// Writes one frame to a raw non-blocking fd, giving up at `deadline` (the parent's
/// side: a worker that stopped reading must not block the parent on a full pipe).
#[cfg(unix)]
pub fn write_frame_until<T: Serialize>(
    fd: std::os::fd::RawFd,
    msg: &T,
    deadline: Instant,
) -> Result<(), FrameError> {
    let bytes = frame(msg).map_err(FrameError::Broken)?;
    let mut sent = 0;
    while sent < bytes.len() {
        wait_until(fd, libc::POLLOUT, deadline)?;
        // SAFETY: the slice is valid readable memory of the given length.
        let n = unsafe { libc::write(fd, bytes[sent..].as_ptr().cast(), bytes.len() - sent) };
        if n < 0 {
            let err = io::Error::last_os_error();
            if matches!(
                err.kind(),
                io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
            ) {
                continue;
            }
            return Err(FrameError::Broken(err));
        }
        sent += n as usize;
    }
    Ok(())
}

/// Waits until `fd` is ready for `events`, or fails at `deadline`.
#[cfg(unix)]
fn wait_until(fd: std::os::fd::RawFd, events: i16, deadline: Instant) -> Result<(), FrameError> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(FrameError::Timeout);
        }
        let mut pfd = libc::pollfd {
            fd,
            events,
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
            return Err(FrameError::Broken(err));
        }
        if ready > 0 {
            return Ok(());
        }
    }
}

/// Makes a pipe end non-blocking, for [`write_frame_until`].
#[cfg(unix)]
pub fn set_nonblocking(fd: std::os::fd::RawFd) -> io::Result<()> {
    // SAFETY: fcntl on an fd the caller owns, with integer arguments only.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above.
    if unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
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

/// Why a deadline-bound read or write failed.
#[derive(Debug)]
pub enum FrameError {
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
) -> Result<T, FrameError> {
    let mut len = [0u8; 4];
    read_exact_until(fd, &mut len, deadline)?;
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(FrameError::Broken(io::Error::new(
            io::ErrorKind::InvalidData,
            "frame too large",
        )));
    }
    let mut buf = vec![0u8; len];
    read_exact_until(fd, &mut buf, deadline)?;
    serde_json::from_slice(&buf).map_err(|e| FrameError::Broken(e.into()))
}

#[cfg(unix)]
fn read_exact_until(
    fd: std::os::fd::RawFd,
    buf: &mut [u8],
    deadline: Instant,
) -> Result<(), FrameError> {
    let mut filled = 0;
    while filled < buf.len() {
        wait_until(fd, libc::POLLIN, deadline)?;
        // SAFETY: the slice is valid writable memory of the given length.
        let n = unsafe { libc::read(fd, buf[filled..].as_mut_ptr().cast(), buf.len() - filled) };
        if n < 0 {
            let err = io::Error::last_os_error();
            if err.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(FrameError::Broken(err));
        }
        if n == 0 {
            return Err(FrameError::Broken(io::ErrorKind::UnexpectedEof.into()));
        }
        filled += n as usize;
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    #[test]
    fn a_write_to_a_reader_that_stopped_reading_gives_up_at_the_deadline() {
        let (reader, writer) = std::io::pipe().expect("pipe");
        set_nonblocking(writer.as_raw_fd()).expect("non-blocking");
        let started = Instant::now();
        let big = "x".repeat(4 << 20);
        let deadline = started + std::time::Duration::from_millis(200);
        let result = write_frame_until(writer.as_raw_fd(), &big, deadline);
        assert!(matches!(result, Err(FrameError::Timeout)), "{result:?}");
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
        drop(reader);
    }
}
