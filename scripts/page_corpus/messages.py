"""What a site answers instead of the document, written for the page corpus in the wordings real sites use
(error pages, "moved" and "removed" notices, unavailable players, search pages, paywalls and login walls,
consent layers, in-site human checks), in English, German, French and Spanish. Every wording belongs to one
split: the held-out pages never repeat a wording the model was fitted on.

``{site}`` is replaced by the site's name, ``{teaser}`` by the first paragraph of an article of the same
split and language, ``{query}`` by a search phrase.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    kind: str
    lang: str
    split: str
    title: str
    html: str
    note: str  # the real behaviour it models


def _m(kind: str, lang: str, split: str, note: str, title: str, html: str) -> Message:
    return Message(kind, lang, split, title, html, note)


F, H = "fit", "held-out"

MESSAGES: tuple[Message, ...] = (
    # ------------------------------------------------------------------ gone (soft 404 answered with 200)
    _m("gone", "en", F, "WordPress theme 404 served with 200", "Page not found",
       "<section class='error-404 not-found'><header class='page-header'><h1 class='page-title'>Oops! That page "
       "can&rsquo;t be found.</h1></header><div class='page-content'><p>It looks like nothing was found at this "
       "location. Maybe try one of the links below or a search?</p></div></section>"),
    _m("gone", "en", F, "custom error page of a news site", "Sorry, we couldn't find that page",
       "<div class='error'><h1>We can't find the page you're looking for</h1><p>The link you followed may be "
       "broken, or the page may have been removed. Check the address for typing errors, or head back to the "
       "front page.</p><p><a class='button' href='/'>Back to the homepage</a></p></div>"),
    _m("gone", "en", H, "generic 'whoops' page of a CMS", "Whoops!",
       "<div class='page-error'><h1>Whoops!</h1><p>Something's not right here. The page you requested isn't "
       "available - perhaps it was renamed, or perhaps it never existed.</p><p>Try our <a href='/sitemap'>site "
       "map</a>.</p></div>"),
    _m("gone", "en", H, "a 'dead end' error page", "Lost? | {site}",
       "<main class='lost'><h2>You've hit a dead end</h2><p>Sorry, there's nothing at this address any more. "
       "It might have moved during our website redesign.</p><a href='/' class='btn'>Go to the home page</a>"
       "</main>"),
    _m("gone", "en", H, "an ASP.NET-style error text", "Error",
       "<div class='content'><h2>Error 404 - File or directory not found.</h2><p>The resource you are looking "
       "for might have been removed, had its name changed, or is temporarily unavailable.</p></div>"),
    _m("gone", "de", F, "German CMS error page", "Seite nicht gefunden",
       "<div class='fehlerseite'><h1>Die angeforderte Seite wurde nicht gefunden</h1><p>Möglicherweise haben Sie "
       "eine veraltete Adresse aufgerufen oder sich vertippt. Nutzen Sie unsere Suche oder kehren Sie zur "
       "Startseite zurück.</p></div>"),
    _m("gone", "de", F, "'Hoppla' page", "Hoppla! | {site}",
       "<div class='not-found'><h2>Hoppla, hier ist nichts.</h2><p>Diese Seite gibt es leider nicht mehr. "
       "Vielleicht finden Sie das Gesuchte über die Navigation.</p></div>"),
    _m("gone", "de", H, "German news site 404", "Fehler 404",
       "<article class='error'><h1>Fehler 404</h1><p>Leider konnten wir die von Ihnen gesuchte Seite nicht "
       "finden. Der Link ist möglicherweise fehlerhaft oder die Seite existiert nicht mehr.</p></article>"),
    _m("gone", "de", H, "'Ups' error page", "Ups – {site}",
       "<div class='error-box'><h1>Ups! Da ist etwas schiefgelaufen.</h1><p>Die aufgerufene Seite ist nicht "
       "verfügbar. Bitte prüfen Sie die Schreibweise der Adresse.</p><a href='/'>Zur Startseite</a></div>"),
    _m("gone", "fr", F, "French CMS error page", "Page introuvable",
       "<div class='erreur'><h1>Oups ! Page introuvable</h1><p>La page que vous recherchez n'existe pas ou "
       "n'existe plus. Vérifiez l'adresse ou utilisez le moteur de recherche.</p><a href='/'>Retour à "
       "l'accueil</a></div>"),
    _m("gone", "fr", F, "French news 404", "Erreur 404 - {site}",
       "<div class='page-404'><h1>Erreur 404</h1><p>Nous n'avons pas trouvé la page demandée. Elle a peut-être "
       "été déplacée ou supprimée.</p></div>"),
    _m("gone", "fr", H, "French site 'page non trouvée'", "Page non trouvée",
       "<section class='vide'><h2>Cette page n'existe pas</h2><p>Impossible de trouver le contenu que vous "
       "cherchiez. Le lien que vous avez suivi est peut-être cassé.</p></section>"),
    _m("gone", "es", F, "Spanish CMS error page", "Página no encontrada",
       "<div class='error404'><h1>¡Ups! Página no encontrada</h1><p>La página que buscas no existe o ha sido "
       "trasladada. Comprueba la dirección o vuelve a la página de inicio.</p></div>"),
    _m("gone", "es", H, "Spanish news 404", "Error 404 | {site}",
       "<div class='c-error'><h1>Vaya, no hemos podido encontrar esta página</h1><p>Es posible que el enlace "
       "sea incorrecto o que la página ya no exista.</p><a href='/'>Volver al inicio</a></div>"),
    _m("gone", "es", H, "Spanish municipality 404", "Contenido no disponible",
       "<div class='aviso'><h2>Error 404</h2><p>La página solicitada no se encuentra en este servidor.</p></div>"),
    # ------------------------------------------------------------------ moved
    _m("moved", "en", F, "'this page has moved' notice after a site migration", "This page has moved",
       "<div class='notice'><h1>This page has moved</h1><p>The content you are looking for is now located at "
       "<a href='https://archive.{site}.example/reports/2019'>our new archive site</a>. Please update your "
       "bookmarks.</p></div>"),
    _m("moved", "en", F, "'we've moved' with a timed redirect", "We've moved!",
       "<div class='moved'><h2>We've moved!</h2><p>{site} has a new home at <a href='https://new.example.org/'>"
       "new.example.org</a>. You will be redirected in 5 seconds.</p></div>"),
    _m("moved", "en", H, "content relocated to another department's site", "Page relocated",
       "<div class='govuk-panel'><h1>This content has been moved</h1><p>Information about this scheme can now "
       "be found on the <a href='https://www.agency.example/scheme'>Agency website</a>.</p></div>"),
    _m("moved", "en", H, "forum thread moved notice", "Topic moved",
       "<div class='post'><h3>Moved</h3><p>This topic has been moved to the <a href='/viewforum.php?f=9'>"
       "Archive</a> board. Redirecting you to the new location...</p></div>"),
    _m("moved", "de", F, "German 'Seite umgezogen' notice", "Diese Seite ist umgezogen",
       "<div class='hinweis'><h1>Diese Seite ist umgezogen</h1><p>Die Inhalte finden Sie jetzt unter "
       "<a href='https://www.neu.example.de/'>www.neu.example.de</a>. Bitte aktualisieren Sie Ihre Lesezeichen."
       "</p></div>"),
    _m("moved", "de", H, "German 'neue Adresse' notice", "Neue Adresse",
       "<div class='info'><h2>Wir sind umgezogen!</h2><p>Unser Angebot ist ab sofort unter einer neuen Adresse "
       "erreichbar. Sie werden automatisch weitergeleitet.</p></div>"),
    _m("moved", "fr", F, "French 'page déplacée' notice", "Cette page a été déplacée",
       "<div class='avis'><h1>Cette page a été déplacée</h1><p>Le contenu se trouve désormais à l'adresse "
       "<a href='https://nouveau.example.fr/'>nouveau.example.fr</a>. Pensez à mettre à jour vos favoris.</p>"
       "</div>"),
    _m("moved", "fr", H, "French 'nous avons déménagé' notice", "Nous avons déménagé",
       "<div class='demenagement'><h2>Le site a déménagé</h2><p>Retrouvez-nous à notre nouvelle adresse. "
       "Vous allez être redirigé automatiquement.</p></div>"),
    _m("moved", "es", F, "Spanish 'nos hemos mudado' notice", "Nos hemos mudado",
       "<div class='aviso'><h1>Nos hemos mudado</h1><p>Esta página ahora se encuentra en "
       "<a href='https://nuevo.example.es/'>nuevo.example.es</a>. Actualice sus marcadores.</p></div>"),
    _m("moved", "es", H, "Spanish 'página trasladada' notice", "Página trasladada",
       "<div class='traslado'><h2>Este contenido se ha movido</h2><p>La información está disponible en la nueva "
       "sede electrónica. Será redirigido en unos segundos.</p></div>"),
    # ------------------------------------------------------------------ removed / withdrawn
    _m("removed", "en", F, "government 'withdrawn' publication notice", "Withdrawn guidance",
       "<div class='gem-c-notice'><h1>Coastal flood grants: how to apply</h1><p class='withdrawn'>This "
       "guidance was withdrawn on 14 March 2021.</p><p>The scheme has closed. This page is kept for reference "
       "only.</p></div>"),
    _m("removed", "en", F, "news story removed after a legal complaint", "Article removed",
       "<div class='notice'><h1>This article has been removed</h1><p>This article was removed following a "
       "legal complaint. We apologise for any inconvenience.</p></div>"),
    _m("removed", "en", H, "social post deleted by its author", "Post unavailable",
       "<div class='tombstone'><h2>This post has been deleted</h2><p>The post was deleted by its author.</p>"
       "</div>"),
    _m("removed", "en", H, "journal retraction notice in place of the article", "Retracted article",
       "<div class='retraction'><h1>RETRACTED: Nitrogen uptake in salt-marsh grasses</h1><p>This article has "
       "been retracted at the request of the authors. Please see the notice of retraction.</p></div>"),
    _m("removed", "en", H, "publication unpublished by a charity", "Report no longer published",
       "<div class='notice'><h2>This report has been unpublished</h2><p>The report was withdrawn because its "
       "figures are out of date.</p></div>"),
    _m("removed", "de", F, "German broadcaster 'depubliziert' notice", "Beitrag depubliziert",
       "<div class='depub'><h1>Dieser Beitrag ist nicht mehr verfügbar</h1><p>Aus rechtlichen Gründen wurde "
       "dieser Beitrag depubliziert.</p></div>"),
    _m("removed", "de", H, "German article removed notice", "Artikel entfernt",
       "<div class='hinweis'><h2>Dieser Artikel wurde entfernt</h2><p>Der Artikel wurde auf Wunsch der "
       "Betroffenen gelöscht.</p></div>"),
    _m("removed", "fr", F, "French article removed notice", "Article supprimé",
       "<div class='avis'><h1>Cet article a été supprimé</h1><p>Il a été retiré de la publication à la "
       "demande de son auteur.</p></div>"),
    _m("removed", "fr", H, "French content withdrawn notice", "Contenu retiré",
       "<div class='retire'><h2>Ce contenu a été retiré</h2><p>Cette page a été dépubliée pour des raisons "
       "juridiques.</p></div>"),
    _m("removed", "es", F, "Spanish article removed notice", "Artículo retirado",
       "<div class='aviso'><h1>Este artículo ha sido retirado</h1><p>Fue eliminado a petición de las personas "
       "afectadas.</p></div>"),
    _m("removed", "es", H, "Spanish publication deleted notice", "Contenido eliminado",
       "<div class='aviso'><h2>Esta publicación fue eliminada</h2><p>El contenido ha sido borrado por motivos "
       "legales.</p></div>"),
    # ------------------------------------------------------------------ media unavailable
    _m("media-unavailable", "en", F, "video player 'Video unavailable'", "Video unavailable",
       "<div id='player' class='html5-video-player'><div class='player-error'><h1>Video unavailable</h1><p>This "
       "video is no longer available because the uploader has closed their account.</p></div></div>"),
    _m("media-unavailable", "en", F, "podcast episode no longer available", "Episode unavailable",
       "<div class='episode'><h1>Harbour Voices, episode 12</h1><div class='audio-player error'>This episode is "
       "no longer available.</div></div>"),
    _m("media-unavailable", "en", H, "geo-blocked video", "Watch",
       "<div class='st-player'><div class='st-player-message'><h2>This video isn't available in your country"
       "</h2><p>The content owner has restricted it.</p></div></div>"),
    _m("media-unavailable", "en", H, "private video", "Private video",
       "<div class='st-player'><div class='st-player-message'><h1>Private video</h1><p>Sign in if you've been "
       "granted access to this video.</p></div></div>"),
    _m("media-unavailable", "en", H, "video removed for copyright", "Video removed",
       "<div class='video-wrap'><p class='player-error'>This video has been removed due to a copyright claim."
       "</p></div>"),
    _m("media-unavailable", "de", F, "German media library 'nicht mehr verfügbar'", "Video nicht verfügbar",
       "<div class='mediathek'><h1>Dieses Video ist nicht mehr verfügbar</h1><p>Aus lizenzrechtlichen Gründen "
       "ist die Sendung nur sieben Tage abrufbar.</p></div>"),
    _m("media-unavailable", "de", H, "German geo-blocked video", "Video",
       "<div class='player'><div class='player__error'>Dieses Video ist in Ihrem Land nicht verfügbar.</div>"
       "</div>"),
    _m("media-unavailable", "fr", F, "French 'vidéo indisponible'", "Vidéo indisponible",
       "<div class='lecteur'><h1>Vidéo indisponible</h1><p>Cette vidéo n'est plus disponible.</p></div>"),
    _m("media-unavailable", "fr", H, "French podcast no longer available", "Épisode indisponible",
       "<div class='podcast'><h2>Cet épisode n'est plus disponible</h2><p>Impossible de lire ce podcast.</p>"
       "</div>"),
    _m("media-unavailable", "es", F, "Spanish 'vídeo no disponible'", "Vídeo no disponible",
       "<div id='vp-player' class='vp-error'><h1>Este vídeo no está disponible</h1><p>El usuario que lo subió "
       "lo ha eliminado.</p></div>"),
    _m("media-unavailable", "es", H, "Spanish geo-blocked video", "Reproducir",
       "<div class='reproductor'><p class='error'>Este contenido no está disponible en tu país.</p></div>"),
    # ------------------------------------------------------------------ search results instead of the document
    _m("search-results", "en", F, "site search page served for a dead article URL", "Search results for \"{query}\"",
       "<div class='search-page'><h1>Search results for &ldquo;{query}&rdquo;</h1><p class='count'>4 results found"
       "</p><ol class='search-results'><li><a href='/2019/05/harbour'>Harbour works begin</a><p>The works on "
       "the harbour wall began on Monday…</p></li><li><a href='/2018/11/storm'>Storm damage counted</a><p>"
       "Councillors met to count the cost…</p></li><li><a href='/2017/02/ferry'>Ferry timetable changes</a>"
       "<p>New timetables take effect…</p></li><li><a href='/2016/08/fish'>Fish market reopens</a><p>Traders "
       "returned to the quay…</p></li></ol><a class='next' href='?s={query}&paged=2'>Next page</a></div>"),
    _m("search-results", "en", F, "'no results' search page", "Search - {site}",
       "<div class='search'><h1>Search</h1><form action='/search'><input type='search' name='q' value='{query}'>"
       "<button>Search</button></form><p>Your search for <b>{query}</b> did not match any documents.</p><ul>"
       "<li>Check your spelling</li><li>Try different keywords</li></ul></div>"),
    _m("search-results", "en", H, "catalogue search results page", "{query} - results",
       "<div class='results'><h1>Showing 1 - 3 of 3 results for '{query}'</h1><p>Sort by: relevance</p><table>"
       "<tr><td><a href='/rec/1'>Harbour studies / edited by M. Hall</a></td><td>Book, 1998</td></tr><tr><td>"
       "<a href='/rec/2'>The harbour at night</a></td><td>DVD, 2005</td></tr><tr><td><a href='/rec/3'>"
       "Harbours of the north</a></td><td>Book, 2011</td></tr></table><p>Did you mean: <a href='?q=harbor'>"
       "harbor</a>?</p></div>"),
    _m("search-results", "en", H, "news archive search results", "You searched for {query}",
       "<div class='db-search'><h2>You searched for: {query}</h2><p>27 results</p><div class='db-result'><a "
       "href='/news/9'>Celebrity chef opens harbour restaurant</a><span>12 June 2019</span></div><div class="
       "'db-result'><a href='/news/8'>Harbour fire: what we know</a><span>3 May 2019</span></div><div class="
       "'db-result'><a href='/news/7'>Harbour master retires</a><span>1 April 2019</span></div><a href='?page=2'>"
       "Load more results</a></div>"),
    _m("search-results", "de", F, "German site search results", "Suchergebnisse",
       "<div class='suche'><h1>Suchergebnisse für „{query}“</h1><p>Ihre Suche ergab 3 Treffer.</p><ul class="
       "'trefferliste'><li><a href='/a/1'>Hafenfest 2019</a> – Das Fest zog tausende Besucher an…</li><li><a "
       "href='/a/2'>Neue Kaimauer</a> – Die Arbeiten beginnen im Mai…</li><li><a href='/a/3'>Fähre fällt aus"
       "</a> – Wegen Sturm…</li></ul></div>"),
    _m("search-results", "de", H, "German 'keine Treffer' search page", "Suche – {site}",
       "<div class='search-results'><h2>Suche</h2><p>Keine Ergebnisse für „{query}“ gefunden. Meinten Sie "
       "vielleicht etwas anderes?</p><p>Sortieren nach: Relevanz</p></div>"),
    _m("search-results", "fr", F, "French site search results", "Résultats de recherche",
       "<div class='recherche'><h1>Résultats de recherche pour « {query} »</h1><p>3 résultats</p><ul><li><a "
       "href='/1'>Le port en fête</a></li><li><a href='/2'>Travaux sur la digue</a></li><li><a href='/3'>La "
       "criée rouvre</a></li></ul><a href='?page=2'>Suivant</a></div>"),
    _m("search-results", "fr", H, "French 'aucun résultat' page", "Recherche - {site}",
       "<div class='resultats'><h2>Recherche</h2><p>Aucun résultat ne correspond à votre recherche « {query} "
       "». Vouliez-vous dire autre chose ?</p></div>"),
    _m("search-results", "es", F, "Spanish site search results", "Resultados de búsqueda",
       "<div class='busqueda'><h1>Resultados de búsqueda para «{query}»</h1><p>Se han encontrado 3 resultados"
       "</p><ul><li><a href='/1'>Fiestas del puerto</a></li><li><a href='/2'>Obras en el muelle</a></li><li><a "
       "href='/3'>La lonja reabre</a></li></ul></div>"),
    _m("search-results", "es", H, "Spanish 'no se encontraron resultados'", "Buscar | {site}",
       "<div class='resultados'><h2>Búsqueda</h2><p>No se han encontrado resultados para «{query}». Quizás "
       "quisiste decir otra cosa.</p></div>"),
    # ------------------------------------------------------------------ paywalls and login walls
    _m("paywall", "en", F, "teaser and 'subscribe to continue reading' (NYT-style)", "{headline}",
       "<article><h1>{headline}</h1><p>{teaser}</p></article><div class='gateway'><h2>Subscribe to continue "
       "reading</h2><p>Get unlimited access for $1 a week.</p><a class='btn' href='/subscribe'>Subscribe now</a>"
       "<p>Already a subscriber? <a href='/login'>Log in</a></p></div>"),
    _m("paywall", "en", F, "journal article page without abstract: access options", "{headline}",
       "<div class='c-article-header'><h1>{headline}</h1><p>Research article · Published: 04 May 2019</p></div>"
       "<div class='c-article-access-options access-options'><h2>Access options</h2><p>Access through your "
       "institution</p><a class='btn' href='/buy'>Buy article PDF</a><p>Rent this article via DeepDyve</p></div>"),
    _m("paywall", "en", F, "social network login wall", "Log in or sign up to view",
       "<div class='login-wall'><h2>See more from Harbour Photography Club</h2><p>Log in or sign up for "
       "{site} to connect with friends, family and people you know.</p><form><input type='text' name='email'>"
       "<input type='password' name='pass'><button>Log in</button></form><a class='btn'>Create new account</a>"
       "</div>"),
    _m("paywall", "en", H, "metered paywall limit", "{headline}",
       "<h1>{headline}</h1><div class='meter-wall'><h2>You've reached your limit of free articles</h2><p>Become "
       "a member to keep reading, from 99p a week.</p><a class='button' href='/join'>Join now</a> <a "
       "href='/signin'>Sign in</a></div>"),
    _m("paywall", "en", H, "hard paywall: headline only", "{headline}",
       "<div class='premium'><h1>{headline}</h1><p class='premium-label'>Exclusive to subscribers</p><p>This "
       "story is for subscribers only. Sign in to read it, or start your free trial.</p><a class='btn' href="
       "'/trial'>Start free trial</a></div>"),
    _m("paywall", "en", H, "registration wall", "{headline}",
       "<h1>{headline}</h1><p>{teaser}</p><div class='regwall'><h3>Register for free to continue reading</h3>"
       "<p>Create a free account to read this and other articles.</p><input type='email'><button>Register"
       "</button><p>Already have an account? <a href='/signin'>Sign in</a></p></div>"),
    _m("paywall", "en", H, "social photo app login wall", "Login",
       "<div class='login-box'><h2>Log in to see photos and videos from friends</h2><input type='text' name="
       "'username' placeholder='Phone number, username or email'><input type='password' name='password'>"
       "<button>Log in</button><p>Don't have an account? <a>Sign up</a></p></div>"),
    _m("paywall", "de", F, "German 'Plus' article with teaser", "{headline}",
       "<article><h1>{headline}</h1><p>{teaser}</p></article><div class='plus-teaser'><h2>Jetzt weiterlesen mit "
       "Rheintal Plus</h2><p>Sie haben bereits ein Abo? <a href='/login'>Anmelden</a></p><a class='btn' "
       "href='/abo'>Jetzt abonnieren</a></div>"),
    _m("paywall", "de", F, "German journal article: access options", "{headline}",
       "<h1>{headline}</h1><div class='zugang'><h2>Zugang zum Artikel</h2><p>Zugang über Ihre Einrichtung</p>"
       "<a class='btn'>Artikel kaufen</a><p>Bereits registriert? Anmelden</p></div>"),
    _m("paywall", "de", H, "German subscriber-only article", "{headline}",
       "<h1>{headline}</h1><div class='abo-wall'><p>Dieser Artikel ist nur für Abonnenten verfügbar.</p><p>Um "
       "den Artikel vollständig zu lesen, melden Sie sich bitte an.</p><form><input type='password'><button>"
       "Einloggen</button></form><a>Passwort vergessen?</a></div>"),
    _m("paywall", "de", H, "German forum members-only thread", "Anmelden",
       "<div class='login'><h1>Anmelden</h1><p>Dieses Thema ist nur für angemeldete Mitglieder sichtbar. Bitte "
       "melden Sie sich an oder registrieren Sie sich.</p><form><input name='login'><input type='password'>"
       "<button>Anmelden</button></form></div>"),
    _m("paywall", "fr", F, "French 'réservé aux abonnés' article", "{headline}",
       "<article><h1>{headline}</h1><p>{teaser}</p></article><div class='paywall'><p>Il vous reste 82% de cet "
       "article à lire. La suite est réservée aux abonnés.</p><a class='btn'>Je m'abonne</a><p>Déjà abonné ? "
       "<a>Se connecter</a></p></div>"),
    _m("paywall", "fr", H, "French subscriber article with login", "{headline}",
       "<h1>{headline}</h1><div class='acces-abonne'><h2>Cet article est réservé aux abonnés</h2><p>Pour lire la "
       "suite, connectez-vous ou abonnez-vous.</p><a class='btn'>S'abonner</a> <a>Se connecter</a></div>"),
    _m("paywall", "es", F, "Spanish 'exclusivo para suscriptores'", "{headline}",
       "<article><h1>{headline}</h1><p>{teaser}</p></article><div class='muro'><h2>Este artículo es exclusivo "
       "para suscriptores</h2><a class='btn'>Suscríbete</a><p>¿Ya eres suscriptor? <a>Inicia sesión</a></p>"
       "</div>"),
    _m("paywall", "es", F, "Spanish social login wall", "Iniciar sesión",
       "<div class='login'><h2>Inicia sesión para ver fotos y vídeos de tus amigos</h2><form><input name='u'>"
       "<input type='password'><button>Entrar</button></form><p>¿No tienes cuenta? Regístrate</p></div>"),
    _m("paywall", "es", H, "Spanish premium content", "{headline}",
       "<h1>{headline}</h1><div class='premium'><p>Contenido exclusivo. Para seguir leyendo, suscríbete desde "
       "1 € el primer mes.</p><a class='btn'>Suscribirse</a><p>¿Ya eres suscriptor? Iniciar sesión</p></div>"),
    _m("paywall", "es", H, "Spanish photo network login", "Conecta",
       "<div class='cx-login'><h1>Regístrate para ver las fotos de Harbour Club</h1><p>Inicia sesión para "
       "seguir a tus amigos.</p><input name='u'><input type='password'><button>Iniciar sesión</button></div>"),
    # ------------------------------------------------------------------ consent walls in the site's own shell
    _m("consent-wall", "en", F, "OneTrust banner over a page whose article loads after consent", "{headline}",
       "<div class='article-placeholder' data-requires-consent='true'></div>"),
    _m("consent-wall", "en", H, "'pay or accept' wall of an English publisher", "{headline}",
       "<div class='consent-gate'><h2>Choose how to read {site}</h2><p>Continue with advertising: we and our "
       "partners use cookies and process personal data for personalised ads.</p><button>Accept and continue"
       "</button><p>Or read ad-free with a subscription.</p></div>"),
    _m("consent-wall", "de", F, "German 'Mit Werbung weiterlesen / Pur-Abo' wall", "{headline}",
       "<div class='cmp-wall'><h2>Mit Werbung weiterlesen</h2><p>Nutzen Sie {site} mit personalisierter Werbung "
       "und Tracking. Details zur Datenverarbeitung finden Sie in der Datenschutzerklärung.</p><button>Zustimmen "
       "und weiter</button><h2>Pur-Abo</h2><p>Werbefrei lesen für 2,99 € im Monat.</p></div>"),
    _m("consent-wall", "de", H, "German cookie wall (Einwilligung)", "{headline}",
       "<div id='cmpbox' class='cmpbox'><h3>Ihre Privatsphäre ist uns wichtig</h3><p>Wir und unsere Partner "
       "verwenden Cookies. Mit Klick auf „Alle akzeptieren“ geben Sie Ihre Einwilligung.</p><button>Alle "
       "akzeptieren</button><button>Einstellungen</button></div>"),
    _m("consent-wall", "fr", F, "French consent layer (Didomi)", "{headline}",
       "<div id='didomi-host'><div class='didomi-popup'><p>Nous et nos partenaires utilisons des cookies. Vous "
       "pouvez accepter ou paramétrer vos choix.</p><button>Accepter &amp; Fermer</button><button>Continuer "
       "sans accepter</button></div></div>"),
    _m("consent-wall", "fr", H, "French consent wall (Sourcepoint)", "{headline}",
       "<div class='sp_message_container'><h2>Vos choix concernant les cookies</h2><p>Nous utilisons des "
       "cookies pour vous proposer des publicités personnalisées.</p><button>Tout accepter</button><button>"
       "Tout refuser</button></div>"),
    _m("consent-wall", "es", F, "Spanish consent layer", "{headline}",
       "<div class='cookies-wall'><h2>Tu privacidad es importante</h2><p>Utilizamos cookies propias y de "
       "terceros. Puedes aceptar todas o configurar cookies.</p><button>Aceptar todas</button><button>"
       "Configurar</button></div>"),
    _m("consent-wall", "es", H, "Spanish 'aceptar o suscribirse' wall", "{headline}",
       "<div class='consent-layer'><h2>Nosotros y nuestros socios usamos cookies</h2><p>Necesitamos tu "
       "consentimiento para ofrecerte publicidad personalizada.</p><button>Aceptar y continuar</button>"
       "<button>Rechazar todas</button></div>"),
    # ------------------------------------------------------------------ human checks inside a site's shell
    _m("bot-check", "en", F, "custom arithmetic human check", "Security check",
       "<div class='human-check'><h1>Please verify you are human</h1><p>To continue, please solve: 3 + 4 = ?"
       "</p><form><input name='answer'><button>Verify</button></form></div>"),
    _m("bot-check", "en", H, "custom 'are you a robot' check of a publisher", "One more step",
       "<div class='verify'><h2>We need to make sure you're not a robot</h2><p>Select all images with boats, "
       "then press Continue.</p><button>Continue</button></div>"),
    _m("bot-check", "de", F, "German custom human check", "Sicherheitsüberprüfung",
       "<div class='pruefung'><h1>Sicherheitsüberprüfung</h1><p>Bitte bestätigen Sie, dass Sie kein Roboter "
       "sind.</p><button>Ich bin ein Mensch</button></div>"),
    _m("bot-check", "de", H, "German 'ungewöhnlicher Datenverkehr' page", "Einen Moment bitte",
       "<div class='sperre'><h2>Wir haben ungewöhnlichen Datenverkehr festgestellt</h2><p>Wir müssen "
       "sicherstellen, dass Sie kein Roboter sind.</p></div>"),
    _m("bot-check", "fr", F, "French custom check", "Vérification de sécurité",
       "<div class='verif'><h1>Êtes-vous un robot ?</h1><p>Veuillez confirmer que vous n'êtes pas un robot."
       "</p><button>Je ne suis pas un robot</button></div>"),
    _m("bot-check", "fr", H, "French 'trafic inhabituel' page", "Un instant…",
       "<div class='blocage'><h2>Nous avons détecté un trafic inhabituel</h2><p>Merci de vérifier que vous "
       "êtes humain pour continuer.</p></div>"),
    _m("bot-check", "es", F, "Spanish custom check", "Verificación de seguridad",
       "<div class='verif'><h1>¿Eres un robot?</h1><p>Confirma que no eres un robot para continuar.</p>"
       "<button>No soy un robot</button></div>"),
    _m("bot-check", "es", H, "Spanish 'tráfico inusual' page", "Un momento…",
       "<div class='bloqueo'><h2>Hemos detectado tráfico inusual desde tu red</h2><p>Verifica que eres humano."
       "</p></div>"),
)  # fmt: skip

SEARCH_QUERIES = {"en": "harbour storm", "de": "hafen sturm", "fr": "tempête port", "es": "temporal puerto"}
