//! `twitter.json`: a search API answer, strings and unicode.
//!
//! Every key present in the file is modelled. A key that some objects lack is
//! `#[serde(default, skip_serializing_if = "Option::is_none")]`, so the output
//! has the same keys as the input; a key that is present but `null` is a plain
//! `Option` and written back as `null`. `geo`, `coordinates`, `place` and
//! `contributors` are `null` throughout the file; their types follow the
//! Twitter v1.1 API.

use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::{Deserialize, Serialize};

/// The whole `twitter.json` document.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Twitter {
    pub statuses: Vec<Status>,
    pub search_metadata: SearchMetadata,
}

/// One tweet.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Status {
    pub metadata: StatusMetadata,
    pub created_at: String,
    pub id: u64,
    pub id_str: String,
    pub text: String,
    pub source: String,
    pub truncated: bool,
    pub in_reply_to_status_id: Option<u64>,
    pub in_reply_to_status_id_str: Option<String>,
    pub in_reply_to_user_id: Option<u64>,
    pub in_reply_to_user_id_str: Option<String>,
    pub in_reply_to_screen_name: Option<String>,
    pub user: User,
    pub geo: Option<Geo>,
    pub coordinates: Option<Geo>,
    pub place: Option<Place>,
    pub contributors: Option<Vec<Contributor>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retweeted_status: Option<Box<Status>>,
    pub retweet_count: u32,
    pub favorite_count: u32,
    pub entities: StatusEntities,
    pub favorited: bool,
    pub retweeted: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub possibly_sensitive: Option<bool>,
    pub lang: String,
}

/// `metadata` of a tweet.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct StatusMetadata {
    pub result_type: String,
    pub iso_language_code: String,
}

/// The author of a tweet.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct User {
    pub id: u64,
    pub id_str: String,
    pub name: String,
    pub screen_name: String,
    pub location: String,
    pub description: String,
    pub url: Option<String>,
    pub entities: UserEntities,
    pub protected: bool,
    pub followers_count: u32,
    pub friends_count: u32,
    pub listed_count: u32,
    pub created_at: String,
    pub favourites_count: u32,
    pub utc_offset: Option<i32>,
    pub time_zone: Option<String>,
    pub geo_enabled: bool,
    pub verified: bool,
    pub statuses_count: u32,
    pub lang: String,
    pub contributors_enabled: bool,
    pub is_translator: bool,
    pub is_translation_enabled: bool,
    pub profile_background_color: String,
    pub profile_background_image_url: String,
    pub profile_background_image_url_https: String,
    pub profile_background_tile: bool,
    pub profile_image_url: String,
    pub profile_image_url_https: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile_banner_url: Option<String>,
    pub profile_link_color: String,
    pub profile_sidebar_border_color: String,
    pub profile_sidebar_fill_color: String,
    pub profile_text_color: String,
    pub profile_use_background_image: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
}

/// URLs found in a user's profile.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct UserEntities {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<UrlEntity>,
    pub description: UrlEntity,
}

/// A list of URLs.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct UrlEntity {
    pub urls: Vec<Url>,
}

/// One URL and where it sits in the text.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Url {
    pub url: String,
    pub expanded_url: String,
    pub display_url: String,
    pub indices: Vec<u32>,
}

/// Entities found in a tweet's text.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct StatusEntities {
    pub hashtags: Vec<Hashtag>,
    /// Cashtags; the v1.1 API gives them the shape of hashtags.
    pub symbols: Vec<Hashtag>,
    pub urls: Vec<Url>,
    pub user_mentions: Vec<UserMention>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<Vec<Media>>,
}

/// A hashtag (or cashtag) and where it sits in the text.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Hashtag {
    pub text: String,
    pub indices: Vec<u32>,
}

/// A mentioned user.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct UserMention {
    pub screen_name: String,
    pub name: String,
    pub id: u64,
    pub id_str: String,
    pub indices: Vec<u32>,
}

/// An attached photo.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Media {
    pub id: u64,
    pub id_str: String,
    pub indices: Vec<u32>,
    pub media_url: String,
    pub media_url_https: String,
    pub url: String,
    pub display_url: String,
    pub expanded_url: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub sizes: MediaSizes,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_status_id: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_status_id_str: Option<String>,
}

/// The four renditions of a photo.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct MediaSizes {
    pub medium: MediaSize,
    pub small: MediaSize,
    pub thumb: MediaSize,
    pub large: MediaSize,
}

/// One rendition's size.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct MediaSize {
    pub w: u32,
    pub h: u32,
    pub resize: String,
}

/// A GeoJSON point (`geo` and `coordinates`).
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Geo {
    #[serde(rename = "type")]
    pub kind: String,
    pub coordinates: Vec<f64>,
}

/// A named place.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Place {
    pub id: String,
    pub url: String,
    pub place_type: String,
    pub name: String,
    pub full_name: String,
    pub country_code: String,
    pub country: String,
}

/// A contributor to a tweet.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Contributor {
    pub id: u64,
    pub id_str: String,
    pub screen_name: String,
}

/// `search_metadata` of the answer.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct SearchMetadata {
    pub completed_in: f64,
    pub max_id: u64,
    pub max_id_str: String,
    pub next_results: String,
    pub query: String,
    pub refresh_url: String,
    pub count: u32,
    pub since_id: u64,
    pub since_id_str: String,
}
