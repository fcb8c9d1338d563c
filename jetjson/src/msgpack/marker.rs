//! The marker byte that starts every MessagePack value, as the spec's table
//! lists them, and what family each one belongs to.
//!
//! ```text
//!  first byte   format            first byte   format
//!  0x00 - 0x7f  positive fixint   0xcc - 0xcf  uint 8/16/32/64
//!  0x80 - 0x8f  fixmap            0xd0 - 0xd3  int 8/16/32/64
//!  0x90 - 0x9f  fixarray          0xd4 - 0xd8  fixext 1/2/4/8/16
//!  0xa0 - 0xbf  fixstr            0xd9 - 0xdb  str 8/16/32
//!  0xc0         nil               0xdc - 0xdd  array 16/32
//!  0xc1         (never used)      0xde - 0xdf  map 16/32
//!  0xc2 - 0xc3  false / true      0xe0 - 0xff  negative fixint
//!  0xc4 - 0xc6  bin 8/16/32
//!  0xc7 - 0xc9  ext 8/16/32
//!  0xca - 0xcb  float 32/64
//! ```

/// nil
pub(crate) const NIL: u8 = 0xc0;
/// The one byte that is never valid.
pub(crate) const NEVER_USED: u8 = 0xc1;
/// false
pub(crate) const FALSE: u8 = 0xc2;
/// true
pub(crate) const TRUE: u8 = 0xc3;
/// bin 8, a 1-byte length follows.
pub(crate) const BIN8: u8 = 0xc4;
/// bin 16
pub(crate) const BIN16: u8 = 0xc5;
/// bin 32
pub(crate) const BIN32: u8 = 0xc6;
/// ext 8: a 1-byte length, then the type byte.
pub(crate) const EXT8: u8 = 0xc7;
/// ext 16
pub(crate) const EXT16: u8 = 0xc8;
/// ext 32
pub(crate) const EXT32: u8 = 0xc9;
/// float 32, big-endian IEEE 754 single.
pub(crate) const FLOAT32: u8 = 0xca;
/// float 64, big-endian IEEE 754 double.
pub(crate) const FLOAT64: u8 = 0xcb;
/// uint 8
pub(crate) const UINT8: u8 = 0xcc;
/// uint 16
pub(crate) const UINT16: u8 = 0xcd;
/// uint 32
pub(crate) const UINT32: u8 = 0xce;
/// uint 64
pub(crate) const UINT64: u8 = 0xcf;
/// int 8
pub(crate) const INT8: u8 = 0xd0;
/// int 16
pub(crate) const INT16: u8 = 0xd1;
/// int 32
pub(crate) const INT32: u8 = 0xd2;
/// int 64
pub(crate) const INT64: u8 = 0xd3;
/// fixext 1 (then 2, 4, 8, 16 at the next bytes): the type byte, then data.
pub(crate) const FIXEXT1: u8 = 0xd4;
/// fixext 2
pub(crate) const FIXEXT2: u8 = 0xd5;
/// fixext 4
pub(crate) const FIXEXT4: u8 = 0xd6;
/// fixext 8
pub(crate) const FIXEXT8: u8 = 0xd7;
/// fixext 16
pub(crate) const FIXEXT16: u8 = 0xd8;
/// str 8
pub(crate) const STR8: u8 = 0xd9;
/// str 16
pub(crate) const STR16: u8 = 0xda;
/// str 32
pub(crate) const STR32: u8 = 0xdb;
/// array 16
pub(crate) const ARRAY16: u8 = 0xdc;
/// array 32
pub(crate) const ARRAY32: u8 = 0xdd;
/// map 16
pub(crate) const MAP16: u8 = 0xde;
/// map 32
pub(crate) const MAP32: u8 = 0xdf;

/// fixmap: the low 4 bits are the number of entries.
pub(crate) const FIXMAP: u8 = 0x80;
/// fixarray: the low 4 bits are the number of elements.
pub(crate) const FIXARRAY: u8 = 0x90;
/// fixstr: the low 5 bits are the length in bytes.
pub(crate) const FIXSTR: u8 = 0xa0;

/// The family a marker belongs to: the word an "expected X, found Y" error
/// uses for Y, and how `skip_value` steps over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    Nil,
    Boolean,
    Integer,
    Float,
    String,
    Binary,
    Array,
    Map,
    Extension,
    /// 0xc1.
    Invalid,
}

impl Family {
    /// The family of the value that `marker` starts.
    #[inline]
    pub(crate) fn of(marker: u8) -> Family {
        match marker {
            0x00..=0x7f | 0xe0..=0xff | UINT8..=INT64 => Family::Integer,
            0x80..=0x8f | MAP16 | MAP32 => Family::Map,
            0x90..=0x9f | ARRAY16 | ARRAY32 => Family::Array,
            0xa0..=0xbf | STR8..=STR32 => Family::String,
            NIL => Family::Nil,
            NEVER_USED => Family::Invalid,
            FALSE | TRUE => Family::Boolean,
            BIN8..=BIN32 => Family::Binary,
            EXT8..=EXT32 | FIXEXT1..=FIXEXT16 => Family::Extension,
            FLOAT32 | FLOAT64 => Family::Float,
        }
    }

    /// The name used in "found ..." of an error.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Family::Nil => "nil",
            Family::Boolean => "boolean",
            Family::Integer => "integer",
            Family::Float => "float",
            Family::String => "string",
            Family::Binary => "binary",
            Family::Array => "array",
            Family::Map => "map",
            Family::Extension => "extension",
            Family::Invalid => "invalid marker",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte has exactly the family that the spec's table gives it.
    #[test]
    fn families_follow_the_spec_table() {
        let table: &[(u8, u8, Family)] = &[
            (0x00, 0x7f, Family::Integer),
            (0x80, 0x8f, Family::Map),
            (0x90, 0x9f, Family::Array),
            (0xa0, 0xbf, Family::String),
            (0xc0, 0xc0, Family::Nil),
            (0xc1, 0xc1, Family::Invalid),
            (0xc2, 0xc3, Family::Boolean),
            (0xc4, 0xc6, Family::Binary),
            (0xc7, 0xc9, Family::Extension),
            (0xca, 0xcb, Family::Float),
            (0xcc, 0xd3, Family::Integer),
            (0xd4, 0xd8, Family::Extension),
            (0xd9, 0xdb, Family::String),
            (0xdc, 0xdd, Family::Array),
            (0xde, 0xdf, Family::Map),
            (0xe0, 0xff, Family::Integer),
        ];
        let mut seen = 0;
        for &(lo, hi, family) in table {
            for b in lo..=hi {
                assert_eq!(Family::of(b), family, "byte {b:#04x}");
                seen += 1;
            }
        }
        assert_eq!(seen, 256);
    }
}
