"""Driving the system's Chromium the way a reviewer does: real key events for access keys, and the checks a
phone screen needs (nothing wider than the screen, no word broken across lines, chart labels readable)."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
MIN_LABEL_PX = 9  # a chart label's rendered height: below this it cannot be read on a phone


def press_access_key(page, key: str) -> None:  # type: ignore[no-untyped-def]  # a Playwright Page
    """Alt+``key`` as the keyboard sends it: Alt down, the key down with its character (Chromium finds an
    access key by the character, which Playwright's ``keyboard.press("Alt+n")`` leaves out), both up. The
    events go to the renderer through the DevTools protocol, as the browser forwards real key presses."""
    cdp = page.context.new_cdp_session(page)
    code = ord(key.upper())
    key_fields = {"key": key, "code": f"Key{key.upper()}", "windowsVirtualKeyCode": code}
    alt = {"key": "Alt", "code": "AltLeft", "windowsVirtualKeyCode": 18}
    try:
        cdp.send("Input.dispatchKeyEvent", {"type": "rawKeyDown", "modifiers": 0, **alt})
        cdp.send(
            "Input.dispatchKeyEvent",
            {"type": "keyDown", "modifiers": 1, "text": key, "unmodifiedText": key, **key_fields},
        )
        cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", "modifiers": 1, **key_fields})
        cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", "modifiers": 0, **alt})
    finally:
        cdp.detach()


def sideways(page) -> list[int]:  # type: ignore[no-untyped-def]
    """[document width, window width]: the page scrolls sideways when the first is larger."""
    return page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const element of document.querySelectorAll(selector)) {
    if (!element.offsetParent && getComputedStyle(element).position !== 'fixed') continue;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/[A-Za-z]{3,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter(r => r.width > 0);
        const tops = new Set(rects.map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


def broken_words(page, selector: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Words of three letters or more, inside visible elements matching ``selector``, that are split
    across two lines ("Confir / med")."""
    return page.evaluate(BROKEN_WORDS, selector)


CHART_LABELS = """() => [...document.querySelectorAll('figure.chart svg[role=img]')].flatMap(svg => {
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')].map(text => {
    const r = text.getBoundingClientRect();
    return {text: text.textContent, height: r.height,
            inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5
                    && r.bottom <= box.bottom + 0.5};
  });
})"""


def chart_label_problems(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Chart labels (day and peak) that are cut off by the chart's edge or too small to read."""
    problems = []
    for label in page.evaluate(CHART_LABELS):
        if not label["inside"]:
            problems.append(f"{label['text']!r} is cut off")
        if label["height"] < MIN_LABEL_PX:
            problems.append(f"{label['text']!r} is {label['height']:.1f} px high")
    return problems


def status_says(page, text: str) -> None:  # type: ignore[no-untyped-def]  # a Playwright Page
    """Wait until the page's status line says ``text``: a decision recorded by access key submits a form, and
    the next page loads after the key press has returned (reading the status at once can read the old one)."""
    from playwright.sync_api import expect

    expect(page.get_by_role("status").first).to_contain_text(text, timeout=20_000)
