"""The deployment files under deploy/ (and Procfile, requirements.txt), checked as far as this machine allows:

- systemd units: `systemd-analyze verify` (with the units' /opt/sidebot pointed at this checkout), and every
  sidebot command line in them parsed by sidebot's own CLI;
- Kubernetes manifests: the Kubernetes JSON schemas that `kubernetes-validate` ships (strict: no unknown
  field), and the KServe InferenceService against the model classes of KServe's Python SDK (generated from
  its CRD's OpenAPI schema), with the Kubernetes client's models for the pod fields inside it;
- Toolforge jobs.yaml: parsed by Toolforge's own jobs CLI (`toolforge-jobs-cli`), each command a Procfile
  entry whose command line sidebot's CLI accepts;
- container files: every file they copy exists, their commands parse, and torch is pinned as in pyproject.

Not checked here (no container daemon, no cluster, no Toolforge account, no registry but PyPI): building the
images, applying the manifests, running the jobs.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from sidebot.cli.app import app
from sidebot.config import load_settings, operator_contact_problem
from sidebot.credentials import SECRETS

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
K8S_VERSION = "1.31.0"
SIDEBOT = "/opt/sidebot/.venv/bin/sidebot"


def cli_accepts(args: list[str]) -> None:
    """sidebot's CLI knows this command and its options (``--help`` stops before anything runs)."""
    result = CliRunner().invoke(app, [*args, "--help"])
    assert result.exit_code == 0, f"sidebot {shlex.join(args)}: {result.output}"


def unit_lines(path: Path, key: str) -> list[str]:
    return [line.split("=", 1)[1] for line in path.read_text().splitlines() if line.startswith(f"{key}=")]


# systemd


UNITS = sorted((DEPLOY / "systemd").glob("*.service"))


def test_the_units_exist() -> None:
    names = {u.name for u in UNITS}
    assert {"sidebot-scheduler.service", "sidebot-worker@.service", "sidebot-verifier.service"} <= names


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    checked = []
    for unit in UNITS:
        text = unit.read_text().replace("/opt/sidebot", str(ROOT))  # the venv of this checkout
        name = unit.name.replace("@.", "@1.")  # a template is verified as one of its instances
        (tmp_path / name).write_text(text)
        checked.append(str(tmp_path / name))
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *checked], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and not done.stdout.strip() and not done.stderr.strip(), done.stderr
    (tmp_path / "bad.service").write_text("[Service]\nExecStart=/bin/true\nExecStrat=/bin/true\n")
    bad = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(tmp_path / "bad.service")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Unknown key" in bad.stderr  # the check above would see a misspelt key


@pytest.mark.parametrize("unit", UNITS, ids=[u.name for u in UNITS])
def test_unit_commands_are_sidebot_commands(unit: Path) -> None:
    commands = unit_lines(unit, "ExecStart") + unit_lines(unit, "ExecStartPre")
    assert commands
    for command in commands:
        words = shlex.split(command.replace("%H", "host").replace("%i", "1"))
        assert words[0] == SIDEBOT
        cli_accepts(words[1:])
    credentials = [c.split(":", 1)[0] for c in unit_lines(unit, "LoadCredential")]
    assert set(credentials) <= {secret.credential for secret in SECRETS}


# Kubernetes


def manifests(name: str) -> list[dict]:
    return list(yaml.safe_load_all((DEPLOY / "kubernetes" / name).read_text()))


def kserve_problems(value: object, type_name: str) -> list[str]:
    """:func:`model_problems` in a process of its own: KServe's SDK and Triton's gRPC client (imported by
    tests/test_open_inference.py when pytest collects it) register the same protobuf names, and one process
    cannot hold both."""
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[2]); from tests.test_deploy import model_problems; "
        "print(json.dumps(model_problems(json.load(sys.stdin), sys.argv[1])))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, type_name, str(ROOT)],
        input=json.dumps(value),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def model_problems(value: object, type_name: str, where: str = "") -> list[str]:
    """Where ``value`` does not fit ``type_name`` of KServe's SDK models (or the Kubernetes client's, for the
    pod fields): unknown fields and wrong types."""
    import kserve.models
    import kubernetes.client.models

    listed = re.fullmatch(r"[Ll]ist\[(.+)\]", type_name)
    if listed:
        if not isinstance(value, list):
            return [f"{where}: expected a list"]
        return [p for i, v in enumerate(value) for p in model_problems(v, listed[1], f"{where}[{i}]")]
    mapped = re.fullmatch(r"dict\(str, (.+)\)|Dict\[str, (.+)\]", type_name)
    if mapped:
        inner = mapped[1] or mapped[2]
        if not isinstance(value, dict):
            return [f"{where}: expected a mapping"]
        return [p for k, v in value.items() for p in model_problems(v, inner, f"{where}.{k}")]
    simple = {"str": str, "int": int, "bool": bool, "float": (int, float), "object": object}
    if type_name in simple:
        ok = isinstance(value, simple[type_name]) and not (type_name == "int" and isinstance(value, bool))
        return [] if ok else [f"{where}: expected {type_name}, got {value!r}"]
    model = getattr(kserve.models, type_name, None) or getattr(kubernetes.client.models, type_name)
    if not isinstance(value, dict):
        return [f"{where}: expected an object ({type_name})"]
    fields = {json_name: attr for attr, json_name in model.attribute_map.items()}
    problems = []
    for key, item in value.items():
        if key not in fields:
            problems.append(f"{where}.{key}: not a field of {type_name}")
        else:
            problems += model_problems(item, model.openapi_types[fields[key]], f"{where}.{key}")
    return problems


