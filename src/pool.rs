//! Work over a list on several threads, delivered in list order.
//!
//! Workers take indices in order from a shared counter and hand their results to the
//! calling thread, which puts them back in index order and gives each to one consumer
//! (the printer): output never depends on timing and never tears. A worker does not
//! start an item more than `ahead` items past the last one delivered (back-pressure: a
//! slow reader or one slow item never lets later results pile up in memory).
//!
//! Hand-written over scoped threads rather than rayon: rayon's ordered `collect` holds
//! every result until the end, and its pool cannot wait on the consumer.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The worker count `-j N` asks for: `N`, or one per core for 0.
pub fn threads_for(requested: usize) -> usize {
    if requested == 0 {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    } else {
        requested
    }
}

/// What the consumer wants after an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// Deliver nothing more; workers stop taking items.
    Stop,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finished {
    /// Items delivered: always the first `delivered` of the list.
    pub delivered: usize,
    /// The deadline passed, or an item's work gave up, before every item was done.
    pub cut_short: bool,
}

/// The shape of one run.
#[derive(Debug, Clone, Copy)]
pub struct InOrder {
    /// Worker threads (at least one; never more than there are items).
    pub threads: usize,
    /// How many items past the last delivered one a worker may start.
    pub ahead: usize,
    /// No item is started after this instant.
    pub deadline: Option<Instant>,
}

impl InOrder {
    /// `threads` workers, each allowed `ahead_per_thread` items of lead, no deadline.
    pub fn new(threads: usize, ahead_per_thread: usize) -> InOrder {
        let threads = threads.max(1);
        InOrder {
            threads,
            ahead: threads * ahead_per_thread.max(1),
            deadline: None,
        }
    }

    /// The same, starting no item after `deadline`.
    pub fn until(self, deadline: Option<Instant>) -> InOrder {
        InOrder { deadline, ..self }
    }

