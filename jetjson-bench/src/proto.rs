//! Protobuf mirrors of the four seed payloads, declared by hand with
//! `#[derive(prost::Message)]` (no `.proto` files, no protoc, no build script),
//! and the conversions to and from the serde types.
//!
//! The field numbers follow each struct's declaration order. Go `int` is
//! `int64`, as in the articles' `.proto` files; nested arrays (`turn`) need a
//! wrapper message. The corpora have no mirror: their protobuf cells say n/a.

use crate::schema::{AgentService, Doc, HoldValMsg, PhaseTiming, TimingPlan, ValMsg};
use std::collections::BTreeMap;

/// The message of types without a protobuf mirror; never encoded.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NoProto {}

/// `AgentService` (article 001).
#[derive(Clone, PartialEq, prost::Message)]
pub struct AgentServicePb {
    #[prost(string, tag = "1")]
    pub service_name: String,
    #[prost(string, tag = "2")]
    pub version: String,
    #[prost(string, tag = "3")]
    pub service_id: String,
    #[prost(string, tag = "4")]
    pub address: String,
    #[prost(int64, tag = "5")]
    pub port: i64,
    #[prost(btree_map = "string, string", tag = "6")]
    pub metadata: BTreeMap<String, String>,
    #[prost(int64, tag = "7")]
    pub connect_timeout: i64,
    #[prost(string, tag = "8")]
    pub connect_type: String,
    #[prost(int64, tag = "9")]
    pub read_timeout: i64,
    #[prost(int64, tag = "10")]
    pub write_timeout: i64,
    #[prost(string, tag = "11")]
    pub protocol: String,
    #[prost(string, tag = "12")]
    pub balance: String,
    #[prost(string, tag = "13")]
    pub idcs: String,
    #[prost(string, tag = "14")]
    pub converter: String,
    #[prost(int64, tag = "15")]
    pub retry: i64,
}

/// `Doc` (article 002, the same fields as its `doc.proto`).
#[derive(Clone, PartialEq, prost::Message)]
pub struct DocPb {
    #[prost(uint32, tag = "1")]
    pub doc_id: u32,
    #[prost(string, tag = "2")]
    pub position: String,
    #[prost(string, tag = "3")]
    pub company: String,
    #[prost(string, tag = "4")]
    pub city: String,
    #[prost(int32, tag = "5")]
    pub school_level: i32,
    #[prost(bool, tag = "6")]
    pub vip: bool,
    #[prost(bool, tag = "7")]
    pub chat: bool,
    #[prost(int32, tag = "8")]
    pub active: i32,
    #[prost(int32, tag = "9")]
    pub work_age: i32,
}

/// `ValMsg` (article 003).
#[derive(Clone, PartialEq, prost::Message)]
pub struct ValMsgPb {
    #[prost(int64, tag = "1")]
    pub int: i64,
    #[prost(string, tag = "2")]
    pub text: String,
    #[prost(bool, tag = "3")]
    pub flag: bool,
    #[prost(message, optional, tag = "4")]
    pub hold: Option<HoldValMsgPb>,
    #[prost(bytes = "vec", tag = "5")]
    pub byte_slice: Vec<u8>,
    #[prost(bool, repeated, tag = "6")]
    pub bool_slice: Vec<bool>,
    #[prost(int64, repeated, tag = "7")]
    pub int_slice: Vec<i64>,
    #[prost(string, repeated, tag = "8")]
    pub string_slice: Vec<String>,
    #[prost(message, repeated, tag = "9")]
    pub struct_slice: Vec<HoldValMsgPb>,
    #[prost(int64, tag = "10")]
    pub int_neg: i64,
}

/// `HoldValMsg` (article 003).
#[derive(Clone, PartialEq, prost::Message)]
pub struct HoldValMsgPb {
    #[prost(int64, tag = "1")]
    pub int: i64,
    #[prost(string, tag = "2")]
    pub text: String,
    #[prost(bool, tag = "3")]
    pub flag: bool,
    #[prost(bytes = "vec", tag = "4")]
    pub byte_slice: Vec<u8>,
    #[prost(bool, repeated, tag = "5")]
    pub bool_slice: Vec<bool>,
    #[prost(int64, repeated, tag = "6")]
    pub int_slice: Vec<i64>,
    #[prost(string, repeated, tag = "7")]
    pub string_slice: Vec<String>,
}

/// The signal-timing document: protobuf has no top-level array.
#[derive(Clone, PartialEq, prost::Message)]
pub struct TimingPlansPb {
    #[prost(message, repeated, tag = "1")]
    pub plans: Vec<TimingPlanPb>,
}

/// `TimingPlan` (article 004).
#[derive(Clone, PartialEq, prost::Message)]
pub struct TimingPlanPb {
    #[prost(uint32, tag = "1")]
    pub map_key: u32,
    #[prost(uint32, tag = "2")]
    pub id: u32,
    #[prost(string, tag = "3")]
    pub desc: String,
    #[prost(uint32, tag = "4")]
    pub cycle: u32,
    #[prost(int32, tag = "5")]
    pub offset: i32,
    #[prost(uint32, tag = "6")]
    pub coord_phase: u32,
    #[prost(message, repeated, tag = "7")]
    pub timing: Vec<PhaseTimingPb>,
    #[prost(message, repeated, tag = "8")]
    pub turn: Vec<TurnPb>,
}

/// `PhaseTiming` (article 004).
#[derive(Clone, PartialEq, prost::Message)]
pub struct PhaseTimingPb {
    #[prost(uint32, tag = "1")]
    pub phase: u32,
    #[prost(uint32, tag = "2")]
    pub time: u32,
    #[prost(uint32, tag = "3")]
    pub status: u32,
    #[prost(uint32, tag = "4")]
    pub barrier: u32,
}

