"""The verifier as a KServe model server, on real parts: a real `sidebot serve-verifier` process on loopback
with the shipped weights, real WiCE claims and source pages, the real in-process verifier to compare with,
and, for the errors, a real HTTP server on loopback that answers the way a broken server would (down, too
slow, HTTP 500, not JSON, the wrong shape, the wrong count, another model). The patrol test runs the local
MediaWiki, the demo source server and the queue on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import select

from sidebot.datasets.wice import read_wice
from sidebot.eval.metrics import wice_items
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.queue.models import Finding, Page, Run
from sidebot.records import Passage
from sidebot.sandbox.source_server import SourceServer
from sidebot.serving.process import free_port, start_verifier_server, stop
from sidebot.sources.fetch import fetch_many
from sidebot.verify import load_verifier
from sidebot.verify.crossencoder import CrossEncoderScorer
from sidebot.verify.remote import RemoteVerifier, VerifierUnavailableError
from sidebot.verify.wire import MODEL_NAME
from tests.fixtures.scripted_server import ScriptedJsonServer
from tests.test_patrol import refs_for, supported_and_not, wice_article

DATA = Path(__file__).parent / "data" / "verify"


TOKEN = "test-token-7f3a9c"  # the module's server requires it, as one beyond loopback would
MAX_CITATIONS, MAX_BYTES = 64, 4_000_000
GRPC_PORT = free_port()


@pytest.fixture(scope="module")
def endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real `sidebot --config FILE serve-verifier` on free loopback ports (the shipped model), with a token
    (from $SIDEBOT_VERIFIER_TOKEN) and caps of 64 citations and 4 MB per request. The config file is there
    because an operator's is: KServe once took `--config` for its own `--configure_logging`."""
    port = free_port()
    folder = tmp_path_factory.mktemp("verifier-server")
    config = folder / "sidebot.toml"
    config.write_text("[verify]\nthreads = 2\n", encoding="utf-8")
    caps = ["--max-citations", str(MAX_CITATIONS), "--max-request-bytes", str(MAX_BYTES)]
    process = start_verifier_server(
        port, folder / "server.log", config=config, grpc_port=GRPC_PORT, options=caps, token=TOKEN
    )
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


@pytest.fixture(scope="module")
def local() -> CrossEncoderScorer:
    return load_verifier()


@pytest.fixture(scope="module")
def items():
    return wice_items(read_wice(DATA / "wice-claims.jsonl"))


