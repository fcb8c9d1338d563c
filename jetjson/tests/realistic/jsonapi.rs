//! A JSON:API response: a generic document whose primary data is one
//! resource or many (untagged), resources with their identity flattened,
//! attributes as a typed struct (with a flattened timestamps struct and a
//! `HashMap` catch-all) or as a plain map for `included`, relationships,
//! links as a URL string or a link object, `meta` anywhere, and errors
//! whose `status` has a hand-written serde impl (string or number).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt;

use chrono::{DateTime, Utc};
use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use url::Url;
use uuid::Uuid;

use crate::harness;

pub type Meta = BTreeMap<String, serde_json::Value>;

/// Attributes of resources the client has no type for.
pub type Attributes = BTreeMap<String, serde_json::Value>;

/// `"data": {..}` or `"data": [..]`.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

/// An HTTP status: the spec says a string (`"422"`), servers often send a
/// number; always written as the string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpStatus(pub u16);

impl Serialize for HttpStatus {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for HttpStatus {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct StatusVisitor;
        impl Visitor<'_> for StatusVisitor {
            type Value = HttpStatus;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an HTTP status code (100-599) as a string or number")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<HttpStatus, E> {
                match u16::try_from(n) {
                    Ok(code @ 100..=599) => Ok(HttpStatus(code)),
                    _ => Err(E::invalid_value(de::Unexpected::Unsigned(n), &self)),
                }
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<HttpStatus, E> {
                let n = s
                    .parse::<u64>()
                    .map_err(|_| E::invalid_value(de::Unexpected::Str(s), &self))?;
                self.visit_u64(n)
            }
        }
        d.deserialize_any(StatusVisitor)
    }
}

jetjson::via_serde!(HttpStatus);

// MARK: - Links

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct LinkObject {
    pub href: Url,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rel: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub media_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hreflang: Option<OneOrMany<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Meta>,
}

/// A link: a URL string or a link object.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum Link {
    Href(Url),
    Object(LinkObject),
}

/// `self`, `related`, `first`, `next`, ...: a link or `null`.
pub type Links = BTreeMap<String, Option<Link>>;

// MARK: - Resources

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Identity {
    #[serde(rename = "type")]
    pub kind: Cow<'static, str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lid: Option<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct ResourceIdentifier {
    #[serde(flatten)]
    pub identity: Identity,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Meta>,
}

#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq, Default,
)]
pub struct Relationship {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<Links>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<OneOrMany<ResourceIdentifier>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Meta>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Resource<A> {
    #[serde(flatten)]
    pub identity: Identity,
    #[serde(default = "Option::default", skip_serializing_if = "Option::is_none")]
    pub attributes: Option<A>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub relationships: BTreeMap<String, Relationship>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<Links>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Meta>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "kebab-case")]
pub struct Timestamps {
    pub created_at: DateTime<Utc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<DateTime<Utc>>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "kebab-case")]
pub enum ArticleState {
    Draft,
    InReview,
    Published,
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "kebab-case")]
pub struct ArticleAttributes {
    pub title: String,
    #[serde(default)]
    pub body: Option<String>,
    #[serde(alias = "wordCount", default)]
    pub word_count: u32,
    pub state: ArticleState,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Cow<'static, str>>,
    #[serde(flatten)]
    pub timestamps: Timestamps,
    /// Attributes newer than this client.
    #[serde(flatten)]
    pub extra: HashMap<String, serde_json::Value>,
}

