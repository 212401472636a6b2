//! Work over a list on several threads, delivered in list order.
//!
//! Every thread, the calling one included, takes indices in order from a shared
//! counter. Results are put back in index order and handed to one consumer (the
//! printer) on the calling thread: output never depends on timing and never tears. No
//! item is started more than `ahead` items past the last one delivered (back-pressure:
//! a slow reader or one slow item never lets later results pile up in memory).
//!
//! The calling thread delivers what is ready between items of its own instead of
//! sleeping until each result arrives: with one result per file, a consumer woken for
//! every result cost two context switches a file, a tenth of the CPU time of a
//! whole-tree outline. Workers wake it only when it waits, which it does only when it
//! may take no item itself.
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
    /// Threads working, the calling one included (at least one; never more than
    /// there are items).
    pub threads: usize,
    /// How many items past the last delivered one a thread may start.
    pub ahead: usize,
    /// No item is started after this instant.
    pub deadline: Option<Instant>,
}

/// The state the threads of one run share.
struct Shared<R> {
    /// The next index to take.
    next: AtomicUsize,
    /// Set when the consumer stops or fails: no new item is started.
    stop: AtomicBool,
    cut_short: AtomicBool,
    /// The first index whose work gave up: nothing from it on is delivered.
    gave_up_at: AtomicUsize,
    delivered: Delivered,
    /// Results waiting for their turn, and who is still working.
    results: Mutex<Results<R>>,
    /// Wakes the calling thread when it waits for a result.
    arrived: Condvar,
}

struct Results<R> {
    pending: BTreeMap<usize, R>,
    /// Spawned workers that have not ended.
    workers: usize,
    /// Whether the calling thread is waiting on `arrived`.
    waiting: bool,
}

impl<R> Shared<R> {
    fn results(&self) -> MutexGuard<'_, Results<R>> {
        self.results.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Hands over a worker's result, waking the calling thread if it waits.
    fn arrive(&self, index: usize, result: R) {
        let mut r = self.results();
        r.pending.insert(index, result);
        if r.waiting {
            self.arrived.notify_one();
        }
    }

    /// Records that a worker gave up at `index`.
    fn give_up(&self, index: usize) {
        self.gave_up_at.fetch_min(index, Ordering::Relaxed);
        self.cut_short.store(true, Ordering::Relaxed);
        self.delivered.wake();
        let r = self.results();
        if r.waiting {
            self.arrived.notify_one();
        }
    }

    /// Records that a worker ended.
    fn worker_ended(&self) {
        let mut r = self.results();
        r.workers -= 1;
        if r.waiting {
            self.arrived.notify_one();
        }
    }
}

impl InOrder {
    /// `threads` threads, each allowed `ahead_per_thread` items of lead, no deadline.
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

