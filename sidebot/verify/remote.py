"""The verifier on another machine: a :class:`Scorer` that sends citations to a ``sidebot serve-verifier``
KServe model server (v1 protocol, :mod:`sidebot.verify.wire`) instead of loading the model.

Used when ``[verify] endpoint`` is set. A server that is down, too slow, or answers anything but a verdict per
citation raises :class:`VerifierUnavailableError`: the patrol leaves those citations for its next run.
"""

from __future__ import annotations

from collections.abc import Sequence

import httpx

from sidebot.sources.passages import Passage
from sidebot.verify.types import Claim, Verdict
from sidebot.verify.wire import MODEL_NAME, Answer, WireError, decode_answer, encode_instances


class VerifierUnavailableError(RuntimeError):
    """The verifier server gave no usable verdicts now (down, timed out, or answered garbage); the same
    citations can be sent again later."""


class RemoteVerifier:
    """Verdicts from a verifier server. ``name`` and ``flag_threshold`` are the served verifier's, asked once
    when connecting, so findings are filed under the same scorer name as in-process verdicts; an answer from
    another verifier (the server restarted with new weights) is refused rather than mixed in."""

    def __init__(self, endpoint: str, timeout: float = 120.0) -> None:
        self.endpoint = endpoint.rstrip("/")
        self._client = httpx.Client(base_url=self.endpoint, timeout=timeout)
        try:
            described = self._ask([])  # no citations: the server only says which verifier it runs
        except VerifierUnavailableError:
            self._client.close()
            raise
        self.name = described.scorer
        self.flag_threshold = described.flag_threshold

    def verify(self, claim: Claim, passages: Sequence[Passage], url: str = "") -> Verdict:
        return self.verify_many([(claim, passages)], [url])[0]

    def verify_many(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
    ) -> list[Verdict]:
        if not items:
            return []
        answer = self._ask(encode_instances(items, urls))
        if answer.scorer != self.name:
            raise self._error(f"now serves {answer.scorer}, not {self.name} (restart this process)")
        if len(answer.predictions) != len(items):
            raise self._error(f"answered {len(answer.predictions)} verdicts for {len(items)} citations")
        return answer.predictions

    def close(self) -> None:
        self._client.close()

    def _ask(self, instances: list) -> Answer:
        try:
            response = self._client.post(f"/v1/models/{MODEL_NAME}:predict", json={"instances": instances})
        except httpx.TimeoutException as exc:
            raise self._error(f"did not answer within {self._client.timeout.read:g} s") from exc
        except httpx.HTTPError as exc:
            raise self._error(f"is unreachable: {type(exc).__name__}: {exc}") from exc
        if response.status_code != 200:
            raise self._error(f"answered HTTP {response.status_code}: {response.text[:200]!r}")
        try:
            return decode_answer(response.json())
        except ValueError as exc:  # not JSON (JSONDecodeError), or WireError: not a verifier answer
            what = exc if isinstance(exc, WireError) else f"a body that is not JSON: {response.text[:200]!r}"
            raise self._error(f"answered {what}") from exc

    def _error(self, what: str) -> VerifierUnavailableError:
        return VerifierUnavailableError(f"verifier server {self.endpoint} {what}")
