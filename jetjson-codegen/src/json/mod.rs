//! The JSON emitters: `ToJson` in [`ser`], `FromJson` in [`de`].

pub mod de;
pub mod ser;