def test_workers_manifests_match_the_kubernetes_schemas(tmp_path: Path) -> None:
    import kubernetes_validate

    docs = manifests("workers.yaml")
    assert [d["kind"] for d in docs] == ["ConfigMap", "Deployment", "Deployment"]
    for doc in docs:
        kubernetes_validate.validate(doc, K8S_VERSION, strict=True)
    broken = docs[2] | {"spec": docs[2]["spec"] | {"replica": 2}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, K8S_VERSION, strict=True)


def test_workers_manifests_run_sidebot_as_configured(tmp_path: Path) -> None:
    config_map, scheduler, worker = manifests("workers.yaml")
    (tmp_path / "sidebot.toml").write_text(config_map["data"]["sidebot.toml"])
    settings = load_settings(tmp_path / "sidebot.toml")
    assert settings.workers.enabled and settings.verify.threads == 1 and settings.wiki.bot_password_name
    api = "https://en.wikipedia.org/w/api.php"
    assert operator_contact_problem(settings.fetch, api, None) is None  # the scheduler and workers start
    assert "password" not in config_map["data"]["sidebot.toml"].replace("bot_password_name", "")
    compile(config_map["data"]["user-config.py"], "user-config.py", "exec")  # Pywikibot executes it
    for deployment in (scheduler, worker):
        pod = deployment["spec"]["template"]["spec"]
        for container in pod["containers"] + pod.get("initContainers", []):
            if container.get("args"):
                cli_accepts(container["args"])
            secrets = {
                e["name"]: e["valueFrom"]["secretKeyRef"]["key"]
                for e in container.get("env", [])
                if "secretKeyRef" in e.get("valueFrom", {})
            }
            assert set(secrets) <= {
                "SIDEBOT_DATABASE_PASSWORD",
                "SIDEBOT_BOT_PASSWORD",
                "SIDEBOT_VERIFIER_TOKEN",
            }


def test_inference_service_matches_kserve_and_kubernetes() -> None:
    import kubernetes_validate

    config_map, service = manifests("inferenceservice.yaml")
    kubernetes_validate.validate(config_map, K8S_VERSION, strict=True)
    assert (service["apiVersion"], service["kind"]) == ("serving.kserve.io/v1beta1", "InferenceService")
    assert kserve_problems(service, "V1beta1InferenceService") == []
    typo = yaml.safe_load(yaml.safe_dump(service))
    typo["spec"]["predictor"]["minReplica"] = 1
    typo["spec"]["predictor"]["containers"][0]["port"] = []
    assert len(kserve_problems(typo, "V1beta1InferenceService")) == 2
    container = service["spec"]["predictor"]["containers"][0]
    cli_accepts(container["args"])
    assert container["ports"][0]["containerPort"] == int(
        container["args"][container["args"].index("--port") + 1]
    )
    assert container["readinessProbe"]["httpGet"]["path"] == "/v2/models/verifier/ready"


# Toolforge


def procfile() -> dict[str, str]:
    entries = {}
    for line in (ROOT / "Procfile").read_text().splitlines():
        name, command = line.split(":", 1)
        entries[name.strip()] = command.strip()
    return entries


def test_toolforge_jobs_parse_with_toolforges_own_parser() -> None:
    from jobs_cli.cli import _job_to_arg_parser_args, arg_parser

    jobs = yaml.safe_load((DEPLOY / "toolforge" / "jobs.yaml").read_text())
    entries = procfile()
    kinds = set()
    for job in jobs:
        args = arg_parser(["run", *_job_to_arg_parser_args(job=dict(job))])
        kinds.add("continuous" if args.continuous else "scheduled" if args.schedule else "one-off")
        name, *extra = shlex.split(args.command)
        assert name in entries, f"job {args.name}: {name!r} is not a Procfile entry"
        words = shlex.split(entries[name])
        assert words[0] == "sidebot"
        cli_accepts(words[1:] + extra)
    assert kinds == {"continuous", "scheduled", "one-off"}
    with pytest.raises(SystemExit):  # an unknown key is refused by the same parser
        arg_parser(["run", *_job_to_arg_parser_args(job={"name": "x", "command": "worker", "imgae": "y"})])


def test_build_service_files_pin_what_pyproject_pins() -> None:
    torch = next(
        d
        for d in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
        if d.startswith("torch")
    )
    requirements = (ROOT / "requirements.txt").read_text().splitlines()
    assert torch in requirements and "-e ." in requirements
    python = (ROOT / ".python-version").read_text().strip()
    assert re.fullmatch(r"3\.11(\.\d+)?", python)


# Containers


def containerfile(path: Path) -> list[tuple[str, str]]:
    """(instruction, arguments) of a Containerfile, continuation lines joined and comments dropped."""
    text = re.sub(r"\\\n", " ", path.read_text())
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            instruction, _, rest = line.partition(" ")
            rows.append((instruction.upper(), rest.strip()))
    return rows


@pytest.mark.parametrize("name", ["bot.Containerfile", "verifier.Containerfile"])
def test_container_files_copy_what_exists_and_run_sidebot(name: str) -> None:
    import json

    rows = containerfile(DEPLOY / "container" / name)
    assert rows[0][0] == "FROM" and "python:3.11" in rows[0][1]
    for instruction, rest in rows:
        if instruction == "COPY":
            *sources, _ = rest.split()
            for source in sources:
                assert (ROOT / source).exists(), f"{name} copies {source}, which is not in the repository"
    torch = next(
        d
        for d in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
        if d.startswith("torch")
    )
    assert any(instruction == "RUN" and f'"{torch}"' in rest for instruction, rest in rows)
    entrypoint = json.loads(next(rest for instruction, rest in rows if instruction == "ENTRYPOINT"))
    command = json.loads(next(rest for instruction, rest in rows if instruction == "CMD"))
    assert entrypoint == ["sidebot"]
    cli_accepts(command)
