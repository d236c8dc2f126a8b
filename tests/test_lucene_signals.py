"""A process that has started the JVM for Lucene (the retrieval index) keeps its own SIGTERM handling: the
scheduler and the workers stop gracefully on SIGTERM, finishing the page in hand. Without ``-Xrs`` the JVM
takes the signal and ends the process at once with exit code 143 (found when the scheduler's corpus-feed job
built an index and the next patrol in the same process opened it)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import os, signal, time
    from sidebot.retrieve.lucene_runtime import start_jvm
    handled = []
    signal.signal(signal.SIGTERM, lambda *_: handled.append(1))
    start_jvm()
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(0.5)
    print("handled" if handled else "not handled")
    """
)


def test_sigterm_reaches_the_process_after_the_jvm_started() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.strip().endswith("handled") and "not handled" not in done.stdout
