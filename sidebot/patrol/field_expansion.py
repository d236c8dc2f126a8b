"""The wiki's expansion of infobox fields made only of its own templates (``{{Representative|…}}``,
``{{SPFL-stadiums|…}}``): what the field says, which the offline renderer cannot know.

One API call per distinct field value, at most :data:`MAX_EXPANSIONS_PER_PAGE` a page (an article with a
hundred such fields must not cost a hundred calls; the fields past the cap give no claim, as without a wiki).
The wiki not answering stops the page, which the patrol retries like any wiki outage, so a passing error can
never turn a field's claim into none and its finding into a removed citation; a request the wiki refuses
(say, a template loop) gives no claim for that field.
"""

from __future__ import annotations

import logging

from sidebot.citations.infobox import Expander
from sidebot.patrol.counts import PatrolCounts
from sidebot.patrol.wiki_reader import WikiReader
from sidebot.wiki.site import WikiError, WikiUnavailableError

MAX_EXPANSIONS_PER_PAGE = 20

log = logging.getLogger(__name__)


def field_expander(wiki: WikiReader, title: str, counts: PatrolCounts) -> Expander:
    """An expander for the infobox fields of page ``title`` (see the module doc), counting its API calls."""
    expanded: dict[str, str | None] = {}

    def expand(wikitext: str) -> str | None:
        if wikitext in expanded:
            return expanded[wikitext]
        if len(expanded) >= MAX_EXPANSIONS_PER_PAGE:
            return None
        counts.templates_expanded += 1
        try:
            expanded[wikitext] = wiki.expand_templates(wikitext, title)
        except WikiUnavailableError:
            raise
        except WikiError as exc:
            log.warning("%s: the wiki would not expand %.80r: %s", title, wikitext, exc)
            expanded[wikitext] = None
        return expanded[wikitext]

    return expand
