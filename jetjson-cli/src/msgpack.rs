//! `jetjson msgpack encode|decode FILE`: JSON to MessagePack and back.
//!
//! Encoding reads the JSON into a `jetjson::Document` and writes each value
//! in its smallest MessagePack form: integers as the narrowest int (exact;
//! an integer beyond the 64-bit range cannot be held and is an error),
//! other numbers as float 32 when that holds them exactly (and prints as
//! the same text), else float 64,
//! and a repeated key once (last value, first place, as `Value` reads it).
//!
//! Decoding writes compact JSON: bin as a base64 string (standard alphabet,
//! padded), the timestamp extension (type -1) as an RFC 3339 string in UTC
//! (`"2024-05-06T07:08:09.5Z"`; years outside 0000–9999 with a sign), any
//! other extension as `{"ext":TYPE,"data":"BASE64"}`, NaN and infinities as
//! `null`. A map key that is not a string becomes a string of its JSON text
//! (`1` → `"1"`; bin and timestamps without their quotes); an array or map
//! as a key is an error. Every length is checked against the bytes that
//! remain before anything is reserved (the `jetjson::msgpack::Reader`'s
//! rule), and nothing recurses.

use jetjson::document::{Elements, Members, Node};
use jetjson::msgpack::{self, FromMsgpack, Timestamp};
use jetjson::{Document, ErrorKind, ReadOptions, Writer};

use crate::cli::MsgpackFileArgs;
use crate::input::Input;
use crate::{report, Status};

/// Runs `jetjson msgpack encode`.
pub fn encode(args: &MsgpackFileArgs) -> Status {
    let Some((name, bytes)) = read(&args.file) else {
        return Status::Error;
    };
    let opts = ReadOptions::new().max_depth(args.max_depth);
    let out = opts
        .parse_document(&bytes)
        .and_then(|doc| encode_document(&doc));
    match out {
        Ok(out) => write_out(&out),
        Err(e) => {
            report(&format!("{name}:{}:{}: {}", e.line(), e.column(), e.kind()));
            Status::Invalid
        }
    }
}

/// Runs `jetjson msgpack decode`.
pub fn decode(args: &MsgpackFileArgs) -> Status {
    let Some((name, bytes)) = read(&args.file) else {
        return Status::Error;
    };
    match decode_to_json(&bytes, args.max_depth) {
        Ok(mut out) => {
            out.push(b'\n');
            write_out(&out)
        }
        Err(e) => {
            report(&format!("{name}: {e}"));
            Status::Invalid
        }
    }
}

fn read(file: &std::path::Path) -> Option<(String, Vec<u8>)> {
    let input = Input::from_arg(file);
    let name = input.name();
    match input.read_all() {
        Ok(bytes) => Some((name, bytes)),
        Err(err) => {
            report(&format!("jetjson: {name}: {err}"));
            None
        }
    }
}

fn write_out(out: &[u8]) -> Status {
    match crate::write_stdout(out) {
        Ok(()) => Status::Ok,
        Err(err) => {
            report(&format!("jetjson: standard output: {err}"));
            Status::Error
        }
    }
}

// MARK: - JSON to MessagePack

