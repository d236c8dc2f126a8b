"""The verifier server's Open Inference Protocol (KServe v2), checked with clients nobody here wrote:
Triton's `tritonclient` HTTP and gRPC clients from PyPI talk to a real `sidebot serve-verifier` process on
loopback (the shipped model, real WiCE claims and source pages), and their verdicts must be the in-process
verifier's, bit for bit. sidebot's own client (`[verify] protocol` v1, v2 and grpc) is checked against the
same server."""

from __future__ import annotations

import json
import math
import re
import struct
import threading
from collections.abc import Iterator
from pathlib import Path

import grpc
import httpx
import numpy as np
import pytest
import tritonclient.grpc as triton_grpc
import tritonclient.http as triton_http
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tritonclient.grpc import service_pb2 as triton_service
from tritonclient.grpc import service_pb2_grpc as triton_service_grpc
from tritonclient.utils import InferenceServerException

from sidebot.datasets.wice import read_wice
from sidebot.eval.metrics import wice_items
from sidebot.records import Claim
from sidebot.serving.process import free_port, start_verifier_server, stop
from sidebot.verify import load_verifier
from sidebot.verify import open_inference as oip
from sidebot.verify.crossencoder import CrossEncoderScorer
from sidebot.verify.remote import RemoteVerifier, VerifierUnavailableError
from sidebot.verify.wire import MODEL_NAME, WireError
from tests.fixtures.scripted_server import ScriptedJsonServer
from tests.test_verifier_server import metric

DATA = Path(__file__).parent / "data" / "verify"
BINARY = "Inference-Header-Content-Length"


@pytest.fixture(scope="module")
def ports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int]]:
    """A real `sidebot serve-verifier` on free loopback ports: (REST, gRPC)."""
    rest, grpc = free_port(), free_port()
    folder = tmp_path_factory.mktemp("oip-server")
    config = folder / "sidebot.toml"
    config.write_text("[verify]\nthreads = 2\n", encoding="utf-8")
    process = start_verifier_server(rest, folder / "server.log", config=config, grpc_port=grpc)
    try:
        yield rest, grpc
    finally:
        stop(process)


@pytest.fixture(scope="module")
def local() -> CrossEncoderScorer:
    return load_verifier()


@pytest.fixture(scope="module")
def items():
    return wice_items(read_wice(DATA / "wice-claims.jsonl"))


def triton_infer(client, module, elements: list[str], binary: bool = True):
    """One inference through a Triton client: the citations as a BYTES tensor, every output asked for."""
    tensor = module.InferInput(oip.CITATION, [len(elements)], "BYTES")
    array = np.array([e.encode("utf-8") for e in elements], dtype=np.object_)
    if module is triton_http:
        tensor.set_data_from_numpy(array, binary_data=binary)
        outputs = [module.InferRequestedOutput(name, binary_data=binary) for name in oip.OUTPUT_NAMES]
        # KServe reads a body without binary tensors as JSON only when it says so
        headers = None if binary else {"Content-Type": "application/json"}
        return client.infer(MODEL_NAME, [tensor], outputs=outputs, headers=headers)
    tensor.set_data_from_numpy(array)
    return client.infer(
        MODEL_NAME, [tensor], outputs=[module.InferRequestedOutput(n) for n in oip.OUTPUT_NAMES]
    )


def as_text(value: object) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


@pytest.mark.integration
def test_metadata_names_typed_inputs_and_outputs(ports) -> None:
    rest, grpc = ports
    client = triton_http.InferenceServerClient(f"127.0.0.1:{rest}")
    assert client.is_server_live() and client.is_model_ready(MODEL_NAME)
    metadata = client.get_model_metadata(MODEL_NAME)
    assert metadata["inputs"] == oip.INPUTS
    assert metadata["outputs"] == oip.OUTPUTS
    over_grpc = triton_grpc.InferenceServerClient(f"127.0.0.1:{grpc}").get_model_metadata(MODEL_NAME)
    assert [(t.name, t.datatype, list(t.shape)) for t in over_grpc.inputs] == [("citation", "BYTES", [-1])]
    assert [(t.name, t.datatype) for t in over_grpc.outputs] == [
        (o["name"], o["datatype"]) for o in oip.OUTPUTS
    ]


