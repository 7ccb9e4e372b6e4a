{{/* Names and labels shared by every template of the chart. */}}

{{- define "cardgame.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* The release's labels; every selector adds a component, so none matches another's pods. */}}
{{- define "cardgame.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "cardgame.appSelectorLabels" -}}
{{ include "cardgame.selectorLabels" . }}
app.kubernetes.io/component: api
{{- end -}}

{{- define "cardgame.cacheSelectorLabels" -}}
{{ include "cardgame.selectorLabels" . }}
app.kubernetes.io/component: cache
{{- end -}}

{{- define "cardgame.labels" -}}
{{ include "cardgame.selectorLabels" . }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "cardgame.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* The Secret that holds REDIS_URL, or nothing when there is no external Redis. */}}
{{- define "cardgame.redisSecretName" -}}
{{- if .Values.redis.existingSecret -}}
{{ .Values.redis.existingSecret }}
{{- else if .Values.redis.url -}}
{{ include "cardgame.fullname" . }}-redis-url
{{- end -}}
{{- end -}}

{{/* The Secret with the bundled Redis's password: the operator's, or the one the chart makes. */}}
{{- define "cardgame.redisAuthSecretName" -}}
{{- .Values.redis.bundled.auth.existingSecret | default (printf "%s-redis-auth" (include "cardgame.fullname" .)) -}}
{{- end -}}

{{- define "cardgame.redisAuthSecretKey" -}}
{{- if .Values.redis.bundled.auth.existingSecret -}}
{{ .Values.redis.bundled.auth.existingSecretKey }}
{{- else -}}
password
{{- end -}}
{{- end -}}

{{/* The seconds a pod is given to stop: the preStop pause, then an analysis's deadline and the
service's own margin (REQUEST_DEADLINE_MS + 5 s), then 5 s more. */}}
{{- define "cardgame.terminationGraceSeconds" -}}
{{- $deadlineMs := .Values.config.REQUEST_DEADLINE_MS | default "30000" | int -}}
{{- add .Values.shutdown.preStopSeconds (div (add $deadlineMs 999) 1000) 10 -}}
{{- end -}}

{{- define "cardgame.redisSecretKey" -}}
{{- if .Values.redis.existingSecret -}}
{{ .Values.redis.existingSecretKey }}
{{- else -}}
url
{{- end -}}
{{- end -}}

{{- define "cardgame.checkRedis" -}}
{{- $sources := 0 -}}
{{- if .Values.redis.url }}{{ $sources = add1 $sources }}{{ end -}}
{{- if .Values.redis.existingSecret }}{{ $sources = add1 $sources }}{{ end -}}
{{- if .Values.redis.bundled.enabled }}{{ $sources = add1 $sources }}{{ end -}}
{{- if gt $sources 1 -}}
{{- fail "redis: set at most one of url, existingSecret and bundled.enabled" -}}
{{- end -}}
{{- end -}}
