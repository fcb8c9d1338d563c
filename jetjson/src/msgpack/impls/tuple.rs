//! Tuples as fixed-length MessagePack arrays.

use crate::msgpack::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::Error;

macro_rules! tuple {
    ($len:literal => $($idx:tt $name:ident)+) => {
        impl<$($name: ToMsgpack),+> ToMsgpack for ($($name,)+) {
            #[inline]
            fn write_msgpack(&self, w: &mut Writer) {
                w.write_array_len($len);
                $(self.$idx.write_msgpack(w);)+
            }
        }

        impl<'de, $($name: FromMsgpack<'de>),+> FromMsgpack<'de> for ($($name,)+) {
            #[inline]
            fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
                let len = r.read_array_len()?;
                if len != $len {
                    return Err(r.invalid_length(concat!("a tuple of ", $len, " elements"), len));
                }
                r.enter()?;
                let value = ($($name::read_msgpack(r).map_err(|e| e.index($idx))?,)+);
                r.leave();
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
