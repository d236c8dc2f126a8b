"""The verifier as a KServe model server (``sidebot serve-verifier``): one machine with the model, many
patrols and workers sending it citations (:class:`sidebot.verify.remote.RemoteVerifier`).

KServe's Python runtime gives the HTTP and gRPC servers, the v1 and v2 protocol routes, health and readiness,
and the Prometheus ``/metrics`` route; this module gives it the verifier. Both protocols carry the same
citations and verdicts (:mod:`sidebot.verify.wire`):

- v1: ``POST /v1/models/verifier:predict`` with ``{"instances": [citation, ...]}``;
- v2, the Open Inference Protocol (:mod:`sidebot.verify.open_inference`): ``GET /v2/models/verifier`` names
  the typed inputs and outputs, ``POST /v2/models/verifier/infer`` and the gRPC
  ``inference.GRPCInferenceService/ModelInfer`` take a BYTES tensor of citations.

The citations of concurrent requests, whichever protocol they came by, are verified in shared model calls,
a big request's in slices taken in turn with the others' (:mod:`sidebot.serving.batcher`); ``/metrics`` shows
the batch sizes (``sidebot_verifier_batch_citations``, ``sidebot_verifier_batch_requests``).

Both servers listen on ``host`` only (127.0.0.1 unless told); beyond loopback they need a bearer token, and
every request is capped in citations, bytes and time (:mod:`sidebot.serving.limits`). Malformed requests are
refused with a 4xx and the reason before KServe parses them (:mod:`sidebot.serving.rest_guard`) and again by
the model, which checks the citation tensor whichever way it came (REST JSON, REST binary, gRPC).

KServe's gRPC messages and those of Triton's client (``tritonclient.grpc``, which
:class:`sidebot.verify.remote.RemoteVerifier` uses) are both named ``inference.*`` in protobuf's default
registry: one process can hold only one of them, so the server never imports a client and a client never
imports this module.
"""

from __future__ import annotations

import asyncio
import sys
import uuid
from typing import Any

import numpy as np
from prometheus_client import Counter, Histogram

from sidebot.records import Verdict
from sidebot.serving.batcher import MicroBatcher
from sidebot.serving.grpc_guard import GrpcGuard, receive_limit
from sidebot.serving.limits import Limits, over_budget, too_many_citations
from sidebot.serving.rest_guard import RestGuard
from sidebot.verify import open_inference as oip
from sidebot.verify.types import Scorer
from sidebot.verify.wire import MODEL_NAME, Answer, Instance, WireError, decode_instances, encode_answer

# KServe parses the command line when it is imported (kserve.model_server calls parse_known_args() at module
# level), and argparse's prefix matching reads sidebot's own `--config FILE` as its `--configure_logging`
# and exits: it must not see sidebot's arguments.
_argv, sys.argv = sys.argv, sys.argv[:1]
try:
    from fastapi.responses import JSONResponse
    from grpc import StatusCode, aio
    from grpc_interceptor.exceptions import GrpcException
    from kserve import InferOutput, InferRequest, InferResponse, Model, ModelServer
    from kserve.constants.constants import FASTAPI_APP_IMPORT_STRING
    from kserve.errors import InvalidInput
    from kserve.model_server import app
    from kserve.protocol.grpc import grpc_predict_v2_pb2_grpc
    from kserve.protocol.grpc.interceptors import ExceptionToStatusInterceptor, LoggingInterceptor
    from kserve.protocol.grpc.server import GRPCServer
    from kserve.protocol.grpc.servicer import InferenceServicer
    from kserve.protocol.rest.server import RESTServer
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


class RequestTooLarge(GrpcException):
    """More citations or bytes than the server takes in one request (REST 413, gRPC RESOURCE_EXHAUSTED)."""

    status_code = StatusCode.RESOURCE_EXHAUSTED


class OverBudget(GrpcException):
    """Its citations were not all verified within the per-request budget (REST 503, gRPC
    DEADLINE_EXCEEDED)."""

    status_code = StatusCode.DEADLINE_EXCEEDED


def _count_batch(requests: int, citations: int) -> None:
    BATCH_REQUESTS.observe(requests)
    BATCH_CITATIONS.observe(citations)
    CITATIONS.inc(citations)


