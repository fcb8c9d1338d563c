#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| jetjson_fuzz::document::document(data));
