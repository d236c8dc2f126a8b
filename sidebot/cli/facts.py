"""`sidebot train fact-check`, `sidebot eval sneaky`, `sidebot eval fact-spans` and `sidebot eval key-facts`
(mounted by sidebot/cli/app.py): the fact check's fit into a trained model, its catch rate on quietly changed
facts, whether the facts it names as not given are the ones annotators found unsupported, and how often the
key-facts reading holds a backed claim beyond WiCE.

Heavy imports (torch, spaCy) happen inside the commands so that `sidebot --help` stays quick.
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from sidebot.cli.common import console, fail, settings_of, write_json
from sidebot.cli.verify import DataDirOption, ModelDirOption, show_two_figures, trained_model
from sidebot.verify.facts import NewValue


def train_fact_check(
    data_dir: DataDirOption = None,
    model_dir: ModelDirOption = None,
    keep_combiner: Annotated[
        bool,
        typer.Option(
            "--keep-combiner",
            help="Keep the model's claim-level combiner; refit only the calibration, fact rule, bands and "
            "the every-part figure (after a change to them, not to the combiner's features).",
        ),
    ] = False,
    keep_calibration: Annotated[
        bool,
        typer.Option(
            "--keep-calibration",
            help="With --keep-combiner: keep the calibration, fact rule and bands too; choose only the "
            "key-facts reading (a page lacking the claim's key facts is held in 'may fail').",
        ),
    ] = False,
) -> None:
    """Fit the fact check into an existing model: refit its claim-level combiner with the fact check's
    features (held-out WiCE train sub-claims), then choose its calibration, fact rule, key-facts reading and
    the two bands on one half of WiCE dev and measure them on the other half (the model card's fact-check
    section)."""
    from sidebot.datasets.wice import read_wice
    from sidebot.training.claimlevel import claim_examples
    from sidebot.training.factfit import fit_fact_check
    from sidebot.training.publish import fit_claim_combiner

    _, folder, dev_file, seed, held = trained_model(data_dir, model_dir, with_held_out=not keep_combiner)
    if seed is None:  # the sneaky edits are made with the model's training seed
        raise fail(f"{folder}/verifier.json names no training seed: retrain it with `train verifier`")
    if not keep_combiner:
        fit_claim_combiner(
            folder,
            claim_examples(held),
            f"{len(held)} WiCE train sub-claims x (page as cited, page without evidence)",
            console.print,
        )
    if keep_calibration and not keep_combiner:
        raise fail("--keep-calibration needs --keep-combiner: a refitted combiner needs a new calibration")
    figures = fit_fact_check(
        folder, read_wice(dev_file), int(seed), console.print, keep_calibration=keep_calibration
    )
    console.print(f"{folder}: fact check fitted; report half ({figures['claims']} WiCE dev claims):")
    console.print_json(json.dumps(figures))
    _fit_every_part(folder, dev_file)


def train_every_part(
    data_dir: DataDirOption = None,
    model_dir: ModelDirOption = None,
) -> None:
    """Fit the second figure, P(the source backs every part of the claim), into a model whose fact check is
    fitted: chosen and fitted on one half of WiCE dev, measured on the other (also run by `train
    fact-check`)."""
    model = trained_model(data_dir, model_dir)
    _fit_every_part(model.folder, model.dev_file)


def _fit_every_part(folder: Path, dev_file: Path) -> None:
    from sidebot.datasets.wice import read_wice
    from sidebot.training.card import render_card
    from sidebot.training.everypart import fit_every_part
    from sidebot.training.publish import write_card

    figures = fit_every_part(folder, read_wice(dev_file), console.print)
    write_card(folder, render_card(folder))
    console.print(f"{folder}: every-part figure fitted; report half ({figures['n']} WiCE dev claims):")
    show_two_figures(figures)


class Half(StrEnum):
    """Which half of the WiCE claims ``eval sneaky`` counts: all, the half ``train fact-check`` fits on, or
    the held-out half it reports on."""

    ALL = "all"
    FIT = "fit"
    REPORT = "report"


def eval_sneaky(
    ctx: typer.Context,
    wice: Annotated[
        Path, typer.Option("--wice", help="WiCE claims file (.jsonl).", exists=True, dir_okay=False)
    ],
    seed: Annotated[int, typer.Option(help="Seed of the edits (which fact, which new value).")] = 13,
    new_value: Annotated[
        NewValue,
        typer.Option(
            help="Where the new value comes from: 'absent', one the page does not contain; 'elsewhere', one "
            "the page gives away from the claim's value (a vandal copying another of the article's values)."
        ),
    ] = NewValue.ABSENT,
    half: Annotated[
        Half,
        typer.Option(
            help="Count only the edits of one half of the claims: 'fit', the half `train fact-check` fits "
            "and chooses on, or 'report', the held-out one (sha256 of the claim id); drawn alike."
        ),
    ] = Half.ALL,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write every edit here.")] = None,
    limit: Annotated[int | None, typer.Option(help="Only the first N claims.")] = None,
) -> None:
    """Change one year, number or name of each supported claim whose page states it to another value (one the
    page does not contain, or with --new-value elsewhere one it gives elsewhere), verify both versions against
    the unchanged page, and report the share of changed claims caught at each band, the false alarms on the
    unchanged ones, and what the patrol's changed-fact check queues."""
    from sidebot.datasets.wice import WiceFormatError, read_wice
    from sidebot.eval.sneaky import evaluate_sneaky
    from sidebot.verify.factory import load_scorer

    try:
        claims = read_wice(wice)[:limit]
    except WiceFormatError as exc:
        raise fail(str(exc)) from exc
    scorer = load_scorer("cross-encoder", settings_of(ctx).verify)
    bands = scorer.bands
    if bands is None:
        raise fail(f"the scorer {scorer.name} has no bands")
    only = None
    if half is not Half.ALL:
        from sidebot.training.factfit import dev_split

        only = {c.id for c in dev_split(claims)[half is Half.REPORT]}
    result = evaluate_sneaky(
        claims, scorer, bands, seed, lambda m: console.print(m, style="dim"), new_value, only
    )
    kept = "" if half is Half.ALL else f" (the {half} half's)"
    if not result["edits"]:
        raise fail(f"no supported claim{kept} of {wice} has a year, number or name on its page to change")
    console.print(
        f"[bold]{scorer.name}[/bold]: {result['edits']} sneaky edits{kept} of {result['claims']} claims"
    )
    for key in ("caught", "false_alarms"):
        rates = result[key]
        console.print(
            f"  {key.replace('_', ' '):14} very likely fails {rates['very_likely_fails']:.3f}   "
            f"may fail or worse {rates['may_fail_or_worse']:.3f}"
        )
    console.print(f"  a fact named as failing: {result['caught_by_fact_check']:.3f}")
    gives = result["source_gives"]
    if gives["contradicted"]:
        console.print(
            f"  'the source gives …' for the changed fact: {gives['contradicted']} edits, "
            f"naming the value replaced {gives['naming_the_replaced_value']:.3f}"
        )
    console.print(
        f"  the patrol, which sees the edit: queued {result['caught_by_patrol_change_check']:.3f}, "
        f"the same edit undone (a correction) queued {result['corrections_queued_by_patrol']:.3f}"
    )
    for kind, row in result["by_kind"].items():
        console.print(
            f"  {kind:14} {row['edits']:4} edits, caught {row['caught']['may_fail_or_worse']:.3f}, "
            f"by the patrol {row['caught_by_patrol_change_check']:.3f}"
        )
    write_json(json_out, result)


