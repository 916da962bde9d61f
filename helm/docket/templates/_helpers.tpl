{{/*
Names and labels.
*/}}
{{- define "docket.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "docket.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The name of one service's objects: <fullname>-<service>. Call with (dict "root" $ "name" "gateway"). */}}
{{- define "docket.componentName" -}}
{{- printf "%s-%s" (include "docket.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "docket.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "docket.selectorLabels" -}}
app.kubernetes.io/name: {{ include "docket.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "docket.labels" -}}
helm.sh/chart: {{ include "docket.chart" .root }}
{{ include "docket.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: docket
{{- end -}}

{{/* Selects every pod of this release, whatever its component. */}}
{{- define "docket.instanceSelector" -}}
app.kubernetes.io/name: {{ include "docket.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/*
The image of one target of deploy/docker/Dockerfile. Never `latest`: the tag defaults to the
chart's appVersion; a digest in image.digests pins that image further.
*/}}
{{- define "docket.image" -}}
{{- $image := .root.Values.image -}}
{{- $tag := default .root.Chart.AppVersion $image.tag -}}
{{- if eq $tag "latest" -}}
{{- fail "image.tag must name a release, not latest" -}}
{{- end -}}
{{- $digest := get (default dict $image.digests) .name -}}
{{- if $digest -}}
{{- printf "%s/%s/%s@%s" $image.registry $image.repository .name $digest -}}
{{- else -}}
{{- printf "%s/%s/%s:%s" $image.registry $image.repository .name $tag -}}
{{- end -}}
{{- end -}}

{{/*
What each service reads besides the platform settings, mirroring its config class
(apps/<service>/src/<service>.config.ts). test/deploy/helm-chart.spec.ts checks the rendered env
against those classes, so a new setting there fails the test until it is wired here.
*/}}
{{- define "docket.capabilities" -}}
gateway: [redis, jwt, publicUrl, internalEvents]
identity: [database, jwt, masterKey, publicUrl]
files: [database, storage]
flows: [database, temporal, masterKey]
items: [database, temporal]
worker: [database, temporal]
{{- end -}}

{{- define "docket.uses" -}}
{{- $all := include "docket.capabilities" . | fromYaml -}}
{{- if has .capability (get $all .name) -}}true{{- end -}}
{{- end -}}

{{- define "docket.temporalTaskQueue" -}}
{{- default (printf "%s-flows" .Values.nats.prefix) .Values.temporal.taskQueue -}}
{{- end -}}

{{- define "docket.secretEnv" -}}
- name: {{ .variable }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret.name }}
      key: {{ .secret.key }}
{{- end -}}

{{/*
The environment of one service. Secrets only ever arrive through secretKeyRef; a service gets
only the secrets its config class reads.
*/}}
{{- define "docket.env" -}}
{{- $root := .root -}}
{{- $values := $root.Values -}}
{{- $svc := get $values.services .name -}}
- name: DOCKET_SERVICE
  value: {{ .name | quote }}
- name: DOCKET_ENV
  value: {{ $values.environment | quote }}
- name: LOG_LEVEL
  value: {{ $values.logLevel | quote }}
- name: HTTP_HOST
  value: "0.0.0.0"
- name: HTTP_PORT
  value: {{ $svc.port | quote }}
{{- if $values.secrets.nats.name }}
{{ include "docket.secretEnv" (dict "variable" "NATS_URL" "secret" $values.secrets.nats) }}
{{- else }}
- name: NATS_URL
  value: {{ $values.nats.url | quote }}
{{- end }}
- name: DOCKET_NATS_PREFIX
  value: {{ $values.nats.prefix | quote }}
- name: NATS_REQUEST_TIMEOUT_MS
  value: {{ $values.nats.requestTimeoutMs | quote }}
- name: NATS_STREAM_REPLICAS
  value: {{ $values.nats.streamReplicas | quote }}
{{- if include "docket.uses" (dict "root" $root "name" .name "capability" "database") }}
{{ include "docket.secretEnv" (dict "variable" "DATABASE_URL" "secret" $values.secrets.database) }}
- name: DATABASE_POOL_SIZE
  value: {{ $values.postgresql.poolSize | quote }}
{{- end }}
{{- if include "docket.uses" (dict "root" $root "name" .name "capability" "redis") }}
{{ include "docket.secretEnv" (dict "variable" "REDIS_URL" "secret" $values.secrets.redis) }}
{{- end }}
{{- if include "docket.uses" (dict "root" $root "name" .name "capability" "jwt") }}
- name: JWT_ISSUER
  value: {{ $values.auth.jwtIssuer | quote }}
- name: JWT_AUDIENCE
  value: {{ $values.auth.jwtAudience | quote }}
{{- end }}
{{- if include "docket.uses" (dict "root" $root "name" .name "capability" "publicUrl") }}
- name: PUBLIC_BASE_URL
  value: {{ $values.publicBaseUrl | quote }}
{{- end }}
{{- if include "docket.uses" (dict "root" $root "name" .name "capability" "internalEvents") }}
{{ include "docket.secretEnv" (dict "variable" "DOCKET_INTERNAL_EVENTS_SECRET" "secret" $values.secrets.internalEvents) }}
{{- end }}
{{- if include "docket.uses" (dict "root" $root "name" .name "capability" "masterKey") }}
{{ include "docket.secretEnv" (dict "variable" "DOCKET_MASTER_KEY" "secret" $values.secrets.masterKey) }}
{{- end }}
{{- if include "docket.uses" (dict "root" $root "name" .name "capability" "temporal") }}
{{ include "docket.temporalEnv" $root }}
{{- end }}
{{- if include "docket.uses" (dict "root" $root "name" .name "capability" "storage") }}
{{- if eq $values.storage.auth "workloadIdentity" }}
- name: AZURE_STORAGE_ACCOUNT_URL
  value: {{ required "storage.workloadIdentity.accountUrl is required with storage.auth=workloadIdentity" $values.storage.workloadIdentity.accountUrl | quote }}
{{- else if eq $values.storage.auth "connectionString" }}
{{ include "docket.secretEnv" (dict "variable" "AZURE_STORAGE_CONNECTION_STRING" "secret" $values.secrets.storage) }}
{{- else }}
{{- fail "storage.auth must be connectionString or workloadIdentity" }}
{{- end }}
- name: STORAGE_PUBLIC_URL
  value: {{ $values.storage.publicUrl | quote }}
{{- end }}
{{- range $variable, $value := $svc.env }}
- name: {{ $variable }}
  value: {{ $value | quote }}
{{- end }}
{{- with $svc.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "docket.temporalEnv" -}}
- name: TEMPORAL_ADDRESS
  value: {{ .Values.temporal.address | quote }}
- name: TEMPORAL_NAMESPACE
  value: {{ .Values.temporal.namespace | quote }}
- name: TEMPORAL_TASK_QUEUE
  value: {{ include "docket.temporalTaskQueue" . | quote }}
{{- if .Values.temporal.tls.enabled }}
- name: TEMPORAL_TLS_CERT_PATH
  value: /etc/docket/temporal-tls/tls.crt
- name: TEMPORAL_TLS_KEY_PATH
  value: /etc/docket/temporal-tls/tls.key
{{- if .Values.temporal.tls.ca }}
- name: TEMPORAL_TLS_CA_PATH
  value: /etc/docket/temporal-tls/ca.crt
{{- end }}
{{- with .Values.temporal.tls.serverName }}
- name: TEMPORAL_TLS_SERVER_NAME
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- if .Values.temporal.apiKey.secretName }}
{{ include "docket.secretEnv" (dict "variable" "TEMPORAL_API_KEY" "secret" (dict "name" .Values.temporal.apiKey.secretName "key" .Values.temporal.apiKey.key)) }}
{{- end }}
{{- end -}}

{{- define "docket.temporalTlsVolumeMount" -}}
- name: temporal-tls
  mountPath: /etc/docket/temporal-tls
  readOnly: true
{{- end -}}

{{- define "docket.temporalTlsVolume" -}}
- name: temporal-tls
  secret:
    secretName: {{ .Values.temporal.tls.secretName }}
    defaultMode: 0440
{{- end -}}

{{/* Pod and container hardening shared by every workload, the migration Job included. */}}
{{- define "docket.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
fsGroup: 1000
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "docket.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
allowPrivilegeEscalation: false
privileged: false
readOnlyRootFilesystem: true
capabilities:
  drop:
    - ALL
{{- end -}}

{{/* True for services whose pods use Azure workload identity. */}}
{{- define "docket.usesWorkloadIdentity" -}}
{{- if and (eq .root.Values.storage.auth "workloadIdentity") (include "docket.uses" (dict "root" .root "name" .name "capability" "storage")) -}}true{{- end -}}
{{- end -}}

{{/* Combinations the chart refuses, with a message saying what to change. */}}
{{- define "docket.validate" -}}
{{- if and .Values.temporal.tls.enabled .Values.temporal.apiKey.secretName -}}
{{- fail "temporal: choose mTLS (temporal.tls.enabled) or an API key (temporal.apiKey.secretName), not both" -}}
{{- end -}}
{{- if not (has .Values.storage.auth (list "connectionString" "workloadIdentity")) -}}
{{- fail "storage.auth must be connectionString or workloadIdentity" -}}
{{- end -}}
{{- if not (has .Values.environment (list "development" "test" "production")) -}}
{{- fail "environment must be development, test or production" -}}
{{- end -}}
{{- end -}}
