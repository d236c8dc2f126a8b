from skins import *
from reg import add

# 29 removed en gov withdrawn
html = plain("en-GB", "Guidance on septic tank discharge permits (withdrawn) - Kestrel Vale District Council", '''<meta name="dcterms.modified" content="2025-06-30">
<link rel="stylesheet" href="/assets/govstyle/all.css">''', '''<header class="govuk-header" role="banner"><div class="govuk-header__container govuk-width-container"><a href="/" class="govuk-header__link govuk-header__link--homepage">Kestrel Vale District Council</a></div></header>
<div class="govuk-width-container"><div class="govuk-breadcrumbs"><ol class="govuk-breadcrumbs__list"><li><a href="/">Home</a></li><li><a href="/environment">Environment</a></li><li><a href="/environment/drainage">Drainage</a></li></ol></div>
<main class="govuk-main-wrapper" id="main-content" role="main">
<span class="govuk-caption-l">Guidance</span>
<h1 class="govuk-heading-xl">Septic tank discharge permits: what householders need to do</h1>
<div class="govuk-notification-banner" role="region"><div class="govuk-notification-banner__header"><h2 class="govuk-notification-banner__title">Withdrawn</h2></div>
<div class="govuk-notification-banner__content"><p class="govuk-body">This guidance was withdrawn on 30 June 2025.</p><p class="govuk-body">Permit rules for small sewage discharges are now set nationally. Read the <a href="https://environment-agency.example/small-sewage-discharges">national general binding rules</a> instead.</p></div></div>
<dl class="govuk-summary-list"><div class="govuk-summary-list__row"><dt>From</dt><dd>Environmental Health</dd></div><div class="govuk-summary-list__row"><dt>Published</dt><dd>4 March 2019</dd></div></dl>
</main></div>
<footer class="govuk-footer"><a href="/accessibility">Accessibility statement</a> <a href="/cookies">Cookies</a> <a href="/privacy">Privacy</a></footer>''')
add(29, "removed", "en_council_withdrawn", "en", "/zjkestrelvale-dc/environment/drainage/septic-tank-discharge-permits",
    "GOV.UK-style district council page, withdrawn banner", "full title and metadata; body gone, pointer to replacement", html)

# 30 removed es news retirada
main = '''<article class="noticia">
<div class="aviso-retirada" role="note">
<h1>Contenido retirado</h1>
<p>Atendiendo a una solicitud amparada en el derecho de supresión (artículo 17 del RGPD), la dirección de <em>La Voz de Riomenor</em> ha decidido retirar esta información de su hemeroteca digital.</p>
<p>La retirada no supone una rectificación del contenido publicado en su día. Para cualquier consulta puede dirigirse a <a href="mailto:defensor@lavozderiomenor.example">la Defensora del Lector</a>.</p>
<p class="fecha-retirada">Fecha de retirada: 3 de octubre de 2025</p>
</div></article>'''
add(30, "removed", "es_derecho_olvido", "es", "/zjvoz-riomenor/sucesos/2014/02/11/detenido-un-vecino-de-san-adrian-por-estafa/",
    "WordPress Spanish regional paper, right-to-erasure removal notice", "legalistic; cites GDPR article; no 'ya no existe'",
    wp_news("es", "La Voz de Riomenor", "lavozderiomenor", "Contenido retirado - La Voz de Riomenor", main,
            ["Riomenor", "Comarca", "Sucesos", "Deportes", "Opinión", "Hemeroteca"], '<section class="widget"><h2 class="widget-title">Lo último</h2><ul><li>El pleno aprueba la tasa de basuras</li><li>Cortes de agua en el barrio alto</li></ul></section>', theme="colormag"))

