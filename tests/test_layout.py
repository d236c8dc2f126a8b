"""Every import inside sidebot points down the layer list (README "Layout", ../shared/docs/ARCHITECTURE.md).

The source of every module under ``sidebot/`` is parsed (not imported), so imports inside functions and
``TYPE_CHECKING`` blocks count too, and so do module paths written as strings (``python -m`` targets,
APScheduler job references, ``importlib.resources`` packages, logger names).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import sidebot

ROOT = Path(sidebot.__file__).resolve().parent

# Top to bottom. A part may import parts of lower tiers only; parts of one tier never import each other.
TIERS: list[set[str]] = [
    {"__main__"},  # python -m sidebot
    {"cli"},  # parsing, printing, exit codes
    {"bench", "training"},  # tools: speed benchmarks and replays; fitting and publishing the models
    {"eval"},  # tool: evaluations and the metrics that training reports too
    {"sandbox"},  # tool: the local MediaWiki, demo content, source server, a throwaway PostgreSQL
    {"scheduler"},
    {"workers"},  # page jobs on the PostgreSQL task queue, the worker processes, dump backfills
    {"patrol"},
    {"web", "onwiki", "serving"},  # serving: the verifier as a KServe model server
    {"queue"},  # the only package that owns SQL
    {"retrieve"},  # engine
    {"verify"},  # engine: the runtime scorer
    {"wiki", "sources", "datasets"},  # wiki I/O, source fetching, data-set readers
    {"citations"},  # pure: wikitext in, citations out
    {"config", "processes", "__init__"},
    {"credentials"},  # secrets from the environment, files or systemd credentials (config reads them)
    {"wikitext"},  # escaping what the bot writes in wikitext (pure; config checks a configured link with it)
    # the shared records (Claim, Passage, Verdict…), month names and names as compared: import nothing
    {"records", "months", "names"},
]
RANK = {part: rank for rank, tier in enumerate(TIERS) for part in tier}
ENGINES = {"citations", "sources", "verify", "retrieve", "datasets", "wiki"}
# The tools beside the bot (benchmarks, replays, training, evaluations, the sandbox) and the bot's runtime
# packages: the runtime never imports a tool; only tools, the CLI and tests import the sandbox.
TOOLS = {"bench", "training", "eval", "sandbox"}
RUNTIME = {
    "citations", "sources", "wiki", "verify", "retrieve", "queue", "patrol", "web", "onwiki", "serving",
    "scheduler", "workers",
}  # fmt: skip
# Upward references that are allowed, and why.
ALLOWED = {
    # The settings take the retrieval defaults from the fit shipped in the package; tuning imports nothing.
    ("config", "sidebot.retrieve.tuning"),
}
# Modules outside sidebot.queue that may import SQLAlchemy (the queue owns every query), and why.
SQL_OUTSIDE_QUEUE = {
    # Completes the database URL with the password file's secret (make_url only, no database): the settings
    # sit below the queue and cannot call it.
    "sidebot.config",
}
MODULE_STRING = re.compile(r"^(?:-m )?(sidebot(?:\.\w+)+)(?::\w+)?$")


def part_of(module: str) -> str:
    """The layer part a dotted module belongs to: ``sidebot.verify.facts._check`` -> ``verify``."""
    names = module.split(".")
    return names[1] if len(names) > 1 else "__init__"


def is_part(name: str) -> bool:
    return (ROOT / name).is_dir() or (ROOT / f"{name}.py").is_file()


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    names = list(rel.parts)
    if names[-1] == "__init__" and len(names) > 1:
        names.pop()
    return ".".join(names)


def references(source: str) -> Iterator[tuple[int, str]]:
    """(line, dotted module) for every import of a sidebot module and every string naming one."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
            # `from sidebot.cli import serve` imports the module sidebot.cli.serve
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str | bytes):
            text = node.value.decode(errors="replace") if isinstance(node.value, bytes) else node.value
            match = MODULE_STRING.match(text)
            if match and is_part(part_of(match.group(1))):  # not a file name such as "sidebot.toml"
                yield node.lineno, match.group(1)


