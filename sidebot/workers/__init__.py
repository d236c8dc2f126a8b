"""Scale-out: page jobs on a PostgreSQL task queue, the worker processes that take them, dump backfills."""
