"""Evaluations and benchmarks: the verifier on WiCE (:mod:`~sidebot.eval.verify`, metrics in
:mod:`sidebot.verify.metrics`), retrieval (:mod:`~sidebot.eval.retrieve`, tuning in
:mod:`~sidebot.eval.retrieve_tune`), and the speed benchmarks of the verifier, the indexes and the web UI
(``*_bench``)."""