def allowed(here: str, target: str) -> bool:
    return any(
        here == part and (target == module or target.startswith(f"{module}.")) for part, module in ALLOWED
    )


def violations(module: str, source: str) -> list[str]:
    """Why each reference of ``module`` (given its source) breaks the layer rules; empty when none does."""
    here = part_of(module)
    found = []
    for line, target in references(source):
        if target != "sidebot" and not target.startswith("sidebot."):
            continue
        there = part_of(target)
        if there == here or target == "sidebot" or allowed(here, target):
            continue
        if RANK[there] <= RANK[here]:
            found.append(f"{module}:{line} imports {target} ({here} may not import {there})")
        if there in TOOLS and here in RUNTIME:
            found.append(
                f"{module}:{line} imports {target} (the bot's {here} may not import the tool {there})"
            )
    return found


def all_modules() -> list[tuple[str, str]]:
    return [(module_name(p), p.read_text(encoding="utf-8")) for p in sorted(ROOT.rglob("*.py"))]


def test_every_part_has_a_tier():
    parts = {part_of(module) for module, _ in all_modules()}
    assert parts - RANK.keys() == set(), "a new package needs a place in TIERS (and in the README's Layout)"
    assert ENGINES <= RANK.keys()
    assert all(RANK[engine] > RANK["queue"] for engine in ENGINES)  # engines sit below every bot part


def test_tools_sit_above_the_runtime():
    """Benchmarks, replays, training, evaluations and the sandbox import the bot; the bot imports none of
    them, so a tool's dependencies (the sandbox's servers, training data) never load in a patrol."""
    assert TOOLS <= RANK.keys() and RUNTIME <= RANK.keys() and not TOOLS & RUNTIME
    assert min(RANK[tool] for tool in TOOLS) > RANK["cli"]
    assert max(RANK[tool] for tool in TOOLS) < min(RANK[part] for part in RUNTIME)


def test_imports_point_down_the_layers():
    found = [v for module, source in all_modules() for v in violations(module, source)]
    assert found == []


def test_the_records_import_no_sidebot_module():
    """The shared records sit under every part (no exception in ALLOWED reaches them): any part can pass a
    Claim or a Verdict without importing the part that makes it."""
    source = (ROOT / "records.py").read_text(encoding="utf-8")
    assert [target for _, target in references(source) if target.split(".")[0] == "sidebot"] == []


def private_imports(module: str, source: str) -> list[str]:
    """The references of ``module`` to a private module (``sidebot.verify.facts._check``; not a private name
    inside a module) of a package it is not inside: such a package is entered through its ``__init__``."""
    found = []
    for line, target in references(source):
        names = target.split(".")
        for k, name in enumerate(names):
            path = ROOT.parent.joinpath(*names[: k + 1])
            if name.startswith("_") and not name.startswith("__") and path.with_suffix(".py").is_file():
                package = ".".join(names[:k])
                if module != package and not module.startswith(f"{package}."):
                    found.append(f"{module}:{line} imports {target} (private to {package})")
                break
    return found


def test_private_modules_are_imported_by_their_package_only():
    """sidebot.verify.facts is one entry point with private modules behind it (as pywikibot's pagegenerators
    hides _factory, _filters and _generators): the verifier, the retriever, the patrol and the tools call the
    fact check through ``sidebot.verify.facts`` alone."""
    assert [v for module, source in all_modules() for v in private_imports(module, source)] == []
    assert private_imports("sidebot.retrieve.checks", "from sidebot.verify.facts._check import PageIndex\n")
    assert private_imports("sidebot.eval.sneaky", "from sidebot.verify.facts import _numbers\n")
    assert not private_imports("sidebot.verify.facts._changes", "from sidebot.verify.facts._check import X\n")
    assert not private_imports("sidebot.verify.facts", "from sidebot.verify.facts._check import X\n")