    /// Runs `work(i)` for each `i` in `0..count` on the threads and hands the results
    /// to `consume` on the calling thread, in index order. `work` answering `None`
    /// gives up: nothing from that index on is delivered. A `consume` error or
    /// [`Flow::Stop`] ends the run; the error is returned.
    pub fn run<R, W, C, E>(&self, count: usize, work: W, mut consume: C) -> Result<Finished, E>
    where
        R: Send,
        W: Fn(usize) -> Option<R> + Sync,
        C: FnMut(usize, R) -> Result<Flow, E>,
    {
        let workers = self.threads.min(count.max(1)) - 1;
        let shared = Shared {
            next: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            cut_short: AtomicBool::new(false),
            gave_up_at: AtomicUsize::new(usize::MAX),
            delivered: Delivered::default(),
            results: Mutex::new(Results {
                pending: BTreeMap::new(),
                workers,
                waiting: false,
            }),
            arrived: Condvar::new(),
        };
        let mut delivery = Delivery {
            done: 0,
            outcome: Ok(()),
            halted: false,
        };
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let (shared, work) = (&shared, &work);
                scope.spawn(move || {
                    self.work_until_done(count, shared, work);
                    shared.worker_ended();
                });
            }
            self.take_part(count, &shared, &work, &mut consume, &mut delivery);
            // Workers still in an item finish it and end (a stop or a give-up bars
            // what they would take next).
        });
        delivery.outcome.map(|()| Finished {
            delivered: delivery.done,
            cut_short: shared.cut_short.load(Ordering::Relaxed) && delivery.done < count,
        })
    }

    /// A spawned worker: takes items in order until none is left or the run ends.
    fn work_until_done<R, W>(&self, count: usize, shared: &Shared<R>, work: &W)
    where
        W: Fn(usize) -> Option<R>,
    {
        loop {
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            if self.passed() {
                shared.cut_short.store(true, Ordering::Relaxed);
                return;
            }
            // Indices are taken in order and each taken one is finished (or the run
            // ends), so what is delivered is always a prefix.
            let index = shared.next.fetch_add(1, Ordering::Relaxed);
            if index >= count {
                return;
            }
            if !self.wait_for_turn(index, shared) {
                if self.passed() {
                    shared.cut_short.store(true, Ordering::Relaxed);
                }
                return;
            }
            let Some(result) = work(index) else {
                // Only what comes after is abandoned: threads holding earlier indices
                // finish them, so the whole prefix is delivered.
                shared.give_up(index);
                return;
            };
            shared.arrive(index, result);
        }
    }

    /// The calling thread: delivers what is ready, takes an item of its own when it
    /// may, and waits for the workers' results only when it may not.
    fn take_part<R, W, C, E>(
        &self,
        count: usize,
        shared: &Shared<R>,
        work: &W,
        consume: &mut C,
        delivery: &mut Delivery<E>,
    ) where
        W: Fn(usize) -> Option<R>,
        C: FnMut(usize, R) -> Result<Flow, E>,
    {
        loop {
            let ready = {
                let mut r = shared.results();
                take_ready(&mut r.pending, delivery.done)
            };
            for result in ready {
                delivery.deliver(consume, result, shared);
                if delivery.halted {
                    return;
                }
            }
            let gave_up_at = shared.gave_up_at.load(Ordering::Relaxed);
            if delivery.done >= count || delivery.done >= gave_up_at {
                return;
            }
            if let Some(index) = self.own_item(count, shared, delivery.done) {
                match work(index) {
                    Some(result) if index == delivery.done => {
                        delivery.deliver(consume, result, shared);
                        if delivery.halted {
                            return;
                        }
                    }
                    Some(result) => {
                        shared.results().pending.insert(index, result);
                    }
                    None => shared.give_up(index),
                }
                continue;
            }
            // Nothing to take: the next result is a worker's (or will never come).
            let mut r = shared.results();
            loop {
                let gave_up_at = shared.gave_up_at.load(Ordering::Relaxed);
                if r.pending.contains_key(&delivery.done) || delivery.done >= gave_up_at {
                    break;
                }
                if r.workers == 0 {
                    // No one holds the next item: either every item is taken and
                    // delivered up to a cut (a deadline), or the calling thread may
                    // take it itself now.
                    if self.own_item_possible(count, shared, delivery.done) {
                        break;
                    }
                    return;
                }
                r.waiting = true;
                // The timeout only bounds how late a passed deadline is noticed.
                r = shared
                    .arrived
                    .wait_timeout(r, Duration::from_millis(100))
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
                r.waiting = false;
            }
        }
    }

    /// An index the calling thread may take now, taken: the next one, when the run
    /// goes on and it is within `ahead` of the delivered count and before any give-up.
    fn own_item<R>(&self, count: usize, shared: &Shared<R>, done: usize) -> Option<usize> {
        let mut index = shared.next.load(Ordering::Relaxed);
        loop {
            if !self.may_take(index, count, shared, done) {
                return None;
            }
            match shared.next.compare_exchange_weak(
                index,
                index + 1,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(index),
                Err(now) => index = now,
            }
        }
    }

    /// Whether the calling thread may take the next index now.
    fn own_item_possible<R>(&self, count: usize, shared: &Shared<R>, done: usize) -> bool {
        self.may_take(shared.next.load(Ordering::Relaxed), count, shared, done)
    }

    fn may_take<R>(&self, index: usize, count: usize, shared: &Shared<R>, done: usize) -> bool {
        if shared.stop.load(Ordering::Relaxed) {
            return false;
        }
        if self.passed() {
            shared.cut_short.store(true, Ordering::Relaxed);
            return false;
        }
        index < count
            && index < done + self.ahead
            && index < shared.gave_up_at.load(Ordering::Relaxed)
    }

    fn passed(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Waits until item `index` is at most `ahead` items past the last one delivered.
    /// False when the run stopped, an earlier item gave up, or the deadline passed
    /// while waiting.
    fn wait_for_turn<R>(&self, index: usize, shared: &Shared<R>) -> bool {
        let abandoned = || {
            shared.stop.load(Ordering::Relaxed) || index > shared.gave_up_at.load(Ordering::Relaxed)
        };
        let mut turns = shared.delivered.turns();
        while index >= turns.count + self.ahead {
            if abandoned() || self.passed() {
                return false;
            }
            // Woken on every delivery (a stop comes with one) and on a give-up; the
            // timeout only bounds how late a passed deadline is noticed.
            let wait = self.deadline.map_or(Duration::from_millis(100), |d| {
                d.saturating_duration_since(Instant::now())
                    .min(Duration::from_millis(100))
            });
            turns.waiting += 1;
            turns = shared
                .delivered
                .turn
                .wait_timeout(turns, wait)
                .unwrap_or_else(|p| p.into_inner())
                .0;
            turns.waiting -= 1;
        }
        !abandoned()
    }
}

