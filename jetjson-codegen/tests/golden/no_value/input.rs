// options: no_value
// `Options::value` off: JSON impls only.
struct Point {
    x: i32,
    y: i32,
}
