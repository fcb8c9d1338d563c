struct Pair(i32, #[json(skip)] u8, String);

struct Meters(f64);

struct Marker;

#[json(transparent)]
struct Wrapper<T> {
    inner: T,
}
