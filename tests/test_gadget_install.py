"""The gadget's loader line in a user's common.js (sidebot/onwiki/gadget.py): added once, an older sidebot
loader replaced, other lines kept, and an address that is not an http(s) URL refused. Saved on the real
sandbox wiki by `sidebot gadget install`: test_cli.py::test_gadget_install_writes_the_loader_line_once."""

from __future__ import annotations

import pytest

from sidebot.onwiki.gadget import GadgetInstallError, loader_line, with_loader

SERVICE = "https://sidebot.toolforge.org"
LINE = 'mw.loader.load("https://sidebot.toolforge.org/gadget.js");'


def test_the_line_is_added_once_after_what_the_page_has():
    added = with_loader("importScript('User:Me/other.js');\n", SERVICE + "/")
    assert added is not None and added.startswith("importScript('User:Me/other.js');\n\n// sidebot gadget:")
    assert added.endswith("\n" + LINE + "\n")
    assert with_loader(added, SERVICE) is None
    assert with_loader("", SERVICE) == (
        f"// sidebot gadget: claims with open findings in the review queue at {SERVICE}\n{LINE}\n"
    )


def test_a_loader_of_another_address_is_replaced_not_doubled():
    old = with_loader("// my scripts\n", "http://127.0.0.1:8080")
    assert old is not None
    moved = with_loader(old, SERVICE)
    assert moved is not None and moved.count("mw.loader.load(") == 1 and LINE in moved
    assert moved.startswith("// my scripts\n")


@pytest.mark.parametrize(
    "bad", ["javascript:alert(1)", "sidebot.example", 'https://x.example/"); alert(1); ("', "https://x .org"]
)
def test_an_address_that_is_not_an_http_url_is_refused(bad: str):
    with pytest.raises(GadgetInstallError, match="must be an http"):
        loader_line(bad)