@pytest.mark.integration
@pytest.mark.parametrize(
    "transport", ["http-binary", "http-json", "grpc"], ids=["http-binary", "http-json", "grpc"]
)
def test_triton_clients_get_the_in_process_verdicts(ports, local, items, transport) -> None:
    rest, grpc = ports
    chunk = items[:3]
    urls = [f"https://example.org/{i}" for i in range(len(chunk))]
    elements = oip.citation_elements(chunk, urls)
    if transport == "grpc":
        result = triton_infer(triton_grpc.InferenceServerClient(f"127.0.0.1:{grpc}"), triton_grpc, elements)
    else:
        client = triton_http.InferenceServerClient(f"127.0.0.1:{rest}")
        result = triton_infer(client, triton_http, elements, binary=transport == "http-binary")
    expected = local.verify_many(chunk, urls)
    verdicts = [as_text(v) for v in result.as_numpy(oip.VERDICT).ravel()]
    answer = oip.read_answer(
        verdicts, as_text(result.as_numpy(oip.SCORER)[0]), float(result.as_numpy(oip.FLAG_THRESHOLD)[0])
    )
    assert answer.scorer == local.name and answer.flag_threshold == local.flag_threshold
    # repr: NaN passage scores compare equal only as text; every float must keep every bit
    assert repr(answer.predictions) == repr(expected)
    probabilities = result.as_numpy(oip.PROBABILITY)
    assert probabilities.dtype == np.float64 and list(probabilities) == [v.probability for v in expected]
    every_part = result.as_numpy(oip.EVERY_PART)
    assert list(every_part) == [v.every_part_probability for v in expected]
    assert all(0.0 <= e <= p for e, p in zip(every_part, probabilities))
    assert json.loads(verdicts[0])["stance"] == expected[0].stance


@pytest.mark.integration
@pytest.mark.parametrize("protocol", ["v1", "v2", "grpc"])
def test_sidebot_client_speaks_each_protocol(ports, local, items, protocol) -> None:
    rest, grpc = ports
    endpoint = f"127.0.0.1:{grpc}" if protocol == "grpc" else f"http://127.0.0.1:{rest}"
    remote = RemoteVerifier(endpoint, protocol=protocol)
    assert (remote.name, remote.flag_threshold) == (local.name, local.flag_threshold)
    assert remote.bands == local.bands and remote.bands.very_likely_fails > 0  # both bands travel
    chunk = items[3:5]
    assert repr(remote.verify_many(chunk, ["u1", "u2"])) == repr(local.verify_many(chunk, ["u1", "u2"]))
    assert remote.verify_many([]) == []
    remote.close()


