//! `json!`: JSON literals in Rust source (serde_json's macro, same grammar).

/// Builds a [`Value`](crate::Value) from JSON-like syntax.
///
/// Keys are string expressions (or any expression in parentheses that
/// converts `Into<String>`); values are `null`, `true`, `false`, nested
/// arrays and objects, or any Rust expression that converts
/// `Into<Value>` (numbers, strings, `Option`s, `Vec`s, other `Value`s ...).
/// Other types go through [`to_value`](crate::value::to_value) (any
/// [`ToValue`](crate::value::ToValue) type) first.
///
/// ```
/// use jetjson::json;
///
/// let name = "Ada";
/// let langs = vec!["en", "fr"];
/// let v = json!({
///     "name": name,
///     "born": 1815,
///     "ratio": 0.5,
///     "langs": langs,
///     "tags": [null, true, {"k": -1}],
///     ("comp" .to_owned() + "uted"): 1 + 1,
/// });
/// assert_eq!(
///     v.to_string(),
///     r#"{"name":"Ada","born":1815,"ratio":0.5,"langs":["en","fr"],"tags":[null,true,{"k":-1}],"computed":2}"#
/// );
/// ```
#[macro_export]
macro_rules! json {
    ($($json:tt)+) => {
        $crate::__json_internal!($($json)+)
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __json_internal {
    // TT muncher for the inside of an array: builds the element list.
    (@array [$($elems:expr,)*]) => {
        ::std::vec![$($elems,)*]
    };
    (@array [$($elems:expr),*]) => {
        ::std::vec![$($elems),*]
    };
    (@array [$($elems:expr,)*] null $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!(null)] $($rest)*)
    };
    (@array [$($elems:expr,)*] true $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!(true)] $($rest)*)
    };
    (@array [$($elems:expr,)*] false $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!(false)] $($rest)*)
    };
    (@array [$($elems:expr,)*] [$($array:tt)*] $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!([$($array)*])] $($rest)*)
    };
    (@array [$($elems:expr,)*] {$($map:tt)*} $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!({$($map)*})] $($rest)*)
    };
    (@array [$($elems:expr,)*] $next:expr, $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!($next),] $($rest)*)
    };
    (@array [$($elems:expr,)*] $last:expr) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!($last)])
    };
    (@array [$($elems:expr),*] , $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)*] $($rest)*)
    };
    (@array [$($elems:expr),*] $unexpected:tt $($rest:tt)*) => {
        $crate::__json_unexpected!($unexpected)
    };

    // TT muncher for the inside of an object: inserts each member into
    // `$object`. Two copies of the tokens: one to match, one to point errors at.
    (@object $object:ident () () ()) => {};
    (@object $object:ident [$($key:tt)+] ($value:expr) , $($rest:tt)*) => {
        let _ = $object.insert(($($key)+).into(), $value);
        $crate::__json_internal!(@object $object () ($($rest)*) ($($rest)*));
    };
    (@object $object:ident [$($key:tt)+] ($value:expr) $unexpected:tt $($rest:tt)*) => {
        $crate::__json_unexpected!($unexpected);
    };
    (@object $object:ident [$($key:tt)+] ($value:expr)) => {
        let _ = $object.insert(($($key)+).into(), $value);
    };
    (@object $object:ident ($($key:tt)+) (: null $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!(null)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: true $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!(true)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: false $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!(false)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: [$($array:tt)*] $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!([$($array)*])) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: {$($map:tt)*} $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!({$($map)*})) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: $value:expr , $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!($value)) , $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: $value:expr) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!($value)));
    };
    // A key without a value: an error that points at the end.
    (@object $object:ident ($($key:tt)+) (:) $copy:tt) => {
        $crate::__json_internal!();
    };
    (@object $object:ident ($($key:tt)+) () $copy:tt) => {
        $crate::__json_internal!();
    };
    // A colon with no key.
    (@object $object:ident () (: $($rest:tt)*) ($colon:tt $($copy:tt)*)) => {
        $crate::__json_unexpected!($colon);
    };
    // A comma inside a key.
    (@object $object:ident ($($key:tt)*) (, $($rest:tt)*) ($comma:tt $($copy:tt)*)) => {
        $crate::__json_unexpected!($comma);
    };
    // A parenthesized key expression.
    (@object $object:ident () (($key:expr) : $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object ($key) (: $($rest)*) (: $($rest)*));
    };
    // Munch one more token into the key.
    (@object $object:ident ($($key:tt)*) ($tt:tt $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object ($($key)* $tt) ($($rest)*) ($($rest)*));
    };

    // The values themselves.
    (null) => {
        $crate::Value::Null
    };
    (true) => {
        $crate::Value::Bool(true)
    };
    (false) => {
        $crate::Value::Bool(false)
    };
    ([]) => {
        $crate::Value::Array(::std::vec::Vec::new())
    };
    ([ $($tt:tt)+ ]) => {
        $crate::Value::Array($crate::__json_internal!(@array [] $($tt)+))
    };
    ({}) => {
        $crate::Value::Object($crate::value::Map::new())
    };
    ({ $($tt:tt)+ }) => {
        $crate::Value::Object({
            let mut object = $crate::value::Map::new();
            $crate::__json_internal!(@object object () ($($tt)+) ($($tt)+));
            object
        })
    };
    // Anything else converts `Into<Value>`. Must come last.
    ($other:expr) => {
        $crate::Value::from($other)
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __json_unexpected {
    () => {};
}
