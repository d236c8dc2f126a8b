"""What sidebot writes on a wiki, and how it behaves while writing.

Outputs (each off unless a wiki's config turns it on, see ``config/*.toml``):

- ``review_list``: open findings as a wikitable on a configurable page (subpages when long) and a count page;
  a page is saved only when its text changes (:mod:`.review_list`).
- ``notices``: talk-page sections, one per article per period, never twice for a finding, also after a crash
  (:mod:`.notices`). English Wikipedia removed another bot's talk notices en masse: keep them off there.

How the bot meets the bot policy (WP:BOTPOL) and its usual approval conditions:

- Exclusion compliance: ``{{nobots}}`` and ``{{bots|allow=…|deny=…}}`` on any page it would edit, and
  ``{{bots|optout=<message type>}}`` for notices (which Pywikibot's own check ignores) (:mod:`.bots`).
- Stop page: anyone who edits ``onwiki.stop_page`` stops every edit until the operator runs
  ``sidebot onwiki resume``; checked before each edit; a missing stop page also means stop (:mod:`.writer`).
- Rate: Pywikibot's ``put_throttle`` between edits and ``maxlag`` on every edit (user-config.py;
  Pywikibot waits while the replicas lag), ``onwiki.max_edits_per_run``, and for notices ``max_per_run``,
  ``max_per_day`` and one per article per ``period``. Jobs run one at a time, one scheduler per database.
- Edit summaries say what the edit does and link ``onwiki.doc_page``; edits carry the bot flag when the
  account has the bot right; no cosmetic changes.
- Dry run: ``--simulate`` (or ``onwiki.simulate``) prints the exact wikitext of every edit and saves nothing.
- Failures are recorded, said in words, and never lose a write: edit conflicts are retried next run;
  protection, the abuse filter, the spam and title blacklists and captchas are recorded with the finding
  left open (the run is *partial*); a read-only wiki, a blocked account, or a wiki that is down or lagging
  ends the run's writes (the run *failed*), and the next run writes what is left (``sidebot runs --check``
  alerts on both).
- Nothing taken from articles or sources can act as markup in what the bot saves (:mod:`.wikitext`: text
  in nowiki, URLs escaped so each link keeps its whole address); unchanged pages are not saved again.
- Editors steer it on-wiki: exclusion lists of sources and pages, re-read every run (:mod:`.exclusions`).
"""
