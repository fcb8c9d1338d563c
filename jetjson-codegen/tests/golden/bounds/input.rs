// options: no_value
struct Defaults<T, U, V, W> {
    #[serde(default)]
    a: Vec<T>,
    #[serde(skip_serializing)]
    b: U,
    #[serde(skip_deserializing)]
    c: V,
    #[serde(skip)]
    d: W,
}

#[serde(bound(serialize = "T: jetjson::ToJson + Clone"))]
#[json(bound(deserialize = "T: jetjson::FromJson<'de> + Default"))]
struct Given<T> {
    t: T,
}

enum Either<L, R> {
    #[serde(bound = "L: Copy")]
    Left(L),
    Right {
        #[json(bound(serialize = "R: jetjson::ToJson", deserialize = "R: jetjson::FromJson<'de>"))]
        r: R,
    },
}
