"""The verifier's tensors in the Open Inference Protocol (KServe's v2 protocol, which Triton and KServe's
clients speak), over REST (``POST /v2/models/verifier/infer``) and gRPC (``inference.GRPCInferenceService``).

A citation does not fit a numeric tensor, so each travels as one element of a BYTES tensor: the same JSON
object the v1 protocol sends as an instance, and each verdict comes back as the v1 protocol's prediction
(:mod:`sidebot.verify.wire` encodes and checks both, so a field added to a verdict travels with no change
here). The typed outputs beside it serve clients that want figures, not JSON:

=================  ========  =======  ==================================================================
tensor             datatype  shape    what
=================  ========  =======  ==================================================================
``citation`` (in)  BYTES     [-1]     one citation per element: {"claim", "passages", "url"} as JSON
``verdict``        BYTES     [-1]     the whole verdict per citation, as JSON
``probability``    FP64      [-1]     calibrated P(the source backs at least part of the claim); NaN if none
``every_part``     FP64      [-1]     calibrated P(the source backs every part of the claim); NaN if none
``scorer``         BYTES     [1]      the served verifier's name (weights and scoring revision)
``flag_threshold`` FP64      [1]      below this probability a citation is queued for review
``very_likely_below`` FP64   [1]      below this one it is in the "very likely fails" band (0: no band)
=================  ========  =======  ==================================================================
"""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Sequence
from typing import Any

from sidebot.records import Claim, Passage
from sidebot.verify.wire import (
    Answer,
    Instance,
    WireError,
    decode_answer,
    decode_instances,
    encode_answer,
    encode_instances,
)

CITATION, VERDICT, PROBABILITY, EVERY_PART, SCORER, FLAG_THRESHOLD, VERY_LIKELY_BELOW = (
    "citation",
    "verdict",
    "probability",
    "every_part",
    "scorer",
    "flag_threshold",
    "very_likely_below",
)
INPUTS: list[dict[str, Any]] = [{"name": CITATION, "datatype": "BYTES", "shape": [-1]}]
OUTPUTS: list[dict[str, Any]] = [
    {"name": VERDICT, "datatype": "BYTES", "shape": [-1]},
    {"name": PROBABILITY, "datatype": "FP64", "shape": [-1]},
    {"name": EVERY_PART, "datatype": "FP64", "shape": [-1]},
    {"name": SCORER, "datatype": "BYTES", "shape": [1]},
    {"name": FLAG_THRESHOLD, "datatype": "FP64", "shape": [1]},
    {"name": VERY_LIKELY_BELOW, "datatype": "FP64", "shape": [1]},
]
DESCRIBING = [SCORER, FLAG_THRESHOLD, VERY_LIKELY_BELOW]  # the outputs that say which verifier answers
OUTPUT_NAMES = [o["name"] for o in OUTPUTS]


def citation_elements(
    items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
) -> list[str]:
    """The ``citation`` tensor's elements for ``items`` (one JSON text per citation)."""
    return [_dumps(instance) for instance in encode_instances(items, urls)]


def read_citations(elements: Sequence[str | bytes]) -> list[Instance]:
    """The citations of a ``citation`` tensor; :class:`WireError` if an element is not one."""
    return decode_instances([_loads(element, f"{CITATION}[{i}]") for i, element in enumerate(elements)])


