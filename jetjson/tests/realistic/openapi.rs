//! An OpenAPI 3 document: paths of operations, parameters and bodies that
//! are either a `$ref` or inline (a generic untagged `RefOr<T>`), a
//! recursive `Schema` with `properties`, `items`, `allOf` and
//! `additionalProperties` as bool-or-schema, `type` as one name or a list
//! (3.1), security schemes internally tagged by `type`, and the `x-...`
//! extensions flattened into a map on most objects.

use std::collections::BTreeMap;

use indexmap::IndexMap;
use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::{Deserialize, Serialize};
use url::Url;

use crate::harness;

/// The `x-...` members an object carries (in serde_json's `Map`, the
/// commonest catch-all of crates built on serde_json).
pub type Extensions = serde_json::Map<String, serde_json::Value>;

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Reference {
    #[serde(rename = "$ref")]
    pub reference: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A `$ref` or the object itself.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum RefOr<T> {
    Ref(Reference),
    Item(T),
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OpenApi {
    pub openapi: String,
    pub info: Info,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub json_schema_dialect: Option<Url>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub servers: Vec<Server>,
    #[serde(default)]
    pub paths: IndexMap<String, PathItem>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub components: Option<Components>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub security: Vec<BTreeMap<String, Vec<String>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_docs: Option<ExternalDocs>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Info {
    pub title: String,
    pub version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms_of_service: Option<Url>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact: Option<Contact>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub license: Option<License>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Contact {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<Url>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct License {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identifier: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<Url>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Server {
    /// A template (`https://{region}.example.com/v1`), not always a URL.
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub variables: IndexMap<String, ServerVariable>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct ServerVariable {
    #[serde(rename = "enum", default, skip_serializing_if = "Vec::is_empty")]
    pub allowed: Vec<String>,
    pub default: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Tag {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_docs: Option<ExternalDocs>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct ExternalDocs {
    pub url: Url,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

// MARK: - Paths

#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq, Default,
)]
pub struct PathItem {
    #[serde(rename = "$ref", default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub get: Option<Operation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub put: Option<Operation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post: Option<Operation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delete: Option<Operation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patch: Option<Operation>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<RefOr<Parameter>>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Operation {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation_id: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<RefOr<Parameter>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_body: Option<RefOr<RequestBody>>,
    pub responses: IndexMap<String, RefOr<Response>>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub deprecated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security: Option<Vec<BTreeMap<String, Vec<String>>>>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum ParameterIn {
    Query,
    Header,
    Path,
    Cookie,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Parameter {
    pub name: String,
    #[serde(rename = "in")]
    pub location: ParameterIn,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub required: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub deprecated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explode: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<RefOr<Schema>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub example: Option<serde_json::Value>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct RequestBody {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub content: IndexMap<String, MediaType>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub required: bool,
}

#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq, Default,
)]
pub struct MediaType {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<RefOr<Schema>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub example: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub examples: IndexMap<String, RefOr<Example>>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Example {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_value: Option<Url>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Response {
    pub description: String,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub headers: IndexMap<String, RefOr<Header>>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub content: IndexMap<String, MediaType>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Header {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub required: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<RefOr<Schema>>,
}

// MARK: - Schemas

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Type {
    String,
    Number,
    Integer,
    Boolean,
    Array,
    Object,
    Null,
}

/// `"type": "string"` (3.0) or `"type": ["string", "null"]` (3.1).
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum SchemaType {
    One(Type),
    Many(Vec<Type>),
}

/// `additionalProperties: false` or a schema.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum AdditionalProperties {
    Allowed(bool),
    Schema(Box<RefOr<Schema>>),
}

#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct Schema {
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub schema_type: Option<SchemaType>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub properties: IndexMap<String, RefOr<Schema>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<Box<RefOr<Schema>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additional_properties: Option<AdditionalProperties>,
    #[serde(rename = "enum", default, skip_serializing_if = "Option::is_none")]
    pub enum_values: Option<Vec<serde_json::Value>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub all_of: Vec<RefOr<Schema>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one_of: Vec<RefOr<Schema>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discriminator: Option<Discriminator>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nullable: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minimum: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maximum: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_length: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_items: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub example: Option<serde_json::Value>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Discriminator {
    pub property_name: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mapping: BTreeMap<String, String>,
}

// MARK: - Components and security

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Components {
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub schemas: IndexMap<String, RefOr<Schema>>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub responses: IndexMap<String, RefOr<Response>>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub parameters: IndexMap<String, RefOr<Parameter>>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub request_bodies: IndexMap<String, RefOr<RequestBody>>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub security_schemes: IndexMap<String, RefOr<SecurityScheme>>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SecurityScheme {
    ApiKey {
        name: String,
        #[serde(rename = "in")]
        location: ParameterIn,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        description: Option<String>,
    },
    Http {
        scheme: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bearer_format: Option<String>,
    },
    #[serde(rename = "oauth2")]
    OAuth2 {
        flows: Box<OAuthFlows>,
    },
    OpenIdConnect {
        open_id_connect_url: Url,
    },
    #[serde(rename = "mutualTLS")]
    MutualTls,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OAuthFlows {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implicit: Option<OAuthFlow>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authorization_code: Option<OAuthFlow>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_credentials: Option<OAuthFlow>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OAuthFlow {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authorization_url: Option<Url>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_url: Option<Url>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_url: Option<Url>,
    pub scopes: BTreeMap<String, String>,
}

// MARK: - Documents

const PETSTORE: &str = r##"{
  "openapi": "3.0.3",
  "info": {
    "title": "Pet Shelter",
    "version": "2.1.0",
    "description": "Adopt, foster and track the animals of a shelter.",
    "termsOfService": "https://shelter.example.org/terms",
    "contact": { "name": "API team", "url": "https://shelter.example.org/support", "email": "api@shelter.example.org" },
    "license": { "name": "Apache 2.0", "url": "https://www.apache.org/licenses/LICENSE-2.0.html" },
    "x-logo": { "url": "https://shelter.example.org/logo.svg", "altText": "Shelter" }
  },
  "servers": [
    {
      "url": "https://{region}.api.shelter.example.org/v2",
      "description": "Production",
      "variables": { "region": { "enum": ["eu", "us"], "default": "eu" } }
    },
    { "url": "http://localhost:8080/v2" }
  ],
  "paths": {
    "/pets": {
      "get": {
        "tags": ["pets"],
        "summary": "List pets",
        "operationId": "listPets",
        "parameters": [
          { "name": "limit", "in": "query", "description": "At most this many", "schema": { "type": "integer", "format": "int32", "minimum": 1, "maximum": 100, "default": 20 } },
          { "name": "species", "in": "query", "style": "form", "explode": false, "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Species" } } },
          { "$ref": "#/components/parameters/TraceId" }
        ],
        "responses": {
          "200": {
            "description": "A page of pets",
            "headers": { "X-Next": { "description": "The next page", "schema": { "type": "string", "format": "uri" } } },
            "content": {
              "application/json": {
                "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Pet" }, "maxItems": 100 },
                "example": [{ "id": 1, "name": "Rex", "species": "dog" }]
              }
            }
          },
          "default": { "$ref": "#/components/responses/Problem" }
        },
        "x-codegen-request-body-name": "body"
      },
      "post": {
        "tags": ["pets"],
        "operationId": "createPet",
        "requestBody": {
          "required": true,
          "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewPet" } } }
        },
        "responses": { "201": { "description": "Created", "x-rate-limited": true } },
        "security": [{ "oauth": ["pets:write"] }]
      }
    },
    "/pets/{petId}": {
      "parameters": [{ "name": "petId", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64" } }],
      "get": { "operationId": "getPet", "responses": { "200": { "description": "The pet", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pet" } } } } } },
      "delete": { "operationId": "deletePet", "deprecated": true, "responses": { "204": { "description": "Gone" } } }
    }
  },
  "components": {
    "schemas": {
      "Species": { "type": "string", "enum": ["dog", "cat", "rabbit", null], "nullable": true },
      "NewPet": {
        "type": "object",
        "required": ["name", "species"],
        "properties": {
          "name": { "type": "string", "minLength": 1, "pattern": "^[A-Za-z \\-]+$", "example": "Rex" },
          "species": { "$ref": "#/components/schemas/Species" },
          "weightKg": { "type": "number", "format": "float", "minimum": 0, "maximum": 250.5 },
          "tags": { "type": "object", "additionalProperties": { "type": "string" } },
          "vaccinations": { "type": "array", "items": { "type": "object", "properties": { "name": { "type": "string" }, "on": { "type": "string", "format": "date" } }, "additionalProperties": false } }
        },
        "additionalProperties": true,
        "x-go-type": "NewPet"
      },
      "Pet": {
        "allOf": [
          { "$ref": "#/components/schemas/NewPet" },
          { "type": "object", "required": ["id"], "properties": { "id": { "type": "integer", "format": "int64", "readOnly": true } } }
        ]
      }
    },
    "responses": {
      "Problem": { "description": "An RFC 7807 problem", "content": { "application/problem+json": { "schema": { "type": "object", "additionalProperties": true } } } }
    },
    "parameters": {
      "TraceId": { "name": "X-Trace-Id", "in": "header", "schema": { "type": "string", "format": "uuid" }, "example": "6f1e0d5a-1c9b-4a3e-8e57-0b6f2c8d9a10" }
    },
    "securitySchemes": {
      "oauth": {
        "type": "oauth2",
        "flows": {
          "authorizationCode": {
            "authorizationUrl": "https://auth.shelter.example.org/authorize",
            "tokenUrl": "https://auth.shelter.example.org/token",
            "scopes": { "pets:read": "Read pets", "pets:write": "Change pets" }
          }
        }
      },
      "key": { "type": "apiKey", "name": "X-Api-Key", "in": "header", "description": "For partners" },
      "bearer": { "type": "http", "scheme": "bearer", "bearerFormat": "JWT" }
    }
  },
  "security": [{ "key": [] }, { "bearer": [] }],
  "tags": [{ "name": "pets", "description": "Everything about pets", "externalDocs": { "url": "https://shelter.example.org/docs/pets" } }],
  "x-api-id": "b7d4c9e2",
  "x-audience": "external"
}"##;

const WEBHOOKS_31: &str = r##"{
  "openapi": "3.1.0",
  "jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
  "info": { "title": "Events", "version": "0.3.0", "summary": "Outgoing events", "license": { "name": "MIT", "identifier": "MIT" } },
  "paths": {
    "/events/{id}": {
      "summary": "One event",
      "get": {
        "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": ["string", "null"], "format": "ulid" } }],
        "responses": {
          "200": {
            "description": "The event",
            "content": {
              "application/json": {
                "schema": {
                  "oneOf": [{ "$ref": "#/components/schemas/Created" }, { "$ref": "#/components/schemas/Deleted", "description": "soft deletes too" }],
                  "discriminator": { "propertyName": "kind", "mapping": { "created": "#/components/schemas/Created", "deleted": "#/components/schemas/Deleted" } }
                },
                "examples": {
                  "created": { "summary": "A creation", "value": { "kind": "created", "at": 1.5e9, "tags": { "a": -0.0 } } },
                  "external": { "externalValue": "https://events.example.com/examples/deleted.json" },
                  "shared": { "$ref": "#/components/examples/Shared", "summary": "shared example" }
                }
              }
            }
          }
        }
      }
    },
    "/legacy": { "$ref": "#/components/pathItems/Legacy" }
  },
  "components": {
    "schemas": {
      "Created": {
        "type": "object",
        "properties": {
          "kind": { "type": "string", "enum": ["created"] },
          "at": { "type": "number", "minimum": -1.7976931348623157e308, "maximum": 1e21 },
          "tree": { "type": "object", "additionalProperties": { "type": "object", "additionalProperties": { "type": "object", "additionalProperties": { "$ref": "#/components/schemas/Created" } } } }
        }
      },
      "Deleted": { "type": "object", "properties": { "kind": { "type": "string" } }, "x-internal": { "owner": "team-\u00e9v\u00e9nements", "since": [2023, 11] } }
    },
    "securitySchemes": {
      "oidc": { "type": "openIdConnect", "openIdConnectUrl": "https://id.example.com/.well-known/openid-configuration" },
      "mtls": { "type": "mutualTLS" },
      "shared": { "$ref": "https://schemas.example.com/security.json#/key" }
    }
  }
}"##;

// MARK: - Tests

#[test]
fn a_3_0_document_agrees_with_serde_json() {
    let doc = harness::json::<OpenApi>("petstore", PETSTORE);
    assert_eq!(
        doc.paths.keys().collect::<Vec<_>>(),
        ["/pets", "/pets/{petId}"]
    );
    assert_eq!(
        doc.extensions.keys().collect::<Vec<_>>(),
        ["x-api-id", "x-audience"]
    );
    let get = doc.paths["/pets"].get.as_ref().unwrap();
    assert!(matches!(get.parameters[2], RefOr::Ref(_)));
    assert!(matches!(get.responses["default"], RefOr::Ref(_)));
    let components = doc.components.as_ref().unwrap();
    let RefOr::Item(new_pet) = &components.schemas["NewPet"] else {
        panic!("NewPet is inline");
    };
    assert_eq!(
        new_pet.additional_properties,
        Some(AdditionalProperties::Allowed(true))
    );
    assert!(matches!(
        components.security_schemes["oauth"],
        RefOr::Item(SecurityScheme::OAuth2 { .. })
    ));
    harness::msgpack_json("petstore", &doc);
}

#[test]
fn a_3_1_document_agrees_with_serde_json() {
    let doc = harness::json::<OpenApi>("3.1", WEBHOOKS_31);
    assert!(matches!(
        doc.paths["/legacy"].reference.as_deref(),
        Some("#/components/pathItems/Legacy")
    ));
    let schemes = &doc.components.as_ref().unwrap().security_schemes;
    assert_eq!(schemes["mtls"], RefOr::Item(SecurityScheme::MutualTls));
    harness::msgpack_json("3.1", &doc);
}

#[test]
fn schemas_on_their_own_agree_with_serde_json() {
    for (name, text) in [
        ("empty", "{}"),
        ("bool extra", r#"{"additionalProperties":false}"#),
        (
            "deep items",
            r##"{"type":"array","items":{"type":"array","items":{"type":"array","items":{"$ref":"#/x"}}}}"##,
        ),
        (
            "numbers",
            r#"{"minimum":0,"maximum":1e300,"default":12345678901234567890,"example":0.1}"#,
        ),
        ("extension only", r#"{"x-a":null,"x-b":[{}]}"#),
    ] {
        let v = harness::json::<RefOr<Schema>>(name, text);
        harness::msgpack_json(name, &v);
    }
}

#[test]
fn broken_openapi_documents_are_rejected_with_positions() {
    // A parameter location outside the enum, in a list in a map.
    let text = PETSTORE.replacen(
        r#""in": "query", "description""#,
        r#""in": "body", "description""#,
        1,
    );
    let err = harness::reject::<OpenApi>("in: body", &text);
    assert_eq!(
        err,
        "data did not match any variant of untagged enum RefOr; the closest was `Item`: \
         unknown variant `body`, expected one of `query`, `header`, `path`, `cookie` \
         at line 27 column 36 (at .paths./pets.get.parameters[0].in)"
    );

    // An operation without `responses`.
    let text = r#"{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{"/":{"get":{"summary":"s"}}}}"#;
    let err = harness::reject::<OpenApi>("no responses", text);
    assert!(err.starts_with("missing field `responses`"), "{err}");

    // `additionalProperties` that is neither a bool nor a schema.
    let text = r#"{"type":"object","additionalProperties":"yes"}"#;
    let err = harness::reject::<Schema>("additionalProperties", text);
    assert!(err.contains("untagged enum AdditionalProperties"), "{err}");

    // A security scheme with an unknown type.
    let text = r#"{"type":"basic","scheme":"x"}"#;
    let err = harness::reject::<SecurityScheme>("scheme type", text);
    assert!(err.starts_with("unknown variant `basic`"), "{err}");

    // A trailing comma deep inside.
    let text = PETSTORE.replacen(
        r#""x-audience": "external""#,
        r#""x-audience": "external","#,
        1,
    );
    let err = harness::reject::<OpenApi>("trailing comma", &text);
    assert_eq!(
        err,
        "expected an object key (a string) at line 111 column 1"
    );
}
