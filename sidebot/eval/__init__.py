"""Evaluations: the verifier on WiCE (:mod:`~sidebot.eval.verify`, metrics in
:mod:`sidebot.eval.metrics`), retrieval (:mod:`~sidebot.eval.retrieve`, tuning in
:mod:`~sidebot.eval.retrieve_tune`), extraction, sources and suggestions. A tool beside the bot: the runtime
packages never import it; the speed benchmarks are in :mod:`sidebot.bench`."""
