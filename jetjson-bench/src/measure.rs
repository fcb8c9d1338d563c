//! Timing primitives: run a step for a time slice, on one thread or on all
//! threads at once, and take medians.

use crate::peers::Step;
use std::sync::Barrier;
use std::time::{Duration, Instant};

/// Runs `step` in batches of `batch` until `slice` has passed; returns ns per run.
pub fn one_thread(step: &mut Step, batch: u64, slice: Duration) -> f64 {
    let (iters, elapsed) = run_for(step, batch, slice);
    elapsed.as_nanos() as f64 / iters as f64
}

fn run_for(step: &mut Step, batch: u64, slice: Duration) -> (u64, Duration) {
    let start = Instant::now();
    let mut iters = 0;
    loop {
        for _ in 0..batch {
            step.run();
        }
        iters += batch;
        let elapsed = start.elapsed();
        if elapsed >= slice {
            return (iters, elapsed);
        }
    }
}

/// Runs every step on its own thread, all started together, for `slice`;
/// returns the aggregate ns per run (one over the summed rates), or `None`
/// when a thread panicked.
pub fn all_threads(steps: &mut [Step], batch: u64, slice: Duration) -> Option<f64> {
    let barrier = Barrier::new(steps.len());
    let rates: Vec<Option<f64>> = std::thread::scope(|s| {
        let handles: Vec<_> = steps
            .iter_mut()
            .map(|step| {
                let barrier = &barrier;
                s.spawn(move || {
                    barrier.wait();
                    let (iters, elapsed) = run_for(step, batch, slice);
                    iters as f64 / elapsed.as_nanos() as f64
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().ok()).collect()
    });
    let rate: f64 = rates.into_iter().sum::<Option<f64>>()?;
    Some(1.0 / rate)
}

/// How many runs to do between two clock reads: enough that reading the
/// clock costs nothing next to them, few enough to stop close to the slice's end.
pub fn batch_for(ns_per_run: f64, slice: Duration) -> u64 {
    let target = (slice.as_nanos() as f64 / 20.0).min(100_000.0);
    if ns_per_run.is_finite() && ns_per_run > 0.0 {
        ((target / ns_per_run) as u64).max(1)
    } else {
        1
    }
}

/// The median of `xs` (the mean of the middle two for an even count).
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[mid]
    } else {
        (v[mid - 1] + v[mid]) / 2.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn batch_keeps_clock_reads_rare_but_bounded() {
        let slice = Duration::from_millis(20);
        assert_eq!(batch_for(1_000_000.0, slice), 1);
        assert_eq!(batch_for(100.0, slice), 1000);
        assert_eq!(batch_for(f64::NAN, slice), 1);
    }

    #[test]
    fn slices_run_at_least_once() {
        let mut step = Step::new(|| 1 + 1, |_| Ok(crate::peers::Checked::ok()));
        assert!(one_thread(&mut step, 1, Duration::ZERO) >= 0.0);
        let mut steps = vec![
            Step::new(|| 2, |_| Ok(crate::peers::Checked::ok())),
            Step::new(|| 3, |_| Ok(crate::peers::Checked::ok())),
        ];
        assert!(all_threads(&mut steps, 1, Duration::from_millis(1)).is_some());
    }
}
