#!/bin/sh
# Publishes and switches releases of the front ends in the folder nginx
# serves (PSICOCAMPUS_WEB_ROOT, deploy/README.md "The front ends"):
#
#   releases/<app>/<release>/   one folder per published build, never changed
#   shell -> releases/shell/<release>
#   remotes/<app> -> ../releases/<app>/<release>
#   remotes.json                the operator's; no release touches it
#
#   sh deploy/web-release.sh publish  <web root> <app> <release> [<build folder>]
#   sh deploy/web-release.sh activate <web root> <app> <release>
#   sh deploy/web-release.sh list     <web root> <app>
#
# <app> is shell or a remote of remote-descriptors.json (nginx/remote-names.sh
# lists them). `publish` copies the build (by default this checkout's
# apps/shell/dist or apps/<app>-mfe/dist, from `npm run build`);
# `activate` points the app's link at a published release in one step, so
# browsers get either the old release or the new one, never a mix. nginx
# needs no reload. Rolling back is activating the previous release.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
fail() {
  echo "web-release.sh: $*" >&2
  exit 1
}

command=${1:-}
root=${2:-}
app=${3:-}
[ "$command" ] && [ "$root" ] && [ "$app" ] || fail "usage: web-release.sh publish|activate|list <web root> <app> [<release>] [<build folder>]"
if [ "$app" = shell ]; then
  link="$root/shell" target_prefix="releases/shell" build="$here/../apps/shell/dist"
else
  # A failing remote-names.sh has already said why.
  remotes=$(sh "$here/nginx/remote-names.sh") || exit 1
  printf '%s\n' "$remotes" | grep -qxF -- "$app" ||
    fail "unknown front end: $app (shell or a remote: $(printf '%s\n' "$remotes" | paste -sd ' ' -))"
  link="$root/remotes/$app" target_prefix="../releases/$app" build="$here/../apps/$app-mfe/dist"
fi
releases="$root/releases/$app"

case "$command" in
  publish)
    release=${4:?a release name, such as the version tag}
    from=${5:-$build}
    [ -f "$from/index.html" ] || [ -f "$from/mf-manifest.json" ] || fail "$from is not a build of $app (npm run build)"
    [ ! -e "$releases/$release" ] || fail "$releases/$release exists: a release is never changed, publish another name"
    mkdir -p "$releases"
    # Copied beside, then renamed: a half-copied release is never visible.
    rm -rf "$releases/.$release.partial"
    cp -R "$from" "$releases/.$release.partial"
    # The shell's remotes.json is the operator's (WEB_ROOT/remotes.json), not the build's.
    rm -f "$releases/.$release.partial/remotes.json"
    mv "$releases/.$release.partial" "$releases/$release"
    echo "published $app $release in $releases/$release"
    ;;
  activate)
    release=${4:?the release to activate}
    [ -d "$releases/$release" ] || fail "no release $release of $app in $releases"
    mkdir -p "$(dirname "$link")"
    previous=$(readlink "$link" 2>/dev/null || true)
    ln -sfn "$target_prefix/$release" "$link.next"
    mv -T "$link.next" "$link"
    echo "$app now serves $release${previous:+ (was ${previous##*/})}"
    ;;
  list)
    current=$(readlink "$link" 2>/dev/null || true)
    for folder in "$releases"/*/; do
      [ -d "$folder" ] || continue
      name=$(basename "$folder")
      if [ "${current##*/}" = "$name" ]; then echo "* $name"; else echo "  $name"; fi
    done
    ;;
  *) fail "unknown command: $command (publish, activate or list)" ;;
esac
