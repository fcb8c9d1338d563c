//! A Kubernetes manifest: `Deployment`, `ConfigMap` and `List` under an
//! internally tagged `kind`, with object metadata, a pod template, env vars
//! whose value comes literally or `valueFrom` (an untagged enum flattened
//! into the var), quantities as strings, int-or-string ports, volume
//! sources flattened as externally tagged enums and an `IndexMap`
//! catch-all for fields this model does not name.

use std::borrow::Cow;
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::harness;

/// `intstr.IntOrString`: `8080` or `"http"`, `"25%"`.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum IntOrString {
    Int(i32),
    String(String),
}

/// `resource.Quantity`: always a string in JSON (`"500m"`, `"128Mi"`).
#[derive(
    Serialize,
    Deserialize,
    Json,
    ToValue,
    FromValue,
    Msgpack,
    Debug,
    Clone,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
)]
#[serde(transparent)]
pub struct Quantity(pub String);

// MARK: - Metadata

#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generate_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owner_references: Vec<OwnerReference>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OwnerReference {
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub uid: Uuid,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_owner_deletion: Option<bool>,
}

// MARK: - Deployment

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Deployment {
    pub api_version: Cow<'static, str>,
    #[serde(default)]
    pub metadata: ObjectMeta,
    pub spec: DeploymentSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<DeploymentStatus>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    pub selector: LabelSelector,
    pub template: PodTemplateSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<DeploymentStrategy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision_history_limit: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_ready_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress_deadline_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused: Option<bool>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelector {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub match_labels: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct LabelSelectorRequirement {
    pub key: String,
    pub operator: SelectorOperator,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub enum SelectorOperator {
    In,
    NotIn,
    Exists,
    DoesNotExist,
}

/// `{"type":"RollingUpdate","rollingUpdate":{..}}` or `{"type":"Recreate"}`.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(tag = "type", content = "rollingUpdate")]
pub enum DeploymentStrategy {
    RollingUpdate(RollingUpdate),
    Recreate,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdate {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_surge: Option<IntOrString>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStatus {
    #[serde(default)]
    pub observed_generation: Option<i64>,
    #[serde(default)]
    pub replicas: Option<i32>,
    #[serde(default)]
    pub updated_replicas: Option<i32>,
    #[serde(default)]
    pub ready_replicas: Option<i32>,
    #[serde(default)]
    pub available_replicas: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    #[serde(rename = "type")]
    pub kind: String,
    pub status: ConditionStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_update_time: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub enum ConditionStatus {
    True,
    False,
    Unknown,
}

// MARK: - Pods

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct PodTemplateSpec {
    #[serde(default)]
    pub metadata: ObjectMeta,
    pub spec: PodSpec,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PodSpec {
    pub containers: Vec<Container>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_containers: Vec<Container>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<RestartPolicy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_account_name: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub node_selector: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volumes: Vec<Volume>,
    /// `securityContext`, `affinity`, `tolerations`, ...: kept as given,
    /// in their order.
    #[serde(flatten)]
    pub extra: indexmap::IndexMap<String, serde_json::Value>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub enum RestartPolicy {
    Always,
    OnFailure,
    Never,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    pub name: String,
    pub image: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_pull_policy: Option<PullPolicy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ContainerPort>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<EnvVar>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liveness_probe: Option<Probe>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readiness_probe: Option<Probe>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_mounts: Vec<VolumeMount>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub enum PullPolicy {
    Always,
    IfNotPresent,
    Never,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ContainerPort {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub container_port: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<Protocol>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "UPPERCASE")]
pub enum Protocol {
    Tcp,
    Udp,
    Sctp,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct EnvVar {
    pub name: String,
    #[serde(flatten)]
    pub value: EnvValue,
}

/// `{"value": ".."}`, `{"valueFrom": {..}}` or neither.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum EnvValue {
    Literal {
        value: String,
    },
    From {
        #[serde(rename = "valueFrom")]
        value_from: EnvVarSource,
    },
    Unset {},
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[allow(clippy::enum_variant_names)] // the JSON names
pub enum EnvVarSource {
    FieldRef(ObjectFieldSelector),
    ResourceFieldRef(ResourceFieldSelector),
    ConfigMapKeyRef(KeySelector),
    SecretKeyRef(KeySelector),
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ObjectFieldSelector {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    pub field_path: String,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ResourceFieldSelector {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub container_name: Option<String>,
    pub resource: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divisor: Option<Quantity>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct KeySelector {
    pub name: String,
    pub key: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct ResourceRequirements {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub limits: BTreeMap<String, Quantity>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub requests: BTreeMap<String, Quantity>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Probe {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_get: Option<HttpGetAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tcp_socket: Option<TcpSocketAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exec: Option<ExecAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_delay_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_threshold: Option<i32>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct HttpGetAction {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    pub port: IntOrString,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheme: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub http_headers: Vec<HttpHeader>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct HttpHeader {
    pub name: String,
    pub value: String,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct TcpSocketAction {
    pub port: IntOrString,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct ExecAction {
    pub command: Vec<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct VolumeMount {
    pub name: String,
    pub mount_path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_path: Option<String>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct Volume {
    pub name: String,
    #[serde(flatten)]
    pub source: VolumeSource,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub enum VolumeSource {
    ConfigMap(ConfigMapVolume),
    Secret(SecretVolume),
    EmptyDir(EmptyDirVolume),
    PersistentVolumeClaim(ClaimVolume),
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapVolume {
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<KeyToPath>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<i32>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct KeyToPath {
    pub key: String,
    pub path: String,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SecretVolume {
    pub secret_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct EmptyDirVolume {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub medium: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_limit: Option<Quantity>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClaimVolume {
    pub claim_name: String,
    #[serde(default)]
    pub read_only: bool,
}

// MARK: - ConfigMap and the manifest

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMap {
    pub api_version: Cow<'static, str>,
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub data: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub binary_data: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immutable: Option<bool>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ManifestList {
    pub api_version: Cow<'static, str>,
    pub items: Vec<Manifest>,
    #[serde(default)]
    pub metadata: serde_json::Value,
}

/// What `kubectl get -o json` prints: the `kind` says which.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(tag = "kind")]
pub enum Manifest {
    Deployment(Box<Deployment>),
    ConfigMap(Box<ConfigMap>),
    List(ManifestList),
}

// MARK: - Documents

const DEPLOYMENT: &str = r#"{
  "apiVersion": "apps/v1",
  "kind": "Deployment",
  "metadata": {
    "name": "checkout",
    "namespace": "shop",
    "labels": { "app.kubernetes.io/name": "checkout", "app.kubernetes.io/part-of": "shop", "tier": "backend" },
    "annotations": {
      "deployment.kubernetes.io/revision": "14",
      "kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\"}\n"
    },
    "uid": "3f2a9c1e-7b4d-4e8f-a0b1-c2d3e4f5a6b7",
    "resourceVersion": "918273645",
    "generation": 14,
    "creationTimestamp": "2023-11-02T08:15:00Z"
  },
  "spec": {
    "replicas": 3,
    "selector": { "matchLabels": { "app.kubernetes.io/name": "checkout" } },
    "strategy": { "type": "RollingUpdate", "rollingUpdate": { "maxSurge": "25%", "maxUnavailable": 0 } },
    "revisionHistoryLimit": 10,
    "progressDeadlineSeconds": 600,
    "template": {
      "metadata": {
        "labels": { "app.kubernetes.io/name": "checkout", "tier": "backend" },
        "annotations": { "prometheus.io/scrape": "true", "prometheus.io/port": "9102" }
      },
      "spec": {
        "serviceAccountName": "checkout",
        "terminationGracePeriodSeconds": 45,
        "securityContext": { "runAsNonRoot": true, "runAsUser": 10001, "fsGroup": 2000 },
        "containers": [
          {
            "name": "app",
            "image": "registry.example.com/shop/checkout:2.14.1",
            "imagePullPolicy": "IfNotPresent",
            "args": ["--listen=:8080", "--metrics=:9102"],
            "ports": [
              { "name": "http", "containerPort": 8080, "protocol": "TCP" },
              { "name": "metrics", "containerPort": 9102 }
            ],
            "env": [
              { "name": "RUST_LOG", "value": "info,checkout=debug" },
              { "name": "POD_NAME", "valueFrom": { "fieldRef": { "apiVersion": "v1", "fieldPath": "metadata.name" } } },
              { "name": "DATABASE_URL", "valueFrom": { "secretKeyRef": { "name": "checkout-db", "key": "url" } } },
              { "name": "FEATURE_FLAGS", "valueFrom": { "configMapKeyRef": { "name": "flags", "key": "checkout", "optional": true } } },
              { "name": "MEMORY_LIMIT", "valueFrom": { "resourceFieldRef": { "containerName": "app", "resource": "limits.memory", "divisor": "1Mi" } } },
              { "name": "EMPTY" }
            ],
            "resources": {
              "limits": { "cpu": "2", "memory": "1Gi" },
              "requests": { "cpu": "500m", "memory": "512Mi", "ephemeral-storage": "1G" }
            },
            "livenessProbe": { "httpGet": { "path": "/healthz", "port": "http" }, "initialDelaySeconds": 10, "periodSeconds": 15 },
            "readinessProbe": { "tcpSocket": { "port": 8080 }, "timeoutSeconds": 2, "failureThreshold": 3 },
            "volumeMounts": [
              { "name": "config", "mountPath": "/etc/checkout", "readOnly": true },
              { "name": "scratch", "mountPath": "/tmp" }
            ]
          }
        ],
        "volumes": [
          { "name": "config", "configMap": { "name": "checkout-config", "items": [{ "key": "app.toml", "path": "app.toml" }], "defaultMode": 420 } },
          { "name": "scratch", "emptyDir": { "medium": "Memory", "sizeLimit": "64Mi" } },
          { "name": "tls", "secret": { "secretName": "checkout-tls" } },
          { "name": "data", "persistentVolumeClaim": { "claimName": "checkout-data" } }
        ],
        "tolerations": [{ "key": "dedicated", "operator": "Equal", "value": "shop", "effect": "NoSchedule" }]
      }
    }
  },
  "status": {
    "observedGeneration": 14,
    "replicas": 3,
    "updatedReplicas": 3,
    "readyReplicas": 2,
    "availableReplicas": 2,
    "conditions": [
      {
        "type": "Available",
        "status": "True",
        "lastUpdateTime": "2024-03-01T10:00:00Z",
        "lastTransitionTime": "2024-03-01T10:00:00Z",
        "reason": "MinimumReplicasAvailable",
        "message": "Deployment has minimum availability."
      },
      { "type": "Progressing", "status": "Unknown", "reason": "ReplicaSetUpdated" }
    ]
  }
}"#;

const WORKER: &str = r#"{
  "kind": "Deployment",
  "apiVersion": "apps/v1",
  "metadata": {
    "generateName": "worker-",
    "labels": { "app": "worker" },
    "ownerReferences": [
      {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Rollout",
        "name": "worker",
        "uid": "00000000-0000-4000-8000-000000000001",
        "controller": true,
        "blockOwnerDeletion": true
      }
    ],
    "finalizers": ["example.com/cleanup"]
  },
  "spec": {
    "selector": {
      "matchExpressions": [
        { "key": "app", "operator": "In", "values": ["worker", "worker-canary"] },
        { "key": "disabled", "operator": "DoesNotExist" }
      ]
    },
    "strategy": { "type": "Recreate" },
    "paused": false,
    "template": {
      "spec": {
        "restartPolicy": "Always",
        "nodeSelector": { "kubernetes.io/arch": "arm64" },
        "initContainers": [
          { "name": "migrate", "image": "registry.example.com/worker:1.0", "command": ["/bin/migrate", "--wait"] }
        ],
        "containers": [
          {
            "name": "worker",
            "image": "registry.example.com/worker:1.0",
            "command": [],
            "env": [{ "name": "QUEUE", "value": "" }],
            "livenessProbe": { "exec": { "command": ["cat", "/tmp/healthy"] } }
          }
        ]
      }
    }
  }
}"#;

fn list() -> String {
    format!(
        r#"{{
  "apiVersion": "v1",
  "kind": "List",
  "metadata": {{ "resourceVersion": "" }},
  "items": [
    {{
      "apiVersion": "v1",
      "kind": "ConfigMap",
      "metadata": {{ "name": "flags", "namespace": "shop" }},
      "data": {{ "checkout": "new-cart=true\npay-later=false", "search": "" }},
      "immutable": true
    }},
    {{
      "kind": "ConfigMap",
      "apiVersion": "v1",
      "metadata": {{ "name": "blobs" }},
      "binaryData": {{ "logo.png": "iVBORw0KGgo=" }}
    }},
    {{ "apiVersion": "v1", "kind": "List", "items": [] }},
    {}
  ]
}}"#,
        WORKER.replace('\n', "\n    ")
    )
}

// MARK: - Tests

#[test]
fn deployments_agree_with_serde_json() {
    let Manifest::Deployment(d) = harness::json::<Manifest>("deployment", DEPLOYMENT) else {
        panic!("not a deployment");
    };
    let pod = &d.spec.template.spec;
    assert_eq!(
        pod.extra.keys().collect::<Vec<_>>(),
        ["securityContext", "tolerations"]
    );
    let env = &pod.containers[0].env;
    assert!(matches!(env[0].value, EnvValue::Literal { .. }));
    assert!(matches!(
        env[3].value,
        EnvValue::From {
            value_from: EnvVarSource::ConfigMapKeyRef(_)
        }
    ));
    assert_eq!(env[5].value, EnvValue::Unset {});
    assert!(matches!(pod.volumes[1].source, VolumeSource::EmptyDir(_)));
    assert_eq!(
        d.spec.strategy,
        Some(DeploymentStrategy::RollingUpdate(RollingUpdate {
            max_surge: Some(IntOrString::String("25%".into())),
            max_unavailable: Some(IntOrString::Int(0)),
        }))
    );
    harness::msgpack("deployment", &Manifest::Deployment(d));

    let worker = harness::json::<Manifest>("worker", WORKER);
    harness::msgpack("worker", &worker);
}

#[test]
fn a_nested_list_of_manifests_agrees_with_serde_json() {
    let Manifest::List(list) = harness::json::<Manifest>("list", &list()) else {
        panic!("not a list");
    };
    assert_eq!(list.items.len(), 4);
    assert!(
        matches!(list.items[2], Manifest::List(ManifestList { ref items, .. }) if items.is_empty())
    );
    let list = Manifest::List(list);
    harness::msgpack("list", &list);
}

#[test]
fn the_pieces_agree_on_their_own() {
    // Shapes a client builds by hand: one container, a bare env var, ports.
    harness::json::<Container>(
        "container",
        r#"{"name":"c","image":"i","ports":[{"containerPort":65535}],"env":[{"name":"A"},{"name":"B","value":"1"}]}"#,
    );
    harness::json::<Vec<IntOrString>>("int or string", r#"[80, "http", -1, "25%"]"#);
    harness::json::<Volume>(
        "claim",
        r#"{"name":"d","persistentVolumeClaim":{"claimName":"x","readOnly":true}}"#,
    );
}

#[test]
fn broken_manifests_are_rejected_with_positions() {
    // A port out of range for u16.
    let text = DEPLOYMENT.replacen(r#""containerPort": 8080"#, r#""containerPort": 80800"#, 1);
    let err = harness::reject::<Manifest>("port", &text);
    assert!(
        err.contains(".spec.template.spec.containers[0].ports[0].containerPort"),
        "{err}"
    );
    assert!(err.contains("line 39"), "{err}");

    // An unknown kind.
    let err = harness::reject::<Manifest>("kind", r#"{"kind":"CronJob","apiVersion":"batch/v1"}"#);
    assert!(err.starts_with("unknown variant `CronJob`"), "{err}");

    // No kind at all.
    let err = harness::reject::<Manifest>("no kind", r#"{"apiVersion":"v1","data":{}}"#);
    assert!(err.starts_with("missing field `kind`"), "{err}");

    // A bad selector operator, inside the matchExpressions list.
    let text = WORKER.replacen(r#""operator": "In""#, r#""operator": "in""#, 1);
    let err = harness::reject::<Manifest>("operator", &text);
    assert!(
        err.contains("(at .spec.selector.matchExpressions[0].operator)"),
        "{err}"
    );

    // A malformed uid.
    let text = DEPLOYMENT.replacen("3f2a9c1e-7b4d", "3f2a9c1e-7b4z", 1);
    let err = harness::reject::<Manifest>("uid", &text);
    assert!(err.contains("(at .metadata.uid)"), "{err}");

    // A volume naming two sources: see `gaps::gap_flattened_enum_with_two_variant_keys`.
}
