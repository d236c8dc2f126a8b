"""Benchmarks (speed on this machine, not tests) and replays: the verifier in process and as a server, the
indexes, the web UI, the worker processes, a day of edits replayed against the sandbox wiki. A tool beside
the bot: the runtime packages never import it."""