class VerifierModel(Model):
    """The KServe model: each instance is a citation, each prediction its verdict by ``scorer``."""

    def __init__(
        self, scorer: Scorer, max_batch: int = 64, max_wait: float = 0.002, limits: Limits = Limits()
    ) -> None:
        super().__init__(MODEL_NAME)
        self.scorer = scorer
        self.limits = limits
        self.flag_threshold = float(scorer.flag_threshold)
        self.very_likely_below = float(scorer.bands.very_likely_fails) if scorer.bands else 0.0
        self.batcher: MicroBatcher[Instance, Verdict] = MicroBatcher(
            self._verify, max_batch=max_batch, max_wait=max_wait, on_batch=_count_batch
        )
        self.ready = True  # the scorer is loaded before the model is made

    def _verify(self, instances: list[Instance]) -> list[Verdict]:
        return self.scorer.verify_many(
            [(i.claim, i.passages) for i in instances], urls=[i.url for i in instances]
        )

    def get_input_types(self) -> list[dict[str, Any]]:
        """The Open Inference Protocol inputs the model takes (its metadata)."""
        return oip.INPUTS

    def get_output_types(self) -> list[dict[str, Any]]:
        """The Open Inference Protocol outputs the model gives (its metadata)."""
        return oip.OUTPUTS

    async def predict(self, payload: Any, headers: dict[str, str] | None = None) -> Any:
        """The verdicts for a KServe v1 ``{"instances": [...]}`` body or an Open Inference Protocol request,
        through the micro-batcher; InvalidInput for a body of the wrong shape or over the citation cap."""
        if isinstance(payload, InferRequest):
            return await self._infer(payload)
        if not isinstance(payload, dict) or not isinstance(payload.get("instances"), list):
            raise InvalidInput('expected a JSON object {"instances": [citation, ...]} (KServe v1 protocol)')
        self._check_count(len(payload["instances"]))
        try:
            instances = decode_instances(payload["instances"])
        except WireError as exc:
            raise InvalidInput(str(exc)) from exc
        return encode_answer(await self._answer(instances))

    def _check_count(self, count: int) -> None:
        if count > self.limits.max_citations:
            raise RequestTooLarge(too_many_citations(count, self.limits))

    async def _answer(self, instances: list[Instance]) -> Answer:
        try:
            verdicts = await asyncio.wait_for(self.batcher.submit(instances), self.limits.budget)
        except TimeoutError:
            raise OverBudget(over_budget(len(instances), self.limits)) from None
        return Answer(verdicts, self.scorer.name, self.flag_threshold, self.very_likely_below)

    async def _infer(self, request: InferRequest) -> InferResponse:
        """An Open Inference Protocol request (REST or gRPC): the ``citation`` tensor in, every output out."""
        if len(request.inputs) != 1 or request.inputs[0].name != oip.CITATION:
            raise InvalidInput(
                f"expected one BYTES input tensor named {oip.CITATION!r}, one citation per element"
            )
        tensor = request.inputs[0]
        unknown = [o.name for o in request.request_outputs or [] if o.name not in oip.OUTPUT_NAMES]
        if unknown:
            raise InvalidInput(
                f"unknown output {unknown[0]!r}: the outputs are {', '.join(oip.OUTPUT_NAMES)}"
            )
        try:
            # gRPC's raw_input_contents: KServe keeps them on the tensor with no public accessor
            texts = oip.citation_texts(tensor.datatype, tensor.shape, tensor.data, tensor._raw_data)
            self._check_count(len(texts))
            instances = oip.read_citations(texts)
        except WireError as exc:
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
    scorer: Scorer,
    port: int,
    grpc_port: int = 8081,
    host: str = "127.0.0.1",
    token: str | None = None,
    limits: Limits = Limits(),
    max_batch: int = 64,
    max_wait: float = 0.002,
) -> None:
    """Serve ``scorer`` on ``host``: ``port`` (REST: v1 and v2) and ``grpc_port`` (gRPC v2) until SIGINT or
    SIGTERM; every request but health and readiness needs ``token`` when one is given."""
    model = VerifierModel(scorer, max_batch=max_batch, max_wait=max_wait, limits=limits)
    server = _VerifierServer(host, token, limits, http_port=port, grpc_port=grpc_port, workers=1)
    server.start([model])


class _VerifierServer(ModelServer):
    """KServe's model server, one process, with both servers on ``host`` (KServe's own bind every
    interface) behind the token and the limits."""

    def __init__(self, host: str, token: str | None, limits: Limits, **kwargs: Any) -> None:
        super().__init__(enable_grpc=True, **kwargs)
        self.host, self.token, self.limits = host, token, limits

    def start(self, models: list[Model]) -> None:
        """KServe's ``start`` for one worker, with the host, the guards and the refusals' status codes."""
        self._register_and_check_atleast_one_model_is_ready(models)
        app.add_middleware(RestGuard, token=self.token, limits=self.limits)
        app.add_exception_handler(RequestTooLarge, _status_handler(413))
        app.add_exception_handler(OverBudget, _status_handler(503))
        self._rest_server = RESTServer(
            FASTAPI_APP_IMPORT_STRING,
            self.dataplane,
            self.model_repository_extension,
            self.http_port,
            access_log_format=self.access_log_format,
            workers=1,
            grace_period=self.grace_period,
            event_loop=self.event_loop,
            timeout_keep_alive=self.timeout_keep_alive,
        )
        self._rest_server.config.host = self.host
        self.servers.append(self._rest_server.start())
        self._grpc_server = _GuardedGrpcServer(
            self, self.grpc_port, self.dataplane, self.model_repository_extension, kwargs={}
        )
        self.servers.append(self._grpc_server.start(self.max_threads))
        self.setup_event_loop()
        self.register_signal_handler()
        asyncio.run(self._serve())


class _GuardedGrpcServer(GRPCServer):
    """KServe's gRPC server on the model server's host, with :class:`GrpcGuard` first."""

    def __init__(self, owner: _VerifierServer, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._owner = owner

    async def start(self, max_workers: int) -> None:
        from concurrent import futures

        owner = self._owner
        limit = receive_limit(owner.limits)
        self._server = aio.server(
            futures.ThreadPoolExecutor(max_workers=max_workers),
            interceptors=(
                GrpcGuard(owner.token, owner.limits),
                LoggingInterceptor(),
                ExceptionToStatusInterceptor(),
            ),
            options=[("grpc.max_send_message_length", limit), ("grpc.max_receive_message_length", limit)],
        )
        grpc_predict_v2_pb2_grpc.add_GRPCInferenceServiceServicer_to_server(
            InferenceServicer(self._data_plane, self._model_repository_extension), self._server
        )
        host = f"[{owner.host}]" if ":" in owner.host else owner.host
        if self._server.add_insecure_port(f"{host}:{self._port}") == 0:
            raise OSError(f"gRPC cannot listen on {host}:{self._port}")
        await self._server.start()
        await self._server.wait_for_termination()


def _status_handler(status: int):  # -> a FastAPI exception handler answering ``status`` with the reason
    async def handler(_request: Any, exc: Exception) -> JSONResponse:
        return JSONResponse(status_code=status, content={"error": getattr(exc, "details", str(exc))})

    return handler
