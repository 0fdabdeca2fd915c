#!/bin/sh
# Starts the web image (web.Dockerfile): writes remotes.json from the remotes'
# origins (PSICOCAMPUS_<NAME>_ORIGIN for each remote the image was built
# with, listed in remote-names) unless one was mounted, renders nginx's
# configuration from the environment with deploy/nginx/render.sh, checks it
# and runs nginx. render.sh reads the same list (nginx/remote-names.sh).
set -eu
remotes="$PSICOCAMPUS_WEB_ROOT/remotes.json"
: "${PSICOCAMPUS_REMOTE_NAMES_FILE:=/usr/share/psicocampus/remote-names}"
export PSICOCAMPUS_REMOTE_NAMES_FILE
# A failing remote-names.sh has already said why.
names=$(sh /usr/share/psicocampus/nginx/remote-names.sh) || exit 1
if [ ! -e "$remotes" ]; then
  separator=''
  {
    echo '{'
    for name in $names; do
      variable="PSICOCAMPUS_$(echo "$name" | tr 'a-z-' 'A-Z_')_ORIGIN"
      eval "origin=\${$variable:-}"
      if [ -z "$origin" ]; then
        echo "psicocampus-web: $variable is not set (the origin of the remote $name)" >&2
        exit 1
      fi
      printf '%s  "%s": "%s/mf-manifest.json"' "$separator" "$name" "$origin"
      separator=',
'
    done
    printf '\n}\n'
  } > "$remotes.partial"
  mv "$remotes.partial" "$remotes"
fi
sh /usr/share/psicocampus/nginx/render.sh /etc/nginx
nginx -t
exec nginx -g 'daemon off;'
