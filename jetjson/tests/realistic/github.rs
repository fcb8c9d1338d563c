//! A GitHub webhook delivery: `push` and `pull_request` events (and `ping`)
//! in an adjacently tagged envelope, flattened into the delivery record.

use std::borrow::Cow;
use std::collections::HashMap;

use chrono::{DateTime, Utc};
use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::de::{Error as _, Unexpected};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use url::Url;
use uuid::Uuid;

use crate::harness;

// MARK: - Helpers a real crate would have

/// Unix seconds as `DateTime<Utc>` (push payloads give `created_at` and
/// `pushed_at` as integers, every other event as RFC 3339 strings).
mod unix_seconds {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(t: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(t.timestamp())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        let secs = i64::deserialize(d)?;
        DateTime::from_timestamp(secs, 0)
            .ok_or_else(|| serde::de::Error::custom(format!("timestamp {secs} is out of range")))
    }
}

/// A full commit id: 40 hex digits, checked by a hand-written serde impl.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sha(String);

impl Serialize for Sha {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Sha {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s.len() == 40 && s.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(Sha(s))
        } else {
            Err(D::Error::invalid_value(
                Unexpected::Str(&s),
                &"a 40-digit hex commit id",
            ))
        }
    }
}

jetjson::via_serde!(Sha);

fn is_false(b: &bool) -> bool {
    !*b
}

// MARK: - Shared objects

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub enum AccountType {
    User,
    Organization,
    Bot,
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct User {
    pub login: String,
    pub id: u64,
    pub node_id: String,
    pub avatar_url: Url,
    #[serde(default)]
    pub gravatar_id: String,
    pub html_url: Url,
    #[serde(rename = "type")]
    pub kind: AccountType,
    #[serde(default, skip_serializing_if = "is_false")]
    pub site_admin: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
}

/// What push and the other events say alike about a repository.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct RepositoryBase {
    pub id: u64,
    pub node_id: String,
    pub name: String,
    pub full_name: String,
    pub private: bool,
    pub owner: User,
    pub html_url: Url,
    pub description: Option<String>,
    pub fork: bool,
    pub url: Url,
    #[serde(default)]
    pub homepage: Option<String>,
    #[serde(default)]
    pub stargazers_count: u32,
    #[serde(default)]
    pub language: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub topics: Vec<String>,
    pub default_branch: Cow<'static, str>,
    #[serde(default)]
    pub visibility: Visibility,
}

#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq, Default,
)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    #[default]
    Public,
    Private,
    Internal,
}

/// The repository of a push event: timestamps as unix seconds, the
/// members this model does not name kept as they came.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct PushRepository {
    #[serde(flatten)]
    pub base: RepositoryBase,
    #[serde(with = "unix_seconds")]
    pub created_at: DateTime<Utc>,
    #[serde(with = "unix_seconds")]
    pub pushed_at: DateTime<Utc>,
    #[serde(flatten)]
    pub extra: HashMap<String, serde_json::Value>,
}

