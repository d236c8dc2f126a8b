"""The REST side of the verifier server's door: an ASGI middleware in front of KServe's routes that checks
the token, the request's size and the inference bodies' framing before KServe parses them.

KServe's own parsing answers 500 to much that is merely malformed (a ``binary_data_size`` past the data, a
non-UTF-8 element through the binary extension, a non-numeric ``inference-header-content-length``) and reads
a body of any size into memory; this middleware reads at most ``max_bytes`` of it and lets through only
bodies KServe parses without surprise, so a malformed request is a 4xx with its reason:

- every inference body: JSON (``orjson``, which refuses nesting past 1024 levels, as does the check below
  past :data:`MAX_DEPTH`), an object;
- Open Inference Protocol requests (JSON or the binary extension): one input, the ``citation`` tensor,
  checked by :func:`sidebot.verify.open_inference.citation_texts`; outputs by name;
- the model repository routes (load and unload a model) are turned off.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson

from sidebot.serving.limits import UNAUTHORIZED, Limits, authorized, too_many_bytes
from sidebot.verify import open_inference as oip
from sidebot.verify.wire import WireError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

MAX_DEPTH = 32  # the protocol's bodies nest 6 levels at most
BINARY_HEADER = "inference-header-content-length"
V1_INFER = re.compile(r"^/v1/models/[^/]+:(predict|explain)$")
V2_INFER = re.compile(r"^/v2/models/[^/]+(/versions/[^/]+)?/infer$")
# Liveness and readiness: open to the orchestrator's probes, they tell nothing but "up"
OPEN_PATHS = re.compile(r"^/$|^/v2/health/(live|ready)$|^/v1/models/[^/:]+$|^/v2/models/[^/]+/ready$")
REPOSITORY = "/v2/repository/"


class MalformedRequest(ValueError):
    """A body that is not a request of the protocol its route speaks."""


class RestGuard:
    """ASGI middleware: token (when set), size cap, then the body's framing; the body read here is replayed
    to the app."""

    def __init__(self, app: Callable[..., Awaitable[None]], token: str | None, limits: Limits) -> None:
        self.app = app
        self.token = token
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check one HTTP request (token, repository routes, size, framing) and pass it on with its body
        replayed, or answer the refusal; other ASGI traffic passes untouched."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        headers = {k.decode("latin-1").lower(): v for k, v in scope["headers"]}
        if self.token is not None and not OPEN_PATHS.match(path):
            if not authorized(headers.get("authorization"), self.token):
                await _refuse(send, 401, UNAUTHORIZED, [(b"www-authenticate", b"Bearer")])
                return
        if path.startswith(REPOSITORY):
            await _refuse(send, 403, "loading and unloading models is turned off on this server")
            return
        if scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        declared = headers.get("content-length", b"")
        if declared.isdigit() and int(declared) > self.limits.max_bytes:
            await _refuse(send, 413, too_many_bytes(int(declared), self.limits))
            return
        body = await _read(receive, self.limits.max_bytes)
        if body is None:
            await _refuse(send, 413, too_many_bytes(self.limits.max_bytes, self.limits, over=True))
            return
        try:
            if V2_INFER.match(path):
                check_v2(body, headers.get(BINARY_HEADER))
            elif V1_INFER.match(path):
                _json_object(body, "the request")
        except MalformedRequest as exc:
            await _refuse(send, 400, str(exc))
            return
        await self.app(scope, _replay(body, receive), send)


def check_v2(body: bytes, binary_header: bytes | None) -> None:
    """An Open Inference Protocol request for the verifier: :class:`MalformedRequest` says what is wrong."""
    if binary_header is None:
        head, binary = _json_object(body, "the request"), b""
    else:
        text = binary_header.decode("latin-1")
        if not text.isascii() or not text.isdigit() or int(text) > len(body):
            raise MalformedRequest(
                f"{BINARY_HEADER}: {text[:40]!r} is not the length of the JSON part of a "
                f"{len(body)}-byte body"
            )
        length = int(text)
        head, binary = _json_object(body[:length], f"the JSON part ({BINARY_HEADER})"), body[length:]
    inputs = head.get("inputs")
    if not isinstance(inputs, list) or len(inputs) != 1 or not isinstance(inputs[0], dict):
        raise MalformedRequest(
            f"'inputs' must hold one tensor, {oip.CITATION!r}: a BYTES tensor of citations, one per element"
        )
    tensor = inputs[0]
    if tensor.get("name") != oip.CITATION:
        raise MalformedRequest(
            f"expected a BYTES input tensor named {oip.CITATION!r}, one citation per element"
        )
    parameters = tensor.get("parameters")
    if parameters is not None and not isinstance(parameters, dict):
        raise MalformedRequest("the input's 'parameters' must be an object")
    raw = None
    if "data" not in tensor:
        size = (parameters or {}).get("binary_data_size")
        if binary_header is None or type(size) is not int or size < 0:
            raise MalformedRequest(
                "the input has no 'data', and no 'binary_data_size' (a whole number of bytes) with the "
                f"{BINARY_HEADER} header"
            )
        if size != len(binary):
            raise MalformedRequest(
                f"binary_data_size is {size} bytes but {len(binary)} bytes follow the JSON part"
            )
        raw = binary
    elif binary:
        raise MalformedRequest(f"{len(binary)} bytes follow the JSON part, but no input is sent in binary")
    try:
        oip.citation_texts(tensor.get("datatype"), tensor.get("shape"), tensor.get("data"), raw)
    except WireError as exc:
        raise MalformedRequest(str(exc)) from exc
    _check_outputs(head.get("outputs"))
    for key in ("parameters", "id"):
        if key in head and not isinstance(head[key], dict if key == "parameters" else str):
            raise MalformedRequest(
                f"the request's {key!r} must be {'an object' if key == 'parameters' else 'a string'}"
            )


def _check_outputs(outputs: object) -> None:
    if outputs is None:
        return
    if not isinstance(outputs, list) or not all(isinstance(o, dict) for o in outputs):
        raise MalformedRequest("'outputs' must be a list of objects, each naming an output")
    for output in outputs:
        if output.get("name") not in oip.OUTPUT_NAMES:
            raise MalformedRequest(
                f"unknown output {output.get('name')!r}: the outputs are {', '.join(oip.OUTPUT_NAMES)}"
            )
        parameters = output.get("parameters")
        if parameters is not None and (
            not isinstance(parameters, dict) or not isinstance(parameters.get("binary_data", False), bool)
        ):
            raise MalformedRequest(
                f"output {output['name']!r}: 'parameters' must be an object, binary_data a boolean"
            )


def _json_object(data: bytes, what: str) -> dict[str, Any]:
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise MalformedRequest(f"{what} is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise MalformedRequest(f"{what} must be a JSON object, not {type(value).__name__}")
    if _depth(value) > MAX_DEPTH:
        raise MalformedRequest(f"{what} nests deeper than {MAX_DEPTH} levels")
    return value


def _depth(value: object) -> int:
    """How deep lists and objects nest in ``value`` (iterative: no recursion limit to hit)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        stack.extend((child, level + 1) for child in item)
    return deepest


async def _read(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None once it passes ``limit`` bytes (the rest is not read)."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return await receive()  # the client's disconnect, when the app waits for it
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


async def _refuse(
    send: Send, status: int, reason: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    body = orjson.dumps({"error": reason})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
