//! A progress bar on stderr, drawn from the measuring thread itself (no
//! ticker thread, so allocation counts stay exact), only when stderr is a
//! terminal.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// The progress display; silent when disabled.
pub struct Progress {
    enabled: bool,
    total: u64,
    done: u64,
    started: Instant,
    drawn: Option<Instant>,
}

const WIDTH: usize = 30;
const EVERY: Duration = Duration::from_millis(100);

impl Progress {
    /// Draws only if `wanted` and stderr is a terminal.
    pub fn new(wanted: bool) -> Self {
        Progress {
            enabled: wanted && std::io::stderr().is_terminal(),
            total: 0,
            done: 0,
            started: Instant::now(),
            drawn: None,
        }
    }

    /// A one-line message while preparing.
    pub fn note(&mut self, msg: &str) {
        if self.due() {
            self.draw(&format!("preparing: {msg}"));
        }
    }

    /// Starts the bar for `total` steps.
    pub fn start(&mut self, total: u64) {
        self.total = total.max(1);
        self.done = 0;
        self.started = Instant::now();
        self.drawn = None;
    }

    /// One step done; `label` says what runs next.
    pub fn tick(&mut self, label: &str) {
        self.done += 1;
        if self.due() {
            let frac = (self.done as f64 / self.total as f64).min(1.0);
            let filled = (frac * WIDTH as f64) as usize;
            let elapsed = self.started.elapsed().as_secs_f64();
            let eta = if frac > 0.0 {
                elapsed / frac - elapsed
            } else {
                0.0
            };
            let line = format!(
                "[{}{}] {:>3.0}% ETA {:>2}:{:02}  {label}",
                "#".repeat(filled),
                ".".repeat(WIDTH - filled),
                frac * 100.0,
                (eta as u64) / 60,
                (eta as u64) % 60,
            );
            self.draw(&line);
        }
    }

    /// Clears the line.
    pub fn finish(&mut self) {
        if self.enabled {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
    }

    fn due(&mut self) -> bool {
        if !self.enabled {
            return false;
        }
        let now = Instant::now();
        match self.drawn {
            Some(t) if now.duration_since(t) < EVERY => false,
            _ => {
                self.drawn = Some(now);
                true
            }
        }
    }

    fn draw(&self, line: &str) {
        let line: String = line.chars().take(110).collect();
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{line}");
        let _ = err.flush();
    }
}
