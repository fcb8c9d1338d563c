//! Tuples as fixed-length arrays.

use super::{array, array_ref, too_few_elements, too_many_elements};
use super::{FromValue, ToValue};
use crate::value::Value;
use crate::Error;

macro_rules! tuple {
    ($len:literal => $($idx:tt $name:ident)+) => {
        impl<$($name: ToValue),+> ToValue for ($($name,)+) {
            #[inline]
            fn to_value(&self) -> Value {
                Value::Array(Vec::from([$(self.$idx.to_value()),+]))
            }
        }

        /// Exactly the tuple's length; elements are converted in order and a
        /// missing or extra one is reported after those present, as the
        /// decoder does.
        impl<$($name: FromValue),+> FromValue for ($($name,)+) {
            #[inline]
            fn from_value(v: Value) -> Result<Self, Error> {
                const EXPECTED: &str = concat!("a tuple of ", $len, " elements");
                let items = array(v, EXPECTED)?;
                let len = items.len();
                let mut items = items.into_iter();
                let value = ($(
                    match items.next() {
                        Some(item) => $name::from_value(item).map_err(|e| e.index($idx))?,
                        None => return Err(too_few_elements(EXPECTED, $idx)),
                    },
                )+);
                if len > $len {
                    return Err(too_many_elements(EXPECTED));
                }
                Ok(value)
            }

            #[inline]
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                const EXPECTED: &str = concat!("a tuple of ", $len, " elements");
                let items = array_ref(v, EXPECTED)?;
                let value = ($(
                    match items.get($idx) {
                        Some(item) => $name::from_value_ref(item).map_err(|e| e.index($idx))?,
                        None => return Err(too_few_elements(EXPECTED, $idx)),
                    },
                )+);
                if items.len() > $len {
                    return Err(too_many_elements(EXPECTED));
                }
                Ok(value)
            }
        }
    };
}

tuple!(1 => 0 A);
tuple!(2 => 0 A 1 B);
tuple!(3 => 0 A 1 B 2 C);
tuple!(4 => 0 A 1 B 2 C 3 D);
tuple!(5 => 0 A 1 B 2 C 3 D 4 E);
tuple!(6 => 0 A 1 B 2 C 3 D 4 E 5 F);
tuple!(7 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G);
tuple!(8 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H);
tuple!(9 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H 8 I);
tuple!(10 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H 8 I 9 J);
tuple!(11 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H 8 I 9 J 10 K);
tuple!(12 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H 8 I 9 J 10 K 11 L);
tuple!(13 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H 8 I 9 J 10 K 11 L 12 M);
tuple!(14 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H 8 I 9 J 10 K 11 L 12 M 13 N);
tuple!(15 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H 8 I 9 J 10 K 11 L 12 M 13 N 14 O);
tuple!(16 => 0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H 8 I 9 J 10 K 11 L 12 M 13 N 14 O 15 P);
