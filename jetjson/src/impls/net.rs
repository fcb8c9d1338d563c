//! `std::net` addresses: `IpAddr`, `Ipv4Addr`, `Ipv6Addr`, `SocketAddr`,
//! `SocketAddrV4`, `SocketAddrV6`, as serde writes them.
//!
//! - JSON and `Value` (serde's human-readable form): the address's `Display`
//!   text (`"192.168.0.1"`, `"::1"`, `"[fe80::1%3]:443"`), read back with
//!   `FromStr`; usable as map keys.
//! - MessagePack (serde's compact form, as rmp-serde writes it): an `Ipv4Addr`
//!   is an array of its 4 octets, an `Ipv6Addr` of its 16; a socket address
//!   is the array `[ip, port]` (a `SocketAddrV6` loses its flow info and scope
//!   id there, as in serde); `IpAddr` and `SocketAddr` are the one-entry map
//!   `{"V4": ..}` or `{"V6": ..}`. Octets are also read from binary data of
//!   the right length, as rmp-serde does.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use crate::msgpack::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::Error;

text_json!(
    IpAddr,
    "an IP address string",
    "IP address",
    |v| v.to_string(),
    |s| s.parse::<IpAddr>()
);
text_key!(IpAddr, "IP address", |v| v.to_string(), |s| s
    .parse::<IpAddr>());
text_json!(
    Ipv4Addr,
    "an IPv4 address string",
    "IPv4 address",
    |v| v.to_string(),
    |s| s.parse::<Ipv4Addr>()
);
text_key!(Ipv4Addr, "IPv4 address", |v| v.to_string(), |s| s
    .parse::<Ipv4Addr>());
text_json!(
    Ipv6Addr,
    "an IPv6 address string",
    "IPv6 address",
    |v| v.to_string(),
    |s| s.parse::<Ipv6Addr>()
);
text_key!(Ipv6Addr, "IPv6 address", |v| v.to_string(), |s| s
    .parse::<Ipv6Addr>());
text_json!(
    SocketAddr,
    "a socket address string",
    "socket address",
    |v| v.to_string(),
    |s| s.parse::<SocketAddr>()
);
text_key!(SocketAddr, "socket address", |v| v.to_string(), |s| {
    s.parse::<SocketAddr>()
});
text_json!(
    SocketAddrV4,
    "an IPv4 socket address string",
    "IPv4 socket address",
    |v| v.to_string(),
    |s| s.parse::<SocketAddrV4>()
);
text_key!(
    SocketAddrV4,
    "IPv4 socket address",
    |v| v.to_string(),
    |s| s.parse::<SocketAddrV4>()
);
text_json!(
    SocketAddrV6,
    "an IPv6 socket address string",
    "IPv6 socket address",
    |v| v.to_string(),
    |s| s.parse::<SocketAddrV6>()
);
text_key!(
    SocketAddrV6,
    "IPv6 socket address",
    |v| v.to_string(),
    |s| s.parse::<SocketAddrV6>()
);

// MARK: - MessagePack: serde's compact form

fn write_octets(w: &mut Writer, octets: &[u8]) {
    w.write_array_len(octets.len());
    for &o in octets {
        w.write_u64(o.into());
    }
}

/// `N` octets: an array of `N` integers that fit a `u8`, or `N` bytes of
/// binary data.
fn read_octets<const N: usize>(
    r: &mut Reader<'_>,
    expected: &'static str,
) -> Result<[u8; N], Error> {
    let mut out = [0u8; N];
    match r.peek() {
        Some(0xc4..=0xc6) => {
            let start = r.offset();
            let bin = r.read_bin()?;
            if bin.len() != N {
                return Err(r.error_at(
                    crate::ErrorKind::InvalidValue {
                        message: format!("expected {expected}, found {} bytes", bin.len()).into(),
                    },
                    start,
                ));
            }
            out.copy_from_slice(bin);
        }
        _ => {
            let len = r.read_array_len().map_err(|_| r.invalid_type(expected))?;
            if len != N {
                return Err(r.invalid_length(expected, len));
            }
            r.enter()?;
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = u8::read_msgpack(r).map_err(|e| e.index(i))?;
            }
            r.leave();
        }
    }
    Ok(out)
}

