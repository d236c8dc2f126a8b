"""Evaluations and benchmarks: retrieval (:mod:`~sidebot.eval.retrieve`, tuning in
:mod:`~sidebot.eval.retrieve_tune`), and the speed benchmarks of the verifier, the indexes and the web UI
(``*_bench``). The verifier's WiCE metrics are in :mod:`sidebot.verify.metrics`."""
