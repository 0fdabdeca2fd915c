#!/bin/sh
# PsicoCampus's database and its two roles (deploy/README.md, "The database"):
#
#   psicocampus_owner  owns the database and its schema; `npm run migrate`
#                      connects as it, applies the migrations and grants
#                      the server's role its privileges.
#   psicocampus_app    the role the server processes run as: it reads and
#                      writes rows, and cannot alter, delete or truncate the
#                      audit log, nor create or alter any table.
#
# Run once, as a PostgreSQL superuser, before the first `npm run migrate`.
# compose.yaml mounts it in the db container's /docker-entrypoint-initdb.d/,
# where it runs when the volume is first created; `npm run e2e:deploy` runs
# it against the test's PostgreSQL server. The passwords come from the
# environment, never from the command line (where `ps` would show them):
#
#   PSICOCAMPUS_OWNER_PASSWORD=… PSICOCAMPUS_APP_PASSWORD=… sh create-roles.sh
#
# PSICOCAMPUS_DB_NAME, PSICOCAMPUS_OWNER_ROLE and PSICOCAMPUS_APP_ROLE change
# the names (lower-case letters, digits and _); psql connects with its usual
# PGHOST, PGPORT and PGUSER (by default as the operating system's user).

# A subshell: the image's entrypoint sources a script that is not executable,
# and these settings must not leak into it.
(
  set -eu
  : "${PSICOCAMPUS_OWNER_PASSWORD:?the password of the schema owner role}"
  : "${PSICOCAMPUS_APP_PASSWORD:?the password of the server role}"
  db=${PSICOCAMPUS_DB_NAME:-psicocampus}
  owner=${PSICOCAMPUS_OWNER_ROLE:-psicocampus_owner}
  app=${PSICOCAMPUS_APP_ROLE:-psicocampus_app}
  for name in "$db" "$owner" "$app"; do
    case $name in
      *[!a-z0-9_]* | [0-9]* | '') echo "create-roles.sh: not a plain lower-case name: $name" >&2; exit 1 ;;
    esac
  done
  if [ "$owner" = "$app" ]; then
    echo 'create-roles.sh: the owner and the server role must be two roles' >&2
    exit 1
  fi

  # PostgreSQL 15's "public" schema belongs to the database's owner and gives
  # PUBLIC no CREATE; `npm run migrate` revokes the rest (TEMPORARY, and
  # CREATE on older servers) when it grants the server's role.
  psql -v ON_ERROR_STOP=1 --no-psqlrc --quiet --dbname postgres \
    ${POSTGRES_USER:+--username "$POSTGRES_USER"} \
    -v db="$db" -v owner="$owner" -v app="$app" \
    -v owner_password="$PSICOCAMPUS_OWNER_PASSWORD" \
    -v app_password="$PSICOCAMPUS_APP_PASSWORD" <<'SQL'
CREATE ROLE :"owner" LOGIN PASSWORD :'owner_password';
CREATE ROLE :"app" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'app_password';
CREATE DATABASE :"db" OWNER :"owner";
SQL
  echo "create-roles.sh: database $db owned by $owner; the server's role is $app"
)