enum Open<'d> {
    Array(Elements<'d>),
    Object(Members<'d>),
}

/// The MessagePack form of a parsed document.
pub fn encode_document(doc: &Document<'_>) -> Result<Vec<u8>, jetjson::Error> {
    let mut w = msgpack::Writer::with_capacity(doc.input().len() / 2 + 16);
    let mut stack: Vec<Open<'_>> = Vec::new();
    let mut next = Some(doc.root());
    loop {
        if let Some(node) = next.take() {
            if node.is_array() {
                w.write_array_len(node.len());
                stack.push(Open::Array(node.elements()));
            } else if node.is_object() {
                w.write_map_len(node.len());
                stack.push(Open::Object(node.members()));
            } else {
                encode_scalar(doc, node, &mut w)?;
            }
        }
        match stack.last_mut() {
            None => return Ok(w.into_vec()),
            Some(Open::Array(items)) => match items.next() {
                Some(item) => next = Some(item),
                None => {
                    stack.pop();
                }
            },
            Some(Open::Object(members)) => match members.next() {
                Some((key, value)) => {
                    w.write_str(key);
                    next = Some(value);
                }
                None => {
                    stack.pop();
                }
            },
        }
    }
}

fn encode_scalar(
    doc: &Document<'_>,
    node: Node<'_>,
    w: &mut msgpack::Writer,
) -> Result<(), jetjson::Error> {
    if let Some(s) = node.as_str() {
        w.write_str(s);
    } else if let Some(b) = node.as_bool() {
        w.write_bool(b);
    } else if let Some(v) = node.as_u64() {
        w.write_u64(v);
    } else if let Some(v) = node.as_i64() {
        w.write_i64(v);
    } else if let Some(v) = node.as_f64() {
        let raw = node.raw();
        if raw != "-0" && raw.bytes().all(|b| b == b'-' || b.is_ascii_digit()) {
            return Err(jetjson::Error::at(
                ErrorKind::NumberOutOfRange {
                    ty: "a MessagePack integer",
                },
                doc.input().as_bytes(),
                node.offset(),
            ));
        }
        // Float 32 only when it holds the value exactly and its shortest
        // text is the same, so decoding writes the number as it was.
        let narrow = v as f32;
        if f64::from(narrow).to_bits() == v.to_bits()
            && jetjson::to_vec(&narrow) == jetjson::to_vec(&v)
        {
            w.write_f32(narrow);
        } else {
            w.write_f64(v);
        }
    } else {
        w.write_nil();
    }
    Ok(())
}

// MARK: - MessagePack to JSON

/// An open array or map: its items (for a map, keys and values both count)
/// and how many are left; for a map a key is due when `left` is even.
struct Frame {
    len: usize,
    left: usize,
    map: bool,
}

/// The JSON text of one MessagePack value (and nothing after it).
pub fn decode_to_json(input: &[u8], max_depth: usize) -> Result<Vec<u8>, jetjson::Error> {
    let mut r = msgpack::Reader::new(input);
    r.set_max_depth(max_depth);
    let mut w = Writer::with_capacity(input.len().saturating_mul(2).min(1 << 26) + 16);
    let mut stack: Vec<Frame> = Vec::new();
    loop {
        let key_due = stack.last().is_some_and(|f| f.map && f.left % 2 == 0);
        let at = r.offset();
        let Some(m) = r.peek() else {
            return Err(r.error_at(ErrorKind::UnexpectedEof, at));
        };
        let map = matches!(m, 0x80..=0x8f | 0xde | 0xdf);
        if map || matches!(m, 0x90..=0x9f | 0xdc | 0xdd) {
            if key_due {
                return Err(r.error_at(
                    ErrorKind::InvalidValue {
                        message: "an array or map as a map key has no JSON form".into(),
                    },
                    at,
                ));
            }
            let len = if map {
                r.read_map_len()? * 2
            } else {
                r.read_array_len()?
            };
            r.enter()?;
            w.write_byte(if map { b'{' } else { b'[' });
            stack.push(Frame {
                len,
                left: len,
                map,
            });
        } else if key_due {
            let mut key = Writer::new();
            if let Some(s) = scalar(&mut r, &mut key)? {
                w.write_key(s);
            } else {
                let text = String::from_utf8_lossy(key.as_bytes()).into_owned();
                let text = match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                    // base64 and timestamps hold nothing to unescape.
                    Some(inner) if !inner.contains('\\') => inner.to_owned(),
                    _ => text,
                };
                w.write_key(&text);
            }
            if let Some(f) = stack.last_mut() {
                f.left -= 1;
            }
            // The value follows the colon.
            continue;
        } else {
            if let Some(s) = scalar(&mut r, &mut w)? {
                w.write_str(s);
            }
            if let Some(f) = stack.last_mut() {
                f.left -= 1;
            }
        }
        // Close what is complete; a comma before the next item.
        loop {
            let Some(top) = stack.last_mut() else {
                r.finish()?;
                return Ok(w.into_vec());
            };
            if top.left == 0 {
                let map = top.map;
                stack.pop();
                r.leave();
                w.write_byte(if map { b'}' } else { b']' });
                if let Some(f) = stack.last_mut() {
                    f.left -= 1;
                }
                continue;
            }
            if top.left < top.len {
                w.write_comma();
            }
            break;
        }
    }
}

