// Only jetjson may make the AVX2 backend, after checking the CPU: outside
// code naming it would run AVX2 instructions unchecked.
fn main() {
    let _ = jetjson::simd::Backend::Avx2;
}
