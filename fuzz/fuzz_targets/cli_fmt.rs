#![no_main]
// Included by path, not through the lib: see the top of src/cli_fmt.rs.
#[path = "../src/cli_fmt.rs"]
mod cli_fmt;
libfuzzer_sys::fuzz_target!(|data: &[u8]| cli_fmt::cli_fmt(data));
