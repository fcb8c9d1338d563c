//! `canada.json`: a GeoJSON `FeatureCollection` of polygons, float-heavy.

use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::{Deserialize, Serialize};

/// The whole `canada.json` document.
pub type Canada = FeatureCollection;

/// `{"type": "FeatureCollection", "features": [...]}`.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct FeatureCollection {
    #[serde(rename = "type")]
    pub kind: String,
    pub features: Vec<Feature>,
}

/// One feature: a named polygon.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Feature {
    #[serde(rename = "type")]
    pub kind: String,
    pub properties: Properties,
    pub geometry: Geometry,
}

/// A feature's properties.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Properties {
    pub name: String,
}

/// A polygon: rings of `[longitude, latitude]` points.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Geometry {
    #[serde(rename = "type")]
    pub kind: String,
    pub coordinates: Vec<Vec<(f64, f64)>>,
}