@pytest.mark.integration
def test_protocols_share_model_batches(ports, items) -> None:
    """Callers on v1, v2 REST and gRPC at once: the server's batch metric shows merged requests."""
    rest, grpc = ports
    before = metric(f"http://127.0.0.1:{rest}", "sidebot_verifier_batch_requests")
    clients = [
        RemoteVerifier(f"http://127.0.0.1:{rest}", protocol="v1"),
        RemoteVerifier(f"http://127.0.0.1:{rest}", protocol="v2"),
        RemoteVerifier(f"127.0.0.1:{grpc}", protocol="grpc"),
    ]
    barrier, results, errors = threading.Barrier(len(clients)), {}, []

    def call(k: int) -> None:
        try:
            mine = [items[k], items[k + 3]]
            barrier.wait(timeout=120)
            results[k] = (mine, clients[k].verify_many(mine))
        except Exception as exc:  # reported below: a thread's exception would be lost
            errors.append(exc)

    threads = [threading.Thread(target=call, args=(k,)) for k in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not errors and len(results) == len(clients)
    for mine, verdicts in results.values():  # each caller got its own citations' verdicts, in order
        for (_, passages), verdict in zip(mine, verdicts):
            assert any(verdict.best_passage.text in p.text for p in passages)
    for client in clients:
        client.close()
    after = metric(f"http://127.0.0.1:{rest}", "sidebot_verifier_batch_requests")
    batches = after["sidebot_verifier_batch_requests_count"] - before["sidebot_verifier_batch_requests_count"]
    requests = after["sidebot_verifier_batch_requests_sum"] - before["sidebot_verifier_batch_requests_sum"]
    assert requests == len(clients) and batches < len(clients), "no model call served two protocols' callers"


@pytest.mark.integration
def test_a_tensor_that_is_not_citations_is_refused(ports) -> None:
    rest, grpc = ports
    client = triton_http.InferenceServerClient(f"127.0.0.1:{rest}")
    with pytest.raises(InferenceServerException, match="citation\\[1\\] is not a JSON text"):
        triton_infer(client, triton_http, [oip.citation_elements([(Claim("x"), [])])[0], "{not json"])
    tensor = triton_http.InferInput("numbers", [2], "FP32")
    tensor.set_data_from_numpy(np.array([1.0, 2.0], dtype=np.float32))
    with pytest.raises(InferenceServerException, match="BYTES input tensor named 'citation'"):
        client.infer(MODEL_NAME, [tensor])
    grpc_client = triton_grpc.InferenceServerClient(f"127.0.0.1:{grpc}")
    with pytest.raises(InferenceServerException, match="not a list of citations"):
        triton_infer(grpc_client, triton_grpc, ['{"passages": []}'])


def test_grpc_server_that_is_down_is_a_clear_error() -> None:
    port = free_port()
    with pytest.raises(VerifierUnavailableError, match=f"127.0.0.1:{port} \\(grpc\\)"):
        RemoteVerifier(f"127.0.0.1:{port}", protocol="grpc", timeout=5)


def test_tensor_codec_round_trip(local, items) -> None:
    """Citations and verdicts through the tensors' elements and back (no server): NaN stays NaN, None None."""
    claim, passages = items[0]
    [instance] = oip.read_citations([e.encode("utf-8") for e in oip.citation_elements([(claim, passages)])])
    assert instance.claim == claim and instance.passages == list(passages)
    from sidebot.verify.wire import Answer

    verdict = local.verify(claim, passages)
    tensors = oip.answer_tensors(Answer([verdict], local.name, local.flag_threshold))
    assert tensors[oip.PROBABILITY] == [verdict.probability]
    back = oip.read_answer(tensors[oip.VERDICT], tensors[oip.SCORER][0], tensors[oip.FLAG_THRESHOLD][0])
    assert repr(back.predictions) == repr([verdict])
    with pytest.raises(WireError, match="verdict\\[0\\] is not a JSON text"):
        oip.read_answer(["nope"], local.name, 0.5)
    assert math.isnan(
        oip.answer_tensors(Answer([_without_probability(verdict)], "x", 0.5))[oip.PROBABILITY][0]
    )


def _without_probability(verdict):
    from dataclasses import replace

    return replace(verdict, probability=None)


class BrokenV2Server(ScriptedJsonServer):
    """A loopback server that answers the opening question (no citations) as an Open Inference server would,
    then each verification request the way ``mode`` says."""

    def __init__(self, scorer: str) -> None:
        self.scorer, self.mode = scorer, "http-500"
        super().__init__()

    def reply(self, body: dict) -> tuple[int, bytes]:
        n = body["inputs"][0]["shape"][0]
        if n == 0:
            return 200, self.outputs([])
        verdict = {"scorer": self.scorer, "score": 0.5, "passage_scores": [], "best_passage": None}
        replies = {
            "http-500": (500, b"Internal Server Error"),
            "not-json": (200, b"<html>gateway page</html>"),
            "no-outputs": (200, json.dumps({"model_name": MODEL_NAME}).encode()),
            "verdict-not-json": (200, self.outputs(["{oops"] * n)),
            "wrong-count": (200, self.outputs([json.dumps(verdict)] * (n + 1))),
        }
        return replies[self.mode]

    def outputs(self, verdicts: list[str]) -> bytes:
        outputs = [
            {"name": oip.SCORER, "datatype": "BYTES", "shape": [1], "data": [self.scorer]},
            {"name": oip.FLAG_THRESHOLD, "datatype": "FP64", "shape": [1], "data": [0.5]},
        ]
        if verdicts:
            outputs.append(
                {"name": oip.VERDICT, "datatype": "BYTES", "shape": [len(verdicts)], "data": verdicts}
            )
        return json.dumps({"model_name": MODEL_NAME, "outputs": outputs}).encode()


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("http-500", "answered HTTP 500"),
        ("not-json", "a body that is not JSON"),
        ("no-outputs", "no list of outputs"),
        ("verdict-not-json", "verdict\\[0\\] is not a JSON text"),
        ("wrong-count", "answered 2 verdicts for 1 citations"),
    ],
)
def test_a_broken_v2_server_is_a_clear_error(items, mode, message) -> None:
    server = BrokenV2Server("sidebot-test.r1")
    try:
        remote = RemoteVerifier(server.endpoint, protocol="v2")
        assert remote.name == "sidebot-test.r1"
        server.mode = mode
        with pytest.raises(VerifierUnavailableError, match=message) as caught:
            remote.verify_many(items[:1])
        assert f"{server.endpoint} (v2) answered" in str(caught.value)
        remote.close()
    finally:
        server.close()


