//! `citm_catalog.json`: a ticketing catalog, integer- and map-heavy.
//!
//! Maps are keyed by numeric ids written as JSON strings; they are kept as
//! `String` keys in a `BTreeMap`, so every system sees the same order.
//! Fields that are `null` in the file are `Option`s and written back as `null`.

use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The whole `citm_catalog.json` document.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CitmCatalog {
    pub area_names: BTreeMap<String, String>,
    pub audience_sub_category_names: BTreeMap<String, String>,
    pub block_names: BTreeMap<String, String>,
    pub events: BTreeMap<String, Event>,
    pub performances: Vec<Performance>,
    pub seat_category_names: BTreeMap<String, String>,
    pub sub_topic_names: BTreeMap<String, String>,
    pub subject_names: BTreeMap<String, String>,
    pub topic_names: BTreeMap<String, String>,
    pub topic_sub_topics: BTreeMap<String, Vec<u64>>,
    pub venue_names: BTreeMap<String, String>,
}

/// An event of the catalog.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub description: Option<String>,
    pub id: u64,
    pub logo: Option<String>,
    pub name: String,
    pub sub_topic_ids: Vec<u64>,
    pub subject_code: Option<String>,
    pub subtitle: Option<String>,
    pub topic_ids: Vec<u64>,
}

/// One performance of an event, with its prices and seating.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Performance {
    pub event_id: u64,
    pub id: u64,
    pub logo: Option<String>,
    pub name: Option<String>,
    pub prices: Vec<Price>,
    pub seat_categories: Vec<SeatCategory>,
    pub seat_map_image: Option<String>,
    pub start: u64,
    pub venue_code: String,
}

/// A price for one seat category and audience.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub amount: u64,
    pub audience_sub_category_id: u64,
    pub seat_category_id: u64,
}

/// The areas a seat category covers.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SeatCategory {
    pub areas: Vec<Area>,
    pub seat_category_id: u64,
}

/// An area and its blocks.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Area {
    pub area_id: u64,
    pub block_ids: Vec<u64>,
}