def citation_texts(datatype: object, shape: object, data: object, raw: bytes | None = None) -> list[str]:
    """The ``citation`` tensor's elements as text, checked as the protocol says: datatype BYTES, shape
    ``[N]`` for its N elements, each element a string (no nested lists) in UTF-8. ``data`` is the elements
    sent as JSON or protobuf contents, ``raw`` their binary form (REST's binary extension, gRPC's
    raw_input_contents) when sent so. :class:`WireError` says what is wrong."""
    if datatype != "BYTES":
        raise WireError(f"the {CITATION!r} tensor's datatype is {datatype!r}: it must be 'BYTES'")
    if raw is not None:
        elements: list[object] = list(split_bytes(raw))
    elif isinstance(data, list | tuple):
        elements = list(data)
    else:
        raise WireError(f"the {CITATION!r} tensor has no data")
    if not (
        isinstance(shape, list | tuple)
        and len(shape) == 1
        and type(shape[0]) is int
        and shape[0] == len(elements)
    ):
        raise WireError(
            f"the {CITATION!r} tensor's shape is {_brief(shape)} for {_elements(len(elements))}: it must be "
            f"[{len(elements)}] (one dimension, one citation per element)"
        )
    texts = []
    for i, element in enumerate(elements):
        if isinstance(element, bytes):
            try:
                element = element.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise WireError(
                    f"{CITATION}[{i}] is not UTF-8 text: {exc.reason} at byte {exc.start}"
                ) from exc
        if not isinstance(element, str):
            raise WireError(
                f"{CITATION}[{i}] is of type {type(element).__name__}, not a string: a {CITATION!r} tensor "
                f"is flat, one JSON text per element"
            )
        texts.append(element)
    return texts


def split_bytes(raw: bytes) -> list[bytes]:
    """The elements of a BYTES tensor in binary form: each a 4-byte little-endian length, then that many
    bytes, to the last byte (:class:`WireError` if the lengths do not add up)."""
    elements: list[bytes] = []
    at = 0
    while at < len(raw):
        if at + 4 > len(raw):
            raise WireError(
                f"the {CITATION!r} tensor's binary data ends inside the 4-byte length of element "
                f"{len(elements)}"
            )
        (length,) = struct.unpack_from("<I", raw, at)
        at += 4
        if length > len(raw) - at:
            raise WireError(
                f"element {len(elements)} of the {CITATION!r} tensor's binary data says {length} bytes, but "
                f"{len(raw) - at} are left"
            )
        elements.append(raw[at : at + length])
        at += length
    return elements


def answer_tensors(answer: Answer) -> dict[str, list]:
    """The output tensors' elements, by name, for a server's answer."""
    encoded = encode_answer(answer)
    return {
        VERDICT: [_dumps(prediction) for prediction in encoded["predictions"]],
        PROBABILITY: [_figure(v.probability) for v in answer.predictions],
        EVERY_PART: [_figure(v.every_part_probability) for v in answer.predictions],
        SCORER: [answer.scorer],
        FLAG_THRESHOLD: [float(answer.flag_threshold)],
        VERY_LIKELY_BELOW: [float(answer.very_likely_below)],
    }


def read_answer(
    verdicts: Sequence[str | bytes],
    scorer: str | bytes,
    flag_threshold: float,
    very_likely_below: float = 0.0,
) -> Answer:
    """A server's answer from its ``verdict``, ``scorer``, ``flag_threshold`` and ``very_likely_below``
    outputs (a server from before the bands sends no such output: no band); :class:`WireError` if they are
    not a verifier's."""
    raw = {
        "predictions": [_loads(v, f"{VERDICT}[{i}]") for i, v in enumerate(verdicts)],
        "scorer": scorer.decode("utf-8") if isinstance(scorer, bytes) else scorer,
        "flag_threshold": flag_threshold,
        "very_likely_below": very_likely_below,
    }
    return decode_answer(raw)


def _figure(value: float | None) -> float:
    return math.nan if value is None else float(value)


def _elements(count: int) -> str:
    return f"{count} element" if count == 1 else f"{count} elements"


def _brief(value: object, chars: int = 60) -> str:
    text = repr(list(value) if isinstance(value, tuple) else value)
    return text if len(text) <= chars else text[: chars - 1] + "…"


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _loads(element: str | bytes, where: str) -> Any:
    try:
        return json.loads(element)
    except (ValueError, TypeError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise WireError(f"{where} is not a JSON text: {exc}") from exc
