#!/bin/sh
# The replica: on first start, a copy of the primary (pg_basebackup -R writes the standby settings), then
# PostgreSQL as a hot standby streaming from it. Read-only; the app falls back to the primary without it.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_basebackup --host=postgres --username=replicator --pgdata="$PGDATA" --wal-method=stream --write-recovery-conf; do
    echo "Waiting for the primary..."
    rm -rf "${PGDATA:?}"/*
    sleep 2
  done
  chmod 0700 "$PGDATA"
fi
exec postgres -c hot_standby=on
