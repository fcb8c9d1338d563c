//! The systems under comparison: one adapter per peer behind one trait.
//!
//! An adapter builds a [`Step`] for each operation it offers; an operation it
//! does not offer returns `None` and its cells say "n/a". Every step checks
//! its first result against serde_json's before any timing
//! ([`Step::check`]); the harness then calls [`Step::run`] in a loop.
//!
//! The system list is [`systems`]: adding a system is one file here plus one
//! line there.

mod bincode2;
pub mod check;
mod jetjson;
mod jetjson_borrowed;
mod jetjson_document;
mod jetjson_msgpack;
mod jetjson_serde;
mod protobuf;
mod rmpserde;
mod serdejson;
mod simdjson;
pub mod sonicrs;
pub mod yyjson;

use crate::schema::{Doc, Schema};
use serde::Serialize;
use std::marker::PhantomData;
use std::sync::Arc;

/// The system every ratio is taken against; it is always run.
pub const BASELINE: &str = "serde_json";

/// The systems, in table order. The one place to add a system.
pub fn systems<T: Schema>() -> Vec<Box<dyn Adapter<T>>> {
    vec![
        Box::new(serdejson::SerdeJson),
        Box::new(jetjson::Jetjson),
        Box::new(jetjson_borrowed::JetjsonBorrowed),
        Box::new(jetjson_serde::JetjsonSerde),
        Box::new(jetjson_document::JetjsonDocument),
        Box::new(simdjson::SimdJson),
        Box::new(simdjson::SimdJsonBorrowed),
        Box::new(sonicrs::SonicRs),
        Box::new(yyjson::Yyjson),
        Box::new(jetjson_msgpack::JetjsonMsgpack),
        Box::new(rmpserde::RmpSerde),
        Box::new(protobuf::Prost),
        Box::new(bincode2::Bincode),
    ]
}

/// Name, format and crate of every system, in table order.
pub fn system_list() -> Vec<(&'static str, Format, &'static str)> {
    systems::<Doc>()
        .iter()
        .map(|s| (s.name(), s.format(), s.crate_name()))
        .collect()
}

/// One peer. Every operation is optional: the default says "n/a".
///
/// Each method builds a fresh, independent step (its own buffers and DOM), so
/// the harness can build one per thread.
pub trait Adapter<T: Schema>: Send + Sync {
    /// The name in tables and in `--filter`.
    fn name(&self) -> &'static str;
    /// The crate behind it (its version is printed in the report).
    fn crate_name(&self) -> &'static str;
    /// What the system writes.
    fn format(&self) -> Format;

    /// JSON text → the system's DOM.
    fn json_to_value(&self, _input: &Arc<Input<T>>) -> Option<Step> {
        None
    }
    /// The system's DOM → `T`.
    fn value_to_t(&self, _input: &Arc<Input<T>>) -> Option<Step> {
        None
    }
    /// Encoded bytes (JSON text or binary) → `T`.
    fn decode(&self, _input: &Arc<Input<T>>) -> Option<Step> {
        None
    }
    /// `T` → the system's DOM.
    fn t_to_value(&self, _input: &Arc<Input<T>>) -> Option<Step> {
        None
    }
    /// The system's DOM → JSON text.
    fn value_to_json(&self, _input: &Arc<Input<T>>) -> Option<Step> {
        None
    }
    /// `T` → encoded bytes, in a fresh `Vec`.
    fn encode(&self, _input: &Arc<Input<T>>) -> Option<Step> {
        None
    }
    /// `T` → encoded bytes, into one buffer cleared and reused across runs.
    fn encode_reuse(&self, _input: &Arc<Input<T>>) -> Option<Step> {
        None
    }
    /// JSON text → the text of the value at [`Input::pointer`], found
    /// lazily where the system can (a full DOM and a lookup where not).
    fn get(&self, _input: &Arc<Input<T>>) -> Option<Step> {
        None
    }
}

/// Builds `op` of `adapter`, or `None` when the system does not offer it.
pub fn build<T: Schema>(adapter: &dyn Adapter<T>, op: Op, input: &Arc<Input<T>>) -> Option<Step> {
    match op {
        Op::JsonToValue => adapter.json_to_value(input),
        Op::ValueToT => adapter.value_to_t(input),
        Op::Decode => adapter.decode(input),
        Op::TToValue => adapter.t_to_value(input),
        Op::ValueToJson => adapter.value_to_json(input),
        Op::Encode => adapter.encode(input),
        Op::EncodeReuse => adapter.encode_reuse(input),
        Op::Get => adapter.get(input),
    }
}

