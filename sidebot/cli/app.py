"""The sidebot command line: one Typer app assembled from the modules of sidebot/cli/. Heavy imports (torch,
pywikibot) happen inside the commands, so `sidebot --help` stays quick."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Annotated

import typer

from sidebot.cli import database, demo, onwiki, patrol, queue, schedule, stats, testwiki
from sidebot.cli import extract as extract_commands
from sidebot.cli import facts as fact_commands
from sidebot.cli import gadget as gadget_commands
from sidebot.cli import retrieve as retrieve_commands
from sidebot.cli import serve as web_commands
from sidebot.cli import serving as serving_commands
from sidebot.cli import sources as sources_commands
from sidebot.cli import verify as verify_commands
from sidebot.cli import workers as worker_commands
from sidebot.cli.common import SidebotGroup, fail
from sidebot.config import ConfigError, default_config_path, load_settings

# Model loading must not draw progress bars over ours, nor reach for a model hub (there is none).
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

# Help texts are plain text: with rich markup on, "[web] host" in a help string would lose its "[web]".
MARKUP = None

app = typer.Typer(
    cls=SidebotGroup,
    no_args_is_help=True,
    rich_markup_mode=MARKUP,
    pretty_exceptions_enable=False,
    help="sidebot: find Wikipedia citations whose sources do not support the claim.",
)


@app.callback()
def main(
    ctx: typer.Context,
    config: Annotated[
        Path | None,
        typer.Option(
            "--config",
            "-c",
            help="sidebot TOML config file (default: $SIDEBOT_CONFIG, else the local demo wiki's config "
            "when `sidebot demo` or `sidebot testwiki up` made one, else the built-in defaults).",
        ),
    ] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log progress details.")] = False,
) -> None:
    """Load the settings every command reads (from ``--config``, $SIDEBOT_CONFIG, the demo's config or the
    defaults) and set the log level; a config that does not load is one error line and exit code 2."""
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        ctx.obj = load_settings(config or default_config_path())
    except ConfigError as exc:
        raise fail(str(exc), 2) from exc


def _group(name: str, help: str) -> typer.Typer:
    group = typer.Typer(no_args_is_help=True, help=help, rich_markup_mode=MARKUP)
    app.add_typer(group, name=name)
    return group


app.command("patrol")(patrol.patrol)
app.command("check")(patrol.check)
app.command("runs")(patrol.runs)
app.command("demo")(demo.demo)
app.command("doctor")(database.doctor)
app.command("schedule")(schedule.schedule)
app.command("stats")(stats.stats)
app.command("calibrate")(stats.calibrate)
app.command("worker")(worker_commands.worker)
app.command("backfill")(worker_commands.backfill)

db_group = _group("db", "The queue database.")
db_group.command("upgrade")(database.upgrade)
db_group.command("current")(database.current)

testwiki_group = _group(
    "testwiki", "A local MediaWiki (with demo articles and sources) for tests and sandboxing."
)
testwiki_group.command("up")(testwiki.up)
testwiki_group.command("down")(testwiki.down)
testwiki_group.command("status")(testwiki.status)

queue_group = _group("queue", "The review queue.")
queue_group.command("list")(queue.list_findings)
queue_group.command("show")(queue.show_finding)
queue_group.command("prioritize")(queue.prioritize)

corpus_group = _group("corpus", "The retrieval corpus: documents better sources are searched in.")
corpus_group.command("add")(retrieve_commands.corpus_add)
corpus_group.command("info")(retrieve_commands.corpus_info)

index_group = _group("index", "The retrieval indexes (BM25 and dense) over the corpus.")
index_group.command("build")(retrieve_commands.index_build)
index_group.command("update")(retrieve_commands.index_update)

onwiki_group = _group("onwiki", "The bot's pages on the wiki: review list, count, talk notices, stop page.")
onwiki_group.command("update")(onwiki.update)
onwiki_group.command("resume")(onwiki.resume)
onwiki_group.command("status")(onwiki.status)

gadget_group = _group("gadget", "The wiki gadget: the queue's findings marked on the articles themselves.")
gadget_group.command("install")(gadget_commands.install)

app.command("serve")(web_commands.serve)
app.command("serve-verifier")(serving_commands.serve_verifier)
sessions_group = _group("sessions", "The review UI's login sessions.")
sessions_group.command("revoke")(web_commands.revoke_sessions)
bench_group = _group("bench", "Benchmarks (not tests): speed on this machine.")
bench_group.command("ui")(web_commands.bench_ui)
bench_group.command("check")(web_commands.bench_check)
bench_group.command("verify")(verify_commands.bench_verify)
bench_group.command("index")(retrieve_commands.bench_index)
bench_group.command("verifier-server")(serving_commands.bench_verifier_server)
bench_group.command("verifier-fairness")(serving_commands.bench_verifier_fairness)
bench_group.command("workers")(worker_commands.bench_workers)
bench_group.command("replay")(worker_commands.bench_replay)

train_group = _group("train", "Train models (reproducibly, with a fixed seed).")
train_group.command("verifier")(verify_commands.train_verifier)
train_group.command("shown-window")(verify_commands.train_shown_window)
train_group.command("fact-check")(fact_commands.train_fact_check)
train_group.command("every-part")(fact_commands.train_every_part)
train_group.command("page-kinds")(sources_commands.train_page_kinds)

eval_group = _group("eval", "Evaluate the engines on data they were not trained on.")
eval_group.command("verify")(verify_commands.eval_verify)
eval_group.command("decompose")(verify_commands.eval_decompose)
eval_group.command("mid-sentence")(verify_commands.eval_mid_sentence)
eval_group.command("sneaky")(fact_commands.eval_sneaky)
eval_group.command("fact-spans")(fact_commands.eval_fact_spans)
eval_group.command("key-facts")(fact_commands.eval_key_facts)
eval_group.command("retrieve")(retrieve_commands.eval_retrieve)
eval_group.command("suggest")(retrieve_commands.eval_suggest)
eval_group.command("sources")(sources_commands.eval_sources)
eval_group.command("extract")(extract_commands.eval_extract)
eval_group.command("references")(sources_commands.eval_references)