/// The variant of a one-entry map `{"V4": ..}` / `{"V6": ..}` (or its index,
/// 0 or 1); the cursor is left on the value.
fn read_variant(r: &mut Reader<'_>, expected: &'static str) -> Result<bool, Error> {
    const VARIANTS: &[&str] = &["V4", "V6"];
    let len = r.read_map_len().map_err(|_| r.invalid_type(expected))?;
    if len != 1 {
        return Err(r.invalid_length("a map of one variant", len));
    }
    let at = r.offset();
    match r.peek() {
        Some(0x00 | 0x01) => Ok(u8::read_msgpack(r)? == 1),
        _ => match r.read_str()? {
            "V4" => Ok(false),
            "V6" => Ok(true),
            other => Err(r.unknown_variant(other, VARIANTS, at)),
        },
    }
}

impl ToMsgpack for Ipv4Addr {
    fn write_msgpack(&self, w: &mut Writer) {
        write_octets(w, &self.octets());
    }
}

impl<'de> FromMsgpack<'de> for Ipv4Addr {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_octets::<4>(r, "an IPv4 address of 4 octets").map(Ipv4Addr::from)
    }
}

impl ToMsgpack for Ipv6Addr {
    fn write_msgpack(&self, w: &mut Writer) {
        write_octets(w, &self.octets());
    }
}

impl<'de> FromMsgpack<'de> for Ipv6Addr {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_octets::<16>(r, "an IPv6 address of 16 octets").map(Ipv6Addr::from)
    }
}

impl ToMsgpack for IpAddr {
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_map_len(1);
        match self {
            IpAddr::V4(a) => {
                w.write_str("V4");
                a.write_msgpack(w);
            }
            IpAddr::V6(a) => {
                w.write_str("V6");
                a.write_msgpack(w);
            }
        }
    }
}

impl<'de> FromMsgpack<'de> for IpAddr {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        let v6 = read_variant(r, "an IP address")?;
        r.enter()?;
        let out = if v6 {
            Ipv6Addr::read_msgpack(r).map(IpAddr::V6)
        } else {
            Ipv4Addr::read_msgpack(r).map(IpAddr::V4)
        };
        r.leave();
        out
    }
}

impl ToMsgpack for SocketAddrV4 {
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_array_len(2);
        self.ip().write_msgpack(w);
        w.write_u64(self.port().into());
    }
}

/// `[ip, port]`.
fn read_socket<'de, A: FromMsgpack<'de>>(
    r: &mut Reader<'de>,
    expected: &'static str,
) -> Result<(A, u16), Error> {
    let len = r.read_array_len().map_err(|_| r.invalid_type(expected))?;
    if len != 2 {
        return Err(r.invalid_length(expected, len));
    }
    r.enter()?;
    let ip = A::read_msgpack(r).map_err(|e| e.index(0))?;
    let port = u16::read_msgpack(r).map_err(|e| e.index(1))?;
    r.leave();
    Ok((ip, port))
}

impl<'de> FromMsgpack<'de> for SocketAddrV4 {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (ip, port) = read_socket(r, "a socket address of 2 elements")?;
        Ok(SocketAddrV4::new(ip, port))
    }
}

impl ToMsgpack for SocketAddrV6 {
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_array_len(2);
        self.ip().write_msgpack(w);
        w.write_u64(self.port().into());
    }
}

impl<'de> FromMsgpack<'de> for SocketAddrV6 {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (ip, port) = read_socket(r, "a socket address of 2 elements")?;
        Ok(SocketAddrV6::new(ip, port, 0, 0))
    }
}

impl ToMsgpack for SocketAddr {
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_map_len(1);
        match self {
            SocketAddr::V4(a) => {
                w.write_str("V4");
                a.write_msgpack(w);
            }
            SocketAddr::V6(a) => {
                w.write_str("V6");
                a.write_msgpack(w);
            }
        }
    }
}

impl<'de> FromMsgpack<'de> for SocketAddr {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        let v6 = read_variant(r, "a socket address")?;
        r.enter()?;
        let out = if v6 {
            SocketAddrV6::read_msgpack(r).map(SocketAddr::V6)
        } else {
            SocketAddrV4::read_msgpack(r).map(SocketAddr::V4)
        };
        r.leave();
        out
    }
}