# 31 removed en journal withdrawn
main = '''<div class="article-header">
<span class="article-type withdrawn-flag">Withdrawn Article</span>
<h1 class="citation__title">WITHDRAWN: Prebiotic supplementation and sleep latency in shift workers: a randomised crossover trial</h1>
<ul class="author-list"><li>Ruth Adebayo-Klein</li><li>Marco Seppälä</li></ul>
<p class="epub-section">Journal of Occupational Chronobiology, Volume 12, Article 104418 · Available online 2 February 2024</p>
</div>
<section class="withdrawal-note">
<p>This article has been withdrawn at the request of the authors and the editor. The Publisher apologises for any inconvenience this may cause.</p>
<p>The Kittiwake Scientific policy on article withdrawal applies; see <a href="https://kittiwake-sci.example/policies/withdrawal">https://kittiwake-sci.example/policies/withdrawal</a>.</p>
</section>'''
add(31, "removed", "en_journal_withdrawn", "en", "/zjkittiwake-sci/science/article/pii/S2211009424000871",
    "Scholarly publisher, withdrawn article stub", "'WITHDRAWN:' prefix on a real title, metadata intact",
    journal("en", "Kittiwake Scientific", "kittiwake-sci", "WITHDRAWN: Prebiotic supplementation and sleep latency in shift workers", main, "Journal of Occupational Chronobiology"))

# 32 removed fr blog dépublié
html = plain("fr", "Article dépublié — Carnets de la Brenne", '''<meta name="generator" content="Ghost 5.96">
<link rel="stylesheet" type="text/css" href="/assets/built/screen.css?v=8a3e1c">
<script defer src="https://cdn.jsdelivr.example/ghost/portal@~2.44/umd/portal.min.js" data-ghost="https://carnets-brenne.example/"></script>''', '''<div class="viewport">
<header id="gh-head" class="gh-head outer"><div class="gh-head-inner inner"><a class="gh-head-logo" href="https://carnets-brenne.example">Carnets de la Brenne</a>
<nav class="gh-head-menu"><ul class="nav"><li><a href="/balades/">Balades</a></li><li><a href="/oiseaux/">Oiseaux</a></li><li><a href="/a-propos/">À propos</a></li></ul></nav>
<div class="gh-head-actions"><a class="gh-head-button" href="#/portal/signup">S'abonner</a></div></div></header>
<main id="site-main" class="site-main outer"><article class="article post"><header class="article-header gh-canvas"><h1 class="article-title">Ce billet n'est plus en ligne</h1></header>
<section class="gh-content gh-canvas">
<p>J'ai choisi de dépublier ce texte sur l'étang de la Mer Rouge : certaines informations sur les sites de nidification pouvaient aider des photographes peu scrupuleux à déranger les oiseaux. Merci de votre compréhension.</p>
<p>— Anne</p>
</section></article></main>
<footer class="site-footer outer"><div class="inner"><section class="copyright">Carnets de la Brenne © 2026</section><nav class="site-footer-nav"><a href="#/portal/">Newsletter</a></nav></div></footer>
</div>''')
add(32, "removed", "fr_ghost_depublie", "fr", "/zjcarnets-brenne/etang-de-la-mer-rouge-nidification/",
    "Ghost personal nature blog, unpublished-post notice", "personal, gives a reason; reads like a short post", html)

# 33 media en video private
html = plain("en", "Vidlane", '''<meta property="og:site_name" content="Vidlane">
<meta name="title" content="Vidlane">
<link rel="stylesheet" href="https://s.vidlane.example/player/www-player.css">
<script src="https://s.vidlane.example/s/desktop/base.js"></script>''', '''<div id="masthead"><a id="logo" href="/">Vidlane</a><form id="search-form" action="/results"><input id="search" name="q" placeholder="Search"></form><a href="/signin" class="signin">Sign in</a></div>
<div id="columns"><div id="primary">
<div id="player" class="vl-player vl-player--unplayable"><div class="vl-player-error">
<div class="vl-player-error__icon"></div>
<div class="vl-player-error__reason">Private video</div>
<div class="vl-player-error__subreason">Sign in if you've been granted access to this video</div>
</div></div>
</div>
<div id="secondary"><h3>Up next</h3><ul class="vl-related"><li><a href="/watch?v=x81aa">Restoring a 1962 Lambretta — part 4</a> · 212K views</li><li><a href="/watch?v=p02kd">How tide tables actually work</a> · 1.1M views</li><li><a href="/watch?v=mm7q0">Lo-fi beats to file taxes to</a> · 88K views</li></ul></div></div>
<script>var vlInitialPlayerResponse={"playabilityStatus":{"status":"LOGIN_REQUIRED","reason":"Private video"},"videoDetails":null};</script>''')
add(33, "media-unavailable", "en_private_video", "en", "/zjvidlane/watch?v=Q7fk2Lr0aXe",
    "Video platform watch page, private video", "'Sign in' wording could read as login wall; related videos", html)