/// The repository of the other events: RFC 3339 timestamps.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Repository {
    #[serde(flatten)]
    pub base: RepositoryBase,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub pushed_at: Option<DateTime<Utc>>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct GitActor {
    pub name: String,
    pub email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Commit {
    pub id: Sha,
    pub tree_id: Sha,
    pub distinct: bool,
    pub message: String,
    pub timestamp: DateTime<Utc>,
    pub url: Url,
    pub author: GitActor,
    pub committer: GitActor,
    #[serde(default)]
    pub added: Vec<String>,
    #[serde(default)]
    pub removed: Vec<String>,
    #[serde(default)]
    pub modified: Vec<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Label {
    pub id: u64,
    pub node_id: String,
    pub url: Url,
    pub name: Cow<'static, str>,
    pub color: String,
    #[serde(rename = "default")]
    pub is_default: bool,
    pub description: Option<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Installation {
    pub id: u64,
    pub node_id: String,
}

// MARK: - push

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct PushEvent {
    #[serde(rename = "ref")]
    pub git_ref: String,
    pub before: Sha,
    pub after: Sha,
    pub created: bool,
    pub deleted: bool,
    pub forced: bool,
    pub base_ref: Option<String>,
    pub compare: Url,
    pub commits: Vec<Commit>,
    pub head_commit: Option<Commit>,
    pub repository: PushRepository,
    pub pusher: GitActor,
    pub sender: User,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub installation: Option<Installation>,
}

// MARK: - pull_request

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum PullRequestAction {
    Opened,
    Edited,
    Closed,
    Reopened,
    Synchronize,
    Labeled,
    Unlabeled,
    ReadyForReview,
    ConvertedToDraft,
    ReviewRequested,
    #[serde(other)]
    Other,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum PullRequestState {
    Open,
    Closed,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AuthorAssociation {
    Owner,
    Member,
    Collaborator,
    Contributor,
    FirstTimeContributor,
    FirstTimer,
    Mannequin,
    #[serde(rename = "NONE")]
    NoAssociation,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Branch {
    pub label: String,
    #[serde(rename = "ref")]
    pub git_ref: String,
    pub sha: Sha,
    pub user: User,
    pub repo: Option<Box<Repository>>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct PullRequest {
    pub url: Url,
    pub id: u64,
    pub node_id: String,
    pub html_url: Url,
    pub number: u64,
    pub state: PullRequestState,
    pub locked: bool,
    pub title: String,
    pub user: User,
    pub body: Option<String>,
    #[serde(default)]
    pub labels: Vec<Label>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
    pub merged_at: Option<DateTime<Utc>>,
    pub merge_commit_sha: Option<Sha>,
    #[serde(default)]
    pub requested_reviewers: Vec<User>,
    #[serde(default)]
    pub draft: bool,
    pub head: Branch,
    pub base: Branch,
    pub author_association: AuthorAssociation,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merged: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mergeable: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comments: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additions: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletions: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed_files: Option<u32>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct PullRequestEvent {
    pub action: PullRequestAction,
    pub number: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changes: Option<serde_json::Value>,
    pub pull_request: PullRequest,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
    pub repository: Repository,
    pub sender: User,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub installation: Option<Installation>,
}

// MARK: - The delivery

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct PingEvent {
    pub zen: String,
    pub hook_id: u64,
    #[serde(default)]
    pub hook: Option<serde_json::Value>,
}

/// The `X-GitHub-Event` header and the body, as a queue stores them.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(tag = "event", content = "payload", rename_all = "snake_case")]
pub enum Event {
    Ping(PingEvent),
    Push(Box<PushEvent>),
    PullRequest(Box<PullRequestEvent>),
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Delivery {
    #[serde(alias = "guid")]
    pub delivery_id: Uuid,
    pub received_at: DateTime<Utc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redelivery: Option<bool>,
    #[serde(flatten)]
    pub event: Event,
}

// MARK: - Documents

const OCTO_USER: &str = r#"{
        "login": "octo-dev",
        "id": 5821390,
        "node_id": "MDQ6VXNlcjU4MjEzOTA=",
        "avatar_url": "https://avatars.example.com/u/5821390?v=4",
        "gravatar_id": "",
        "html_url": "https://github.com/octo-dev",
        "type": "User",
        "site_admin": false
      }"#;

fn push_event() -> String {
    format!(
        r#"{{
  "ref": "refs/heads/main",
  "before": "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
  "after": "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
  "created": false,
  "deleted": false,
  "forced": false,
  "base_ref": null,
  "compare": "https://github.com/acme/widgets/compare/6113728f27ae...0d1a26e67d8f",
  "commits": [
    {{
      "id": "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
      "tree_id": "f9d2a07e9488b91af2641b26b9407fe22a451433",
      "distinct": true,
      "message": "Fix off-by-one in pager\n\nThe last page was dropped when \"total\" was a multiple of the size.",
      "timestamp": "2024-03-05T09:14:27-08:00",
      "url": "https://github.com/acme/widgets/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
      "author": {{ "name": "Dana Developer", "email": "dana@example.com", "username": "octo-dev" }},
      "committer": {{ "name": "GitHub", "email": "noreply@github.com", "username": "web-flow" }},
      "added": [],
      "removed": ["docs/old-pager.md"],
      "modified": ["src/pager.rs", "CHANGELOG.md"]
    }}
  ],
  "head_commit": {{
    "id": "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
    "tree_id": "f9d2a07e9488b91af2641b26b9407fe22a451433",
    "distinct": true,
    "message": "Fix off-by-one in pager\n\nThe last page was dropped when \"total\" was a multiple of the size.",
    "timestamp": "2024-03-05T09:14:27-08:00",
    "url": "https://github.com/acme/widgets/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
    "author": {{ "name": "Dana Developer", "email": "dana@example.com", "username": "octo-dev" }},
    "committer": {{ "name": "GitHub", "email": "noreply@github.com", "username": "web-flow" }},
    "added": [],
    "removed": ["docs/old-pager.md"],
    "modified": ["src/pager.rs", "CHANGELOG.md"]
  }},
  "repository": {{
    "id": 73519204,
    "node_id": "MDEwOlJlcG9zaXRvcnk3MzUxOTIwNA==",
    "name": "widgets",
    "full_name": "acme/widgets",
    "private": false,
    "owner": {OCTO_USER},
    "html_url": "https://github.com/acme/widgets",
    "description": "Widgets, gadgets and the occasional gizmo \u2699",
    "fork": false,
    "url": "https://github.com/acme/widgets",
    "homepage": null,
    "stargazers_count": 1207,
    "language": "Rust",
    "topics": ["widgets", "ui"],
    "default_branch": "main",
    "visibility": "public",
    "created_at": 1479212345,
    "pushed_at": 1709658870,
    "size": 4821,
    "has_issues": true,
    "license": {{ "key": "mit", "name": "MIT License", "spdx_id": "MIT" }},
    "forks_count": 88
  }},
  "pusher": {{ "name": "octo-dev", "email": "dana@example.com" }},
  "sender": {OCTO_USER}
}}"#
    )
}

const TAG_DELETED: &str = r#"{
  "ref": "refs/tags/v0.9.0-rc1",
  "before": "a10867b14bb761a232cd80139fbd4c0d33264240",
  "after": "0000000000000000000000000000000000000000",
  "created": false,
  "deleted": true,
  "forced": false,
  "base_ref": null,
  "compare": "https://github.com/acme/widgets/compare/a10867b14bb7...000000000000",
  "commits": [],
  "head_commit": null,
  "repository": {
    "id": 73519204,
    "node_id": "MDEwOlJlcG9zaXRvcnk3MzUxOTIwNA==",
    "name": "widgets",
    "full_name": "acme/widgets",
    "private": true,
    "owner": {
      "login": "acme",
      "id": 1002,
      "node_id": "MDEyOk9yZ2FuaXphdGlvbjEwMDI=",
      "avatar_url": "https://avatars.example.com/u/1002?v=4",
      "gravatar_id": "",
      "html_url": "https://github.com/acme",
      "type": "Organization",
      "site_admin": false
    },
    "html_url": "https://github.com/acme/widgets",
    "description": null,
    "fork": true,
    "url": "https://github.com/acme/widgets",
    "default_branch": "develop",
    "visibility": "internal",
    "created_at": 1479212345,
    "pushed_at": 1709659999
  },
  "pusher": { "name": "release-bot", "email": null },
  "sender": {
    "login": "release-bot[bot]",
    "id": 41898282,
    "node_id": "MDM6Qm90NDE4OTgyODI=",
    "avatar_url": "https://avatars.example.com/in/15368?v=4",
    "html_url": "https://github.com/apps/release-bot",
    "type": "Bot",
    "site_admin": false
  },
  "installation": { "id": 991234, "node_id": "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uOTkxMjM0" }
}"#;

fn repository_json(indent: &str) -> String {
    let text = format!(
        r#"{{
  "id": 73519204,
  "node_id": "MDEwOlJlcG9zaXRvcnk3MzUxOTIwNA==",
  "name": "widgets",
  "full_name": "acme/widgets",
  "private": false,
  "owner": {OCTO_USER},
  "html_url": "https://github.com/acme/widgets",
  "description": "Widgets, gadgets and the occasional gizmo",
  "fork": false,
  "url": "https://api.github.com/repos/acme/widgets",
  "homepage": "https://widgets.example.org",
  "stargazers_count": 1207,
  "language": "Rust",
  "default_branch": "main",
  "created_at": "2016-11-15T12:19:05Z",
  "updated_at": "2024-03-05T17:21:40Z",
  "pushed_at": "2024-03-05T17:14:30Z"
}}"#
    );
    text.replace('\n', &format!("\n{indent}"))
}

fn pull_request_opened() -> String {
    let repo = repository_json("  ");
    let nested = repository_json("      ");
    format!(
        r#"{{
  "action": "opened",
  "number": 412,
  "pull_request": {{
    "url": "https://api.github.com/repos/acme/widgets/pulls/412",
    "id": 1771203344,
    "node_id": "PR_kwDOBGHsRM5pkXAQ",
    "html_url": "https://github.com/acme/widgets/pull/412",
    "number": 412,
    "state": "open",
    "locked": false,
    "title": "Pager: keep the last page",
    "user": {OCTO_USER},
    "body": "Fixes #407.\r\n\r\n- [x] tests\r\n- [ ] docs",
    "labels": [
      {{
        "id": 208045946,
        "node_id": "MDU6TGFiZWwyMDgwNDU5NDY=",
        "url": "https://api.github.com/repos/acme/widgets/labels/bug",
        "name": "bug",
        "color": "d73a4a",
        "default": true,
        "description": "Something isn't working"
      }}
    ],
    "created_at": "2024-03-05T17:20:11Z",
    "updated_at": "2024-03-05T17:20:12Z",
    "closed_at": null,
    "merged_at": null,
    "merge_commit_sha": null,
    "requested_reviewers": [],
    "draft": false,
    "head": {{
      "label": "octo-dev:fix-pager",
      "ref": "fix-pager",
      "sha": "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
      "user": {OCTO_USER},
      "repo": {nested}
    }},
    "base": {{
      "label": "acme:main",
      "ref": "main",
      "sha": "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
      "user": {OCTO_USER},
      "repo": null
    }},
    "author_association": "FIRST_TIME_CONTRIBUTOR",
    "merged": false,
    "mergeable": null,
    "comments": 0,
    "additions": 14,
    "deletions": 3,
    "changed_files": 2
  }},
  "repository": {repo},
  "sender": {OCTO_USER}
}}"#
    )
}

fn pull_request_labeled() -> String {
    let repo = repository_json("  ");
    format!(
        r#"{{
  "action": "labeled",
  "number": 398,
  "pull_request": {{
    "url": "https://api.github.com/repos/acme/widgets/pulls/398",
    "id": 1700000398,
    "node_id": "PR_kwDOBGHsRM5lVqF-",
    "html_url": "https://github.com/acme/widgets/pull/398",
    "number": 398,
    "state": "closed",
    "locked": true,
    "title": "Bump serde from 1.0.196 to 1.0.197",
    "user": {OCTO_USER},
    "body": null,
    "labels": [
      {{
        "id": 5551212,
        "node_id": "LA_kwDOBGHsRM8AAAABU9ds",
        "url": "https://api.github.com/repos/acme/widgets/labels/dependencies",
        "name": "dependencies",
        "color": "0366d6",
        "default": false,
        "description": null
      }}
    ],
    "created_at": "2024-02-20T06:00:00Z",
    "updated_at": "2024-02-21T10:30:00.250Z",
    "closed_at": "2024-02-21T10:29:59Z",
    "merged_at": "2024-02-21T10:29:59Z",
    "merge_commit_sha": "9fceb02d0ae598e95dc970b74767f19372d61af8",
    "draft": true,
    "head": {{
      "label": "acme:dependabot/cargo/serde-1.0.197",
      "ref": "dependabot/cargo/serde-1.0.197",
      "sha": "a10867b14bb761a232cd80139fbd4c0d33264240",
      "user": {OCTO_USER},
      "repo": null
    }},
    "base": {{
      "label": "acme:main",
      "ref": "main",
      "sha": "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
      "user": {OCTO_USER},
      "repo": null
    }},
    "author_association": "NONE"
  }},
  "label": {{
    "id": 5551212,
    "node_id": "LA_kwDOBGHsRM8AAAABU9ds",
    "url": "https://api.github.com/repos/acme/widgets/labels/dependencies",
    "name": "dependencies",
    "color": "0366d6",
    "default": false,
    "description": null
  }},
  "changes": {{ "title": {{ "from": "Bump serde" }} }},
  "repository": {repo},
  "sender": {OCTO_USER}
}}"#
    )
}

