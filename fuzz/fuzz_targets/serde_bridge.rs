#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| jetjson_fuzz::serde_bridge::serde_bridge(data));