# 34 media es podcast
html = plain("es", "Episodio no disponible · Ondacero Sur Podcasts", '''<link rel="stylesheet" href="https://podcasts.ondasur.example/static/app.css">
<meta name="robots" content="noindex">''', '''<header class="pod-header"><a href="/" class="pod-logo">Ondas del Sur · Podcasts</a><nav><a href="/programas">Programas</a><a href="/directo">Directo</a><a href="/descargar-app">Descarga la app</a></nav></header>
<main class="pod-main">
<div class="pod-player pod-player--vacio"><div class="pod-player__portada" style="background:#ccc"></div>
<div class="pod-player__info"><p class="pod-programa">La Tertulia del Mediodía</p>
<h1>Este audio ya no se puede escuchar</h1>
<p>Por motivos de derechos, algunos episodios solo permanecen en la plataforma durante 90 días tras su emisión. Puedes encontrar los programas más recientes en la página del programa.</p>
<audio controls preload="none" disabled></audio>
<a href="/programas/la-tertulia-del-mediodia" class="pod-btn">Ir al programa</a></div></div>
</main>
<footer class="pod-footer">Ondas del Sur Radio S.L. · <a href="/legal">Legal</a> · <a href="/privacidad">Privacidad</a></footer>''')
add(34, "media-unavailable", "es_podcast_caducado", "es", "/zjondas-sur/programas/la-tertulia-del-mediodia/episodio/2025-03-18-alcaldes-y-sequia",
    "Radio podcast platform, expired episode", "rights expiry explanation; 'audio' not 'episodio' in heading", html)

# 35 media de geo-block
html = plain("de", "Die letzten Fährleute an der Weser – Doku | Nordwest Mediathek", '''<meta property="og:type" content="video.other">
<link rel="stylesheet" href="/static/mediathek.css">
<script src="/static/player/nwplayer.js"></script>''', '''<header class="mt-header"><a href="/" class="mt-logo">Nordwest Mediathek</a><nav><a href="/filme">Filme</a><a href="/serien">Serien</a><a href="/dokus">Dokus</a><a href="/live">Live</a></nav></header>
<main>
<div class="nwplayer" data-geo="DE"><div class="nwplayer__overlay nwplayer__overlay--geo">
<p class="nwplayer__msg-title">Nicht in Ihrer Region</p>
<p class="nwplayer__msg">Aus lizenzrechtlichen Gründen dürfen wir dieses Video nur innerhalb Deutschlands zeigen.</p>
</div></div>
<h1 class="mt-title">Die letzten Fährleute an der Weser</h1>
<p class="mt-meta">Doku · 44 Min. · Verfügbar bis 12.04.2027 · UT</p>
<p class="mt-desc">Zwischen Minden und Bremen setzen noch sieben Fähren über den Fluss.</p>
<section class="mt-more"><h2>Mehr aus Dokus</h2><ul><li><a href="#">Moorland</a></li><li><a href="#">Leuchttürme der Jade</a></li></ul></section>
</main>''')
add(35, "media-unavailable", "de_geoblock", "de", "/zjnordwest-mediathek/video/die-letzten-faehrleute-an-der-weser/nw-2026-0412",
    "Broadcaster media library, geo-blocked player", "title, runtime and one-line description present", html)

# 36 media en episode no longer streaming
body = '''<div class="app"><header class="nav"><a href="/" class="brand">Kinlake+</a><a href="/shows">Shows</a><a href="/movies">Movies</a><a href="/kids">Kids</a><a href="/account">Account</a></header><main class="title-page"><div class="hero hero--dim"><h1 class="hero__title">Harbour Lights</h1><p class="hero__sub">Season 2 · Episode 5 · “The Long Tide”</p><div class="hero__notice" role="status"><strong>This episode has left Kinlake+.</strong> Our licence for Harbour Lights ended on 31 October 2026.</div><a class="btn" href="/shows">Find something else to watch</a></div></main></div>'''
data = '{"props":{"pageProps":{"episode":{"id":"hl-s02e05","available":false,"availabilityReason":"LICENSE_EXPIRED"}}},"page":"/watch/[id]","query":{"id":"hl-s02e05"},"buildId":"k1Lp0z"}'
add(36, "media-unavailable", "en_stream_licence", "en", "/zjkinlake-plus/watch/hl-s02e05",
    "Next.js streaming service, licence expired", "show title and episode name present; 'left' verb", next_app("en", "kinlake", "Harbour Lights S2 E5 | Kinlake+", body, data))