def sqlalchemy_imports(source: str) -> list[int]:
    """The lines of ``source`` that import SQLAlchemy (inside functions and TYPE_CHECKING blocks too)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        if any(name == "sqlalchemy" or name.startswith("sqlalchemy.") for name in names):
            lines.append(node.lineno)
    return lines


def test_only_the_queue_imports_sqlalchemy():
    """Every query lives in sidebot.queue, behind functions that return typed rows (issue 55)."""
    found = [
        f"{module}:{line}"
        for module, source in all_modules()
        if part_of(module) != "queue" and module not in SQL_OUTSIDE_QUEUE
        for line in sqlalchemy_imports(source)
    ]
    assert found == []


def test_the_sql_allow_list_holds_only_modules_that_need_it():
    modules = dict(all_modules())
    assert {m for m in SQL_OUTSIDE_QUEUE if m not in modules or not sqlalchemy_imports(modules[m])} == set()


@pytest.mark.parametrize(
    "source",
    [
        "import sqlalchemy.exc\n",
        "def f():\n    from sqlalchemy.orm import Session\n",
        "from sqlalchemy import select\n",
    ],
)
def test_a_sqlalchemy_import_is_found(source):
    assert sqlalchemy_imports(source) != []
    assert sqlalchemy_imports("from sidebot.queue.db import Session\nimport sqlalchemy_utils\n") == []


def module_imports(modules: dict[str, str]) -> dict[str, set[str]]:
    """Per module, the sidebot modules it references (a name inside a module counts as that module)."""
    graph: dict[str, set[str]] = {}
    for module, source in modules.items():
        targets = set()
        for _, target in references(source):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != module:
                targets.add(target)
        graph[module] = targets
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that import each other, directly or round a circle (strongly connected components
    of more than one module, found by Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    cycles.append(sorted(group))
    return cycles


def test_no_modules_import_each_other():
    """Inside a package imports run one way too (ARCHITECTURE.md: "data flows one way"): two modules that
    import each other, even lazily, cannot be read, tested or moved apart."""
    assert import_cycles(module_imports(dict(all_modules()))) == []


def test_an_import_circle_is_found():
    modules = {
        "sidebot.web.app": "from sidebot.web import routes\n",
        "sidebot.web.routes": "from sidebot.web.context import web_context\n",
        "sidebot.web.context": "def f():\n    from sidebot.web.app import create_app\n",
        "sidebot.web.cards": "from sidebot.web.context import web_context\n",
    }
    assert import_cycles(module_imports(modules)) == [
        ["sidebot.web.app", "sidebot.web.context", "sidebot.web.routes"]
    ]


@pytest.mark.parametrize(
    ("module", "line", "why"),
    [
        (
            "sidebot.verify.crossencoder",
            "from sidebot.cli.common import console",
            "verify may not import cli",
        ),
        ("sidebot.retrieve.retriever", "from sidebot.sandbox import demo_content", "retrieve may not import"),
        ("sidebot.verify.crossencoder", "from sidebot.training.card import render_card", "verify may not"),
        (
            "sidebot.eval.verify",
            "from sidebot.training.publish import publish",
            "eval may not import training",
        ),
        ("sidebot.workers.worker", "from sidebot.bench.cpu import snapshot", "may not import the tool bench"),
        ("sidebot.web.app", "from sidebot.sandbox import sandbox", "may not import the tool sandbox"),
        ("sidebot.sandbox.sandbox", "from sidebot.eval.retrieve import pool", "sandbox may not import eval"),
        ("sidebot.web.app", "from sidebot.onwiki import writer", "web may not import onwiki"),
        ("sidebot.scheduler.jobs", "from sidebot.eval import retrieve", "may not import the tool eval"),
        ("sidebot.citations.text", "import sidebot.wiki.site", "citations may not import wiki"),
        ("sidebot.queue.store", 'JOB = "sidebot.scheduler.app:run_job"', "queue may not import scheduler"),
        ("sidebot.records", "from sidebot.sources.passages import split_passages", "records may not import"),
    ],
)
def test_an_upward_reference_is_reported(module, line, why):
    assert any(why in v for v in violations(module, line + "\n"))


def test_downward_and_internal_imports_pass():
    source = "from sidebot.records import Claim\nfrom sidebot.cli import serve\nimport sidebot.queue.db\n"
    assert violations("sidebot.cli.app", source) == []
    assert violations("sidebot.config", "from sidebot.retrieve.tuning import tuned\n") == []


# Libraries that load a model or a language pipeline: seconds and hundreds of MB, and an engine's decision.
MODEL_LIBRARIES = {"torch", "transformers", "sentence_transformers", "spacy", "sklearn"}


def runtime_source(source: str) -> str:
    """``source`` without its ``if TYPE_CHECKING:`` blocks: what importing the module can load."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            node.body = [ast.Pass()]
    return ast.unparse(tree)


