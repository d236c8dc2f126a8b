"""The review UI and JSON API: the patrol queue in the browser, for editors.

- :mod:`~sidebot.web.app` builds the FastAPI app (server-rendered Jinja2 pages, no JavaScript);
  :mod:`~sidebot.web.routes_pages`, :mod:`~sidebot.web.routes_api` and :mod:`~sidebot.web.routes_auth` are its
  pages, its JSON API (documented at ``/api/openapi.json``) and its logins; they take what they need from
  :mod:`~sidebot.web.context` (so ``app`` imports them and they never import ``app``), and the pages'
  Jinja2 filters come from :mod:`~sidebot.web.templating`; :mod:`~sidebot.cli.serve` holds ``sidebot serve``
  and ``sidebot bench ui``.
- What a page shows: :mod:`~sidebot.web.listing` (the queue list: filters, order, pages, counts; its topics
  from :mod:`~sidebot.web.topics`, saved filters through :mod:`~sidebot.web.routes_worklists`) and
  :mod:`~sidebot.web.cards` (one finding with its evidence, suggestions and reviews).
- Who may do what: :mod:`~sidebot.web.login` (the wiki checks passwords, or MediaWiki OAuth 2: sidebot stores
  none), :mod:`~sidebot.web.sessions` (signed, expiring session cookies; CSRF tokens),
  :mod:`~sidebot.web.integrity` (blocked users and self-review, asked of the wiki through
  :mod:`~sidebot.web.wikiapi`), :mod:`~sidebot.web.security` (CSP and other headers, the CSRF check).
- The decisions themselves are :mod:`sidebot.queue.reviews`, shared with the on-wiki outputs.
"""