def metric(endpoint: str, name: str, token: str | None = TOKEN) -> dict[str, float]:
    """The samples of one metric family on the server's Prometheus /metrics, by sample name and bucket."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    text = httpx.get(f"{endpoint}/metrics", timeout=10, headers=headers).text
    family = next(f for f in text_string_to_metric_families(text) if f.name == name)
    return {s.name + (f"[{s.labels['le']}]" if "le" in s.labels else ""): s.value for s in family.samples}


def test_remote_verdicts_are_the_in_process_verdicts(endpoint, local, items) -> None:
    remote = RemoteVerifier(endpoint, token=TOKEN)
    assert (remote.name, remote.flag_threshold) == (local.name, local.flag_threshold)
    chunk = items[:4]
    urls = [f"https://example.org/{i}" for i in range(len(chunk))]
    # repr: NaN passage scores compare equal only as text; every float must keep every bit
    assert repr(remote.verify_many(chunk, urls)) == repr(local.verify_many(chunk, urls))
    claim, passages = items[4]
    assert repr(remote.verify(claim, passages)) == repr(local.verify(claim, passages))
    assert remote.verify_many([]) == []
    remote.close()


def test_concurrent_callers_share_model_batches(endpoint, items) -> None:
    before = metric(endpoint, "sidebot_verifier_batch_requests")
    callers = 4
    barrier, results, errors = threading.Barrier(callers), {}, []

    def call(k: int) -> None:
        try:
            remote = RemoteVerifier(endpoint, token=TOKEN)
            mine = [items[k], items[k + callers]]
            barrier.wait()
            results[k] = (mine, remote.verify_many(mine))
            remote.close()
        except Exception as exc:  # reported below: a thread's exception would be lost
            errors.append(exc)

    threads = [threading.Thread(target=call, args=(k,)) for k in range(callers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not errors and len(results) == callers
    for mine, verdicts in results.values():  # each caller got the verdicts of its own citations, in order
        for (_, passages), verdict in zip(mine, verdicts):
            assert len(verdict.passage_scores) == len(passages)
            assert any(verdict.best_passage.text in p.text for p in passages)
    after = metric(endpoint, "sidebot_verifier_batch_requests")
    batches = after["sidebot_verifier_batch_requests_count"] - before["sidebot_verifier_batch_requests_count"]
    requests = after["sidebot_verifier_batch_requests_sum"] - before["sidebot_verifier_batch_requests_sum"]
    single = (
        after["sidebot_verifier_batch_requests_bucket[1.0]"]
        - before["sidebot_verifier_batch_requests_bucket[1.0]"]
    )
    assert requests == callers
    assert batches < callers and single < batches, "no model call served more than one caller"
    citations = metric(endpoint, "sidebot_verifier_batch_citations")
    assert citations["sidebot_verifier_batch_citations_sum"] >= 2 * callers


def test_server_refuses_a_request_of_the_wrong_shape(endpoint) -> None:
    url = f"{endpoint}/v1/models/{MODEL_NAME}:predict"
    answer = httpx.post(url, json={"instances": [{"passages": []}]}, timeout=10, headers=AUTH)
    assert answer.status_code == 400 and "claim" in answer.json()["error"]
    answer = httpx.post(url, json={"inputs": []}, timeout=10, headers=AUTH)
    assert answer.status_code == 400 and "instances" in answer.json()["error"]


AUTH = {"Authorization": f"Bearer {TOKEN}"}


def test_server_listens_on_loopback_only(endpoint) -> None:
    """Both ports are bound to 127.0.0.1, not every interface (KServe's own: 0.0.0.0 and [::])."""
    rest = int(endpoint.rsplit(":", 1)[1])
    bound = listening_addresses()
    assert bound[rest] == {"127.0.0.1"} and bound[GRPC_PORT] == {"127.0.0.1"}


def listening_addresses() -> dict[int, set[str]]:
    """The addresses each TCP port listens on, from the kernel's socket tables (/proc/net/tcp, tcp6)."""
    import ipaddress

    found: dict[int, set[str]] = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            if state != "0A":  # LISTEN
                continue
            address, port = local.split(":")
            packed = bytes.fromhex(address)
            # the kernel prints each 32-bit word in host (little-endian) order
            raw = b"".join(packed[k : k + 4][::-1] for k in range(0, len(packed), 4))
            ip = ipaddress.ip_address(raw)
            mapped = getattr(ip, "ipv4_mapped", None)  # gRPC binds an IPv6 socket to ::ffff:127.0.0.1
            found.setdefault(int(port, 16), set()).add(str(mapped or ip))
    return found


@pytest.mark.parametrize("protocol", ["v1", "v2", "grpc"])
def test_the_token_is_required(endpoint, items, protocol) -> None:
    where = f"127.0.0.1:{GRPC_PORT}" if protocol == "grpc" else endpoint
    for token in (None, "wrong-token"):
        with pytest.raises(VerifierUnavailableError, match="needs its token"):
            RemoteVerifier(where, protocol=protocol, token=token, timeout=30)
    remote = RemoteVerifier(where, protocol=protocol, token=TOKEN, timeout=120)
    assert len(remote.verify_many(items[:1])) == 1
    remote.close()
    # probes stay open; everything else asks for the token
    assert httpx.get(f"{endpoint}/v2/models/{MODEL_NAME}/ready", timeout=10).status_code == 200
    for path in ("/metrics", f"/v2/models/{MODEL_NAME}", "/v1/models"):
        answer = httpx.get(f"{endpoint}{path}", timeout=10)
        assert answer.status_code == 401 and answer.headers["www-authenticate"] == "Bearer"


def test_model_unloading_is_turned_off(endpoint) -> None:
    answer = httpx.post(f"{endpoint}/v2/repository/models/{MODEL_NAME}/unload", headers=AUTH, timeout=10)
    assert answer.status_code == 403 and "turned off" in answer.json()["error"]
    assert httpx.get(f"{endpoint}/v2/models/{MODEL_NAME}/ready", timeout=10).status_code == 200


def test_requests_over_the_caps_are_413_with_the_limit_in_words(endpoint, items) -> None:
    claim, passages = items[0]
    one = {"claim": {"text": claim.text}, "passages": [], "url": ""}
    v1 = f"{endpoint}/v1/models/{MODEL_NAME}:predict"
    answer = httpx.post(v1, json={"instances": [one] * (MAX_CITATIONS + 1)}, headers=AUTH, timeout=30)
    assert answer.status_code == 413
    assert answer.json()["error"].startswith(
        f"{MAX_CITATIONS + 1} citations in one request: this server takes"
    )
    assert f"at most {MAX_CITATIONS} per request (--max-citations)" in answer.json()["error"]
    v2 = f"{endpoint}/v2/models/{MODEL_NAME}/infer"
    elements = [json.dumps(one)] * (MAX_CITATIONS + 1)
    body = {"inputs": [{"name": "citation", "shape": [len(elements)], "datatype": "BYTES", "data": elements}]}
    answer = httpx.post(v2, json=body, headers=AUTH, timeout=30)
    assert answer.status_code == 413 and f"at most {MAX_CITATIONS} per request" in answer.json()["error"]
    big = {"instances": [{"claim": {"text": "x" * (MAX_BYTES + 10)}, "passages": []}]}
    answer = httpx.post(v1, json=big, headers=AUTH, timeout=30)
    assert answer.status_code == 413
    assert f"this server takes at most {MAX_BYTES} bytes per request" in answer.json()["error"]

    def chunked():  # no Content-Length: the server stops reading past the cap
        for _ in range(MAX_BYTES // 65536 + 2):
            yield b"[" + b" " * 65535

    answer = httpx.post(v1, content=chunked(), headers=AUTH, timeout=30)
    assert answer.status_code == 413 and f"is over {MAX_BYTES} bytes" in answer.json()["error"]
    # gRPC: the same words (Triton's client through sidebot's)
    remote = RemoteVerifier(f"127.0.0.1:{GRPC_PORT}", protocol="grpc", token=TOKEN)
    with pytest.raises(VerifierUnavailableError, match=f"RESOURCE_EXHAUSTED.*at most {MAX_CITATIONS} per"):
        remote.verify_many([(claim, [])] * (MAX_CITATIONS + 1))
    # just over the cap (far past it, gRPC itself refuses the message, in its own words)
    huge = [Passage(0, "y" * (MAX_BYTES + 200_000), "t", 0, MAX_BYTES + 200_000)]
    with pytest.raises(VerifierUnavailableError, match=f"RESOURCE_EXHAUSTED.*at most {MAX_BYTES} bytes"):
        remote.verify_many([(claim, huge)])
    remote.close()


BUDGET_SCRIPT = """
import asyncio, json, time
from sidebot.serving.limits import Limits
from sidebot.serving.verifier_server import OverBudget, VerifierModel, _status_handler

class SlowScorer:  # a stand-in: the shipped model cannot be made slower than a budget on demand
    name, calibrated, flag_threshold, bands = "slow", False, 0.5, None
    def verify_many(self, items, urls=None):
        time.sleep(0.4)
        raise AssertionError("ran past its budget")

async def main():
    model = VerifierModel(SlowScorer(), limits=Limits(budget=0.1))
    started = time.monotonic()
    try:
        await model.predict({"instances": [{"claim": {"text": "x"}}] * 3})
    except OverBudget as exc:
        answer = await _status_handler(503)(None, exc)
        print(json.dumps([str(exc.status_code), exc.details, answer.status_code, time.monotonic() - started]))

asyncio.run(main())
"""


def test_a_request_over_its_budget_is_refused_in_time() -> None:
    """In a process of its own: KServe's protobuf messages and Triton's (imported by the tests beside this
    one) cannot share one."""
    done = subprocess.run([sys.executable, "-c", BUDGET_SCRIPT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    code, details, status, seconds = json.loads(done.stdout.strip().splitlines()[-1])
    assert code == "StatusCode.DEADLINE_EXCEEDED" and status == 503 and seconds < 0.4
    assert details.startswith(
        "3 citations were not verified within this server's budget of 0.1 s per request"
    )


def test_serving_beyond_loopback_without_a_token_refuses_to_start(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SIDEBOT_VERIFIER_TOKEN"}
    command = ["serve-verifier", "--host", "0.0.0.0", "--port", str(free_port())]
    done = subprocess.run(
        [sys.executable, "-m", "sidebot", *command], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--host 0.0.0.0 is beyond loopback: give the server a token (SIDEBOT_VERIFIER_TOKEN" in " ".join(
        done.stderr.split()
    )


# --- errors: a loopback server that answers like a broken verifier server --------------------------------


class BrokenServer(ScriptedJsonServer):
    """Answers the opening question (no citations) properly as ``scorer``, then each verification request
    the way ``mode`` says."""

    def __init__(self, scorer: str) -> None:
        self.scorer, self.mode = scorer, "http-500"
        super().__init__()

    def reply(self, body: dict) -> tuple[int, bytes] | None:
        if not body["instances"]:
            return 200, self.answer([])
        n = len(body["instances"])
        verdict = {"scorer": self.scorer, "score": 0.5, "passage_scores": [], "best_passage": None}
        replies = {
            "http-500": (500, b"Internal Server Error"),
            "not-json": (200, b"<html>gateway page</html>"),
            "wrong-shape": (200, json.dumps({"predictions": [{"score": "high"}] * n}).encode()),
            "wrong-count": (200, self.answer([verdict] * (n + 1))),
            "other-model": (200, self.answer([verdict] * n, scorer="another-model.r1")),
        }
        if self.mode == "stall":
            time.sleep(3)
            return None
        return replies[self.mode]

    def answer(self, predictions: list, scorer: str | None = None) -> bytes:
        body = {"predictions": predictions, "scorer": scorer or self.scorer, "flag_threshold": 0.5}
        return json.dumps(body).encode()


@pytest.fixture
def broken(local) -> Iterator[BrokenServer]:
    server = BrokenServer(local.name)
    yield server
    server.close()


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("http-500", "answered HTTP 500"),
        ("not-json", "a body that is not JSON"),
        ("wrong-shape", "not a verifier answer"),
        ("wrong-count", "answered 2 verdicts for 1 citations"),
        ("other-model", "now serves another-model.r1"),
        ("stall", "did not answer within 0.5 s"),
    ],
)
def test_a_broken_server_is_a_clear_error(broken, items, mode, message) -> None:
    remote = RemoteVerifier(broken.endpoint, timeout=0.5)
    broken.mode = mode
    with pytest.raises(VerifierUnavailableError, match=message) as raised:
        remote.verify(*items[0])
    assert broken.endpoint in str(raised.value)
    remote.close()


def test_a_server_that_is_down_is_a_clear_error() -> None:
    endpoint = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    with pytest.raises(VerifierUnavailableError, match="is unreachable: ConnectError") as raised:
        RemoteVerifier(endpoint, timeout=2)
    assert endpoint in str(raised.value)


def test_serve_verifier_without_its_model_files_is_one_error_line(tmp_path: Path) -> None:
    config = tmp_path / "sidebot.toml"
    config.write_text(f'[verify]\nmodel_dir = "{tmp_path / "no-model"}"\n', encoding="utf-8")
    command = ["serve-verifier", "--port", str(free_port())]
    done = subprocess.run(
        [sys.executable, "-m", "sidebot", "--config", str(config), *command],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "verifier manifest missing" in done.stderr and "Traceback" not in done.stderr


# --- the patrol: a verifier failure leaves the citations for the next run ---------------------------------


@pytest.mark.integration
def test_patrol_retries_citations_the_verifier_server_failed(
    settings, wiki_site, wiki_users, unique_title, endpoint, broken
) -> None:
    from sidebot.wiki.reader import PywikibotWiki

    wiki = PywikibotWiki.connect(settings)
    supported, not_supported = supported_and_not(1)
    with SourceServer() as sources:
        title = unique_title("Remote")
        claim_a, text = wice_article(sources, supported[0])
        _, text_b = wice_article(sources, not_supported[0])
        body_b = text_b.split("== References ==")[0].split("\n", 2)[2]
        wiki_users.editor.edit(title, text.replace("== References ==", body_b + "\n== References =="))
        db = Database(settings.database_url)
        fetch = lambda urls: fetch_many(urls, settings.fetch)  # noqa: E731

        broken.mode = "http-500"
        failed = Patrol(settings, db, wiki, RemoteVerifier(broken.endpoint), fetch).run(
            refs_for(wiki, [title]), "test", {}
        )
        assert failed.status == "ok" and failed.counts["verifier_errors"] == 1
        assert failed.counts["citations_deferred"] == 2 and failed.counts["citations_scored"] == 0
        with db.session() as session:
            assert session.scalars(select(Finding)).all() == []
            page = session.scalars(select(Page).where(Page.title == title)).one()
            assert page.deferred_reason == "the verifier server is unavailable"
            run = session.get(Run, failed.run_id)
            assert any("answered HTTP 500" in e["error"] for e in run.errors)

        # the next run (the server is back) resumes the page first and verifies both citations
        later = Patrol(settings, db, wiki, RemoteVerifier(endpoint, token=TOKEN), fetch).run([], "test", {})
        assert later.counts["citations_scored"] == 2 and later.counts["verifier_errors"] == 0
        with db.session() as session:
            findings = session.scalars(select(Finding)).all()
            assert len(findings) == 2 and {f.scorer for f in findings} == {broken.scorer}
            page = session.scalars(select(Page).where(Page.title == title)).one()
            assert page.deferred_reason is None
        db.dispose()


# `sidebot bench verifier-server`'s parts, on this module's server and verifier


def test_bench_callers_return_each_chunks_verdicts_in_chunk_order(endpoint, local, items) -> None:
    from sidebot.bench.verifier_server import _chunks, _run_callers

    chunks = _chunks(items[:5], 2)
    assert [len(c) for c in chunks] == [2, 2, 1]
    remote = RemoteVerifier(endpoint, token=TOKEN)
    seconds, verdicts = _run_callers([local, remote], chunks)  # chunks 0 and 2 in process, 1 remote
    remote.close()
    assert seconds > 0 and len(verdicts) == 5
    for (_, passages), verdict in zip(items[:5], verdicts):  # the verdict of that very citation
        assert len(verdict.passage_scores) == len(passages)
        assert any(verdict.best_passage.text in p.text for p in passages)
    # scores depend slightly on what shares a model batch: the same chunks in process give the same verdicts
    assert repr(verdicts) == repr([v for chunk in chunks for v in local.verify_many(chunk)])


def test_bench_latencies_time_both_ways_and_count_identical_verdicts(endpoint, local, items) -> None:
    from sidebot.bench.verifier_server import _latencies

    remote = RemoteVerifier(endpoint, token=TOKEN)
    latency, identical = _latencies(items[:3], local, remote)
    remote.close()
    assert sorted(latency) == ["local", "remote"]
    assert all(len(seconds) == 3 and min(seconds) > 0 for seconds in latency.values())
    assert identical == 3  # the server's verdicts are the in-process ones, bit for bit


def test_bench_throughputs_read_the_servers_batch_counters(endpoint, local, items) -> None:
    from sidebot.bench.verifier_server import _batch_counters, _batches, _chunks, _throughputs

    with pytest.raises(httpx.HTTPStatusError):  # /metrics asks for the token, as every route but the probes
        _batch_counters(endpoint)
    remote = RemoteVerifier(endpoint, token=TOKEN)
    chunks = _chunks(items[:4], 2)
    seconds, totals, verdicts_of = _throughputs({"local": [local], "one": [remote]}, chunks, endpoint, TOKEN)
    remote.close()
    assert seconds["local"] > 0 and seconds["one"] > 0
    # two rounds of two requests of two citations each went to the server, none from the in-process phase
    assert totals["local"] == {"calls": 0.0, "citations": 0.0, "requests": 0.0}
    assert totals["one"]["citations"] == 8 and totals["one"]["requests"] == 4
    assert 4 <= totals["one"]["calls"] <= 8  # one caller's requests are never merged, but may be sliced
    assert _batches(totals["one"]) == {
        "model_calls": totals["one"]["calls"],
        "citations_per_call": 8 / totals["one"]["calls"],
        "requests_per_call": 4 / totals["one"]["calls"],
    }
    assert _batches(totals["local"])["citations_per_call"] == 0.0
    assert repr(verdicts_of["one"]) == repr(verdicts_of["local"])
