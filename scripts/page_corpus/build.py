#!/usr/bin/env python
"""Build the page corpus in ``tests/data/pages`` (constructed pages, see its README.md).

Run from the repository root; deterministic (the same inputs give byte-identical output)::

    .venv/bin/python scripts/page_corpus/build.py [--out tests/data/pages]

Each page is one site style's shell (``styles.py``) around what that site answers: a wall or notice
(``messages.py``), a real article (``articles.py``: written look-alikes and real Wikipedia prose), or a whole
page of its own (``whole_pages.py``: parking services, bot checks, consent interstitials, script shells,
empty pages). Every part belongs to one split, ``fit`` or ``held-out``, and a page is made of one split's
parts only: held-out pages have site styles, wordings and articles the model never saw. The 42 pages of the
first corpus (``legacy/``) are in the fit split. ``corpus.toml`` lists every case: the cited address, the file
served (or the redirect), its status, what the site answers for unknown addresses, the split, the style, the
language, the kind sidebot must recognise and what real behaviour it models.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from articles import WRITTEN, Article, wikipedia_articles  # noqa: E402
from messages import MESSAGES, SEARCH_QUERIES, Message  # noqa: E402
from styles import STYLES, Style  # noqa: E402
from whole_pages import BOT_CHECKS, CONSENT_LAYERS, EMPTIES, INTERSTITIALS, PARKED, SHELLS, Whole  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
LEGACY = "legacy"
SHELL_KINDS = ("gone", "moved", "removed", "media-unavailable", "search-results", "paywall", "consent-wall",
               "bot-check")  # fmt: skip

SUBSCRIBER_BOX = {
    "en": "<aside class='subscribe-promo'><h3>Support local journalism</h3><p>Subscribe from £1 a week.</p><a "
    "class='btn' href='/subscribe'>Subscribe</a><p>Already a subscriber? <a href='/login'>Log in</a></p></aside>",
    "de": "<aside class='abo-promo'><h3>Lokaljournalismus unterstützen</h3><a class='btn' href='/abo'>Jetzt "
    "abonnieren</a><p>Schon Abonnent? <a href='/login'>Anmelden</a></p></aside>",
    "fr": "<aside class='promo-abo'><h3>Soutenez l'information locale</h3><a class='btn'>S'abonner</a><p>Déjà "
    "abonné ? <a>Se connecter</a></p></aside>",
    "es": "<aside class='promo'><h3>Apoya el periodismo local</h3><a class='btn'>Suscríbete</a><p>¿Ya eres "
    "suscriptor? <a>Inicia sesión</a></p></aside>",
}
LOGIN_SIDEBAR = {
    "en": "<div class='widget widget_login'><h3>Log in</h3><form action='/wp-login.php' method='post'><input "
    "name='log' placeholder='Username'><input type='password' name='pwd'><label><input type='checkbox'> "
    "Remember me</label><input type='submit' value='Log In'></form><a href='/lost'>Lost your password?</a></div>",
    "de": "<div class='widget login'><h3>Anmelden</h3><form><input name='user'><input type='password'><input "
    "type='submit' value='Anmelden'></form><a>Passwort vergessen?</a></div>",
    "fr": "<div class='widget connexion'><h3>Connexion</h3><form><input name='user'><input type='password'><input "
    "type='submit' value='Se connecter'></form><a>Mot de passe oublié ?</a></div>",
    "es": "<div class='widget acceso'><h3>Acceso</h3><form><input name='user'><input type='password'><input "
    "type='submit' value='Entrar'></form><a>¿Olvidaste tu contraseña?</a></div>",
}
ACCESS_BOX = {
    "en": "<div class='c-article-access-options'><h3>Access options</h3><p>Buy article PDF: 39,95 €</p><a "
    "class='btn'>Access through your institution</a><p>Prices may be subject to local taxes.</p></div>",
    "de": "<div class='zugang'><h3>Zugang</h3><p>Artikel kaufen: 39,95 €</p><a class='btn'>Zugang über Ihre "
    "Einrichtung</a></div>",
    "fr": "<div class='acces'><h3>Options d'accès</h3><a class='btn'>Acheter l'article</a></div>",
    "es": "<div class='acceso'><h3>Opciones de acceso</h3><a class='btn'>Comprar artículo</a></div>",
}
NEWSLETTER = {
    "en": "<div class='newsletter-signup'><h3>Get our newsletter</h3><form><input type='email' "
    "placeholder='Your email'><button>Sign up</button></form></div>",
    "de": "<div class='newsletter'><h3>Newsletter</h3><form><input type='email'><button>Abonnieren</button></form>"
    "</div>",
    "fr": "<div class='newsletter'><h3>Newsletter</h3><form><input type='email'><button>Je m'inscris</button>"
    "</form></div>",
    "es": "<div class='boletin'><h3>Boletín</h3><form><input type='email'><button>Suscribirme</button></form></div>",
}
COMMENTS = {
    "en": "<section id='comments'><h2>Comments</h2><p>You must be logged in to post a comment. <a "
    "href='/login'>Log in</a></p></section>",
    "de": "<section class='kommentare'><h2>Kommentare</h2><p>Bitte melden Sie sich an, um zu kommentieren.</p>"
    "</section>",
    "fr": "<section class='commentaires'><h2>Commentaires</h2><p>Connectez-vous pour commenter.</p></section>",
    "es": "<section class='comentarios'><h2>Comentarios</h2><p>Inicia sesión para comentar.</p></section>",
}
RELATED = {
    "en": "<div class='related'><h3>Related</h3><ul><li><a href='/a'>Harbour wall repairs begin</a></li><li><a "
    "href='/b'>New ferry for the island</a></li><li><a href='/c'>Market traders' anger at fees</a></li></ul></div>",
    "de": "<div class='verwandt'><h3>Mehr zum Thema</h3><ul><li><a href='/a'>Neue Brücke eröffnet</a></li><li><a "
    "href='/b'>Fähre fällt aus</a></li></ul></div>",
    "fr": "<div class='lies'><h3>À lire aussi</h3><ul><li><a href='/a'>Le port s'agrandit</a></li><li><a "
    "href='/b'>La criée rouvre</a></li></ul></div>",
    "es": "<div class='relacionadas'><h3>Relacionadas</h3><ul><li><a href='/a'>Obras en el muelle</a></li><li><a "
    "href='/b'>Nueva línea de autobús</a></li></ul></div>",
}
PLAYER = ("<div class='player-wrap'><video controls preload='metadata' poster='/media/poster.jpg'><source "
          "src='/media/clip.mp4' type='video/mp4'></video></div>")  # fmt: skip


@dataclass
class Case:
    kind: str
    path: str
    split: str
    style: str
    lang: str
    note: str
    file: str | None = None
    redirect: str | None = None
    status: int = 200
    unknown: str = "404"
    train: bool = True  # fitted on (a page whose own words show its kind); redirects and probe-only: not
    extra: dict = field(default_factory=dict)

    def toml(self) -> str:
        lines = ["[[case]]", f"kind = {_q(self.kind)}", f"path = {_q(self.path)}"]
        if self.redirect:
            lines.append(f"redirect = {_q(self.redirect)}")
        else:
            lines.append(f"file = {_q(self.file or '')}")
        if self.status != 200:
            lines.append(f"status = {self.status}")
        if self.unknown != "404":
            lines.append(f"unknown = {_q(self.unknown)}")
        lines += [f"split = {_q(self.split)}", f"style = {_q(self.style)}", f"lang = {_q(self.lang)}"]
        if not self.train:
            lines.append("train = false")
        lines.append(f"note = {_q(self.note)}")
        return "\n".join(lines)


def _q(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


class Builder:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.cases: list[Case] = []
        self.routes: list[tuple[str, str]] = []  # path, file
        self.files: dict[str, str] = {}
        self.rng = random.Random(20250101)

    def page(self, rel: str, html: str) -> str:
        self.files[rel] = html
        return rel

    def build(self) -> None:
        articles = list(WRITTEN) + wikipedia_articles(REPO / "tests" / "data" / "wikitext")
        for style in STYLES:
            self._walls(style, articles)
            self._contents(style, articles)
        for whole in (*PARKED, *BOT_CHECKS, *INTERSTITIALS, *SHELLS, *EMPTIES):
            self._whole(whole)
        self._redirects()
        self._legacy()

    # ---- pages in a site's shell

    def _walls(self, style: Style, articles: list[Article]) -> None:
        teasers = [a for a in articles if a.lang == style.lang and a.split == style.split]
        for kind in SHELL_KINDS:
            wanted = [
                m for m in MESSAGES if m.kind == kind and m.lang == style.lang and m.split == style.split
            ]
            for number, message in enumerate(wanted):
                article = teasers[(number + len(self.cases)) % len(teasers)]
                html = self._wall_html(style, message, article)
                slug = f"{kind}-{number}"
                rel = self.page(f"{style.id}/{slug}.html", html)
                soft = kind == "gone" and number % 2 == 0  # half the error pages: a soft-404 site
                folder = f"/{style.id}-{slug}" if soft else f"/{style.id}/{slug}"
                path = f"{folder}/2019/{_slug(article.headline)}.html"
                self.cases.append(Case(kind, path, style.split, style.id, style.lang, message.note, file=rel,
                                       unknown="same" if soft else "404"))  # fmt: skip

    def _wall_html(self, style: Style, message: Message, article: Article) -> str:
        values = {
            "site": escape(style.site),
            "headline": escape(article.headline),
            "teaser": escape(article.paragraphs[0]),
            "query": escape(SEARCH_QUERIES[style.lang]),
        }
        title = _fill(message.title, values)
        main = _fill(message.html, values)
        overlay = ""
        if message.kind == "consent-wall":
            overlay = self._layer(style.split, style.lang)
            main = f"<h1>{values['headline']}</h1>" + main if "<h1>" not in main else main
        return style.render(title, main, overlay=overlay)

    def _layer(self, split: str, lang: str) -> str:
        layers = [html for s, lg, html in CONSENT_LAYERS.values() if s == split and lg == lang]
        layers = layers or [html for s, _, html in CONSENT_LAYERS.values() if s == split]
        return self.rng.choice(sorted(layers))

    def _contents(self, style: Style, articles: list[Article]) -> None:
        mine = [a for a in articles if a.lang == style.lang and a.split == style.split]
        siblings = [s for s in STYLES if s.lang == style.lang and s.split == style.split]
        position = siblings.index(style)
        for number, article in enumerate(mine):
            written = article.note.startswith("real Wikipedia") is False
            # Written look-alikes appear in two styles of their language, Wikipedia prose in one.
            homes = (
                {number % len(siblings), (number + 1) % len(siblings)}
                if written
                else {number % len(siblings)}
            )
            if position not in homes:
                continue
            if written and len(article.paragraphs) > 1 and position == (number + 1) % len(siblings):
                # its second home shows it short: the first paragraph only, as short real pages are
                article = replace(article, paragraphs=article.paragraphs[:1], note=article.note + " (short)")
            html = self._article_html(style, article)
            slug = f"content-{number}"
            rel = self.page(f"{style.id}/{slug}.html", html)
            path = f"/{style.id}/{slug}/2019/{_slug(article.headline)}.html"
            self.cases.append(
                Case("content", path, style.split, style.id, style.lang, article.note, file=rel)
            )

    def _article_html(self, style: Style, article: Article) -> str:
        rng = random.Random(f"{style.id}/{article.headline}")
        lang = style.lang
        date = f"2019-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}"
        paragraphs = "".join(f"<p>{escape(p)}</p>" for p in article.paragraphs)
        byline = (
            f"<p class='byline'>{escape(rng.choice(['Anna Wells', 'J. Moreau', 'K. Schulz', 'L. Ortega']))}"
        )
        byline += f" · <time datetime='{date}'>{date}</time></p>" if rng.random() < 0.7 else "</p>"
        player = PLAYER if article.media else ""
        wrapper = rng.choice(["article", "div class='entry-content'", "section class='story'"])
        tag = wrapper.split()[0]
        head = ""
        if rng.random() < 0.4:
            head = ('<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",'
                    f'"headline":{json.dumps(article.headline)},"datePublished":"{date}"}}</script>')  # fmt: skip
        if article.decoration == "catalogue":
            main = (f"<div class='record'><h1>{escape(article.headline)}</h1><dl class='record-fields'>"
                    + "".join(f"<dd>{escape(p)}</dd>" for p in article.paragraphs) + "</dl><table class='holdings'>"
                    "<tr><th>Location</th><th>Call number</th><th>Status</th></tr><tr><td>Central Library</td>"
                    "<td>942.61 HAL</td><td>Available</td></tr></table></div>")  # fmt: skip
        else:
            main = f"<{wrapper}><h1>{escape(article.headline)}</h1>{byline}{player}{paragraphs}</{tag}>"
        overlay = self._layer(style.split, lang) if article.decoration == "cookie-banner" else ""
        sidebar = LOGIN_SIDEBAR[lang] if article.decoration == "login-sidebar" else ""
        after = {"subscriber-box": SUBSCRIBER_BOX[lang], "access-box": ACCESS_BOX[lang]}.get(
            article.decoration, ""
        )
        # Furniture real pages carry, at random: a newsletter box, comments behind a login, related links,
        # a cookie banner.
        if rng.random() < 0.4:
            after += NEWSLETTER[lang]
        if rng.random() < 0.3:
            after += COMMENTS[lang]
        if rng.random() < 0.5:
            sidebar += RELATED[lang]
        if not overlay and rng.random() < 0.25:
            overlay = self._layer(style.split, lang)
        return style.render(escape(article.headline), main, head=head, overlay=overlay, sidebar=sidebar,
                            after=after)  # fmt: skip

    # ---- pages of their own

    def _whole(self, whole: Whole) -> None:
        rel = self.page(f"whole/{whole.kind}/{whole.name}.html", whole.html)
        path = f"/w-{whole.name}/{'news/2019/story.html' if whole.kind != 'parked' else ''}"
        self.cases.append(Case(whole.kind, path, whole.split, f"whole:{whole.name}", whole.lang, whole.note,
                               file=rel, status=whole.status, train=whole.kind not in ("script-shell", "empty")))  # fmt: skip

    def _redirects(self) -> None:
        """Addresses the site redirects to its root, a section, a login, consent, search or error page."""
        home = self.page("redirect/home.html", STYLES[0].render("Home", "<h1>Welcome</h1><p>Latest news from the "
                         "valley, every day.</p>"))  # fmt: skip
        section = self.page("redirect/section.html", STYLES[15].render("Le Var", "<h1>Le Var</h1><p>Toute "
                            "l'actualité du département.</p>"))  # fmt: skip
        search = self.page("redirect/search.html", STYLES[17].render("Search", "<h1>Search results for "
                           "\"ferry\"</h1><p>No results found. Try a different search.</p>"))  # fmt: skip
        login = self.page("redirect/login.html", STYLES[22].render("Sign in", "<h1>Sign in</h1><form><input "
                          "type='email'><input type='password'><button>Sign in</button></form>"))  # fmt: skip
        for route, rel in (
            ("/", home),
            ("/index.html", home),
            ("/de/", home),
            ("/le-var/", section),
            ("/search/all", search),
            ("/account/sign-in", login),
            ("/erreur-404.html", home),
        ):
            self.routes.append((route, rel))
        for split, path, target, kind, note in (
            (
                "fit",
                "/r-fit/2018/03/story.html",
                "/",
                "site-root",
                "a dead article redirected to the home page",
            ),
            ("fit", "/r-fit/archiv/artikel-77", "/de/", "site-root", "redirected to a language home page"),
            (
                "fit",
                "/r-fit/search-me/harbour",
                "/search/all?keywords=harbour",
                "search-results",
                "a dead address redirected to the site search",
            ),
            (
                "held-out",
                "/le-var/2017/fete-du-port.html",
                "/le-var/",
                "site-root",
                "a moved story sent to its section's front page",
            ),
            (
                "held-out",
                "/r-held/news/2016/ferry.html",
                "/index.html",
                "site-root",
                "redirected to /index.html",
            ),
            (
                "held-out",
                "/r-held/members/report-9",
                "/account/sign-in?return=/r-held/members/report-9",
                "paywall",
                "a members' page redirecting to a sign-in form",
            ),
            (
                "held-out",
                "/r-held/actu/2015/page.html",
                "/erreur-404.html",
                "gone",
                "redirected to a page named as an error page",
            ),
        ):
            self.cases.append(
                Case(kind, path, split, f"redirect-{split}", "", note, redirect=target, train=False)
            )

    def _legacy(self) -> None:
        """The first corpus (tests/data/noncontent), kept whole in the fit split as the style "legacy"."""
        folder = self.out / LEGACY
        manifest = tomllib.loads((folder / "corpus.toml").read_text(encoding="utf-8"))
        for entry in manifest.get("route", []):
            self.routes.append((entry["path"], f"{LEGACY}/{entry['file']}"))
        for entry in manifest.get("case", []):
            kind = "removed" if entry.get("file") == "gone/article-removed.html" else entry["kind"]
            probe_only = entry.get("file") in ("gone/museum-home-for-everything.html",
                                               "gone/search-page-for-everything.html")  # fmt: skip
            case = Case(kind, entry["path"], "fit", LEGACY, "en", "the first corpus: see legacy/README.md",
                        file=f"{LEGACY}/{entry['file']}" if "file" in entry else None,
                        redirect=entry.get("redirect"), status=int(entry.get("status", 200)),
                        unknown=entry.get("unknown", "404"),
                        train="redirect" not in entry and not probe_only
                        and kind not in ("script-shell", "empty", "site-root"))  # fmt: skip
            self.cases.append(case)

    # ---- output

    def write(self) -> None:
        for rel, html in sorted(self.files.items()):
            path = self.out / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(html, encoding="utf-8")
        lines = [
            "# Generated by scripts/page_corpus/build.py: constructed pages (see README.md). Do not edit by hand.",
            "# [[case]]: a cited address and the kind sidebot must recognise; [[route]]: where redirects lead.",
            "",
        ]
        for route, rel in self.routes:
            lines += ["[[route]]", f"path = {_q(route)}", f"file = {_q(rel)}", ""]
        for case in self.cases:
            lines += [case.toml(), ""]
        (self.out / "corpus.toml").write_text("\n".join(lines), encoding="utf-8")
        counts = Counter((c.split, c.kind) for c in self.cases)
        for split in ("fit", "held-out"):
            row = ", ".join(f"{k} {n}" for (s, k), n in sorted(counts.items()) if s == split)
            print(f"{split}: {sum(n for (s, _), n in counts.items() if s == split)} pages: {row}")


def _fill(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    keep = "".join(ch if ch.isalnum() else "-" for ch in ascii_text.lower())
    return "-".join(part for part in keep.split("-") if part)[:60] or "page"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "tests" / "data" / "pages")
    args = parser.parse_args()
    builder = Builder(args.out)
    builder.build()
    builder.write()


if __name__ == "__main__":
    main()
