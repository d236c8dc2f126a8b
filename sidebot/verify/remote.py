"""The verifier on another machine: a :class:`Scorer` that sends citations to a ``sidebot serve-verifier``
KServe model server instead of loading the model, in one of its protocols (``[verify] protocol``):

- ``v1``: KServe's v1 REST protocol (:mod:`sidebot.verify.wire`), ``endpoint`` ``http://host:8080``;
- ``v2``: the Open Inference Protocol over REST (:mod:`sidebot.verify.open_inference`), same endpoint;
- ``grpc``: the Open Inference Protocol over gRPC, ``endpoint`` ``host:8081`` (Triton's client library,
  ``tritonclient.grpc``: its messages and KServe's share protobuf names, so this process must not import the
  server, :mod:`sidebot.serving.verifier_server`).

Used when ``[verify] endpoint`` is set; a server beyond loopback wants its bearer token (``[verify]
token_file`` or ``$SIDEBOT_VERIFIER_TOKEN``), sent as ``Authorization: Bearer`` on REST and as the same
metadata on gRPC. A server that is down, too slow, or answers anything but a verdict per
citation raises :class:`VerifierUnavailableError`: the patrol leaves those citations for its next run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

import httpx

import sidebot.verify.open_inference as oip
from sidebot.records import Claim, Passage, Verdict
from sidebot.verify.bands import Bands
from sidebot.verify.wire import MODEL_NAME, Answer, WireError, decode_answer, encode_instances

if TYPE_CHECKING:
    from sidebot.config import VerifySettings

Protocol = Literal["v1", "v2", "grpc"]


class VerifierUnavailableError(RuntimeError):
    """The verifier server gave no usable verdicts now (down, timed out, or answered garbage); the same
    citations can be sent again later."""


class RemoteVerifier:
    """Verdicts from a verifier server. ``name`` and ``flag_threshold`` are the served verifier's, asked once
    when connecting, so findings are filed under the same scorer name as in-process verdicts; an answer from
    another verifier (the server restarted with new weights) is refused rather than mixed in."""

    def __init__(
        self, endpoint: str, timeout: float = 120.0, protocol: Protocol = "v1", token: str | None = None
    ) -> None:
        self.endpoint = endpoint.rstrip("/")
        self.protocol = protocol
        self.timeout = timeout
        self._auth = {"authorization": f"Bearer {token}"} if token else {}
        if protocol == "grpc":
            self._client: Any = _grpc_client(self.endpoint.removeprefix("grpc://"))
        else:
            self._client = httpx.Client(base_url=self.endpoint, timeout=timeout, headers=self._auth)
        try:
            described = self._ask([])  # no citations: the server only says which verifier it runs
        except VerifierUnavailableError:
            self._client.close()
            raise
        self.name = described.scorer
        self.calibrated = True
        self.flag_threshold = described.flag_threshold
        self.bands = Bands(min(described.very_likely_below, self.flag_threshold), self.flag_threshold)

    @classmethod
    def configured(cls, verify: VerifySettings) -> RemoteVerifier:
        """The client ``[verify]`` describes: endpoint, timeout, protocol and token."""
        return cls(verify.endpoint, verify.endpoint_timeout, verify.protocol, verify.token())

    def verify(self, claim: Claim, passages: Sequence[Passage], url: str = "") -> Verdict:
        """The server's verdict on one citation."""
        return self.verify_many([(claim, passages)], [url])[0]

    def verify_many(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
    ) -> list[Verdict]:
        """The server's verdicts on ``items``, in order, in one request; VerifierUnavailableError when the
        server fails, answers another verifier than the one this client started with, or the wrong number of
        verdicts."""
        if not items:
            return []
        answer = self._ask(items, urls)
        if answer.scorer != self.name:
            raise self._error(f"now serves {answer.scorer}, not {self.name} (restart this process)")
        if len(answer.predictions) != len(items):
            raise self._error(f"answered {len(answer.predictions)} verdicts for {len(items)} citations")
        return answer.predictions

    def close(self) -> None:
        """Close the HTTP client or gRPC channel to the server; the verifier cannot be used after."""
        self._client.close()

    def _ask(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
    ) -> Answer:
        if self.protocol == "grpc":
            return self._ask_grpc(oip.citation_elements(items, urls))
        if self.protocol == "v2":
            return self._ask_rest(
                f"/v2/models/{MODEL_NAME}/infer", _v2_request(oip.citation_elements(items, urls)), _v2_answer
            )
        return self._ask_rest(
            f"/v1/models/{MODEL_NAME}:predict", {"instances": encode_instances(items, urls)}, decode_answer
        )

    def _ask_rest(self, path: str, body: dict[str, Any], decode: Callable[[object], Answer]) -> Answer:
        try:
            response = self._client.post(path, json=body)
        except httpx.TimeoutException as exc:
            raise self._error(f"did not answer within {self._client.timeout.read:g} s") from exc
        except httpx.HTTPError as exc:
            raise self._error(f"is unreachable: {type(exc).__name__}: {exc}") from exc
        if response.status_code != 200:
            raise self._error(f"answered HTTP {response.status_code}: {response.text[:200]!r}")
        try:
            return decode(response.json())
        except ValueError as exc:  # not JSON (JSONDecodeError), or WireError: not a verifier answer
            what = exc if isinstance(exc, WireError) else f"a body that is not JSON: {response.text[:200]!r}"
            raise self._error(f"answered {what}") from exc

    def _ask_grpc(self, elements: list[str]) -> Answer:
        import numpy as np
        from tritonclient.grpc import InferInput, InferRequestedOutput
        from tritonclient.utils import InferenceServerException

        tensor = InferInput(oip.CITATION, [len(elements)], "BYTES")
        tensor.set_data_from_numpy(np.array([e.encode("utf-8") for e in elements], dtype=np.object_))
        try:
            result = self._client.infer(
                MODEL_NAME,
                [tensor],
                outputs=[InferRequestedOutput(name) for name in _wanted(elements)],
                client_timeout=self.timeout,
                headers=self._auth,
            )
        except InferenceServerException as exc:
            if "Deadline" in str(exc.status()):
                raise self._error(f"did not answer within {self.timeout:g} s") from exc
            raise self._error(f"answered {exc.status()}: {exc.message()}") from exc
        try:
            verdicts, scorer, threshold, very_likely = (
                result.as_numpy(n)
                for n in (oip.VERDICT, oip.SCORER, oip.FLAG_THRESHOLD, oip.VERY_LIKELY_BELOW)
            )
            if scorer is None or threshold is None:
                raise WireError("an answer without the scorer and flag_threshold outputs")
            found = [] if verdicts is None else list(verdicts.ravel())  # no citations: no verdict tensor
            below = 0.0 if very_likely is None else float(very_likely.ravel()[0])
            return oip.read_answer(found, scorer.ravel()[0], float(threshold.ravel()[0]), below)
        except (WireError, ValueError, IndexError) as exc:
            raise self._error(f"answered {exc}") from exc

    def _error(self, what: str) -> VerifierUnavailableError:
        return VerifierUnavailableError(f"verifier server {self.endpoint} ({self.protocol}) {what}")


