//! Equality: between DOM values (iterative, objects order-insensitive), and
//! with plain Rust values (`v == 1`, `v == "x"`, `v == true`), as serde_json
//! has it: integers compare through `as_i64`/`as_u64`, floats through
//! `as_f64`.

use super::drop::eq_tree;
use super::{Value, ValueRef};

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        eq_tree(self, other)
    }
}

// Numbers hold no NaN, so equality is an equivalence relation.
impl Eq for Value {}

impl<'a> PartialEq<ValueRef<'a>> for Value {
    fn eq(&self, other: &ValueRef<'a>) -> bool {
        eq_tree(self, other)
    }
}

impl<'a, 'b> PartialEq<ValueRef<'b>> for ValueRef<'a> {
    fn eq(&self, other: &ValueRef<'b>) -> bool {
        eq_tree(self, other)
    }
}

impl Eq for ValueRef<'_> {}

impl PartialEq<Value> for ValueRef<'_> {
    fn eq(&self, other: &Value) -> bool {
        eq_tree(self, other)
    }
}

macro_rules! eq_prim {
    ($($ty:ident)*) => {$(
        impl PartialEq<$ty> for Value { fn eq(&self, other: &$ty) -> bool { eq_prim!(@ self, other, $ty) } }
        impl PartialEq<$ty> for &Value { fn eq(&self, other: &$ty) -> bool { eq_prim!(@ self, other, $ty) } }
        impl PartialEq<$ty> for &mut Value { fn eq(&self, other: &$ty) -> bool { eq_prim!(@ self, other, $ty) } }
        impl PartialEq<Value> for $ty { fn eq(&self, other: &Value) -> bool { eq_prim!(@ other, self, $ty) } }
        impl PartialEq<$ty> for ValueRef<'_> { fn eq(&self, other: &$ty) -> bool { eq_prim!(@ self, other, $ty) } }
        impl PartialEq<ValueRef<'_>> for $ty { fn eq(&self, other: &ValueRef<'_>) -> bool { eq_prim!(@ other, self, $ty) } }
    )*};
    (@ $v:ident, $o:ident, i8) => { $v.as_i64() == Some(i64::from(*$o)) };
    (@ $v:ident, $o:ident, i16) => { $v.as_i64() == Some(i64::from(*$o)) };
    (@ $v:ident, $o:ident, i32) => { $v.as_i64() == Some(i64::from(*$o)) };
    (@ $v:ident, $o:ident, i64) => { $v.as_i64() == Some(*$o) };
    (@ $v:ident, $o:ident, isize) => { $v.as_i64() == Some(*$o as i64) };
    (@ $v:ident, $o:ident, u8) => { $v.as_u64() == Some(u64::from(*$o)) };
    (@ $v:ident, $o:ident, u16) => { $v.as_u64() == Some(u64::from(*$o)) };
    (@ $v:ident, $o:ident, u32) => { $v.as_u64() == Some(u64::from(*$o)) };
    (@ $v:ident, $o:ident, u64) => { $v.as_u64() == Some(*$o) };
    (@ $v:ident, $o:ident, usize) => { $v.as_u64() == Some(*$o as u64) };
    (@ $v:ident, $o:ident, f32) => { $v.as_f64() == Some(f64::from(*$o)) };
    (@ $v:ident, $o:ident, f64) => { $v.as_f64() == Some(*$o) };
    (@ $v:ident, $o:ident, bool) => { $v.as_bool() == Some(*$o) };
}

eq_prim!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize f32 f64 bool);

macro_rules! eq_str {
    ($($ty:ty),*) => {$(
        impl PartialEq<$ty> for Value {
            fn eq(&self, other: &$ty) -> bool { self.as_str() == Some(&other[..]) }
        }
        impl PartialEq<Value> for $ty {
            fn eq(&self, other: &Value) -> bool { other.as_str() == Some(&self[..]) }
        }
        impl PartialEq<$ty> for ValueRef<'_> {
            fn eq(&self, other: &$ty) -> bool { self.as_str() == Some(&other[..]) }
        }
        impl PartialEq<ValueRef<'_>> for $ty {
            fn eq(&self, other: &ValueRef<'_>) -> bool { other.as_str() == Some(&self[..]) }
        }
    )*};
}

eq_str!(str, &str, String);
