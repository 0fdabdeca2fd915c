#!/bin/sh
# Renders PsicoCampus's nginx configuration from the templates beside this
# script into an nginx configuration folder:
#
#   sh deploy/nginx/render.sh /etc/nginx /etc/psicocampus/nginx.env
#
# writes /etc/nginx/conf.d/psicocampus.conf and /etc/nginx/snippets/psicocampus-*.conf.
# The values come from the environment, or from the file given second
# (shell syntax, as in psicocampus.env.example). Needs envsubst (Debian:
# gettext-base). The deployment test renders its configuration with this
# same script, so what runs in production is what the test runs.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: render.sh <nginx configuration folder> [values file]}
if [ "${2:-}" ]; then
  set -a
  # shellcheck disable=SC1090
  . "$2"
  set +a
fi

fail() {
  echo "render.sh: $*" >&2
  exit 1
}

: "${PSICOCAMPUS_WEB_ROOT:?the folder holding shell/, remotes/<name>/ and remotes.json}"
: "${PSICOCAMPUS_API_SERVERS:?the server processes, host:port separated by spaces}"
: "${PSICOCAMPUS_LOG_DIR:=/var/log/nginx}"
: "${PSICOCAMPUS_LISTEN_ADDRESS:=}"
: "${PSICOCAMPUS_TLS_CONF:=}"

tls=no
# origin_parts NAME: checks PSICOCAMPUS_<NAME>_ORIGIN (scheme://host[:port],
# nothing after it) and sets PSICOCAMPUS_<NAME>_HOST and _LISTEN from it.
origin_parts() {
  eval "origin=\${PSICOCAMPUS_$1_ORIGIN:-}"
  [ "$origin" ] || fail "PSICOCAMPUS_$1_ORIGIN is not set"
  case "$origin" in
    http://*) scheme=http default_port=80 ;;
    https://*) scheme=https default_port=443 tls=yes ;;
    *) fail "PSICOCAMPUS_$1_ORIGIN must start with http:// or https://, got $origin" ;;
  esac
  authority=${origin#*://}
  case "$authority" in
    '' | */* | *[!A-Za-z0-9.:-]*) fail "PSICOCAMPUS_$1_ORIGIN must be scheme://host[:port] only, got $origin" ;;
  esac
  host=${authority%%:*}
  port=${authority#"$host"}
  port=${port#:}
  [ "$port" ] || port=$default_port
  listen=$port
  [ "$PSICOCAMPUS_LISTEN_ADDRESS" ] && listen="$PSICOCAMPUS_LISTEN_ADDRESS:$port"
  [ "$scheme" = https ] && listen="$listen ssl http2"
  eval "PSICOCAMPUS_$1_HOST=\$host PSICOCAMPUS_$1_LISTEN=\$listen"
  export "PSICOCAMPUS_$1_HOST" "PSICOCAMPUS_$1_LISTEN"
}

for name in SHELL AUTH PATIENTS ASSESSMENT ADMIN; do
  origin_parts "$name"
done

# The remotes' origins, as the page policy lists them (sorted, each once).
PSICOCAMPUS_REMOTE_ORIGINS=$(printf '%s\n' "$PSICOCAMPUS_AUTH_ORIGIN" "$PSICOCAMPUS_PATIENTS_ORIGIN" \
  "$PSICOCAMPUS_ASSESSMENT_ORIGIN" "$PSICOCAMPUS_ADMIN_ORIGIN" | LC_ALL=C sort -u | tr '\n' ' ')
PSICOCAMPUS_REMOTE_ORIGINS=${PSICOCAMPUS_REMOTE_ORIGINS% }

if [ "$tls" = yes ]; then
  [ "$PSICOCAMPUS_TLS_CONF" ] || fail "an origin is https://: set PSICOCAMPUS_TLS_CONF to the file with ssl_certificate and ssl_certificate_key"
  [ -r "$PSICOCAMPUS_TLS_CONF" ] || fail "PSICOCAMPUS_TLS_CONF: cannot read $PSICOCAMPUS_TLS_CONF"
  PSICOCAMPUS_TLS_DIRECTIVE="include $PSICOCAMPUS_TLS_CONF;"
else
  PSICOCAMPUS_TLS_DIRECTIVE="# Every origin is plain http://: no certificate."
fi
export PSICOCAMPUS_WEB_ROOT PSICOCAMPUS_LOG_DIR PSICOCAMPUS_REMOTE_ORIGINS PSICOCAMPUS_TLS_DIRECTIVE

# Only these are replaced: nginx's own $variables stay as they are.
variables='${PSICOCAMPUS_WEB_ROOT} ${PSICOCAMPUS_LOG_DIR} ${PSICOCAMPUS_REMOTE_ORIGINS} ${PSICOCAMPUS_TLS_DIRECTIVE}'
for name in SHELL AUTH PATIENTS ASSESSMENT ADMIN; do
  variables="$variables \${PSICOCAMPUS_${name}_ORIGIN} \${PSICOCAMPUS_${name}_HOST} \${PSICOCAMPUS_${name}_LISTEN}"
  export "PSICOCAMPUS_${name}_ORIGIN"
done

# render TEMPLATE TARGET: the upstream's server line once per process, then envsubst.
render() {
  awk -v servers="$PSICOCAMPUS_API_SERVERS" '
    index($0, "${PSICOCAMPUS_API_SERVER}") {
      n = split(servers, list, " ")
      for (i = 1; i <= n; i++) {
        line = $0
        gsub(/\$\{PSICOCAMPUS_API_SERVER\}/, list[i], line)
        print line
      }
      next
    }
    { print }
  ' "$1" | envsubst "$variables" > "$2.tmp"
  if grep -n 'PSICOCAMPUS_[A-Z_]*}' "$2.tmp" >&2; then
    rm -f "$2.tmp"
    fail "$1 names a value this script does not know (above)"
  fi
  mv "$2.tmp" "$2"
}

mkdir -p "$out/conf.d" "$out/snippets"
render "$here/conf.d/psicocampus.conf.template" "$out/conf.d/psicocampus.conf"
render "$here/snippets/psicocampus-remote.conf.template" "$out/snippets/psicocampus-remote.conf"
cp "$here/snippets/psicocampus-static.conf" "$here/snippets/psicocampus-api.conf" "$out/snippets/"
echo "render.sh: wrote $out/conf.d/psicocampus.conf and $out/snippets/psicocampus-{api,static,remote}.conf"
