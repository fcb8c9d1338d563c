//! Running cargo on the scratch workspace: the warm-up build, and a timed
//! rebuild of one crate alone.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime};

/// The kind of build measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// `cargo build` (the dev profile), `CARGO_INCREMENTAL=0`.
    Debug,
    /// `cargo build --release`.
    Release,
    /// `cargo check`: parsing, macro expansion and type checking, no code
    /// generation.
    Check,
}

impl Profile {
    /// Every profile, in table order.
    pub const ALL: [Profile; 3] = [Profile::Debug, Profile::Release, Profile::Check];

    /// The name used in flags and tables.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Debug => "debug",
            Profile::Release => "release",
            Profile::Check => "check",
        }
    }

    /// The profile named `name`.
    pub fn parse(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }

    fn args(self) -> &'static [&'static str] {
        match self {
            Profile::Debug => &["build"],
            Profile::Release => &["build", "--release"],
            Profile::Check => &["check"],
        }
    }

    fn dir(self) -> &'static str {
        match self {
            Profile::Release => "release",
            Profile::Debug | Profile::Check => "debug",
        }
    }
}

/// One timed build of one crate.
#[derive(Clone, Debug)]
pub struct Build {
    /// Wall time of the cargo command.
    pub time: Duration,
    /// CPU time (user + system) of the cargo command and everything it
    /// ran (rustc, build scripts, the proc macros inside rustc), from the
    /// children's times in `/proc/self/stat`; `None` where that file is
    /// not there. On a machine shared with other work this is steadier
    /// than wall time.
    pub cpu: Option<Duration>,
    /// How many packages cargo compiled ("Compiling"/"Checking" lines): 1
    /// when only the crate was rebuilt, more when dependencies were too.
    pub compiled: usize,
    /// The size of `lib<name>.rlib` (`None` for check builds).
    pub rlib: Option<u64>,
}

/// How cargo is called.
#[derive(Clone, Debug)]
pub struct Cargo {
    /// The `cargo` program.
    pub program: PathBuf,
    /// The scratch workspace root.
    pub root: PathBuf,
    /// Cargo's target directory.
    pub target: PathBuf,
    /// Pass `--offline`.
    pub offline: bool,
}

impl Cargo {
    /// `cargo` from `$CARGO` (set when run by cargo), else from `PATH`.
    pub fn new(root: &Path, target: &Path, offline: bool) -> Cargo {
        let program = std::env::var_os("CARGO").map_or_else(|| "cargo".into(), PathBuf::from);
        Cargo {
            program,
            root: root.to_path_buf(),
            target: target.to_path_buf(),
            offline,
        }
    }

    fn command(&self, profile: Profile, packages: &[&str]) -> Command {
        let mut cmd = Command::new(&self.program);
        cmd.args(profile.args())
            .current_dir(&self.root)
            .env("CARGO_INCREMENTAL", "0")
            .env("CARGO_TERM_COLOR", "never")
            .env("CARGO_TARGET_DIR", &self.target)
            .env_remove("RUSTFLAGS")
            .env_remove("CARGO_ENCODED_RUSTFLAGS")
            .env_remove("CARGO_BUILD_RUSTFLAGS");
        if self.offline {
            cmd.arg("--offline");
        }
        for package in packages {
            cmd.args(["-p", package]);
        }
        cmd
    }

    /// Builds `packages` (and so their dependencies) untimed; an error
    /// holds cargo's output.
    pub fn build(&self, profile: Profile, packages: &[&str]) -> io::Result<()> {
        let out = self.command(profile, packages).output()?;
        if out.status.success() {
            Ok(())
        } else {
            Err(io::Error::other(format!(
                "cargo {} failed:\n{}",
                profile.args().join(" "),
                String::from_utf8_lossy(&out.stderr)
            )))
        }
    }

    /// Rebuilds `package` alone: its `src/lib.rs` is touched (no
    /// incremental state, so the whole crate is compiled again) and the
    /// cargo command timed.
    pub fn rebuild(&self, profile: Profile, package: &str) -> io::Result<Build> {
        let lib = self.root.join(package).join("src/lib.rs");
        fs::File::options()
            .append(true)
            .open(&lib)?
            .set_modified(SystemTime::now())?;
        let cpu_before = children_cpu();
        let start = Instant::now();
        let out = self.command(profile, &[package]).output()?;
        let time = start.elapsed();
        let cpu = match (cpu_before, children_cpu()) {
            (Some(a), Some(b)) => Some(b.saturating_sub(a)),
            _ => None,
        };
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            return Err(io::Error::other(format!(
                "cargo {} -p {package} failed:\n{stderr}",
                profile.args().join(" ")
            )));
        }
        let compiled = stderr
            .lines()
            .filter(|l| {
                let l = l.trim_start();
                l.starts_with("Compiling ") || l.starts_with("Checking ")
            })
            .count();
        let rlib = match profile {
            Profile::Check => None,
            _ => fs::metadata(
                self.target
                    .join(profile.dir())
                    .join(format!("lib{package}.rlib")),
            )
            .ok()
            .map(|m| m.len()),
        };
        Ok(Build {
            time,
            cpu,
            compiled,
            rlib,
        })
    }
}

/// User + system time of this process's waited-for children so far
/// (`cutime` + `cstime`, fields 16 and 17 of `/proc/self/stat`, in the
/// kernel's fixed 100 Hz `USER_HZ`). Cargo waits for its rustc children, so
/// a finished cargo command has added the whole build's CPU time.
pub fn children_cpu() -> Option<Duration> {
    let stat = fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (the state).
    let ticks = |n: usize| fields.get(n - 3)?.parse::<u64>().ok();
    let total = ticks(16)? + ticks(17)?;
    Some(Duration::from_millis(total * 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_cpu_grows_after_a_child_works() {
        let Some(before) = children_cpu() else {
            return; // no /proc here
        };
        // A child that burns some CPU: `sh` counting in a loop.
        let status = Command::new("sh")
            .args(["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"])
            .status();
        if !status.is_ok_and(|s| s.success()) {
            return; // no sh
        }
        let after = children_cpu().unwrap();
        assert!(after > before, "{before:?} -> {after:?}");
    }
}
