"""The verifier server's Open Inference Protocol (KServe v2), checked with clients nobody here wrote:
Triton's `tritonclient` HTTP and gRPC clients from PyPI talk to a real `sidebot serve-verifier` process on
loopback (the shipped model, real WiCE claims and source pages), and their verdicts must be the in-process
verifier's, bit for bit. sidebot's own client (`[verify] protocol` v1, v2 and grpc) is checked against the
same server."""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import tritonclient.grpc as triton_grpc
import tritonclient.http as triton_http
from tritonclient.utils import InferenceServerException

from sidebot.datasets.wice import read_wice
from sidebot.serving.process import free_port, start_verifier_server, stop
from sidebot.verify import load_verifier
from sidebot.verify import open_inference as oip
from sidebot.verify.crossencoder import CrossEncoderScorer
from sidebot.verify.metrics import wice_items
from sidebot.verify.remote import RemoteVerifier, VerifierUnavailableError
from sidebot.verify.types import Claim
from sidebot.verify.wire import MODEL_NAME, WireError
from tests.fixtures.scripted_server import ScriptedJsonServer
from tests.test_verifier_server import metric

DATA = Path(__file__).parent / "data" / "verify"


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
