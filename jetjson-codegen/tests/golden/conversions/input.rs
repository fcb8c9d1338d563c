// options: msgpack
#[serde(from = "u32", into = "u32")]
struct Celsius(f64);

#[serde(try_from = "String")]
#[json(expecting = "an even number")]
struct Even(u64);

#[serde(expecting = "a point")]
struct Point {
    x: i32,
    y: i32,
}