// MARK: - Operations and formats

/// The operations: the six of the C++ article (seed 004) plus encoding into a
/// reused buffer. For binary formats only the typed ones apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// JSON → Value.
    JsonToValue,
    /// Value → T.
    ValueToT,
    /// JSON → T (decode).
    Decode,
    /// T → Value.
    TToValue,
    /// Value → JSON.
    ValueToJson,
    /// T → JSON (encode), fresh `Vec`.
    Encode,
    /// T → JSON (encode), reused buffer.
    EncodeReuse,
    /// JSON → the text at one JSON Pointer (a lazy lookup).
    Get,
}

impl Op {
    /// Every operation, in column order.
    pub const ALL: [Op; 8] = [
        Op::JsonToValue,
        Op::ValueToT,
        Op::Decode,
        Op::TToValue,
        Op::ValueToJson,
        Op::Encode,
        Op::EncodeReuse,
        Op::Get,
    ];

    /// The operations also run on all cores at once.
    pub const PARALLEL: [Op; 2] = [Op::Decode, Op::Encode];

    /// The column title.
    pub fn label(self) -> &'static str {
        match self {
            Op::JsonToValue => "JSON→Value",
            Op::ValueToT => "Value→T",
            Op::Decode => "JSON→T",
            Op::TToValue => "T→Value",
            Op::ValueToJson => "Value→JSON",
            Op::Encode => "T→JSON",
            Op::EncodeReuse => "T→JSON reused",
            Op::Get => "get",
        }
    }

    /// The name in `report.json`.
    pub fn id(self) -> &'static str {
        match self {
            Op::JsonToValue => "json_to_value",
            Op::ValueToT => "value_to_t",
            Op::Decode => "decode",
            Op::TToValue => "t_to_value",
            Op::ValueToJson => "value_to_json",
            Op::Encode => "encode",
            Op::EncodeReuse => "encode_reuse",
            Op::Get => "get",
        }
    }

    /// True for the operations that write text (their MB/s counts output bytes).
    pub fn writes(self) -> bool {
        matches!(self, Op::ValueToJson | Op::Encode | Op::EncodeReuse)
    }

    /// True for the operations that only a DOM-offering JSON system has.
    pub fn is_dom(self) -> bool {
        matches!(
            self,
            Op::JsonToValue | Op::ValueToT | Op::TToValue | Op::ValueToJson
        )
    }
}

/// What a system writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Format {
    /// JSON text.
    #[serde(rename = "json")]
    Json,
    /// MessagePack, structs as maps keyed by field name.
    #[serde(rename = "msgpack")]
    MessagePack,
    /// Protocol Buffers (proto3).
    #[serde(rename = "protobuf")]
    Protobuf,
    /// bincode 2, standard config (varints).
    #[serde(rename = "bincode")]
    Bincode,
}

impl Format {
    /// The short name in tables.
    pub fn label(self) -> &'static str {
        match self {
            Format::Json => "JSON",
            Format::MessagePack => "MessagePack",
            Format::Protobuf => "protobuf",
            Format::Bincode => "bincode",
        }
    }
}

// MARK: - Input and steps

/// One payload, with serde_json's answers that every other system is checked against.
pub struct Input<T> {
    /// The payload name.
    pub name: &'static str,
    /// The JSON text as read (or generated).
    pub json: Vec<u8>,
    /// serde_json's typed decode of `json`.
    pub value: T,
    /// serde_json's DOM of `json`.
    pub dom: serde_json::Value,
    /// serde_json's DOM of `value` (`serde_json::to_value`), which T→Value must produce.
    pub value_dom: serde_json::Value,
    /// The JSON Pointer the `get` operation looks up: the last scalar of the
    /// document in input order (always the last member or element), so a
    /// lookup has to step over nearly everything.
    pub pointer: String,
}

