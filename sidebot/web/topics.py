"""Topics on the list page: ``category:NAME`` (with a depth) or ``project:NAME`` (a WikiProject's banner on
the talk pages), resolved to page titles by the configured wiki's API through Pywikibot, anonymously (the
UI never uses the bot's login), and kept for a few minutes so paging through a topic asks the wiki once."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal

from sidebot.config import Settings

TOPIC_KINDS = ("category", "project")
CACHE_SIZE = 64


class TopicError(ValueError):
    """The topic cannot be read; the message says why (fit to show)."""


@dataclass(frozen=True, slots=True)
class Topic:
    """A topic of the list's filter: a category (with ``depth`` levels of subcategories) or a WikiProject."""

    kind: Literal["category", "project"]
    name: str
    depth: int = 0

    @classmethod
    def parse(cls, text: str, depth: int = 0) -> Topic:
        """The topic written ``category:NAME`` or ``project:NAME``; TopicError otherwise."""
        kind, _, name = text.partition(":")
        kind, name = kind.strip().lower(), " ".join(name.split())
        if kind not in TOPIC_KINDS or not name:
            raise TopicError(f"topic {text!r} is not category:NAME or project:NAME")
        return cls("category", name, depth) if kind == "category" else cls("project", name, 0)


class TopicPages:
    """Titles of topics, asked of the wiki and cached ``ttl_s`` seconds."""

    def __init__(self, settings: Settings, ttl_s: float = 600.0) -> None:
        self.settings, self.ttl_s = settings, ttl_s
        self._cache: OrderedDict[Topic, tuple[float, frozenset[str]]] = OrderedDict()
        self._lock = threading.Lock()
        self._site = None

    def titles(self, topic: Topic) -> frozenset[str]:
        """The titles of the topic's pages, from the cache when asked within ``ttl_s`` seconds."""
        with self._lock:
            found = self._cache.get(topic)
            if found is not None and time.monotonic() - found[0] < self.ttl_s:
                return found[1]
            titles = frozenset(self._ask(topic))
            self._cache[topic] = (time.monotonic(), titles)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
            return titles

    def _ask(self, topic: Topic) -> set[str]:
        from sidebot.wiki.page_facts import category_articles, project_articles
        from sidebot.wiki.site import WikiError, connect

        try:
            if self._site is None:
                self._site = connect(self.settings, login=False)
            if topic.kind == "category":
                return category_articles(self._site, topic.name, topic.depth)
            return project_articles(self._site, topic.name)
        except WikiError as exc:
            raise TopicError(f"the wiki could not list {topic.kind} {topic.name!r}: {exc}") from exc