# 37 search-results en WP news
main = '''<header class="page-header"><h1 class="page-title">Search Results for: <span>reservoir levy vote</span></h1></header>
<article class="post type-post"><h2 class="entry-title"><a href="#">Council delays reservoir levy to spring</a></h2><div class="entry-meta">March 3, 2025</div><div class="entry-summary"><p>Commissioners voted 4-1 to push back a decision on the proposed water levy until an independent rate study is complete&hellip;</p></div></article>
<article class="post type-post"><h2 class="entry-title"><a href="#">Letters: The levy is a fair ask</a></h2><div class="entry-meta">February 21, 2025</div><div class="entry-summary"><p>To the editor: I have lived in Pine Hollow for thirty years and&hellip;</p></div></article>
<article class="post type-post"><h2 class="entry-title"><a href="#">What the reservoir levy would cost you</a></h2><div class="entry-meta">February 9, 2025</div><div class="entry-summary"><p>A typical household would pay about $11 a month under the proposal, according to figures&hellip;</p></div></article>
<nav class="navigation pagination"><a class="page-numbers current">1</a><a class="page-numbers" href="#">2</a><a class="next page-numbers" href="#">Next</a></nav>'''
add(37, "search-results", "en_wp_search", "en", "/zjpinehollow-herald/?s=reservoir+levy+vote",
    "WordPress local news search results", "excerpts are real article prose",
    wp_news("en-US", "Pine Hollow Herald", "pinehollowherald", "You searched for reservoir levy vote - Pine Hollow Herald", main,
            ["News", "Schools", "Sports", "Letters", "Calendar"], "", body_cls="search search-results", theme="generatepress"))

# 38 search-results es Drupal municipal
main = '''<h1 class="page-title">Buscador</h1>
<form class="search-form" action="/elcastillo/buscar"><input type="search" name="keys" value="ordenanza terrazas"><button>Buscar</button></form>
<div class="search-results-summary">Se han encontrado 27 coincidencias para «ordenanza terrazas». Mostrando 1 - 10.</div>
<ol class="search-results node_search-results">
<li><h3 class="search-result__title"><a href="#">Modificación de la Ordenanza reguladora de terrazas y veladores (aprobación inicial)</a></h3><div class="search-result__snippet">…plazo de información pública de treinta días hábiles…</div><p class="search-result__info">Anuncio · 12/05/2025</p></li>
<li><h3 class="search-result__title"><a href="#">Solicitud de licencia de terraza</a></h3><div class="search-result__snippet">Trámite para la ocupación de vía pública con mesas y sillas…</div><p class="search-result__info">Trámite</p></li>
<li><h3 class="search-result__title"><a href="#">El Ayuntamiento amplía el horario de terrazas en fiestas</a></h3><div class="search-result__snippet">…hasta las 2:00 horas durante la semana grande…</div><p class="search-result__info">Noticia · 01/08/2024</p></li>
</ol>
<nav class="pager"><a href="#">siguiente ›</a></nav>'''
add(38, "search-results", "es_drupal_buscador", "es", "/zjelcastillo-ayto/buscar?keys=ordenanza+terrazas",
    "Drupal ayuntamiento search page", "snippets of ordinance text", 
    drupal("es", "Ayuntamiento de El Castillo", "elcastillo", "Buscador", main, ["Ayuntamiento", "Trámites", "Noticias", "Agenda"], ["Inicio", "Buscador"], "<p>Ayuntamiento de El Castillo</p>"))

