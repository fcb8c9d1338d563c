//! The typed Rust mirror of every payload.
//!
//! Each type derives serde with plain attributes only (`rename`, `rename_all`,
//! `default`, `skip_serializing_if`, `with`), so that adding
//! `#[derive(jetjson::Json, jetjson::ToValue, jetjson::FromValue)]` next to the serde derives gives jetjson the same
//! field names and the same round trip.
//!
//! | payload | type | file |
//! | --- | --- | --- |
//! | `agent_service` | [`AgentService`] | `seeds/agent_service.json` |
//! | `doc` | [`Doc`] | `seeds/doc.json` |
//! | `val_msg` | [`ValMsg`] | `seeds/val_msg.json` |
//! | `signal_timing` | `Vec<`[`TimingPlan`]`>` | `seeds/signal_timing.json` |
//! | `canada` | [`Canada`] | `corpus/canada.json` |
//! | `citm_catalog` | [`CitmCatalog`] | `corpus/citm_catalog.json` |
//! | `twitter` | [`Twitter`] | `corpus/twitter.json` |

pub mod base64_bytes;
mod canada;
mod citm;
mod seeds;
mod twitter;

pub use canada::{Canada, Feature, FeatureCollection, Geometry, Properties};
pub use citm::{Area, CitmCatalog, Event, Performance, Price, SeatCategory};
pub use seeds::{AgentService, Doc, HoldValMsg, PhaseTiming, TimingPlan, ValMsg};
pub use twitter::{
    Contributor, Geo, Hashtag, Media, MediaSize, MediaSizes, Place, SearchMetadata, Status,
    StatusEntities, StatusMetadata, Twitter, Url, UrlEntity, User, UserEntities, UserMention,
};

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// What the bench needs of a payload type: both serde directions, both
/// jetjson directions (JSON, `Value` and MessagePack), equality (decoded values are
/// compared with serde_json's), and an optional protobuf mirror.
pub trait Schema:
    Serialize
    + DeserializeOwned
    + jetjson::ToJson
    + jetjson::FromJsonOwned
    + jetjson::ToValue
    + jetjson::FromValue
    + jetjson::msgpack::ToMsgpack
    + jetjson::msgpack::FromMsgpackOwned
    + PartialEq
    + Debug
    + Clone
    + Send
    + Sync
    + 'static
{
    /// The hand-written prost message mirroring this type
    /// ([`crate::proto::NoProto`] when there is none).
    type Proto: prost::Message + Default + Clone + PartialEq + 'static;

    /// True when some field is left out of the output (`skip_serializing_if`):
    /// formats that are not self-describing (bincode) cannot read such data back.
    const OMITS_FIELDS: bool = false;

    /// The protobuf message for this value, or `None` when the type has no mirror.
    fn to_proto(&self) -> Option<Self::Proto> {
        None
    }

    /// Converts a decoded protobuf message back, or `None` when the type has no mirror.
    fn from_proto(_msg: Self::Proto) -> Option<Self> {
        None
    }
}

// MARK: - Schema for each payload type

use crate::proto::{AgentServicePb, DocPb, NoProto, TimingPlansPb, ValMsgPb};

impl Schema for AgentService {
    type Proto = AgentServicePb;
    fn to_proto(&self) -> Option<AgentServicePb> {
        Some(self.into())
    }
    fn from_proto(msg: AgentServicePb) -> Option<Self> {
        Some(msg.into())
    }
}

impl Schema for Doc {
    type Proto = DocPb;
    fn to_proto(&self) -> Option<DocPb> {
        Some(self.into())
    }
    fn from_proto(msg: DocPb) -> Option<Self> {
        Some(msg.into())
    }
}

impl Schema for ValMsg {
    type Proto = ValMsgPb;
    fn to_proto(&self) -> Option<ValMsgPb> {
        Some(self.into())
    }
    fn from_proto(msg: ValMsgPb) -> Option<Self> {
        Some(msg.into())
    }
}

impl Schema for Vec<TimingPlan> {
    type Proto = TimingPlansPb;
    fn to_proto(&self) -> Option<TimingPlansPb> {
        Some(self.as_slice().into())
    }
    fn from_proto(msg: TimingPlansPb) -> Option<Self> {
        Some(msg.into())
    }
}

impl Schema for Canada {
    type Proto = NoProto;
}

impl Schema for CitmCatalog {
    type Proto = NoProto;
}

impl Schema for Twitter {
    type Proto = NoProto;
    const OMITS_FIELDS: bool = true;
}

/// Checks that `T` keeps everything in `json`: it decodes, and writing it
/// back gives the same document (numbers compared as `f64`, since `-141`
/// read into an `f64` field is written back as `-141.0`).
pub fn lossless<T: Schema>(json: &[u8]) -> Result<(), String> {
    let value: T = serde_json::from_slice(json).map_err(|e| format!("does not decode: {e}"))?;
    let want: serde_json::Value = serde_json::from_slice(json).map_err(|e| e.to_string())?;
    let got = serde_json::to_value(&value).map_err(|e| e.to_string())?;
    let (want, got) = (numbers_as_f64(want), numbers_as_f64(got));
    if want == got {
        Ok(())
    } else {
        Err(format!(
            "written back, it differs: {}",
            crate::peers::check::first_difference(&want, &got)
        ))
    }
}

fn numbers_as_f64(v: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Number(n) => n
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or(Value::Number(n), Value::Number),
        Value::Array(a) => Value::Array(a.into_iter().map(numbers_as_f64).collect()),
        Value::Object(o) => {
            Value::Object(o.into_iter().map(|(k, v)| (k, numbers_as_f64(v))).collect())
        }
        other => other,
    }
}
