"""What travels between the verifier server (``sidebot serve-verifier``) and its clients, as KServe v1
protocol JSON: ``{"instances": [...]}`` in, ``{"predictions": [...]}`` out.

One instance is one citation as the in-process verifier takes it (the claim, the source's passages, its URL);
one prediction is the whole :class:`Verdict` the server's verifier gave it. The server runs the same
``verify_many`` as a patrol would in process, so a verdict is the same object on both sides: floats keep
every bit (JSON numbers in shortest round-trip form; NaN and infinities as the strings "NaN", "Infinity",
"-Infinity", which plain JSON cannot carry) and ``None`` stays distinct from NaN.

Both directions are checked with pydantic against the dataclasses themselves, so a request or answer of the
wrong shape is a clear :class:`WireError`, never a half-read verdict.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ConfigDict, TypeAdapter, ValidationError

from sidebot.records import Claim, Passage, Verdict

MODEL_NAME = "verifier"  # the KServe model name: POST /v1/models/verifier:predict


class WireError(ValueError):
    """A request or an answer does not have the shape of the verifier protocol."""


@dataclass(frozen=True, slots=True)
class Instance:
    """One citation to verify: what ``Scorer.verify`` takes."""

    claim: Claim
    passages: list[Passage] = field(default_factory=list)
    url: str = ""


@dataclass(frozen=True, slots=True)
class Answer:
    """A server's answer: the verdicts in request order, the verifier's name (its weights and scoring
    revision), its flag threshold (the "may fail" band's line) and its "very likely fails" line (0: none;
    sidebot.verify.bands)."""

    predictions: list[Verdict]
    scorer: str
    flag_threshold: float
    very_likely_below: float = 0.0

    __pydantic_config__ = ConfigDict(ser_json_inf_nan="strings")


_INSTANCES: TypeAdapter[list[Instance]] = TypeAdapter(list[Instance])
_ANSWER: TypeAdapter[Answer] = TypeAdapter(Answer)


def encode_instances(
    items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
) -> list[Any]:
    """The citations as the JSON instances of a request (``urls`` default to empty)."""
    urls = urls if urls is not None else [""] * len(items)
    instances = [Instance(claim, list(passages), url) for (claim, passages), url in zip(items, urls)]
    return json.loads(_INSTANCES.dump_json(instances))


def decode_instances(raw: object) -> list[Instance]:
    """The citations of a request's instances; WireError, with the first problems in words, when they are not
    citations."""
    try:
        return _INSTANCES.validate_python(raw)
    except ValidationError as exc:
        raise WireError(f"not a list of citations: {_summary(exc)}") from exc


def encode_answer(answer: Answer) -> dict[str, Any]:
    """The answer as plain JSON values (non-finite floats as strings), ready for any JSON encoder."""
    return json.loads(_ANSWER.dump_json(answer))


def decode_answer(raw: object) -> Answer:
    """The answer in a server's JSON; WireError, with the first problems in words, when it is not one."""
    try:
        return _ANSWER.validate_python(raw)
    except ValidationError as exc:
        raise WireError(f"not a verifier answer: {_summary(exc)}") from exc


def _summary(exc: ValidationError, shown: int = 3) -> str:
    """The first few problems of a validation error on one line."""
    problems = [
        f"{'.'.join(str(p) for p in e['loc']) or 'the body'}: {e['msg']}" for e in exc.errors()[:shown]
    ]
    more = exc.error_count() - len(problems)
    return "; ".join(problems) + (f" (and {more} more)" if more > 0 else "")