# 39 search-results fr museum catalogue listing
html = plain("fr", "Collections en ligne – Musée des Beaux-Arts de Vallauris-sur-Loue", '''<link rel="stylesheet" href="/collections/css/collections.css">
<script src="/collections/js/vue.global.prod.js"></script>''', '''<header class="mba-header"><a href="/">Musée des Beaux-Arts de Vallauris-sur-Loue</a><nav><a href="/visiter">Visiter</a><a href="/expositions">Expositions</a><a href="/collections">Collections</a></nav></header>
<main class="collections">
<aside class="facettes"><h2>Affiner</h2><h3>Domaine</h3><ul><li><label><input type="checkbox"> Peinture (41)</label></li><li><label><input type="checkbox"> Dessin (12)</label></li><li><label><input type="checkbox"> Céramique (7)</label></li></ul><h3>Période</h3><ul><li>XIXe siècle (38)</li><li>XXe siècle (22)</li></ul></aside>
<section class="resultats"><p class="nb-resultats">60 œuvres correspondent à votre recherche <strong>« paysage »</strong></p>
<div class="tri">Trier par : <select><option>Pertinence</option><option>Date</option></select></div>
<ul class="grille">
<li class="notice-mini"><img src="/img/thumbs/1884-12.jpg" alt=""><p class="titre">Les bords de la Loue au crépuscule</p><p class="auteur">Émile Jouvet (1851-1920)</p></li>
<li class="notice-mini"><img src="/img/thumbs/1902-3.jpg" alt=""><p class="titre">Paysage de neige, Mouthier</p><p class="auteur">Claire Vannod</p></li>
<li class="notice-mini"><img src="/img/thumbs/1955-88.jpg" alt=""><p class="titre">Paysage jurassien</p><p class="auteur">Anonyme</p></li>
<li class="notice-mini"><img src="/img/thumbs/1871-4.jpg" alt=""><p class="titre">Étude de rochers</p><p class="auteur">Gustave Millot</p></li>
</ul><nav class="pagination">1 2 3 … 5</nav></section>
</main>''')
add(39, "search-results", "fr_musee_liste", "fr", "/zjmba-vallauris/collections/recherche?q=paysage&page=1",
    "Museum online-collections result grid with facets", "no 'résultats de recherche' phrase; titles only", html)

# 40 search-results en journal
main = '''<h1 class="search-heading">Search</h1>
<div class="search-summary"><span class="result__count">134</span> results for "<span class="search-term">microplastics estuary</span>" within <b>Coastal Systems Letters</b></div>
<ul class="search-result__body items-results">
<li class="search__item"><span class="meta__type">Research Article</span><h2 class="hlFld-Title"><a href="#">Seasonal variation of microplastic deposition in a mesotidal estuary</a></h2><p class="meta__authors">L. Farrow, D. Nakamura</p><p class="meta__serial">Coastal Systems Letters, Vol. 19 · 2025</p><a class="access">Abstract</a> <a class="access">PDF</a></li>
<li class="search__item"><span class="meta__type">Short Communication</span><h2 class="hlFld-Title"><a href="#">Fibres or fragments? Sampling bias in estuarine sediment cores</a></h2><p class="meta__authors">R. Osei</p><p class="meta__serial">Coastal Systems Letters, Vol. 18 · 2024</p></li>
<li class="search__item"><span class="meta__type">Review</span><h2 class="hlFld-Title"><a href="#">Microplastics in transitional waters: a decade of methods</a></h2><p class="meta__authors">H. Brandvold, M. Quispe, S. Tan</p><p class="meta__serial">Coastal Systems Letters, Vol. 17 · 2023</p></li>
</ul>
<div class="pagination">Page 1 of 7 · <a href="#">Next</a></div>'''
add(40, "search-results", "en_journal_search", "en", "/zjmarlowe-academic/action/doSearch?AllField=microplastics+estuary&SeriesKey=csl",
    "Scholarly publisher search results", "article titles and author lists look like records",
    journal("en", "Marlowe Academic", "marlowe-academic", "Search results", main, "Coastal Systems Letters"))

