//! What one run does: the settings `run` takes, from the command line or a test.

use crate::generate::Size;
use std::path::PathBuf;
use std::time::Duration;

/// Where the payloads come from.
#[derive(Clone, Debug, Default)]
pub enum DataSource {
    /// `<workspace>/../shared/data`, else `./../shared/data`; a missing file is generated.
    #[default]
    Auto,
    /// This directory (holding `seeds/` and `corpus/`); a missing file is generated.
    Dir(PathBuf),
    /// No files: every payload generated at this size.
    Generated(Size),
}

/// The settings of one run. `Config::default()` is the full run.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// A run of seconds instead of minutes: fewer, shorter rounds.
    pub quick: bool,
    /// Substrings of payload or system names to keep (empty: all).
    pub filter: Vec<String>,
    /// Where the payloads come from.
    pub data: DataSource,
    /// Where report.md/json/svg go (default `<workspace>/target/jetjson-bench`).
    pub out: Option<PathBuf>,
    /// Timed rounds (default 10, quick 3), after one warm-up round.
    pub rounds: Option<usize>,
    /// Threads for the all-cores table (default: available parallelism).
    pub threads: Option<usize>,
    /// Total time of the timed slices (default 100 s, quick 3 s).
    pub budget: Option<Duration>,
    /// Draw a progress bar on stderr when it is a terminal.
    pub progress: bool,
    /// Print the tables on stdout.
    pub print: bool,
}

impl Config {
    /// The number of timed rounds.
    pub fn rounds(&self) -> usize {
        self.rounds
            .unwrap_or(if self.quick { 3 } else { 10 })
            .max(1)
    }

    /// The number of threads of the all-cores runs.
    pub fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map(|n| n.get())
                    .unwrap_or(1)
            })
            .max(1)
    }

    /// The time all timed slices together should take.
    pub fn budget(&self) -> Duration {
        self.budget.unwrap_or(if self.quick {
            Duration::from_secs(3)
        } else {
            Duration::from_secs(100)
        })
    }

    /// The output directory.
    pub fn out_dir(&self) -> PathBuf {
        self.out
            .clone()
            .unwrap_or_else(|| crate::workspace_root().join("target").join("jetjson-bench"))
    }

    /// True when `name` passes the filter on its axis: a pattern matches it,
    /// or no pattern matches any name of that axis.
    pub fn keeps(&self, name: &str, axis: &[&str]) -> bool {
        let patterns: Vec<String> = self
            .filter
            .iter()
            .flat_map(|f| f.split(','))
            .map(|p| p.trim().to_lowercase())
            .filter(|p| !p.is_empty())
            .collect();
        let matches = |n: &str| {
            patterns
                .iter()
                .any(|p| n.to_lowercase().contains(p.as_str()))
        };
        matches(name) || !axis.iter().any(|n| matches(n))
    }
}

#[cfg(test)]
mod tests {
    use super::Config;

    #[test]
    fn filter_applies_per_axis() {
        let c = Config {
            filter: vec!["canada,sonic".into()],
            ..Config::default()
        };
        let payloads = ["doc", "canada", "twitter"];
        let systems = ["serde_json", "sonic-rs", "prost"];
        assert!(c.keeps("canada", &payloads));
        assert!(!c.keeps("doc", &payloads));
        assert!(c.keeps("sonic-rs", &systems));
        assert!(!c.keeps("prost", &systems));
        let only_payload = Config {
            filter: vec!["doc".into()],
            ..Config::default()
        };
        assert!(only_payload.keeps("prost", &systems));
    }
}