impl<T: Schema> Input<T> {
    /// Decodes `json` with serde_json into the reference answers.
    pub fn new(name: &'static str, json: Vec<u8>) -> Result<Self, String> {
        let value: T = serde_json::from_slice(&json)
            .map_err(|e| format!("{name}: serde_json cannot decode it as its type: {e}"))?;
        let dom: serde_json::Value =
            serde_json::from_slice(&json).map_err(|e| format!("{name}: {e}"))?;
        let value_dom = serde_json::to_value(&value).map_err(|e| format!("{name}: {e}"))?;
        let pointer = last_scalar(&json).map_err(|e| format!("{name}: {e}"))?;
        Ok(Input {
            name,
            json,
            value,
            dom,
            value_dom,
            pointer,
        })
    }
}

/// The unescaped tokens of a JSON Pointer (`~1` is `/`, `~0` is `~`).
pub fn pointer_tokens(pointer: &str) -> Vec<String> {
    pointer
        .split('/')
        .skip(1)
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect()
}

/// The pointer of the last scalar of `json` in input order.
pub fn last_scalar(json: &[u8]) -> Result<String, ::jetjson::Error> {
    let doc = ::jetjson::Document::parse(json)?;
    let mut node = doc.root();
    let mut pointer = String::new();
    loop {
        if let Some(last) = node.elements().last() {
            pointer.push_str(&format!("/{}", node.len() - 1));
            node = last;
        } else if let Some((key, last)) = node.members().last() {
            pointer.push('/');
            pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
            node = last;
        } else {
            return Ok(pointer);
        }
    }
}

/// What a step's check learned besides "equal".
#[derive(Clone, Copy, Debug, Default)]
pub struct Checked {
    /// The encoded size: output of an encoder, input of a binary decoder.
    pub size: Option<usize>,
}

impl Checked {
    /// Equal, nothing more to say.
    pub fn ok() -> Self {
        Checked::default()
    }

    /// Equal, and the encoded form has `size` bytes.
    pub fn sized(size: usize) -> Self {
        Checked { size: Some(size) }
    }
}

/// One operation of one system on one payload, ready to run in a loop.
pub struct Step {
    job: Box<dyn Job>,
}

impl Step {
    /// A step that runs `f`, whose first result `verify` checks.
    pub fn new<O, F, V>(mut f: F, verify: V) -> Step
    where
        O: 'static,
        F: FnMut() -> O + Send + 'static,
        V: FnOnce(O) -> Result<Checked, String> + Send + 'static,
    {
        Step::stateful((), move |_: &mut ()| f(), move |_: &(), out| verify(out))
    }

    /// A step with state kept across runs (a reused buffer): `f` runs on it,
    /// and `verify` sees it after the first run together with its result.
    pub fn stateful<S, O, F, V>(state: S, f: F, verify: V) -> Step
    where
        S: Send + 'static,
        O: 'static,
        F: FnMut(&mut S) -> O + Send + 'static,
        V: FnOnce(&S, O) -> Result<Checked, String> + Send + 'static,
    {
        Step {
            job: Box::new(Closure {
                state,
                f,
                verify: Some(verify),
                out: PhantomData,
            }),
        }
    }

    /// A step that could not be set up: its check fails with `why`.
    pub fn failed(why: String) -> Step {
        Step::new(|| (), move |()| Err(why))
    }

    /// Runs the operation once; its result is dropped, inside the timing.
    #[inline]
    pub fn run(&mut self) {
        self.job.run();
    }

    /// Runs once more and compares the result with serde_json's; call once,
    /// before timing.
    pub fn check(&mut self) -> Result<Checked, String> {
        self.job.check()
    }
}

trait Job: Send {
    fn run(&mut self);
    fn check(&mut self) -> Result<Checked, String>;
}

struct Closure<S, F, V, O> {
    state: S,
    f: F,
    verify: Option<V>,
    out: PhantomData<fn() -> O>,
}

impl<S, F, V, O> Job for Closure<S, F, V, O>
where
    S: Send,
    F: FnMut(&mut S) -> O + Send,
    V: FnOnce(&S, O) -> Result<Checked, String> + Send,
{
    #[inline]
    fn run(&mut self) {
        std::hint::black_box((self.f)(&mut self.state));
    }

    fn check(&mut self) -> Result<Checked, String> {
        let out = (self.f)(&mut self.state);
        match self.verify.take() {
            Some(verify) => verify(&self.state, out),
            None => Err("a step can be checked only once".into()),
        }
    }
}
