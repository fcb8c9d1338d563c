//! Tuples as fixed-length JSON arrays.

use crate::{Error, FromJson, Reader, ToJson, Writer};

macro_rules! tuple {
    ($len:literal => $($idx:tt $name:ident)+) => {
        impl<$($name: ToJson),+> ToJson for ($($name,)+) {
            #[inline]
            fn write_json(&self, w: &mut Writer<'_>) {
                w.begin_array();
                // A pair of `f64` (coordinates): both formatted before
                // either is copied. A constant `false` for other types.
                if let [Some(a), Some(b)] = [$(self.$idx.__as_f64()),+][..] {
                    w.write_f64_pair(a, b);
                    w.end_array();
                    return;
                }
                $(
                    if $idx > 0 {
                        w.write_comma();
                    }
                    self.$idx.write_json(w);
                )+
                w.end_array();
            }
        }

        impl<'de, $($name: FromJson<'de>),+> FromJson<'de> for ($($name,)+) {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                const EXPECTED: &str = concat!("a tuple of ", $len, " elements");
                r.begin_array(EXPECTED)?;
                let mut first = true;
                let value = ($(
                    {
                        if !r.next_element(&mut first)? {
                            return Err(r.invalid_value(format!(
                                "expected {}, found {}", EXPECTED, $idx
                            )));
                        }
                        $name::read_json(r).map_err(|e| e.index($idx))?
                    },
                )+);
                r.end_array(EXPECTED)?;
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