/// One inner array of `TimingPlan::turn`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct TurnPb {
    #[prost(uint32, repeated, tag = "1")]
    pub phases: Vec<u32>,
}

// MARK: - Conversions

impl From<&AgentService> for AgentServicePb {
    fn from(v: &AgentService) -> Self {
        Self {
            service_name: v.service_name.clone(),
            version: v.version.clone(),
            service_id: v.service_id.clone(),
            address: v.address.clone(),
            port: v.port,
            metadata: v.metadata.clone(),
            connect_timeout: v.connect_timeout,
            connect_type: v.connect_type.clone(),
            read_timeout: v.read_timeout,
            write_timeout: v.write_timeout,
            protocol: v.protocol.clone(),
            balance: v.balance.clone(),
            idcs: v.idcs.clone(),
            converter: v.converter.clone(),
            retry: v.retry,
        }
    }
}

impl From<AgentServicePb> for AgentService {
    fn from(m: AgentServicePb) -> Self {
        Self {
            service_name: m.service_name,
            version: m.version,
            service_id: m.service_id,
            address: m.address,
            port: m.port,
            metadata: m.metadata,
            connect_timeout: m.connect_timeout,
            connect_type: m.connect_type,
            read_timeout: m.read_timeout,
            write_timeout: m.write_timeout,
            protocol: m.protocol,
            balance: m.balance,
            idcs: m.idcs,
            converter: m.converter,
            retry: m.retry,
        }
    }
}

impl From<&Doc> for DocPb {
    fn from(v: &Doc) -> Self {
        Self {
            doc_id: v.doc_id,
            position: v.position.clone(),
            company: v.company.clone(),
            city: v.city.clone(),
            school_level: v.school_level,
            vip: v.vip,
            chat: v.chat,
            active: v.active,
            work_age: v.work_age,
        }
    }
}

impl From<DocPb> for Doc {
    fn from(m: DocPb) -> Self {
        Self {
            doc_id: m.doc_id,
            position: m.position,
            company: m.company,
            city: m.city,
            school_level: m.school_level,
            vip: m.vip,
            chat: m.chat,
            active: m.active,
            work_age: m.work_age,
        }
    }
}

impl From<&HoldValMsg> for HoldValMsgPb {
    fn from(v: &HoldValMsg) -> Self {
        Self {
            int: v.int,
            text: v.text.clone(),
            flag: v.flag,
            byte_slice: v.byte_slice.clone(),
            bool_slice: v.bool_slice.clone(),
            int_slice: v.int_slice.clone(),
            string_slice: v.string_slice.clone(),
        }
    }
}

impl From<HoldValMsgPb> for HoldValMsg {
    fn from(m: HoldValMsgPb) -> Self {
        Self {
            int: m.int,
            text: m.text,
            flag: m.flag,
            byte_slice: m.byte_slice,
            bool_slice: m.bool_slice,
            int_slice: m.int_slice,
            string_slice: m.string_slice,
        }
    }
}

impl From<&ValMsg> for ValMsgPb {
    fn from(v: &ValMsg) -> Self {
        Self {
            int: v.int,
            text: v.text.clone(),
            flag: v.flag,
            hold: v.hold.as_ref().map(HoldValMsgPb::from),
            byte_slice: v.byte_slice.clone(),
            bool_slice: v.bool_slice.clone(),
            int_slice: v.int_slice.clone(),
            string_slice: v.string_slice.clone(),
            struct_slice: v.struct_slice.iter().map(HoldValMsgPb::from).collect(),
            int_neg: v.int_neg,
        }
    }
}

impl From<ValMsgPb> for ValMsg {
    fn from(m: ValMsgPb) -> Self {
        Self {
            int: m.int,
            text: m.text,
            flag: m.flag,
            hold: m.hold.map(HoldValMsg::from),
            byte_slice: m.byte_slice,
            bool_slice: m.bool_slice,
            int_slice: m.int_slice,
            string_slice: m.string_slice,
            struct_slice: m.struct_slice.into_iter().map(HoldValMsg::from).collect(),
            int_neg: m.int_neg,
        }
    }
}

impl From<&[TimingPlan]> for TimingPlansPb {
    fn from(plans: &[TimingPlan]) -> Self {
        let plans = plans
            .iter()
            .map(|p| TimingPlanPb {
                map_key: p.map_key,
                id: p.id,
                desc: p.desc.clone(),
                cycle: p.cycle,
                offset: p.offset,
                coord_phase: p.coord_phase,
                timing: p
                    .timing
                    .iter()
                    .map(|t| PhaseTimingPb {
                        phase: t.phase,
                        time: t.time,
                        status: t.status,
                        barrier: t.barrier,
                    })
                    .collect(),
                turn: p
                    .turn
                    .iter()
                    .map(|phases| TurnPb {
                        phases: phases.clone(),
                    })
                    .collect(),
            })
            .collect();
        Self { plans }
    }
}

impl From<TimingPlansPb> for Vec<TimingPlan> {
    fn from(m: TimingPlansPb) -> Self {
        m.plans
            .into_iter()
            .map(|p| TimingPlan {
                map_key: p.map_key,
                id: p.id,
                desc: p.desc,
                cycle: p.cycle,
                offset: p.offset,
                coord_phase: p.coord_phase,
                timing: p
                    .timing
                    .into_iter()
                    .map(|t| PhaseTiming {
                        phase: t.phase,
                        time: t.time,
                        status: t.status,
                        barrier: t.barrier,
                    })
                    .collect(),
                turn: p.turn.into_iter().map(|t| t.phases).collect(),
            })
            .collect()
    }
}
