"""Page furniture left in a page's main text: comment forms, share and subscribe widgets, cookie notices,
navigation and legal lines.

trafilatura drops most of it by the page's structure, but not what a site puts inside its article markup, and
not what arrives as plain text (WiCE's Common Crawl captures keep it all: "Leave a Reply Cancel reply",
"Required fields are marked *", "Privacy & Cookies: This site uses cookies…"). Such a line never supports a
claim, yet it can sit in a sentence window next to the evidence or, on a page with little text, be the best
window a reviewer is shown. So the verifier never reads a furniture line (:func:`sidebot.verify.windows.
sentence_windows` builds windows only inside runs of other lines), and evidence never shows one.

A line is furniture only when it is short (a widget, not a paragraph that mentions cookies) and matches one
of the phrases below, each one the fixed wording of a common CMS widget (WordPress comment forms and share
buttons, cookie banners, newsletter boxes, "Skip to content" links, copyright footers). Measured on all 847
WiCE source pages (docs/verifier.md): 1,079 of 100,420 lines are furniture; 2 annotated evidence sentences are
among them (image credits, "© Shuttleworth."), each in an alternative supporting set, so no claim loses its
evidence.
"""

from __future__ import annotations

import re

MAX_WORDS = 30  # longer lines are prose, even when they mention cookies or subscriptions

_PHRASES = (
    # comment forms (WordPress and Blogger wording)
    r"leave a (reply|comment)",
    r"cancel reply",
    r"your email address will not be published",
    r"required fields are marked",
    r"notify me of (new|follow-up) (comments|posts)",
    r"you are commenting using your",
    r"fill in your details below",
    r"save my name, email",
    r"enter your comment here",
    r"\(address never made public\)",
    r"^(post comment|log in to reply|reply|name \*|email \*|website|comment \*?)$",
    # share and follow widgets
    r"^share this( story| article)?:?$",
    r"click to (share|email|print)",
    r"bloggers like this",
    r"^like loading",
    r"read or share this story",
    r"^(share|tweet|pin it|email|print|facebook|twitter|linkedin|whatsapp)( on \w+)?$",
    # newsletters and sign-in boxes
    r"subscribe (now|today|to our newsletter)",
    r"sign up for (our|the) newsletter",
    r"^sign in ?subscribe",
    # cookie and privacy banners
    r"(this|our) (site|website) uses cookies",
    r"we use cookies",
    r"by continuing to use this (site|website)",
    r"accept (all )?cookies",
    r"^privacy (policy|& cookies)",
    r"^terms of (use|service)$",
    # navigation
    r"^[-*•]? ?skip to (main )?content",
    r"^(previous|next) (post|article|story)",
    r"^search for:?$",
    r"^back to top$",
    # legal footers
    r"all rights reserved",
    r"^(copyright|©)\s",
)
# matched against the lower-cased line: Python's re.IGNORECASE made the search take 1.7 times as long
_FURNITURE = re.compile("|".join(f"(?:{phrase})" for phrase in _PHRASES))


def is_furniture(line: str) -> bool:
    """Whether one line of a page's text is page furniture (see the module docstring)."""
    stripped = line.strip()
    return bool(stripped) and len(stripped.split()) <= MAX_WORDS and bool(_FURNITURE.search(stripped.lower()))
