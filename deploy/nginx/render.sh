#!/bin/sh
# Renders PsicoCampus's nginx configuration from the templates beside this
# script into an nginx configuration folder:
#
#   sh deploy/nginx/render.sh /etc/nginx /etc/psicocampus/nginx.env
#
# writes /etc/nginx/conf.d/psicocampus.conf and /etc/nginx/snippets/psicocampus-*.conf.
# The values come from the environment, or from the file given second
# (shell syntax, as in psicocampus.env.example). The remotes are those of
# remote-descriptors.json, as remote-names.sh lists them: each needs its
# PSICOCAMPUS_<NAME>_ORIGIN and gets a server block of its own. Needs
# envsubst (Debian: gettext-base). The deployment test renders its
# configuration with this same script, so what runs in production is what
# the test runs.
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

# The remotes of remote-descriptors.json (remote-names.sh, which says why
# when it cannot list them).
names=$(sh "$here/remote-names.sh") || exit 1

tls=no
# origin_parts NAME [WHAT]: checks PSICOCAMPUS_<NAME>_ORIGIN (scheme://host[:port],
# nothing after it), sets PSICOCAMPUS_<NAME>_HOST and _LISTEN from it, and
# leaves it in $origin.
origin_parts() {
  eval "origin=\${PSICOCAMPUS_$1_ORIGIN:-}"
  [ "$origin" ] || fail "PSICOCAMPUS_$1_ORIGIN is not set${2:+ ($2)}"
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

# variable_of NAME: the upper-case part of a remote's variables (patients →
# PATIENTS, a-b → A_B), as web-entrypoint.sh spells it too.
variable_of() {
  printf '%s' "$1" | tr 'a-z-' 'A-Z_'
}

origin_parts SHELL "the shell's, PUBLIC_URL"
# The remotes' origins, as the page policy lists them (sorted, each once).
remote_origins=''
for name in $names; do
  variable=$(variable_of "$name")
  origin_parts "$variable" "the origin of the remote $name"
  remote_origins="$remote_origins$origin
"
done
PSICOCAMPUS_REMOTE_ORIGINS=$(printf '%s' "$remote_origins" | LC_ALL=C sort -u | tr '\n' ' ')
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
# shellcheck disable=SC2016 # envsubst's list of names, not expanded here
variables='${PSICOCAMPUS_WEB_ROOT} ${PSICOCAMPUS_LOG_DIR} ${PSICOCAMPUS_REMOTE_ORIGINS} ${PSICOCAMPUS_TLS_DIRECTIVE}'
variables="$variables \${PSICOCAMPUS_SHELL_ORIGIN} \${PSICOCAMPUS_SHELL_HOST} \${PSICOCAMPUS_SHELL_LISTEN}"
export PSICOCAMPUS_SHELL_ORIGIN
# The one remote whose server block is being written (render_remote).
# shellcheck disable=SC2016
remote_variables='${PSICOCAMPUS_REMOTE_NAME} ${PSICOCAMPUS_REMOTE_ORIGIN} ${PSICOCAMPUS_REMOTE_HOST} ${PSICOCAMPUS_REMOTE_LISTEN}'

# expand TEMPLATE VARIABLES: the upstream's server line once per process,
# then envsubst of VARIABLES only.
expand() {
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
  ' "$1" | envsubst "$2"
}

# render_remote NAME: the remote's server block, without the template's
# opening comment (it explains the template, once is enough).
render_remote() {
  variable=$(variable_of "$1")
  eval "PSICOCAMPUS_REMOTE_ORIGIN=\$PSICOCAMPUS_${variable}_ORIGIN"
  eval "PSICOCAMPUS_REMOTE_HOST=\$PSICOCAMPUS_${variable}_HOST"
  eval "PSICOCAMPUS_REMOTE_LISTEN=\$PSICOCAMPUS_${variable}_LISTEN"
  PSICOCAMPUS_REMOTE_NAME=$1
  export PSICOCAMPUS_REMOTE_NAME PSICOCAMPUS_REMOTE_ORIGIN PSICOCAMPUS_REMOTE_HOST PSICOCAMPUS_REMOTE_LISTEN
  echo
  sed '/^#/d' "$here/conf.d/psicocampus-remote-server.conf.template" |
    expand - "$variables $remote_variables"
}

# finish TARGET: moves TARGET.tmp into place unless a placeholder is left.
finish() {
  if grep -n 'PSICOCAMPUS_[A-Z_]*}' "$1.tmp" >&2; then
    rm -f "$1.tmp"
    fail "$1 would name a value this script does not know (above): see the templates in $here"
  fi
  mv "$1.tmp" "$1"
}

mkdir -p "$out/conf.d" "$out/snippets"
conf="$out/conf.d/psicocampus.conf"
{
  expand "$here/conf.d/psicocampus.conf.template" "$variables"
  for name in $names; do
    render_remote "$name"
  done
} > "$conf.tmp"
finish "$conf"
expand "$here/snippets/psicocampus-remote.conf.template" "$variables" > "$out/snippets/psicocampus-remote.conf.tmp"
finish "$out/snippets/psicocampus-remote.conf"
cp "$here/snippets/psicocampus-static.conf" "$here/snippets/psicocampus-api.conf" "$out/snippets/"
echo "render.sh: wrote $conf (the shell and the remotes $(echo "$names" | paste -sd ' ' -)) and $out/snippets/psicocampus-{api,static,remote}.conf"