# 41 moved en university
html = plain("en", "Department of Linguistics", '''<meta http-equiv="refresh" content="15; url=https://humanities.northfield-u.example/linguistics/">
<link rel="stylesheet" href="/~ling/style.css">''', '''<table width="760" border="0" cellpadding="6" cellspacing="0" align="center">
<tr><td bgcolor="#4b2e83"><font color="#ffffff" face="Georgia" size="5">Northfield University &mdash; Department of Linguistics</font></td></tr>
<tr><td>
<h2>We have a new home</h2>
<p>The department's web pages are now maintained as part of the School of Humanities site. This old server will be switched off at the end of the academic year.</p>
<p>Please update your bookmarks: <a href="https://humanities.northfield-u.example/linguistics/">humanities.northfield-u.example/linguistics</a></p>
<p><small>You will be taken there automatically in 15 seconds.</small></p>
</td></tr>
<tr><td><hr><font size="1">Last updated 09/2024 &middot; webmaster-ling@northfield-u.example</font></td></tr>
</table>''')
add(41, "moved", "en_html4_univ", "en", "/zjnorthfield-u/~ling/colloquium/2019-spring.html",
    "Old HTML4 table departmental page with meta refresh", "'new home' wording; no 'moved' word", html)

# 42 moved es NGO
main = '''<article class="page type-page"><header class="entry-header"><h1 class="entry-title">¡Nos hemos mudado!</h1></header>
<div class="entry-content">
<p>La Asociación Amigos del Río Tormal estrena web. Todo el contenido de esta página —noticias, convocatorias de voluntariado y los informes de calidad del agua— está ahora en <a href="https://riotormal.example">riotormal.example</a>.</p>
<p>Este blog dejará de actualizarse. Gracias por acompañarnos aquí durante once años.</p>
<p><a class="wp-block-button__link" href="https://riotormal.example">Ir a la nueva web</a></p>
</div></article>'''
add(42, "moved", "es_ong_mudanza", "es", "/zjamigos-tormal/2021/06/05/informe-calidad-agua-primavera-2021/",
    "WordPress NGO blog (old blog), 'we moved' page", "celebratory, thanks readers; looks like a post",
    wp_news("es", "Amigos del Río Tormal", "amigostormal", "¡Nos hemos mudado! – Amigos del Río Tormal", main,
            ["Inicio", "Quiénes somos", "Voluntariado", "Informes", "Contacto"], "", body_cls="page", cookie=False, theme="twentytwentyone"))

# 43 moved de municipal
main = '''<div class="node node--type-page"><h1 class="page-title">Diese Seite ist umgezogen</h1>
<div class="field--name-body"><p>Die Informationen zur Abfallentsorgung finden Sie seit dem 1. Januar 2026 auf dem Portal des Zweckverbands Abfallwirtschaft Oberes Tal:</p>
<p><a href="https://zaot.example/abfuhrkalender">zaot.example/abfuhrkalender</a></p>
<p>Bitte aktualisieren Sie Ihre Lesezeichen.</p></div></div>'''
add(43, "moved", "de_gemeinde_umgezogen", "de", "/zjgemeinde-talheim/leben/abfall/abfuhrkalender-2025",
    "German municipality on Drupal, relocation notice", "short; a real-looking link target", 
    drupal("de", "Gemeinde Talheim", "talheim", "Diese Seite ist umgezogen", main, ["Rathaus", "Leben", "Wirtschaft", "Freizeit"], ["Startseite", "Leben", "Abfall"], "<p>Gemeinde Talheim · Rathausplatz 1</p>"))

# 44 moved en blog to newsletter platform
html = plain("en", "Slow Bread Notes", '''<meta name="generator" content="Jekyll v4.3.3">
<link rel="canonical" href="https://slowbread.newsletterly.example/">
<link rel="stylesheet" href="/assets/main.css">''', '''<header class="site-header"><div class="wrapper"><a class="site-title" rel="author" href="/">Slow Bread Notes</a></div></header>
<main class="page-content" aria-label="Content"><div class="wrapper">
<h1>Packed up and gone to Newsletterly</h1>
<p>Hi all. After eight years of hand-rolling this site I've shifted everything &mdash; every recipe, every starter disaster &mdash; over to <a href="https://slowbread.newsletterly.example/">slowbread.newsletterly.example</a>. Old links on this domain won't work from now on; the archive over there has the same titles, so a quick search will find what you wanted.</p>
<p>&mdash; Dev</p>
</div></main>
<footer class="site-footer h-card"><div class="wrapper"><p>slowbread.example</p></div></footer>''')
add(44, "moved", "en_jekyll_relocated", "en", "/zjslowbread/2020/04/02/rye-starter-rescue.html",
    "Jekyll personal blog, relocation note", "chatty; 'shifted everything'; no 'moved'", html)