def eval_fact_spans(
    wice: Annotated[
        Path,
        typer.Option(
            "--wice", help="WiCE sub-claims file (.jsonl) with token annotation.", exists=True, dir_okay=False
        ),
    ],
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write every fact here.")] = None,
) -> None:
    """Check the facts of each annotated WiCE claim against its page and compare the facts named as not
    given (missing or contradicted) with the words WiCE's annotators marked as not supported: precision,
    recall and false notes, by kind of fact and for the fact the verdict's note shows."""
    from sidebot.datasets.wice import WiceFormatError, read_wice
    from sidebot.eval.fact_spans import evaluate_fact_spans

    try:
        claims = [c for c in read_wice(wice) if c.token_spans() is not None]
    except WiceFormatError as exc:
        raise fail(str(exc)) from exc
    if not claims:
        raise fail(f"no claim of {wice} carries WiCE's token annotation (use a sub-claims file)")
    result = evaluate_fact_spans(claims, progress=lambda m: console.print(m, style="dim"))
    console.print(
        f"{result['claims_with_facts']} of {result['claims']} annotated claims have a fact to check "
        "(the article subject's name left out)"
    )
    console.print("  facts        count  unsupported  named  precision  recall  false notes")
    for name, row in [("all", result["all"]), *result["by_kind"].items()]:
        console.print(
            f"  {name:10} {row['facts']:7} {row['unsupported']:12} {row['named']:6}  "
            f"{_share(row['precision']):>9}  {_share(row['recall']):>6}  {_share(row['false_note_rate']):>11}"
        )
    note = result["note"]
    console.print(f"  the note's fact: {note['notes']} notes, precision {_share(note['precision'])}")
    contradicted = result["contradicted"]
    console.print(
        f'  contradicted ("the source gives …"): {contradicted["notes"]} facts, '
        f"precision {_share(contradicted['precision'])}"
    )
    write_json(json_out, result)


