//! A progress bar on standard error for long reads, drawn only when standard
//! error is a terminal and the work has already taken a moment.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Nothing is drawn for work that ends sooner than this.
const DELAY: Duration = Duration::from_millis(300);
/// Redraw at most this often.
const INTERVAL: Duration = Duration::from_millis(100);
const WIDTH: usize = 30;

/// Bytes done out of a known or unknown total.
pub struct Progress {
    enabled: bool,
    label: String,
    total: Option<u64>,
    done: u64,
    start: Instant,
    last_draw: Option<Instant>,
}

impl Progress {
    /// A bar for `label`, out of `total` bytes when known. Silent unless
    /// standard error is a terminal.
    pub fn new(label: &str, total: Option<u64>) -> Progress {
        Progress {
            enabled: io::stderr().is_terminal(),
            label: label.to_owned(),
            total,
            done: 0,
            start: Instant::now(),
            last_draw: None,
        }
    }

    /// Counts `n` more bytes done, redrawing when it is time.
    pub fn advance(&mut self, n: usize) {
        self.done += n as u64;
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        let due = match self.last_draw {
            None => now.duration_since(self.start) >= DELAY,
            Some(last) => now.duration_since(last) >= INTERVAL,
        };
        if due {
            self.last_draw = Some(now);
            self.draw();
        }
    }

    /// Erases the bar (before a message, and at the end).
    pub fn clear(&mut self) {
        if self.last_draw.take().is_some() {
            let mut err = io::stderr().lock();
            let _ = err.write_all(b"\r\x1b[2K");
            let _ = err.flush();
        }
    }

    fn draw(&self) {
        let mib = |n: u64| n as f64 / (1024.0 * 1024.0);
        let line = match self.total {
            Some(total) if total > 0 => {
                let fraction = (self.done as f64 / total as f64).min(1.0);
                let filled = (fraction * WIDTH as f64) as usize;
                format!(
                    "\r{} [{}{}] {:>3}% {:.1}/{:.1} MiB",
                    self.label,
                    "#".repeat(filled),
                    "-".repeat(WIDTH - filled),
                    (fraction * 100.0) as u32,
                    mib(self.done),
                    mib(total)
                )
            }
            _ => format!("\r{} {:.1} MiB", self.label, mib(self.done)),
        };
        let mut err = io::stderr().lock();
        let _ = err.write_all(line.as_bytes());
        let _ = err.flush();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}