/// Writes the scalar at the cursor as JSON, except a string, which it
/// returns for the caller to write as a value or a key.
fn scalar<'a>(
    r: &mut msgpack::Reader<'a>,
    w: &mut Writer<'_>,
) -> Result<Option<&'a str>, jetjson::Error> {
    let at = r.offset();
    let Some(m) = r.peek() else {
        return Err(r.error_at(ErrorKind::UnexpectedEof, at));
    };
    match m {
        0xa0..=0xbf | 0xd9..=0xdb => return r.read_str().map(Some),
        0xc0 => r.read_nil().map(|()| w.write_null())?,
        0xc2 | 0xc3 => w.write_bool(r.read_bool()?),
        0xcf => w.write_u64(r.read_u64()?),
        0x00..=0x7f | 0xe0..=0xff | 0xcc..=0xce | 0xd0..=0xd3 => w.write_i64(r.read_i64()?),
        0xca => w.write_f32(r.read_f32()?),
        0xcb => w.write_f64(r.read_f64()?),
        0xc4..=0xc6 => jetjson::base64::write_json(r.read_bin()?, w),
        0xd4..=0xd8 | 0xc7..=0xc9 => {
            let checkpoint = r.checkpoint();
            let (ty, data) = r.read_ext()?;
            if ty == -1 {
                r.restore(checkpoint);
                let t = Timestamp::read_msgpack(r)?;
                w.write_str(&rfc3339(t));
            } else {
                w.write_raw(b"{\"ext\":");
                w.write_i64(i64::from(ty));
                w.write_raw(b",\"data\":");
                jetjson::base64::write_json(data, w);
                w.write_byte(b'}');
            }
        }
        _ => {
            return Err(r.error_at(
                ErrorKind::InvalidValue {
                    message: format!("0x{m:02x} is not a MessagePack marker").into(),
                },
                at,
            ))
        }
    }
    Ok(None)
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, UTC, proleptic Gregorian.
pub fn rfc3339(t: Timestamp) -> String {
    let days = t.seconds.div_euclid(86_400);
    let secs = t.seconds.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    let year = if (0..=9999).contains(&y) {
        format!("{y:04}")
    } else {
        format!("{y:+05}")
    };
    let mut s = format!(
        "{year}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    );
    if t.nanoseconds > 0 {
        let frac = format!("{:09}", t.nanoseconds);
        s.push('.');
        s.push_str(frac.trim_end_matches('0'));
    }
    s.push('Z');
    s
}

/// Year, month, day of a count of days since 1970-01-01 (the usual
/// era-of-400-years conversion).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_as_rfc3339() {
        let t = |seconds, nanoseconds| {
            rfc3339(Timestamp {
                seconds,
                nanoseconds,
            })
        };
        assert_eq!(t(0, 0), "1970-01-01T00:00:00Z");
        assert_eq!(t(-1, 500_000_000), "1969-12-31T23:59:59.5Z");
        assert_eq!(t(951_782_400, 0), "2000-02-29T00:00:00Z");
        assert_eq!(t(1_714_979_289, 1), "2024-05-06T07:08:09.000000001Z");
        assert_eq!(t(253_402_300_800, 0), "+10000-01-01T00:00:00Z");
        assert_eq!(t(-62_167_219_201, 0), "-0001-12-31T23:59:59Z");
    }
}