def third_party_imports(source: str) -> set[str]:
    """The top-level names of the libraries a module's source imports (lazily or not)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.partition(".")[0])
    return found - {"sidebot"}


def reached_from(graph: dict[str, set[str]], roots: set[str]) -> set[str]:
    seen, todo = set(roots), list(roots)
    while todo:
        for target in graph[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen


def test_the_store_decides_nothing():
    """The queue stores what the patrol decided: no verifier module it can load, even lazily, runs the fact
    check or loads a model (the patrol decides which citation replaces which; the review statistics read
    calibration from plain NumPy)."""
    modules = {module: runtime_source(source) for module, source in all_modules()}
    reached = reached_from(module_imports(modules), {m for m in modules if part_of(m) == "queue"})
    verify = {m for m in reached if part_of(m) == "verify"}
    assert verify  # the statistics read calibration
    assert {m for m in verify if m.startswith("sidebot.verify.facts")} == set()
    assert {m: third_party_imports(modules[m]) & MODEL_LIBRARIES for m in verify} == {
        m: set() for m in verify
    }


def test_the_patrol_builds_no_queries():
    """The patrol's queries are functions of the queue (``sidebot.queue.store``) that return rows; it imports
    from SQLAlchemy only its errors and the session type. The one indexer (corpus_feed) still builds its own
    (issue 55: the queue owns every query)."""
    building = {
        module: found
        for module, source in all_modules()
        if part_of(module) == "patrol" and module != "sidebot.patrol.corpus_feed"
        if (found := sqlalchemy_modules(source) - {"sqlalchemy.exc", "sqlalchemy.orm"})
    }
    assert building == {}


def sqlalchemy_modules(source: str) -> set[str]:
    """The SQLAlchemy modules a module's source imports (lazily or not)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if name.partition(".")[0] == "sqlalchemy"}


LONG_FUNCTION = 80  # lines, decorators excluded, a Typer command's options included (issue 55)
MOST_LONG_FUNCTIONS = 3


def long_functions(source: str, module: str) -> list[str]:
    """The functions of ``source`` longer than ``LONG_FUNCTION`` lines, as "module.name (lines)"."""
    return [
        f"{module}.{node.name} ({length})"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if (length := node.end_lineno - node.lineno + 1) > LONG_FUNCTION
    ]


def test_few_functions_are_long():
    """At most three functions over 80 lines: a long one is split into helpers that each do one job."""
    long = [f for module, source in all_modules() for f in long_functions(source, module)]
    assert len(long) <= MOST_LONG_FUNCTIONS, long


def test_a_long_function_is_found():
    body = "\n".join(f"    x{i} = {i}" for i in range(LONG_FUNCTION))
    assert long_functions(f"@decorated\ndef f():\n{body}\n", "m") == ["m.f (81)"]
    assert long_functions(f"def f():\n{body[: body.rindex(chr(10))]}\n", "m") == []