/// The results from `next` on that are ready, in order, taken out of `pending`.
fn take_ready<R>(pending: &mut BTreeMap<usize, R>, mut next: usize) -> Vec<R> {
    let mut ready = Vec::new();
    while let Some(r) = pending.remove(&next) {
        ready.push(r);
        next += 1;
    }
    ready
}

/// What the calling thread has delivered.
struct Delivery<E> {
    done: usize,
    outcome: Result<(), E>,
    /// The consumer stopped or failed.
    halted: bool,
}

impl<E> Delivery<E> {
    /// Hands the next result to the consumer.
    fn deliver<R, C>(&mut self, consume: &mut C, result: R, shared: &Shared<R>)
    where
        C: FnMut(usize, R) -> Result<Flow, E>,
    {
        self.done += 1;
        match consume(self.done - 1, result) {
            Ok(Flow::Continue) => {}
            Ok(Flow::Stop) => self.halted = true,
            Err(e) => {
                self.outcome = Err(e);
                self.halted = true;
            }
        }
        if self.halted {
            shared.stop.store(true, Ordering::Relaxed);
        }
        shared.delivered.advance(self.done);
    }
}

/// How many results the consumer has taken; workers wait on it for their turn.
#[derive(Default)]
struct Delivered {
    turns: Mutex<Turns>,
    turn: Condvar,
}

#[derive(Default)]
struct Turns {
    count: usize,
    /// Workers waiting for their turn: a delivery wakes no one when there are none.
    waiting: usize,
}

impl Delivered {
    fn turns(&self) -> MutexGuard<'_, Turns> {
        self.turns.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Records that `done` results are delivered and wakes the waiting workers.
    fn advance(&self, done: usize) {
        let mut turns = self.turns();
        turns.count = done;
        if turns.waiting > 0 {
            self.turn.notify_all();
        }
    }

    /// Wakes the waiting workers after a change they check under the lock (a
    /// give-up): taking the lock orders the change after any waiter's last check, so
    /// none sleeps through the wake-up.
    fn wake(&self) {
        if self.turns().waiting > 0 {
            self.turn.notify_all();
        }
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
    fn one_thread_works_on_the_calling_thread() {
        let caller = std::thread::current().id();
        let mut seen = Vec::new();
        let end = InOrder::new(1, 4)
            .run(
                20,
                |i| Some((i, std::thread::current().id())),
                |i, (j, worker)| {
                    seen.push(i);
                    assert_eq!((i, worker), (j, caller));
                    Ok::<_, ()>(Flow::Continue)
                },
            )
            .unwrap();
        assert_eq!(end.delivered, 20);
        assert_eq!(seen, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn the_calling_thread_waits_for_a_slow_worker_item() {
        // Item 0 is slow and the calling thread may run only `ahead` items past it:
        // it must wait for the worker's result, then deliver everything in order.
        let caller = std::thread::current().id();
        let mut seen = Vec::new();
        let end = InOrder::new(2, 1)
            .run(
                12,
                |i| {
                    if i == 0 && std::thread::current().id() != caller {
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    Some(i)
                },
                |i, r| {
                    seen.push((i, r));
                    Ok::<_, ()>(Flow::Continue)
                },
            )
            .unwrap();
        assert_eq!(end.delivered, 12);
        assert_eq!(seen, (0..12).map(|i| (i, i)).collect::<Vec<_>>());
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
