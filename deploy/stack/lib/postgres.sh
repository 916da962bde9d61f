# shellcheck shell=bash
# PostgreSQL: the machine's own server (a system service). We may start it, but we
# never stop it: `down` leaves system services alone.

PGHOST=${PGHOST:-127.0.0.1}
PGPORT=${PGPORT:-5432}
PG_DATABASES=(docket docket_test)

pg_address() {
  printf '%s:%s\n' "$PGHOST" "$PGPORT"
}

# PGHOST may be a socket directory (libpq allows it); then look for the socket file.
pg_answers() {
  if [[ $PGHOST == /* ]]; then
    [[ -S $PGHOST/.s.PGSQL.$PGPORT ]]
  else
    port_open "$PGHOST" "$PGPORT"
  fi
}

pg_is_local() {
  [[ $PGHOST == 127.0.0.1 || $PGHOST == localhost || $PGHOST == ::1 || $PGHOST == /* ]]
}

# Database setup needs a superuser (CREATE EXTENSION); on this machine trust auth as
# postgres gives one. -X ignores a user's ~/.psqlrc so output stays parseable.
pg_psql() {
  psql -h "$PGHOST" -p "$PGPORT" -U postgres -X -q -v ON_ERROR_STOP=1 "$@"
}

# Starts the installed Debian cluster (newest version if several) via pg_ctlcluster;
# --skip-systemctl-redirect because there is no systemd in containers/CI.
pg_start_system_server() {
  local version
  pg_is_local || die "PostgreSQL does not answer on $(pg_address) (a remote host; start it there)"
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [[ ! -d /etc/postgresql ]]; then
    die "PostgreSQL is not running on $(pg_address) and not installed: apt-get install -y postgresql"
  fi
  version=$(find /etc/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n 1)
  [[ -n $version ]] || die "PostgreSQL is installed but has no cluster in /etc/postgresql: pg_createcluster --start 15 main"
  log "PostgreSQL is down; starting cluster $version/main"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start ||
    die "could not start PostgreSQL $version/main (see /var/log/postgresql/postgresql-$version-main.log)"
  wait_for "PostgreSQL on $(pg_address)" 30 "" pg_answers ||
    die "PostgreSQL $version/main started but does not answer on $(pg_address)"
  set_origin postgres started
  STARTED+=("postgres(system service)")
}

pg_check_login() {
  local err
  command -v psql >/dev/null 2>&1 || die "psql not found: apt-get install -y postgresql-client"
  err=$(pg_psql -d postgres -Atc 'select 1' 2>&1 >/dev/null) && return 0
  err=${err%%$'\n'*}
  case $err in
    *password* | *authentication*)
      die "PostgreSQL on $(pg_address) refuses user postgres without a password ($err); allow trust for 127.0.0.1 in pg_hba.conf or set PGPASSWORD" ;;
    *) die "cannot use PostgreSQL on $(pg_address) as user postgres: $err" ;;
  esac
}

# CREATE DATABASE has no IF NOT EXISTS; look first. The re-check after a failed
# CREATE covers someone else creating it in between.
pg_ensure_database() {
  local db=$1 exists
  exists=$(pg_psql -d postgres -Atc "select 1 from pg_database where datname = '$db'")
  if [[ $exists != 1 ]]; then
    log "creating database $db"
    if ! pg_psql -d postgres -c "create database \"$db\""; then
      exists=$(pg_psql -d postgres -Atc "select 1 from pg_database where datname = '$db'")
      [[ $exists == 1 ]] || die "could not create database $db on $(pg_address)"
    fi
  fi
  # Trigram indexes back item search; the extension lives per database.
  pg_psql -d "$db" -c 'set client_min_messages = warning; create extension if not exists pg_trgm' ||
    die "could not create extension pg_trgm in $db (needs superuser and the postgresql-contrib files)"
}

postgres_up() {
  set_origin postgres external
  pg_answers || pg_start_system_server
  pg_check_login
  local db
  for db in "${PG_DATABASES[@]}"; do
    pg_ensure_database "$db"
  done
}

postgres_status() {
  if pg_answers; then
    log "postgres  up    system service  $(pg_address)  databases: ${PG_DATABASES[*]}"
  else
    log "postgres  down  $(pg_address)"
    return 1
  fi
}