def _share(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def eval_key_facts(
    nli: Annotated[
        list[Path] | None,
        typer.Option("--nli", help="An NLI file (.jsonl.gz), the premise read as the page.", exists=True),
    ] = None,
    untokenised: Annotated[
        bool,
        typer.Option("--untokenise", help="Undo the NLI files' Penn-Treebank spacing first (FEVER-NLI)."),
    ] = False,
    scifact: Annotated[
        Path | None,
        typer.Option(
            "--scifact", help="SciFact's folder (claims_train.jsonl, corpus.jsonl).", file_okay=False
        ),
    ] = None,
    climate_fever: Annotated[
        Path | None, typer.Option("--climate-fever", help="Climate-FEVER's jsonl file.", dir_okay=False)
    ] = None,
    model_dir: ModelDirOption = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the figures here.")] = None,
) -> None:
    """Run the fact check alone on claim-page pairs (an NLI file's premise as the page, SciFact's cited
    abstracts, Climate-FEVER's evidence) and count, for each reading of "the page lacks the claim's key
    facts", the backed claims it would hold in "may fail" (false alarms) and the others (catches)."""
    from sidebot.eval.key_facts import (
        KeyFactsDataError,
        climate_fever_cases,
        evaluate_key_facts,
        nli_cases,
        scifact_cases,
    )
    from sidebot.verify.base_model import ModelFilesError
    from sidebot.verify.factory import shipped_model_dir
    from sidebot.verify.model import Manifest

    folder = (model_dir or shipped_model_dir()).expanduser()
    try:
        rule_in_use = (Manifest.read(folder).extra.get("fact_rule") or {}).get("key_rule")
    except ModelFilesError as exc:
        raise fail(str(exc)) from exc
    readers = [(str(path), partial(nli_cases, path, untokenised)) for path in nli or []]
    if scifact is not None:
        readers.append((str(scifact), partial(scifact_cases, scifact)))
    if climate_fever is not None:
        readers.append((str(climate_fever), partial(climate_fever_cases, climate_fever)))
    if not readers:
        raise fail("name a set to read: --nli, --scifact or --climate-fever")
    results = {}
    for name, read in readers:
        try:
            cases = read()
        except (KeyFactsDataError, ValueError, OSError) as exc:
            raise fail(str(exc)) from exc
        results[name] = result = evaluate_key_facts(
            cases, rule_in_use, lambda m: console.print(m, style="dim")
        )
        _show_key_facts(name, result)
    write_json(json_out, results)


def _show_key_facts(name: str, result: dict) -> None:
    console.print(f"[bold]{name}[/bold]")
    console.print(f"  {result['backed']} backed claims, {result['not_backed']} not backed (fact check alone)")
    console.print("  held: backed      not backed     reading of 'the page lacks the key facts'")
    for rule, row in result["rules"].items():
        mark = "*" if rule == result["rule_in_use"] else " "
        console.print(
            f"  {row['backed_held']:5} ({_share(row['backed_held_share'])})  "
            f"{row['not_backed_held']:5} ({_share(row['not_backed_held_share'])})  {mark} {rule}"
        )
    console.print("  * the model's reading (its manifest's key_rule)", style="dim")
