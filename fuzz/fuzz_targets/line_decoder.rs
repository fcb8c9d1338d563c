#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| jetjson_fuzz::lines::line_decoder(data));
