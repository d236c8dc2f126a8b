"""The verifier as a KServe model server (``sidebot serve-verifier``): one machine with the model, many
patrols and workers sending it citations (:class:`sidebot.verify.remote.RemoteVerifier`).

KServe's Python runtime gives the HTTP and gRPC servers, the v1 and v2 protocol routes, health and readiness,
and the Prometheus ``/metrics`` route; this module gives it the verifier. Both protocols carry the same
citations and verdicts (:mod:`sidebot.verify.wire`):

- v1: ``POST /v1/models/verifier:predict`` with ``{"instances": [citation, ...]}``;
- v2, the Open Inference Protocol (:mod:`sidebot.verify.open_inference`): ``GET /v2/models/verifier`` names
  the typed inputs and outputs, ``POST /v2/models/verifier/infer`` and the gRPC
  ``inference.GRPCInferenceService/ModelInfer`` take a BYTES tensor of citations.

The citations of concurrent requests, whichever protocol they came by, are verified in shared model calls
(:mod:`sidebot.serving.batcher`); ``/metrics`` shows the batch sizes (``sidebot_verifier_batch_citations``,
``sidebot_verifier_batch_requests``).

KServe's gRPC messages and those of Triton's client (``tritonclient.grpc``, which
:class:`sidebot.verify.remote.RemoteVerifier` uses) are both named ``inference.*`` in protobuf's default
registry: one process can hold only one of them, so the server never imports a client and a client never
imports this module.
"""

from __future__ import annotations

import sys
import uuid
from typing import Any

import numpy as np
from prometheus_client import Counter, Histogram

from sidebot.serving.batcher import MicroBatcher
from sidebot.verify import open_inference as oip
from sidebot.verify.types import Scorer, Verdict
from sidebot.verify.wire import MODEL_NAME, Answer, Instance, WireError, decode_instances, encode_answer

# KServe parses the command line when it is imported (kserve.model_server calls parse_known_args() at module
# level), and argparse's prefix matching reads sidebot's own `--config FILE` as its `--configure_logging`
# and exits: it must not see sidebot's arguments.
_argv, sys.argv = sys.argv, sys.argv[:1]
try:
    from kserve import InferOutput, InferRequest, InferResponse, Model, ModelServer
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
        bands = getattr(scorer, "bands", None)
        self.very_likely_below = float(bands.very_likely_fails) if bands else 0.0
        self.batcher: MicroBatcher[Instance, Verdict] = MicroBatcher(
            self._verify, max_batch=max_batch, max_wait=max_wait, on_batch=_count_batch
        )
        self.ready = True  # the scorer is loaded before the model is made

    def _verify(self, instances: list[Instance]) -> list[Verdict]:
        return self.scorer.verify_many(
            [(i.claim, i.passages) for i in instances], urls=[i.url for i in instances]
        )

    def get_input_types(self) -> list[dict[str, Any]]:
        return oip.INPUTS

    def get_output_types(self) -> list[dict[str, Any]]:
        return oip.OUTPUTS

    async def predict(self, payload: Any, headers: dict[str, str] | None = None) -> Any:
        if isinstance(payload, InferRequest):
            return await self._infer(payload)
        if not isinstance(payload, dict) or not isinstance(payload.get("instances"), list):
            raise InvalidInput('expected a JSON object {"instances": [citation, ...]} (KServe v1 protocol)')
        try:
            instances = decode_instances(payload["instances"])
        except WireError as exc:
            raise InvalidInput(str(exc)) from exc
        return encode_answer(await self._answer(instances))

    async def _answer(self, instances: list[Instance]) -> Answer:
        verdicts = await self.batcher.submit(instances)
        return Answer(verdicts, self.scorer.name, self.flag_threshold, self.very_likely_below)

    async def _infer(self, request: InferRequest) -> InferResponse:
        """An Open Inference Protocol request (REST or gRPC): the ``citation`` tensor in, every output out."""
        tensor = request.get_input_by_name(oip.CITATION)
        if tensor is None or tensor.datatype != "BYTES":
            raise InvalidInput(
                f"expected a BYTES input tensor named {oip.CITATION!r}, one citation per element"
            )
        try:
            elements = [e.decode("utf-8") if isinstance(e, bytes) else e for e in tensor.as_numpy().ravel()]
            instances = oip.read_citations(elements)
        except (WireError, UnicodeDecodeError, ValueError) as exc:
            raise InvalidInput(str(exc)) from exc
        tensors = oip.answer_tensors(await self._answer(instances))
        outputs = []
        for spec in oip.OUTPUTS:
            values = tensors[spec["name"]]
            if (
                not values
            ):  # no citations: KServe cannot send an empty tensor; the answer is scorer and threshold
                continue
            dtype = object if spec["datatype"] == "BYTES" else np.float64
            output = InferOutput(spec["name"], [len(values)], spec["datatype"])
            output.set_data_from_numpy(np.array(values, dtype=dtype), binary_data=False)
            outputs.append(output)
        sent = {o.name for o in outputs}
        requested = [o for o in request.request_outputs or [] if o.name in sent]
        return InferResponse(
            request.id or str(uuid.uuid4()),
            self.name,
            outputs,
            use_binary_outputs=request.use_binary_outputs,
            requested_outputs=requested or None,
        )


def serve(
    scorer: Scorer, port: int, grpc_port: int = 8081, max_batch: int = 64, max_wait: float = 0.002
) -> None:
    """Serve ``scorer`` on ``port`` (REST: v1 and v2) and ``grpc_port`` (gRPC v2) until SIGINT/SIGTERM
    (KServe's runtime listens on every interface, as in a pod: keep the ports on a private network)."""
    model = VerifierModel(scorer, max_batch=max_batch, max_wait=max_wait)
    ModelServer(http_port=port, grpc_port=grpc_port, enable_grpc=True, workers=1).start([model])
