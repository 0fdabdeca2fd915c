# syntax=docker/dockerfile:1
# The PsicoCampus front ends (the shell and the remotes, each on its own
# origin) behind Debian's nginx, which also balances /api over the server
# processes. Its configuration is rendered at start from deploy/nginx with
# render.sh, the same templates and script as a host install and the
# deployment test. Build from the repository's root:
#
#   docker build -f deploy/web.Dockerfile -t psicocampus-web .
#
# Not built in CI (no Docker daemon there); deploy/README.md says what was checked.

FROM node:20-bookworm-slim AS build
# The tools to compile argon2 when its ready-made binary does not load.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
ENV NX_DAEMON=false NX_NO_CLOUD=true
COPY . .
RUN npm install --no-audit --no-fund
RUN npx nx run-many -t build --exclude=@psicocampus/api
# shell/ and remotes/<name>/ for every remote of
# libs/shared/src/domain/remote-descriptors.json, and their names for the
# entry point (this stage has Node; the served image has none).
RUN node tools/rspack/remotes.mjs stage /out

FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx gettext-base \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log \
  && ln -sf /dev/stderr /var/log/nginx/error.log \
  && ln -sf /dev/stdout /var/log/nginx/psicocampus-api.log
COPY deploy/nginx /usr/share/psicocampus/nginx
COPY deploy/web-entrypoint.sh /usr/local/bin/psicocampus-web
COPY --from=build /out/shell /srv/psicocampus/web/shell
COPY --from=build /out/remotes /srv/psicocampus/web/remotes
COPY --from=build /out/remote-names /usr/share/psicocampus/remote-names
# The build's remotes.json names same-origin folders; this one is written at
# start from the origins (or mounted by the operator).
RUN rm -f /srv/psicocampus/web/shell/remotes.json
ENV PSICOCAMPUS_WEB_ROOT=/srv/psicocampus/web
# The remotes the image was built with, for nginx/remote-names.sh (render.sh,
# the entry point), which cannot read remote-descriptors.json without Node.
ENV PSICOCAMPUS_REMOTE_NAMES_FILE=/usr/share/psicocampus/remote-names
# nginx's graceful stop: answers in flight are finished.
STOPSIGNAL SIGQUIT
ENTRYPOINT ["sh", "/usr/local/bin/psicocampus-web"]