fn deliveries() -> String {
    format!(
        r#"[
  {{
    "delivery_id": "72d3162e-cc78-11e3-81ab-4c9367dc0958",
    "received_at": "2024-03-05T17:14:31.123456Z",
    "event": "ping",
    "payload": {{ "zen": "Keep it logically awesome.", "hook_id": 4521, "hook": {{ "type": "Repository", "active": true, "events": ["push", "pull_request"] }} }}
  }},
  {{
    "payload": {},
    "guid": "8c1e4f3a-2b6d-4e7f-9a01-b2c3d4e5f607",
    "event": "pull_request",
    "received_at": "2024-03-05T17:20:13+00:00",
    "redelivery": true
  }},
  {{
    "delivery_id": "00000000-0000-4000-8000-00000000beef",
    "received_at": "2024-03-05T17:14:31Z",
    "event": "push",
    "payload": {}
  }}
]"#,
        pull_request_labeled(),
        TAG_DELETED
    )
}

// MARK: - Tests

#[test]
fn push_events_agree_with_serde_json() {
    let push = harness::json::<PushEvent>("push", &push_event());
    assert_eq!(
        push.commits[0].timestamp.to_rfc3339(),
        "2024-03-05T17:14:27+00:00"
    );
    assert_eq!(
        push.repository.extra.len(),
        4,
        "{:?}",
        push.repository.extra
    );
    assert_eq!(push.repository.base.owner.kind, AccountType::User);
    harness::msgpack_json("push", &push);

    let deleted = harness::json::<PushEvent>("tag deleted", TAG_DELETED);
    assert!(deleted.head_commit.is_none() && deleted.repository.extra.is_empty());
    assert_eq!(deleted.repository.base.visibility, Visibility::Internal);
    harness::msgpack_json("tag deleted", &deleted);
}

