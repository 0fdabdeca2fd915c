#!/bin/sh
# Prints the remotes' names, one a line, as the one place that describes them
# gives them: libs/shared/src/domain/remote-descriptors.json (README, "Adding
# a remote"). render.sh, web-release.sh and the web image's entry point take
# their list from here, so a new remote needs no edit in deploy/.
#
#   sh deploy/nginx/remote-names.sh
#
# From PSICOCAMPUS_REMOTE_NAMES_FILE when it is set: the list that
# `node tools/rspack/remotes.mjs stage` wrote beside the builds (the web
# image, which has no Node). Otherwise from the checkout this script is in,
# with `node tools/rspack/remotes.mjs names` (a host install runs the
# scripts of the checkout it built).
set -eu

# The physical folder: a host runs this from /srv/psicocampus/app, a link to
# the checkout, and remotes.mjs only answers when called by its own path.
here=$(cd "$(dirname "$0")" && pwd -P)
fail() {
  echo "remote-names.sh: $*" >&2
  exit 1
}

if [ "${PSICOCAMPUS_REMOTE_NAMES_FILE:-}" ]; then
  [ -r "$PSICOCAMPUS_REMOTE_NAMES_FILE" ] || fail "cannot read PSICOCAMPUS_REMOTE_NAMES_FILE ($PSICOCAMPUS_REMOTE_NAMES_FILE)"
  names=$(cat "$PSICOCAMPUS_REMOTE_NAMES_FILE")
else
  tool="$here/../../tools/rspack/remotes.mjs"
  [ -f "$tool" ] || fail "not in a checkout (no tools/rspack/remotes.mjs): set PSICOCAMPUS_REMOTE_NAMES_FILE to the file \`remotes.mjs stage\` wrote"
  command -v node >/dev/null 2>&1 || fail "node is needed to read the remotes from remote-descriptors.json (or set PSICOCAMPUS_REMOTE_NAMES_FILE)"
  names=$(node "$tool" names) || fail "tools/rspack/remotes.mjs names failed"
fi

count=0
for name in $names; do
  # remote-descriptors.check.ts allows these only; a name also becomes a
  # folder and part of a variable's name here.
  case "$name" in
    shell | [!a-z]* | *[!a-z0-9-]*) fail "not a remote's name: $name" ;;
  esac
  echo "$name"
  count=$((count + 1))
done
[ "$count" -gt 0 ] || fail "no remote is listed"