    /// Runs `work(i)` for each `i` in `0..count` on the workers and hands the results
    /// to `consume` on the calling thread, in index order. `work` answering `None`
    /// gives up: nothing from that index on is delivered. A `consume` error or
    /// [`Flow::Stop`] ends the run; the error is returned.
    pub fn run<R, W, C, E>(&self, count: usize, work: W, mut consume: C) -> Result<Finished, E>
    where
        R: Send,
        W: Fn(usize) -> Option<R> + Sync,
        C: FnMut(usize, R) -> Result<Flow, E>,
    {
        let next = AtomicUsize::new(0);
        // Set when the consumer stops or fails: no new item is started.
        let stop = AtomicBool::new(false);
        let cut_short = AtomicBool::new(false);
        // The first index whose work gave up: nothing from it on is delivered.
        let gave_up_at = AtomicUsize::new(usize::MAX);
        let delivered = Delivered::default();
        let (tx, rx) = std::sync::mpsc::channel::<(usize, R)>();
        let mut done = 0usize;
        let mut outcome = Ok(());
        std::thread::scope(|scope| {
            for _ in 0..self.threads.min(count.max(1)) {
                let tx = tx.clone();
                let (next, stop, cut_short, gave_up_at, delivered, work) =
                    (&next, &stop, &cut_short, &gave_up_at, &delivered, &work);
                scope.spawn(move || loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    if self.passed() {
                        cut_short.store(true, Ordering::Relaxed);
                        return;
                    }
                    // Indices are taken in order and each taken one is finished (or the
                    // run ends), so what is delivered is always a prefix.
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= count {
                        return;
                    }
                    if !self.wait_for_turn(index, delivered, stop, gave_up_at) {
                        if self.passed() {
                            cut_short.store(true, Ordering::Relaxed);
                        }
                        return;
                    }
                    let Some(result) = work(index) else {
                        // Only what comes after is abandoned: workers holding earlier
                        // indices finish them, so the whole prefix is delivered.
                        gave_up_at.fetch_min(index, Ordering::Relaxed);
                        cut_short.store(true, Ordering::Relaxed);
                        delivered.wake();
                        return;
                    };
                    if tx.send((index, result)).is_err() {
                        return;
                    }
                });
            }
            drop(tx);
            let mut pending: BTreeMap<usize, R> = BTreeMap::new();
            let mut halted = false;
            for (index, result) in rx {
                // After a stop or an error, what the workers still send is drained so
                // that they end; past a give-up, results are not part of the prefix.
                if halted || index >= gave_up_at.load(Ordering::Relaxed) {
                    continue;
                }
                pending.insert(index, result);
                while let Some(ready) = pending.remove(&done) {
                    done += 1;
                    match consume(done - 1, ready) {
                        Ok(Flow::Continue) => {}
                        Ok(Flow::Stop) => halted = true,
                        Err(e) => {
                            outcome = Err(e);
                            halted = true;
                        }
                    }
                    if halted {
                        stop.store(true, Ordering::Relaxed);
                        pending.clear();
                    }
                    delivered.advance(done);
                    if halted {
                        break;
                    }
                }
            }
        });
        outcome.map(|()| Finished {
            delivered: done,
            cut_short: cut_short.load(Ordering::Relaxed) && done < count,
        })
    }

    fn passed(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Waits until item `index` is at most `ahead` items past the last one delivered.
    /// False when the run stopped, an earlier item gave up, or the deadline passed
    /// while waiting.
    fn wait_for_turn(
        &self,
        index: usize,
        delivered: &Delivered,
        stop: &AtomicBool,
        gave_up_at: &AtomicUsize,
    ) -> bool {
        let abandoned =
            || stop.load(Ordering::Relaxed) || index > gave_up_at.load(Ordering::Relaxed);
        let mut count = delivered.count();
        while index >= *count + self.ahead {
            if abandoned() || self.passed() {
                return false;
            }
            // Woken on every delivery (a stop comes with one) and on a give-up; the
            // timeout only bounds how late a passed deadline is noticed.
            let wait = self.deadline.map_or(Duration::from_millis(100), |d| {
                d.saturating_duration_since(Instant::now())
                    .min(Duration::from_millis(100))
            });
            count = delivered
                .turn
                .wait_timeout(count, wait)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
        !abandoned()
    }
}

/// How many results the consumer has taken; workers wait on it for their turn.
#[derive(Default)]
struct Delivered {
    count: Mutex<usize>,
    turn: Condvar,
}

impl Delivered {
    fn count(&self) -> MutexGuard<'_, usize> {
        self.count.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Records that `done` results are delivered and wakes the waiting workers.
    fn advance(&self, done: usize) {
        *self.count() = done;
        self.turn.notify_all();
    }

    /// Wakes the waiting workers after a change they check under the lock (a
    /// give-up): taking the lock orders the change after any waiter's last check, so
    /// none sleeps through the wake-up.
    fn wake(&self) {
        drop(self.count());
        self.turn.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_arrive_in_index_order_whatever_the_timing() {
        let pool = InOrder::new(4, 2);
        let mut seen = Vec::new();
        let end = pool
            .run(
                50,
                |i| {
                    // Early items take longest, so later ones finish first.
                    std::thread::sleep(Duration::from_micros(((50 - i) * 50) as u64));
                    Some(i * 10)
                },
                |i, r| {
                    seen.push((i, r));
                    Ok::<_, ()>(Flow::Continue)
                },
            )
            .unwrap();
        assert_eq!(
            end,
            Finished {
                delivered: 50,
                cut_short: false
            }
        );
        assert_eq!(seen, (0..50).map(|i| (i, i * 10)).collect::<Vec<_>>());
    }

    #[test]
    fn stop_from_the_consumer_delivers_nothing_more() {
        let started = AtomicUsize::new(0);
        let end = InOrder::new(2, 1)
            .run(
                1000,
                |i| {
                    started.fetch_add(1, Ordering::Relaxed);
                    Some(i)
                },
                |i, _| Ok::<_, ()>(if i == 9 { Flow::Stop } else { Flow::Continue }),
            )
            .unwrap();
        assert_eq!(end.delivered, 10);
        assert!(!end.cut_short);
        // Back-pressure: workers ran at most `ahead` items past the stop.
        assert!(started.load(Ordering::Relaxed) <= 10 + 2 + 2);
    }

    #[test]
    fn giving_up_delivers_only_the_prefix_before_it() {
        // Many short runs with more workers than cores: a worker that has taken an
        // index just before the one that gives up is often still on its way to its
        // turn when the give-up happens, and must finish that index all the same.
        for give_up in 0..300 {
            let mut seen = Vec::new();
            let end = InOrder::new(8, 1)
                .run(
                    give_up + 20,
                    |i| (i != give_up).then_some(i),
                    |i, _| {
                        seen.push(i);
                        Ok::<_, ()>(Flow::Continue)
                    },
                )
                .unwrap();
            assert_eq!(
                end,
                Finished {
                    delivered: give_up,
                    cut_short: true
                }
            );
            assert_eq!(seen, (0..give_up).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_consumer_error_is_returned() {
        let end = InOrder::new(2, 2).run(10, Some, |i, _| {
            if i == 3 {
                Err("broken pipe")
            } else {
                Ok(Flow::Continue)
            }
        });
        assert_eq!(end, Err("broken pipe"));
    }

    #[test]
    fn a_passed_deadline_starts_nothing() {
        let end = InOrder::new(2, 2)
            .until(Some(Instant::now()))
            .run(10, Some, |_, _| Ok::<_, ()>(Flow::Continue))
            .unwrap();
        assert_eq!(
            end,
            Finished {
                delivered: 0,
                cut_short: true
            }
        );
    }
}