#[test]
fn pull_request_events_agree_with_serde_json() {
    let opened = harness::json::<PullRequestEvent>("opened", &pull_request_opened());
    assert!(opened.pull_request.head.repo.is_some());
    assert_eq!(
        opened.pull_request.author_association,
        AuthorAssociation::FirstTimeContributor
    );
    harness::msgpack_json("opened", &opened);

    let labeled = harness::json::<PullRequestEvent>("labeled", &pull_request_labeled());
    assert_eq!(labeled.label.as_ref().unwrap().name, "dependencies");
    assert_eq!(
        labeled.pull_request.author_association,
        AuthorAssociation::NoAssociation
    );
    harness::msgpack_json("labeled", &labeled);
}

#[test]
fn an_unknown_action_and_account_type_read_as_other() {
    let text = pull_request_opened()
        .replacen(
            r#""action": "opened""#,
            r#""action": "auto_merge_enabled""#,
            1,
        )
        .replace(r#""type": "User""#, r#""type": "Mannequin""#);
    let v = harness::json::<PullRequestEvent>("unknown action", &text);
    assert_eq!(v.action, PullRequestAction::Other);
    assert_eq!(v.sender.kind, AccountType::Unknown);
}

#[test]
fn deliveries_with_a_flattened_adjacently_tagged_event_agree() {
    let all = harness::json::<Vec<Delivery>>("deliveries", &deliveries());
    assert!(matches!(all[0].event, Event::Ping(_)));
    assert!(matches!(all[1].event, Event::PullRequest(_)));
    assert!(matches!(all[2].event, Event::Push(_)));
    harness::msgpack("deliveries", &all);
}

#[test]
fn broken_github_documents_are_rejected_with_positions() {
    // A short commit id: the hand-written serde impl's message, at the field.
    let text = push_event().replacen(
        r#""before": "6113728f27ae82c7b1a177c8d03f9e96e0adf246""#,
        r#""before": "6113728""#,
        1,
    );
    assert_eq!(
        harness::reject::<PushEvent>("short sha", &text),
        "invalid value: string \"6113728\", expected a 40-digit hex commit id at line 3 column 13 (at .before)"
    );

    // An RFC 3339 string where the push payload has unix seconds.
    let text = push_event().replacen(
        r#""pushed_at": 1709658870"#,
        r#""pushed_at": "2024-03-05T17:14:30Z""#,
        1,
    );
    let err = harness::reject::<PushEvent>("pushed_at as a string", &text);
    assert!(err.contains("(at .repository.pushed_at)"), "{err}");

    // A pull request state outside the enum.
    let text = pull_request_opened().replacen(r#""state": "open""#, r#""state": "merged""#, 1);
    let err = harness::reject::<PullRequestEvent>("state", &text);
    assert_eq!(
        err,
        "unknown variant `merged`, expected `open` or `closed` at line 10 column 14 (at .pull_request.state)"
    );

    // A URL that does not parse, deep in a list.
    let text = push_event().replacen(
        r#""url": "https://github.com/acme/widgets/commit/"#,
        r#""url": "not a url/"#,
        1,
    );
    let err = harness::reject::<PushEvent>("commit url", &text);
    assert!(err.contains("(at .commits[0].url)"), "{err}");

    // A missing required member of a flattened struct.
    let text = TAG_DELETED.replacen(r#""full_name": "acme/widgets","#, "", 1);
    let err = harness::reject::<PushEvent>("full_name", &text);
    assert!(err.starts_with("missing field `full_name`"), "{err}");

    // Truncated input.
    let text = &TAG_DELETED[..TAG_DELETED.len() - 40];
    let err = harness::reject::<PushEvent>("truncated", text);
    assert!(err.contains("line 47"), "{err}");

    // An unknown event tag in the envelope.
    let text = r#"{"delivery_id":"72d3162e-cc78-11e3-81ab-4c9367dc0958","received_at":"2024-03-05T17:14:31Z","event":"star","payload":{}}"#;
    let err = harness::reject::<Delivery>("unknown event", text);
    assert!(err.starts_with("unknown variant `star`"), "{err}");
}
