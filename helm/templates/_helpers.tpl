{{/* Names and labels shared by every template of the chart. */}}

{{- define "cardgame.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "cardgame.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
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