// MARK: - Errors and the document

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ErrorSource {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameter: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header: Option<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct ErrorObject {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<Links>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<HttpStatus>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ErrorSource>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Meta>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct JsonApiObject {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ext: Vec<Url>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profile: Vec<Url>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Meta>,
}

/// A top-level document: `data` of `A` resources, `included` of `I`.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Document<A, I = Attributes> {
    #[serde(default = "Option::default", skip_serializing_if = "Option::is_none")]
    pub data: Option<OneOrMany<Resource<A>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ErrorObject>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Meta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jsonapi: Option<JsonApiObject>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<Links>,
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    pub included: Vec<Resource<I>>,
}

pub type ArticleDocument = Document<ArticleAttributes>;

// MARK: - Documents

const ARTICLES: &str = r#"{
  "jsonapi": { "version": "1.1", "profile": ["https://api.example.com/profiles/timestamps"] },
  "links": {
    "self": "https://api.example.com/articles?page[number]=2&page[size]=2",
    "first": "https://api.example.com/articles?page[number]=1&page[size]=2",
    "prev": { "href": "https://api.example.com/articles?page[number]=1&page[size]=2", "title": "Previous page", "hreflang": ["en", "de"] },
    "next": null,
    "describedby": { "href": "https://api.example.com/schemas/articles.json", "type": "application/schema+json", "meta": { "draft": 7 } }
  },
  "meta": { "page": { "total": 3, "size": 2 }, "generated-in-ms": 12.75 },
  "data": [
    {
      "type": "articles",
      "id": "1",
      "attributes": {
        "title": "JSON:API paints my bikeshed!",
        "body": "The shortest article. Ever.",
        "word-count": 4,
        "state": "published",
        "tags": ["api", "json"],
        "created-at": "2015-05-22T14:56:29.000Z",
        "updated-at": "2015-05-22T14:56:28.000Z",
        "reading-time": { "minutes": 1 },
        "featured": true
      },
      "relationships": {
        "author": {
          "links": { "self": "https://api.example.com/articles/1/relationships/author", "related": "https://api.example.com/articles/1/author" },
          "data": { "type": "people", "id": "9" }
        },
        "comments": {
          "data": [
            { "type": "comments", "id": "5" },
            { "type": "comments", "id": "12", "meta": { "pinned": true } }
          ],
          "meta": { "count": 2 }
        }
      },
      "links": { "self": "https://api.example.com/articles/1" }
    },
    {
      "type": "articles",
      "id": "2",
      "attributes": {
        "title": "Drafts \ud83d\udcdd are fine",
        "body": null,
        "wordCount": 0,
        "state": "archived",
        "created-at": "2024-01-01T00:00:00+01:00"
      },
      "relationships": { "author": { "data": null }, "comments": { "data": [] } }
    }
  ],
  "included": [
    {
      "type": "people",
      "id": "9",
      "attributes": { "first-name": "Dan", "last-name": "Gebhardt", "twitter": null, "karma": -3, "ratio": 0.125 },
      "links": { "self": "https://api.example.com/people/9" }
    },
    {
      "type": "comments",
      "id": "5",
      "attributes": { "body": "First!" },
      "relationships": { "author": { "data": { "type": "people", "id": "2" } } }
    },
    { "type": "comments", "id": "12", "attributes": { "body": "I like XML better", "flags": [] } }
  ]
}"#;

const ONE_ARTICLE: &str = r#"{
  "data": {
    "type": "articles",
    "lid": "local-7f3a",
    "attributes": {
      "title": "Client-created",
      "state": "draft",
      "created-at": "2024-06-30T23:59:60Z"
    }
  },
  "meta": { "request-id": "req_01HZX" }
}"#;

const ERRORS: &str = r#"{
  "jsonapi": { "version": "1.1" },
  "errors": [
    {
      "id": "5f1b3c2a-9d8e-4f7a-b6c5-d4e3f2a1b0c9",
      "status": "422",
      "code": "too-short",
      "title": "Invalid Attribute",
      "detail": "First name must contain at least two characters.",
      "source": { "pointer": "/data/attributes/first-name" },
      "links": { "about": "https://api.example.com/errors/too-short", "type": { "href": "https://api.example.com/errors/types/validation" } }
    },
    {
      "status": 400,
      "title": "Bad Request",
      "source": { "parameter": "page[size]" },
      "meta": { "max": 100, "given": "1000" }
    },
    { "status": "503", "source": { "header": "Retry-After" }, "detail": "Try again in 30 seconds" }
  ]
}"#;

const EMPTY: &str = r#"{ "data": [], "links": { "self": "https://api.example.com/articles?filter[tag]=none" }, "meta": { "total": 0 } }"#;

const NULL_DATA: &str = r#"{ "data": null, "meta": {} }"#;

// MARK: - Tests

