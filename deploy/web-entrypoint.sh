#!/bin/sh
# Starts the web image (web.Dockerfile): writes remotes.json from the remotes'
# origins unless one was mounted, renders nginx's configuration from the
# environment with deploy/nginx/render.sh, checks it and runs nginx.
set -eu
remotes="$PSICOCAMPUS_WEB_ROOT/remotes.json"
if [ ! -e "$remotes" ]; then
  cat > "$remotes" <<JSON
{
  "auth": "${PSICOCAMPUS_AUTH_ORIGIN:?}/mf-manifest.json",
  "patients": "${PSICOCAMPUS_PATIENTS_ORIGIN:?}/mf-manifest.json",
  "assessment": "${PSICOCAMPUS_ASSESSMENT_ORIGIN:?}/mf-manifest.json",
  "admin": "${PSICOCAMPUS_ADMIN_ORIGIN:?}/mf-manifest.json"
}
JSON
fi
sh /usr/share/psicocampus/nginx/render.sh /etc/nginx
nginx -t
exec nginx -g 'daemon off;'
