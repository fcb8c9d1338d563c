//! The typed Rust mirror of every payload.
//!
//! Each type derives serde with plain attributes only (`rename`, `rename_all`,
//! `default`, `skip_serializing_if`, `with`), so that adding
//! `#[derive(jetjson::Json)]` next to the serde derives gives jetjson the same
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

/// What the bench needs of a payload type: both serde directions, equality
/// (decoded values are compared with serde_json's), and an optional protobuf
/// mirror.
///
/// TODO(jetjson adapter): add `jetjson::ToJson + for<'de> jetjson::FromJson<'de>`
/// to the bounds once the types derive `jetjson::Json`.
pub trait Schema:
    Serialize + DeserializeOwned + PartialEq + Debug + Clone + Send + Sync + 'static
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
