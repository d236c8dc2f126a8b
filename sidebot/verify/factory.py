"""Build scorers by name: the trained cross-encoder (the default) and the baselines it is compared with."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from sidebot.config import VerifySettings
from sidebot.verify.types import Scorer

if TYPE_CHECKING:  # the model modules load torch: only when a scorer is built
    from sidebot.verify.crossencoder import CrossEncoderScorer
    from sidebot.verify.model import CrossEncoder

CROSS_ENCODER = "cross-encoder"
MINILM_COSINE = "minilm-cosine"
URL_DEPTH = "url-depth"
SCORER_NAMES = (CROSS_ENCODER, MINILM_COSINE, URL_DEPTH)


class UnknownScorerError(ValueError):
    """No scorer has that name."""


def shipped_model_dir() -> Path:
    """The trained verifier committed with the package (sidebot/data/models/verifier)."""
    return Path(str(files("sidebot") / "data" / "models" / "verifier"))


def load_verifier(settings: VerifySettings | None = None) -> Scorer:
    """The trained reader, configured by ``settings`` (defaults: the shipped model, bf16 fast path)."""
    from sidebot.verify.model import CrossEncoder, Precision

    settings = settings or VerifySettings()
    folder = Path(settings.model_dir or shipped_model_dir())
    model = CrossEncoder(
        folder,
        precision=Precision(settings.precision),
        batch_size=settings.batch_size,
        threads=settings.threads or None,
        device=settings.device,
    )
    return configured_scorer(model, settings)


def configured_scorer(model: CrossEncoder, settings: VerifySettings) -> CrossEncoderScorer:
    """The verifier around ``model``, reading as ``settings`` say (windows, claim parts, evidence)."""
    from sidebot.verify.crossencoder import CrossEncoderScorer

    return CrossEncoderScorer(
        model,
        keep_windows=settings.keep_windows or None,
        window_sentences=0 if settings.read == "passages" else settings.window_sentences or None,
        max_evidence=settings.max_evidence,
        decompose_claims=settings.decompose,
    )


def load_scorer(name: str, settings: VerifySettings | None = None) -> Scorer:
    """A scorer by name: ``cross-encoder`` (the trained verifier), ``minilm-cosine`` or ``url-depth``."""
    if name == CROSS_ENCODER:
        return load_verifier(settings)
    if name == MINILM_COSINE:
        from sidebot.verify.biencoder import BiEncoderScorer, MiniLMEncoder

        return BiEncoderScorer(MiniLMEncoder(batch_size=(settings or VerifySettings()).batch_size))
    if name == URL_DEPTH:
        from sidebot.verify.urldepth import UrlDepthScorer

        return UrlDepthScorer()
    raise UnknownScorerError(f"unknown scorer {name!r}; choose one of {', '.join(SCORER_NAMES)}")


def scorer_for(settings: VerifySettings, name: str | None = None) -> Scorer:
    """The scorer ``name`` (default: the one ``settings`` name) as configured: the verifier server's client
    when ``endpoint`` is set and the scorer is the verifier, else run in this process. The CLI and the patrol
    (its reranking verifier) build their scorers here."""
    name = name or settings.scorer
    if settings.endpoint and name == CROSS_ENCODER:
        from sidebot.verify.remote import RemoteVerifier

        return RemoteVerifier.configured(settings)
    return load_scorer(name, settings)


def reranker_for(scorer: Scorer, settings: VerifySettings) -> Scorer:
    """The verifier retrieval reranks with (the suggestion margin is fitted on its scale): ``scorer`` when it
    is the verifier, else the verifier ``settings`` configure (their server's client when one is set)."""
    return scorer if is_verifier(scorer) else scorer_for(settings, CROSS_ENCODER)


def is_verifier(scorer: Scorer) -> bool:
    """Whether ``scorer`` is the trained verifier, in this process or behind a server."""
    from sidebot.verify.crossencoder import CrossEncoderScorer
    from sidebot.verify.remote import RemoteVerifier

    return isinstance(scorer, CrossEncoderScorer | RemoteVerifier)
