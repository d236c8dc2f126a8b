"""The verifier as a KServe model server (``sidebot serve-verifier``): one machine with the model, many
patrols and workers sending it citations (:class:`sidebot.verify.remote.RemoteVerifier`).

KServe's Python runtime gives the HTTP server, the v1 and v2 protocol routes, health and readiness, and the
Prometheus ``/metrics`` route; this module gives it the verifier. Requests use the v1 protocol
(:mod:`sidebot.verify.wire`): ``POST /v1/models/verifier:predict`` with ``{"instances": [citation, ...]}``.
The citations of concurrent requests are verified in shared model calls (:mod:`sidebot.serving.batcher`);
``/metrics`` shows the batch sizes (``sidebot_verifier_batch_citations``,
``sidebot_verifier_batch_requests``).
"""

from __future__ import annotations

import sys
from typing import Any

from prometheus_client import Counter, Histogram

from sidebot.serving.batcher import MicroBatcher
from sidebot.verify.types import Scorer, Verdict
from sidebot.verify.wire import MODEL_NAME, Answer, Instance, WireError, decode_instances, encode_answer

# KServe parses the command line when it is imported (kserve.model_server calls parse_known_args() at module
# level), and argparse's prefix matching reads sidebot's own `--config FILE` as its `--configure_logging`
# and exits: it must not see sidebot's arguments.
_argv, sys.argv = sys.argv, sys.argv[:1]
try:
    from kserve import Model, ModelServer
    from kserve.errors import InvalidInput
finally:
    sys.argv = _argv

_SIZES = (1, 2, 4, 8, 16, 32, 64, 128, 256)
BATCH_CITATIONS = Histogram(
    "sidebot_verifier_batch_citations", "Citations verified in one model call", buckets=_SIZES
)
BATCH_REQUESTS = Histogram(
    "sidebot_verifier_batch_requests", "Requests (callers) merged into one model call", buckets=_SIZES
)
CITATIONS = Counter("sidebot_verifier_citations", "Citations verified")


def _count_batch(requests: int, citations: int) -> None:
    BATCH_REQUESTS.observe(requests)
    BATCH_CITATIONS.observe(citations)
    CITATIONS.inc(citations)


class VerifierModel(Model):
    """The KServe model: each instance is a citation, each prediction its verdict by ``scorer``."""

    def __init__(self, scorer: Scorer, max_batch: int = 64, max_wait: float = 0.002) -> None:
        super().__init__(MODEL_NAME)
        self.scorer = scorer
        self.flag_threshold = float(getattr(scorer, "flag_threshold", 0.5))
        self.batcher: MicroBatcher[Instance, Verdict] = MicroBatcher(
            self._verify, max_batch=max_batch, max_wait=max_wait, on_batch=_count_batch
        )
        self.ready = True  # the scorer is loaded before the model is made

    def _verify(self, instances: list[Instance]) -> list[Verdict]:
        return self.scorer.verify_many(
            [(i.claim, i.passages) for i in instances], urls=[i.url for i in instances]
        )

    async def predict(self, payload: Any, headers: dict[str, str] | None = None) -> dict[str, Any]:
        if not isinstance(payload, dict) or not isinstance(payload.get("instances"), list):
            raise InvalidInput('expected a JSON object {"instances": [citation, ...]} (KServe v1 protocol)')
        try:
            instances = decode_instances(payload["instances"])
        except WireError as exc:
            raise InvalidInput(str(exc)) from exc
        verdicts = await self.batcher.submit(instances)
        return encode_answer(Answer(verdicts, self.scorer.name, self.flag_threshold))


def serve(scorer: Scorer, port: int, max_batch: int = 64, max_wait: float = 0.002) -> None:
    """Serve ``scorer`` on ``port`` until SIGINT/SIGTERM (KServe's runtime listens on every interface, as
    in a pod: keep the port on a private network)."""
    model = VerifierModel(scorer, max_batch=max_batch, max_wait=max_wait)
    ModelServer(http_port=port, enable_grpc=False, workers=1).start([model])