def _v2_request(elements: list[str]) -> dict[str, Any]:
    return {
        "inputs": [{"name": oip.CITATION, "shape": [len(elements)], "datatype": "BYTES", "data": elements}],
        "outputs": [{"name": name} for name in _wanted(elements)],
    }


def _v2_answer(body: object) -> Answer:
    """The answer in an Open Inference Protocol REST response (JSON outputs)."""
    if not isinstance(body, dict) or not isinstance(body.get("outputs"), list):
        raise WireError("not an inference response: no list of outputs")
    outputs = {o.get("name"): o.get("data") for o in body["outputs"] if isinstance(o, dict)}
    verdicts, scorer, threshold, very_likely = (
        outputs.get(n) for n in (oip.VERDICT, oip.SCORER, oip.FLAG_THRESHOLD, oip.VERY_LIKELY_BELOW)
    )
    verdicts = [] if verdicts is None else verdicts  # no citations: no verdict tensor (the count is checked)
    if not isinstance(verdicts, list) or not isinstance(scorer, list) or not isinstance(threshold, list):
        raise WireError("an inference response without the verdict, scorer and flag_threshold outputs")
    if not scorer or not threshold:
        raise WireError("an inference response with an empty scorer or flag_threshold output")
    below = very_likely[0] if isinstance(very_likely, list) and very_likely else 0.0
    return oip.read_answer(verdicts, scorer[0], threshold[0], below)


def _wanted(elements: list[str]) -> list[str]:
    """The outputs to ask for: all, or, for no citations (the server says which verifier it runs), the
    describing outputs alone (an empty tensor cannot be sent)."""
    return oip.OUTPUT_NAMES if elements else oip.DESCRIBING


def _grpc_client(url: str):  # -> tritonclient.grpc.InferenceServerClient (imported only for this protocol)
    from tritonclient.grpc import InferenceServerClient

    return InferenceServerClient(url)
