//! The one ordered parallel map of eight: the threaded IDA* iteration, the answer stream's
//! `--jobs` and `eight judge`'s runs all share work out with it. Items are taken one at a time
//! by the first free thread, so that one slow item holds up only the results after it, and the
//! results come back in the items' order as soon as each and every one before it is ready.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Maps `items` by `work` on up to `threads` threads, each with its own state from `state`,
/// handing every result to `take` in the items' order, on the calling thread, as soon as it and
/// all before it are ready. When `take` returns `false`, no thread takes another item (those
/// taken finish, and their results are dropped).
pub fn ordered_map<T, S, R>(
    items: &[T],
    threads: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize, &T) -> R + Sync,
    mut take: impl FnMut(usize, R) -> bool,
) where
    T: Sync,
    R: Send,
{
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        let mut state = state();
        for (index, item) in items.iter().enumerate() {
            if !take(index, work(&mut state, index, item)) {
                return;
            }
        }
        return;
    }
    let (next, stop) = (AtomicUsize::new(0), AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..threads {
            let (sender, next, stop, state, work) = (sender.clone(), &next, &stop, &state, &work);
            scope.spawn(move || {
                let mut state = state();
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(index) else { break };
                    if sender.send((index, work(&mut state, index, item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut ready: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
        let mut given = 0;
        for (index, result) in receiver {
            if stop.load(Ordering::Relaxed) {
                continue;
            }
            ready[index] = Some(result);
            while let Some(result) = ready.get_mut(given).and_then(Option::take) {
                given += 1;
                if !take(given - 1, result) {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn results_come_in_order_whatever_finishes_first() {
        let items: Vec<u64> = (0..200).collect();
        for threads in [1, 2, 5, 300] {
            let mut seen = Vec::new();
            ordered_map(
                &items,
                threads,
                || 0u64,
                |calls, index, &item| {
                    *calls += 1;
                    // the early items are the slow ones
                    if index < 3 {
                        thread::sleep(Duration::from_millis(20));
                    }
                    item * item
                },
                |index, result| {
                    seen.push((index, result));
                    true
                },
            );
            let expected: Vec<(usize, u64)> = (0..200).map(|i| (i, i as u64 * i as u64)).collect();
            assert_eq!(seen, expected, "{threads} threads");
        }
    }

    #[test]
    fn a_refusal_stops_the_taking_and_nothing_after_it_is_given() {
        let items: Vec<usize> = (0..1_000).collect();
        let worked = AtomicUsize::new(0);
        let mut given = Vec::new();
        ordered_map(
            &items,
            3,
            || (),
            |_, _, &item| {
                worked.fetch_add(1, Ordering::Relaxed);
                thread::sleep(Duration::from_millis(1));
                item
            },
            |index, result| {
                given.push(result);
                index < 9
            },
        );
        assert_eq!(given, (0..10).collect::<Vec<_>>());
        assert!(
            worked.load(Ordering::Relaxed) < items.len(),
            "the threads stopped early"
        );
    }
}