# --- malformed requests: a 4xx (gRPC INVALID_ARGUMENT) with the reason, never a 5xx ------------------------

CITE = json.dumps({"claim": {"text": "x"}, "passages": [], "url": ""})


def v2_post(rest: int, body: bytes, binary_json_length: int | str | None = None):
    headers = {"Content-Type": "application/json"}
    if binary_json_length is not None:
        headers = {"Content-Type": "application/octet-stream", BINARY: str(binary_json_length)}
    return httpx.post(f"http://127.0.0.1:{rest}/v2/models/{MODEL_NAME}/infer", content=body, headers=headers)


def binary_body(
    elements: list[bytes], size: int | None = None, shape: list | None = None
) -> tuple[bytes, int]:
    """A binary-extension body: the JSON part, then the BYTES tensor's elements, each after its length."""
    data = b"".join(struct.pack("<I", len(e)) + e for e in elements)
    tensor = {
        "name": "citation",
        "shape": shape if shape is not None else [len(elements)],
        "datatype": "BYTES",
    }
    tensor["parameters"] = {"binary_data_size": len(data) if size is None else size}
    head = json.dumps({"inputs": [tensor]}).encode()
    return head + data, len(head)


def v2_json(tensor: dict) -> bytes:
    return json.dumps({"inputs": [{"name": "citation", "datatype": "BYTES"} | tensor]}).encode()