#[test]
fn a_compound_document_agrees_with_serde_json() {
    let doc = harness::json::<ArticleDocument>("articles", ARTICLES);
    let Some(OneOrMany::Many(articles)) = &doc.data else {
        panic!("data is a list");
    };
    let first = articles[0].attributes.as_ref().unwrap();
    assert_eq!(first.extra.len(), 2, "{:?}", first.extra);
    assert_eq!(
        articles[1].attributes.as_ref().unwrap().state,
        ArticleState::Unknown
    );
    assert_eq!(articles[1].attributes.as_ref().unwrap().word_count, 0);
    assert!(matches!(
        doc.links.as_ref().unwrap()["prev"],
        Some(Link::Object(_))
    ));
    assert_eq!(doc.included.len(), 3);
    harness::msgpack_json("articles", &doc);
}

#[test]
fn single_and_empty_documents_agree_with_serde_json() {
    let one = harness::json::<ArticleDocument>("one", ONE_ARTICLE);
    assert!(matches!(one.data, Some(OneOrMany::One(_))));
    harness::msgpack_json("one", &one);
    for (name, text) in [("empty", EMPTY), ("null data", NULL_DATA)] {
        let doc = harness::json::<ArticleDocument>(name, text);
        harness::msgpack_json(name, &doc);
        // And as a document of untyped resources.
        let doc = harness::json::<Document<Attributes>>(name, text);
        harness::msgpack_json(name, &doc);
    }
    let untyped = harness::json::<Document<Attributes>>("untyped articles", ARTICLES);
    harness::msgpack_json("untyped articles", &untyped);
}

#[test]
fn error_documents_agree_with_serde_json() {
    let doc = harness::json::<Document<Attributes>>("errors", ERRORS);
    let statuses: Vec<u16> = doc.errors.iter().map(|e| e.status.unwrap().0).collect();
    assert_eq!(statuses, [422, 400, 503]);
    // Written back as strings, as serde writes them.
    assert!(jetjson::to_string(&doc).contains(r#""status":"400""#));
    harness::msgpack("errors", &doc);
}

#[test]
fn broken_json_api_documents_are_rejected_with_positions() {
    // An unknown member of a deny_unknown_fields struct.
    let text = ERRORS.replacen(
        r#""source": { "header": "Retry-After" }"#,
        r#""source": { "header": "Retry-After", "line": 3 }"#,
        1,
    );
    let err = harness::reject::<Document<Attributes>>("source.line", &text);
    assert_eq!(
        err,
        "unknown field `line`, expected one of `pointer`, `parameter`, `header` at line 19 column 61 (at .errors[2].source)"
    );

    // A status out of range: the visitor's message.
    let text = ERRORS.replacen(r#""status": 400"#, r#""status": 1000"#, 1);
    let err = harness::reject::<Document<Attributes>>("status", &text);
    assert!(
        err.starts_with("invalid value: integer `1000`, expected an HTTP status code (100-599) as a string or number"),
        "{err}"
    );
    assert!(err.ends_with("(at .errors[1].status)"), "{err}");

    // A resource without `type`.
    let text = ONE_ARTICLE.replacen(r#""type": "articles","#, "", 1);
    let err = harness::reject::<ArticleDocument>("no type", &text);
    assert!(err.contains("untagged enum OneOrMany"), "{err}");

    // A missing required attribute (inside the flattened timestamps).
    let text = ONE_ARTICLE
        .replacen(r#","created-at": "2024-06-30T23:59:60Z""#, "", 1)
        .replacen(",\n      \"created-at\": \"2024-06-30T23:59:60Z\"", "", 1);
    let err = harness::reject::<ArticleDocument>("no created-at", &text);
    assert!(err.contains("created-at"), "{err}");

    // A link that is neither a URL nor an object.
    let text = EMPTY.replacen(
        r#""self": "https://api.example.com/articles?filter[tag]=none""#,
        r#""self": 42"#,
        1,
    );
    let err = harness::reject::<ArticleDocument>("link", &text);
    assert!(err.contains("untagged enum Link"), "{err}");
    assert!(err.contains("line 1"), "{err}");
}