DEEP = b"[" * 100_000 + b"]" * 100_000
MALFORMED = {
    "JSON nested 100,000 deep": (lambda: (DEEP, None), "not JSON: depth limit"),
    "nested deep inside data": (
        lambda: (
            b'{"inputs":[{"name":"citation","shape":[1],"datatype":"BYTES","data":' + DEEP + b"}]}",
            None,
        ),
        "not JSON: depth limit",
    ),
    "non-UTF-8 bytes through the binary extension": (
        lambda: binary_body([b"\xff\xfe{}"]),
        "citation\\[0\\] is not UTF-8 text",
    ),
    "binary_data_size larger than the data": (
        lambda: binary_body([CITE.encode()], size=10_000),
        "binary_data_size is 10000 bytes but",
    ),
    "an element's length past the data": (
        lambda: (lambda body, n: (body[:-3], n))(*binary_body([CITE.encode()], size=len(CITE) + 1)),
        f"says {len(CITE)} bytes, but {len(CITE) - 3} are left",
    ),
    "header length past the body": (lambda: (b"{}", 9_999), "is not the length of the JSON part"),
    "header length not a number": (lambda: (b"{}", "abc"), "is not the length of the JSON part"),
    "shape [-3]": (
        lambda: (v2_json({"shape": [-3], "data": [CITE]}), None),
        "shape is \\[-3\\] for 1 element:",
    ),
    "shape [1, 2] for 2 elements": (
        lambda: (v2_json({"shape": [1, 2], "data": [CITE, CITE]}), None),
        "must be \\[2\\] \\(one dimension",
    ),
    "binary shape [5] for 1 element": (lambda: binary_body([CITE.encode()], shape=[5]), "shape is \\[5\\]"),
    "a nested list": (lambda: (v2_json({"shape": [2], "data": [[CITE], [CITE]]}), None), "tensor is flat"),
    "datatype FP32": (lambda: (v2_json({"shape": [1], "data": [1.0], "datatype": "FP32"}), None), "'FP32'"),
    "datatype unknown": (lambda: (v2_json({"shape": [1], "data": [CITE], "datatype": "NOPE"}), None), "NOPE"),
    "numbers as citations": (lambda: (v2_json({"shape": [1], "data": [5]}), None), "of type int"),
    "no inputs": (lambda: (b"{}", None), "'inputs' must hold one tensor"),
    "no shape": (lambda: (v2_json({"data": [CITE]}), None), "shape is None"),
    "no data": (lambda: (v2_json({"shape": [1]}), None), "has no 'data'"),
    "not JSON": (lambda: (b"\xff\x00garbage", None), "not JSON"),
    "an unknown output": (
        lambda: (
            json.dumps(
                {
                    "inputs": json.loads(v2_json({"shape": [1], "data": [CITE]}))["inputs"],
                    "outputs": [{"name": "nope"}],
                }
            ).encode(),
            None,
        ),
        "unknown output 'nope'",
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_rest_request_is_a_400_with_its_reason(ports, case) -> None:
    make, reason = MALFORMED[case]
    body, binary_length = make()
    answer = v2_post(ports[0], body, binary_length)
    assert answer.status_code == 400, answer.text
    assert re.search(reason, answer.json()["error"]), answer.json()["error"]


def test_a_malformed_v1_request_is_a_400(ports) -> None:
    url = f"http://127.0.0.1:{ports[0]}/v1/models/{MODEL_NAME}:predict"
    for body in (DEEP, b'{"instances": ' + DEEP + b"}", b'{"instances": ["\xff"]}', b"[1, 2]"):
        answer = httpx.post(url, content=body, headers={"Content-Type": "application/json"})
        assert answer.status_code == 400 and answer.json()["error"], answer.text


def grpc_infer(grpc_port: int, request) -> tuple[grpc.StatusCode, str]:
    """Send a raw ModelInferRequest (Triton's messages: the same wire format as KServe's); its status code."""
    with grpc.insecure_channel(f"127.0.0.1:{grpc_port}") as channel:
        stub = triton_service_grpc.GRPCInferenceServiceStub(channel)
        try:
            stub.ModelInfer(request, timeout=60)
        except grpc.RpcError as exc:
            return exc.code(), exc.details()
        return grpc.StatusCode.OK, ""


def grpc_request(shape, datatype="BYTES", contents=None, raw=None, name="citation"):
    tensor = triton_service.ModelInferRequest.InferInputTensor(name=name, datatype=datatype, shape=shape)
    if contents is not None:
        tensor.contents.bytes_contents.extend(contents)
    request = triton_service.ModelInferRequest(model_name=MODEL_NAME, inputs=[tensor])
    if raw is not None:
        request.raw_input_contents.append(raw)
    return request


GRPC_MALFORMED = {
    "shape [-3]": (grpc_request([-3], contents=[CITE.encode()]), "shape is \\[-3\\]"),
    "shape [1, 2] for 2 elements": (grpc_request([1, 2], contents=[CITE.encode()] * 2), "must be \\[2\\]"),
    "non-UTF-8 raw element": (grpc_request([1], raw=struct.pack("<I", 2) + b"\xff\xfe"), "not UTF-8"),
    "raw length past the data": (grpc_request([1], raw=struct.pack("<I", 99) + b"{}"), "says 99 bytes"),
    "raw data cut inside a length": (grpc_request([1], raw=b"\x01\x00"), "ends inside the 4-byte length"),
    "datatype FP32": (grpc_request([1], datatype="FP32"), "'FP32'"),
    "another tensor": (grpc_request([1], contents=[CITE.encode()], name="x"), "named 'citation'"),
}


@pytest.mark.parametrize("case", list(GRPC_MALFORMED))
def test_a_malformed_grpc_request_is_invalid_argument(ports, case) -> None:
    request, reason = GRPC_MALFORMED[case]
    code, details = grpc_infer(ports[1], request)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and re.search(reason, details), (code, details)


# Hypothesis: requests of the v2 schema with every field possibly wrong, as JSON, through the binary extension
# and over gRPC; the server may refuse them (4xx) or answer (200), never fail (5xx)

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
ELEMENTS = st.lists(st.sampled_from([CITE, "{", "[]", '{"claim": 1}', '{"claim": {"text": ""}}']), max_size=3)
TENSORS = st.fixed_dictionaries(
    {},
    optional={
        "name": st.sampled_from(["citation", "x"]) | JSON_VALUES,
        "datatype": st.sampled_from(["BYTES", "FP32", "INT64", "FP16", "BOOL", "NOPE"]) | JSON_VALUES,
        "shape": st.lists(st.integers(-3, 4), max_size=3) | JSON_VALUES,
        "data": ELEMENTS | JSON_VALUES,
        "parameters": st.dictionaries(st.sampled_from(["binary_data_size", "x"]), JSON_VALUES, max_size=2)
        | JSON_VALUES,
    },
)
REQUESTS = st.fixed_dictionaries(
    {},
    optional={
        "inputs": st.lists(TENSORS, max_size=2) | JSON_VALUES,
        "outputs": st.lists(
            st.fixed_dictionaries(
                {},
                optional={"name": st.sampled_from(oip.OUTPUT_NAMES) | JSON_VALUES, "parameters": JSON_VALUES},
            ),
            max_size=2,
        )
        | JSON_VALUES,
        "id": JSON_VALUES,
        "parameters": JSON_VALUES,
    },
)
FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(request=REQUESTS)
def test_fuzz_v2_json_requests_never_fail(ports, request) -> None:
    answer = v2_post(ports[0], json.dumps(request).encode())
    assert answer.status_code < 500, answer.text


@FUZZ
@given(
    request=REQUESTS,
    binary=st.lists(st.sampled_from([CITE.encode(), b"\xff", b"", b"{}"]), max_size=3),
    framing=st.sampled_from(["exact", "short", "long", "garbage"]),
    header=st.sampled_from(["exact", "short", "long", "text"]),
)
def test_fuzz_binary_extension_never_fails(ports, request, binary, framing, header) -> None:
    data = b"".join(struct.pack("<I", len(e)) + e for e in binary)
    data = {"exact": data, "short": data[:-2], "long": data + b"\x00\x01", "garbage": b"\x05\x00\x00"}[
        framing
    ]
    first = request["inputs"][0] if isinstance(request.get("inputs"), list) and request["inputs"] else None
    if isinstance(first, dict):
        first.pop("data", None)
        if isinstance(first.get("parameters"), dict) or "parameters" not in first:
            first["parameters"] = (first.get("parameters") or {}) | {"binary_data_size": len(data)}
    head = json.dumps(request).encode()
    length = {"exact": len(head), "short": len(head) - 1, "long": len(head) + 5, "text": "x1"}[header]
    answer = v2_post(ports[0], head + data, length)
    assert answer.status_code < 500, answer.text


@FUZZ
@given(
    shape=st.lists(st.integers(-(2**63), 2**63 - 1), max_size=3),
    datatype=st.sampled_from(["BYTES", "FP32", "INT64", "NOPE", ""]),
    contents=st.none() | st.lists(st.sampled_from([CITE.encode(), b"\xff", b"{"]), max_size=3),
    raw=st.none() | st.binary(max_size=12),
    name=st.sampled_from(["citation", "x"]),
)
def test_fuzz_grpc_requests_never_fail(ports, shape, datatype, contents, raw, name) -> None:
    code, details = grpc_infer(ports[1], grpc_request(shape, datatype, contents, raw, name))
    assert code not in (grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN), details
