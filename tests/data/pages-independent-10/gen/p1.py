from skins import *
from reg import add

# 01 gone en WP news playful
main = '''<section class="error-404 not-found">
 <header class="page-header"><h1 class="page-title">Well, this is awkward.</h1></header>
 <div class="page-content">
  <p>Our newsroom cat may have knocked this one off the desk. The link you followed doesn't lead anywhere on the Millbrook Sentinel any more &mdash; maybe it was mistyped, maybe we reorganised the archive in 2024 and it fell through a crack.</p>
  <p>Try the search box above, or start from one of these:</p>
  <ul class="wp-block-list"><li><a href="https://millbrooksentinel.example/news/">Latest local news</a></li><li><a href="https://millbrooksentinel.example/obituaries/">Obituaries</a></li><li><a href="https://millbrooksentinel.example/contact/">Tell us what you were looking for</a></li></ul>
 </div>
</section>'''
side = '''<section class="widget widget_recent_entries"><h2 class="widget-title">Recent posts</h2><ul><li><a href="#">School board picks interim superintendent</a></li><li><a href="#">Route 9 bridge lane closures through December</a></li><li><a href="#">Holiday market returns to Fenner Square</a></li></ul></section>
<section class="widget widget_text"><h2 class="widget-title">Support local journalism</h2><div class="textwidget"><p>Subscriptions start at $2 a week.</p></div></section>'''
add(1, "gone", "wp_news_awkward", "en", "/zjmillbrook-sentinel/2022/08/17/planning-board-tables-quarry-expansion/",
    "WordPress newspack local news, 404 template served with 200", "no 'not found' words in the headline; jokey cat excuse",
    wp_news("en-US", "Millbrook Sentinel", "millbrooksentinel", "Nothing here &#8211; Millbrook Sentinel", main,
            ["News", "Sports", "Opinion", "Obituaries", "Events", "Subscribe"], side, body_cls="error404"),
    fit="/zj-soft-millbrook-sentinel/2022/08/17/planning-board-tables-quarry-expansion/")

# 02 gone es Drupal municipal bureaucratic
main = '''<div id="block-contenidoprincipal" class="block-system-main-block">
<h1 class="page-title">Contenido no localizado</h1>
<div class="field--name-body">
<p>La dirección electrónica solicitada no corresponde a ningún contenido vigente de la sede electrónica del Ayuntamiento de Valdeorcas.</p>
<p>Es posible que el documento haya sido reubicado con motivo de la migración del portal municipal (Resolución de Alcaldía 412/2025) o que la dirección se haya escrito de forma incorrecta.</p>
<p>Puede utilizar el <a href="/valdeorcas/buscador">buscador</a>, consultar el <a href="/valdeorcas/mapa-web">mapa web</a> o dirigirse a la Oficina de Atención Ciudadana (teléfono 010).</p>
</div></div>'''
foot = '<p>Ayuntamiento de Valdeorcas · Plaza Mayor, 1 · 24780 Valdeorcas · NIF P2417800A</p><ul><li><a href="#">Aviso legal</a></li><li><a href="#">Accesibilidad</a></li><li><a href="#">Política de privacidad</a></li></ul>'
add(2, "gone", "es_drupal_municipal", "es", "/zjvaldeorcas/actualidad/noticias/2019/bases-subvenciones-asociaciones-vecinales",
    "Drupal 10 ayuntamiento, administrative tone, served 200", "bureaucratic wording, cites a resolution, no '404'",
    drupal("es", "Ayuntamiento de Valdeorcas", "valdeorcas", "Contenido no localizado",
           main, ["Ayuntamiento", "Sede electrónica", "Servicios", "Turismo", "Actualidad", "Transparencia"],
           ["Inicio", "Contenido no localizado"], foot),
    fit="/zj-soft-valdeorcas/actualidad/noticias/2019/bases-subvenciones-asociaciones-vecinales")

# 03 gone de TYPO3 Landkreis, 404
html = plain("de", "Fehler 404 - Landkreis Ebersfelde", '''<meta name="generator" content="TYPO3 CMS">
<link rel="stylesheet" href="/typo3temp/assets/compressed/merged-5c1d8e2f.css" media="all">
<script src="/typo3conf/ext/lk_sitepackage/Resources/Public/JavaScript/main.min.js"></script>''', '''<div class="page-wrap">
<header class="header"><div class="container"><a class="logo" href="/"><img src="/fileadmin/templates/img/wappen.svg" alt="Landkreis Ebersfelde"></a>
<ul class="service-nav"><li><a href="/leichte-sprache">Leichte Sprache</a></li><li><a href="/gebaerdensprache">Gebärdensprache</a></li><li><a href="/kontakt">Kontakt</a></li></ul>
<nav class="mainnav"><ul><li><a href="/buergerservice">Bürgerservice</a></li><li><a href="/kreisverwaltung">Kreisverwaltung</a></li><li><a href="/politik">Kreistag &amp; Politik</a></li><li><a href="/wirtschaft">Wirtschaft</a></li><li><a href="/presse">Presse</a></li></ul></nav></div></header>
<main id="content"><div class="container">
<div id="c1043" class="frame frame-default frame-type-text">
<h1>Diese Adresse führt ins Leere</h1>
<p>Unter der aufgerufenen URL ist beim Landkreis Ebersfelde keine Seite hinterlegt. Seit dem Relaunch unseres Internetauftritts im März 2026 haben sich viele Adressen geändert.</p>
<p>Bitte nutzen Sie die Suche oder wenden Sie sich an die Onlineredaktion: <a href="mailto:online@lk-ebersfelde.example">online@lk-ebersfelde.example</a></p>
<form action="/suche" class="tx-indexedsearch-searchbox"><input type="text" name="tx_indexedsearch_pi2[search][sword]" placeholder="Suchbegriff"><button>Suchen</button></form>
</div></div></main>
<footer class="footer"><div class="container"><p>Landkreis Ebersfelde · Kreishausplatz 3 · 37412 Ebersfelde</p><a href="/impressum">Impressum</a> <a href="/datenschutz">Datenschutz</a> <a href="/barrierefreiheit">Erklärung zur Barrierefreiheit</a></div></footer>
</div>''')
add(3, "gone", "de_typo3_landkreis", "de", "/zjlk-ebersfelde/presse/pressemitteilungen/2021/kreisstrasse-k14-vollsperrung.html",
    "TYPO3 county administration, HTTP 404", "heading without 'nicht gefunden'; relaunch explanation", html, status=404)

# 04 gone fr broadcaster Next.js
body = '''<div class="Layout_root__x1"><header class="Header_header__9a"><a href="/" class="Header_logo__2"><svg aria-label="Radio Côte Vermeille" viewBox="0 0 120 24"></svg></a><nav class="Header_nav__a"><a href="/direct">Direct</a><a href="/podcasts">Podcasts</a><a href="/infos">Infos</a><a href="/meteo">Météo</a><a href="/emissions">Émissions</a></nav></header><main class="ErrorPage_main__k3"><p class="ErrorPage_code__q">404</p><h1 class="ErrorPage_title__p">Oups, on a perdu le fil</h1><p>Ce contenu n'existe pas ou n'existe plus sur notre site. Pas de panique&nbsp;: l'antenne, elle, continue.</p><a class="Button_primary__z" href="/">Retour à l'accueil</a><a class="Button_ghost__z" href="/direct">Écouter le direct</a></main><footer class="Footer_footer__7"><p>© Radio Côte Vermeille 2026</p><a href="/mentions-legales">Mentions légales</a><a href="/cookies">Gestion des cookies</a></footer></div>'''
data = '{"props":{"pageProps":{"statusCode":404}},"page":"/_error","query":{},"buildId":"Rk2p8n0qUe1V","isFallback":false,"gip":true,"scriptLoader":[]}'
add(4, "gone", "fr_next_radio", "fr", "/zjradio-cote-vermeille/infos/2020/03/le-festival-des-voiles-annule",
    "Next.js regional radio, _error page served 200", "playful French, 404 only as a small code",
    next_app("fr", "radio", "Page introuvable · Radio Côte Vermeille", body, data),
    fit="/zj-soft-radio-cote-vermeille/infos/2020/03/le-festival-des-voiles-annule")

# 05 gone en NGO Squarespace terse
html = plain("en-GB", "Error — Harbourside Food Bank", '''<meta name="generator" content="Squarespace">
<link rel="stylesheet" href="https://static1.squarespace.example/static/versioned-site-css/64ab/site.css">
<script src="https://assets.squarespace.example/universal/scripts-compressed/common-vendors-stable-5b1c.js" crossorigin="anonymous"></script>''', '''<div id="siteWrapper" class="clearfix site-wrapper">
<header data-test="header" id="header" class="header theme-col--primary"><div class="header-title-text"><a href="/">Harbourside Food Bank</a></div>
<nav class="header-nav-list"><div class="header-nav-item"><a href="/get-help">Get help</a></div><div class="header-nav-item"><a href="/donate">Donate</a></div><div class="header-nav-item"><a href="/volunteer">Volunteer</a></div><div class="header-nav-item"><a href="/news">News</a></div></nav>
<a class="btn btn--border theme-btn--primary-inverse" href="/donate">Donate now</a></header>
<main id="page" class="container" role="main"><article class="sections" id="sections" data-page-sections="6571">
<section class="page-section"><div class="content-wrapper"><div class="sqs-block html-block"><div class="sqs-html-content">
<h1 style="white-space:pre-wrap;">Error</h1>
<p class="">Sorry &mdash; nothing at this link.</p>
<p class=""><a href="/">Home</a></p>
</div></div></div></section></article></main>
<footer class="sections" id="footer-sections"><section class="page-section"><div class="sqs-html-content"><p>Harbourside Food Bank is a registered charity no. 1190442.</p><p>Unit 4, Dockside Works, Porthallow PL99 0ZZ</p></div></section></footer>
</div>''')
add(5, "gone", "en_squarespace_ngo", "en", "/zjharbourside-foodbank/news/winter-appeal-2023",
    "Squarespace charity site, served 200", "terse: one-word heading 'Error', 7 words of text", html)

# 06 gone es Vue newspaper jokey
html = plain("es", "¡Ups! | El Faro de Levante", '''<meta name="robots" content="noindex">
<link href="/css/app.8c3d1e2a.css" rel="stylesheet">
<script defer src="/js/chunk-vendors.1f0c6a9d.js"></script><script defer src="/js/app.5e7b0a12.js"></script>''', '''<div id="app" data-v-app="">
<header class="cabecera" data-v-4c1a9e><div class="cabecera__fecha">jueves, 26 de noviembre de 2026</div><a href="/" class="cabecera__logo">El Faro de Levante</a>
<nav class="menu-secciones"><a href="/local">Local</a><a href="/comunitat">Comunitat</a><a href="/espana">España</a><a href="/deportes">Deportes</a><a href="/cultura">Cultura</a><a href="/opinion">Opinión</a></nav>
<a class="btn-suscribete" href="/suscripcion">Suscríbete</a></header>
<main class="pagina-error" data-v-88e2b1>
<img src="/img/faro-apagado.svg" alt="" class="pagina-error__ilustracion">
<h1>Se nos ha apagado el faro</h1>
<p>Hemos buscado por toda la redacción y aquí no hay nada. Quizá el enlace estaba roto o esta página cambió de sitio hace tiempo.</p>
<p>Mientras tanto, estas son las noticias más leídas hoy:</p>
<ol class="mas-leidas"><li><a href="/local/2026/11/25/obras-paseo-maritimo">Las obras del paseo marítimo se alargarán hasta marzo</a></li><li><a href="/deportes/2026/11/25/el-atletico-levante-empata">El Atlético Levante empata en el descuento</a></li><li><a href="/cultura/2026/11/24/festival-jazz-cartel">El festival de jazz presenta su cartel</a></li></ol>
</main>
<footer class="pie"><p>© Editorial Costa Levante S.L. Todos los derechos reservados.</p><a href="/aviso-legal">Aviso legal</a> · <a href="/cookies">Cookies</a></footer>
</div>''')
add(6, "gone", "es_vue_periodico", "es", "/zjfaro-levante/local/2018/07/12/la-playa-del-carmen-recibe-bandera-azul",
    "Vue news site, error view with most-read links, served 200", "metaphorical heading, list of real headlines below", html)

# 07 paywall en metered
main = '''<article class="post type-post">
<header class="entry-header"><span class="cat-links"><a href="#">Business</a></span>
<h1 class="entry-title">Tannery site sold to logistics firm after six-year standoff</h1>
<div class="entry-meta"><span class="byline">By <a href="#">Priya Okonjo</a></span> · <time datetime="2026-10-02T06:00:00-05:00">Oct. 2, 2026</time></div></header>
<div class="entry-content">
<p>The former Hollis Tannery property on the north bank will become a distribution centre after the county accepted a $4.1 million offer from Greyline Logistics on Tuesday night.</p>
<div class="meter-wall" id="piano-offer" data-offer="OF3K9P">
 <h2>You've read all 5 of your free stories this month</h2>
 <p>Keep reading the Lakeport Dispatch for 99¢ for your first month. Cancel any time.</p>
 <a class="button subscribe-cta" href="https://lakeportdispatch.example/subscribe/?ref=meter">See subscription options</a>
 <p class="meter-login">Already a subscriber? <a href="https://lakeportdispatch.example/my-account/">Sign in</a></p>
</div>
</div></article>'''
add(7, "paywall", "en_metered_news", "en", "/zjlakeport-dispatch/business/2026/10/02/tannery-site-sold-logistics-firm/",
    "WordPress local daily with metered wall (Piano-like offer)", "one real paragraph of teaser above the meter box",
    wp_news("en-US", "Lakeport Dispatch", "lakeportdispatch", "Tannery site sold to logistics firm after six-year standoff | Lakeport Dispatch", main,
            ["Local", "Business", "Sports", "Opinion", "E-Edition", "Subscribe"], '<section class="widget"><h2 class="widget-title">Most read</h2><ol><li>Ferry schedule cut for winter</li><li>Police log: Oct. 1</li></ol></section>', cookie=False))

# 08 paywall es hard
html = plain("es", "El puerto seco de Tarrasal duplica su tráfico de contenedores | Diario del Sureste", '''<meta property="og:type" content="article">
<meta property="article:content_tier" content="locked">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"El puerto seco de Tarrasal duplica su tráfico de contenedores","isAccessibleForFree":false,"hasPart":{"@type":"WebPageElement","isAccessibleForFree":false,"cssSelector":".contenido-premium"}}</script>
<link rel="stylesheet" href="https://estaticos.diariodelsureste.example/css/noticia.v42.css">''', '''<header class="ds-header"><a class="ds-logo" href="/">Diario del Sureste</a><nav><a href="/economia">Economía</a><a href="/region">Región</a><a href="/politica">Política</a><a href="/deportes">Deportes</a></nav><a class="ds-login" href="/usuarios/entrar">Iniciar sesión</a> <a class="ds-sub" href="/suscripcion">Suscríbete</a></header>
<main class="ds-noticia">
<span class="ds-etiqueta-premium">Exclusiva suscriptores</span>
<h1>El puerto seco de Tarrasal duplica su tráfico de contenedores</h1>
<p class="ds-entradilla">La terminal intermodal roza los 90.000 TEU y la Junta estudia ampliar la playa de vías</p>
<p class="ds-firma">Lucía Barranco · Tarrasal · 14/09/2026 07:30</p>
<div class="contenido-premium ds-bloqueado" aria-hidden="true"></div>
<section class="ds-muro">
 <h2>Esta información es solo para suscriptores</h2>
 <p>Apoya el periodismo regional independiente y accede sin límites a todas nuestras noticias, la edición impresa en PDF y la newsletter de economía.</p>
 <ul><li>Plan digital: 6,99 €/mes</li><li>Plan anual: 59 €/año</li></ul>
 <a class="ds-btn" href="/suscripcion?origen=muro">Hazte suscriptor</a>
 <p>¿Ya tienes cuenta? <a href="/usuarios/entrar">Entra aquí</a></p>
</section>
</main>
<footer class="ds-footer">Diario del Sureste · Editorial Mediterránea de Prensa S.A.</footer>''')
add(8, "paywall", "es_hard_paywall", "es", "/zjdiario-sureste/economia/2026/09/14/puerto-seco-tarrasal-trafico-contenedores-88123.html",
    "Spanish regional daily, hard paywall, schema isAccessibleForFree=false", "headline and standfirst only, offer box with prices", html)

# 09 paywall de registration
html = plain("de", "Neue Buslinie verbindet Oberwies mit dem Gewerbegebiet | Tagblatt am Inn", '''<meta name="robots" content="index, follow, max-image-preview:large">
<link rel="stylesheet" href="https://static.tagblatt-inn.example/build/article.4f1e.css">
<script src="https://cdn.tagblatt-inn.example/paywall/loader.js" async></script>''', '''<header class="tb-head"><a href="/" class="tb-logo">Tagblatt am Inn</a><nav class="tb-ressorts"><a href="/lokales">Lokales</a><a href="/region">Region</a><a href="/bayern">Bayern</a><a href="/sport">Sport</a><a href="/kultur">Kultur</a></nav><a class="tb-login" href="/konto/anmelden">Anmelden</a></header>
<main><article class="tb-article">
<p class="tb-kicker">Oberwies</p>
<h1>Neue Buslinie verbindet Oberwies mit dem Gewerbegebiet</h1>
<p class="tb-meta">Von Johanna Reitmaier · 03.11.2026, 17:12 Uhr</p>
<p class="tb-lead">Ab dem Fahrplanwechsel im Dezember fährt die Linie 27 im Halbstundentakt. Pendler hatten lange darauf gewartet.</p>
<div class="tb-regwall" id="regwall">
 <p class="tb-regwall__badge">TB+ kostenlos</p>
 <h2>Weiterlesen mit kostenlosem Konto</h2>
 <p>Dieser Artikel ist gratis &ndash; Sie müssen sich nur einmal mit Ihrer E-Mail-Adresse registrieren.</p>
 <form action="/konto/registrieren" method="post"><label>E-Mail-Adresse <input type="email" name="email" required></label><button type="submit">Konto erstellen</button></form>
 <p>Schon registriert? <a href="/konto/anmelden?ziel=artikel">Hier einloggen</a></p>
</div>
</article></main>
<footer class="tb-foot"><a href="/impressum">Impressum</a> · <a href="/datenschutz">Datenschutz</a> · <a href="/agb">AGB</a> · © Inn-Verlag GmbH</footer>''')
add(9, "paywall", "de_regwall", "de", "/zjtagblatt-inn/lokales/oberwies/neue-buslinie-gewerbegebiet-91827364.html",
    "German regional paper, free-registration wall", "says the article is 'gratis' (free); wall is an e-mail form", html)

# 10 paywall en journal no abstract
main = '''<div class="article-header">
<span class="article-type">Research Article</span>
<h1 class="citation__title">Sediment flux and channel migration in a braided glacial outwash river, 1998–2022</h1>
<ul class="author-list"><li>Tomasz Wieland</li><li>Aiyana Redcloud</li><li>Hemi Parata</li></ul>
<p class="epub-section">Published online: 11 Mar 2025 · <a href="https://doi.example/10.99999/ghr.2025.0117">https://doi.example/10.99999/ghr.2025.0117</a></p>
<p class="issue-info">Geomorphology &amp; Hydrology Review, Volume 41, Issue 2, pp. 233–259</p>
</div>
<div class="tab-nav"><a class="active">First page</a><a>References</a><a>Citations</a><a>Metrics</a><a>Reprints &amp; Permissions</a></div>
<div class="first-page-preview"><img src="https://halcyonpress.example/cms/asset/ghr-0117-firstpage.gif" alt="First page of article" width="600"></div>
<section class="access-options" id="accessOptions">
<h2>Access options</h2>
<p>You do not currently have access to this content.</p>
<div class="purchase-option"><h3>Article purchase</h3><p>24 hours access to article PDF &amp; HTML</p><p class="price">USD 52.00</p><a class="btn" href="/action/addToCart?doi=10.99999/ghr.2025.0117">Add to cart</a></div>
<div class="purchase-option"><h3>Issue purchase</h3><p>30 days online access to complete issue</p><p class="price">USD 187.00</p></div>
<p>* Local tax will be added as applicable</p>
<p><a href="/action/ssostart">Log in via your institution</a> &middot; <a href="/action/showLogin">Log in to Halcyon Online</a> &middot; <a href="/action/recommendToLibrarian">Recommend to your librarian</a></p>
</section>'''
add(10, "paywall", "en_journal_noabstract", "en", "/zjhalcyonpress/doi/full/10.99999/ghr.2025.0117",
    "Scholarly publisher (Atypon-like), no abstract, first-page image", "title, authors and metadata look like a real record", 
    journal("en", "Halcyon Press", "halcyonpress", "Sediment flux and channel migration in a braided glacial outwash river, 1998–2022", main, "Geomorphology &amp; Hydrology Review"))

# 11 paywall fr magazine
html = plain("fr", "Enquête : à Lorcy, la bataille de l'eau potable - L'Hebdo des Marches", '''<meta name="description" content="Depuis deux étés, trois communes du plateau sont alimentées par camion-citerne.">
<link rel="stylesheet" href="https://www.hebdo-marches.example/themes/hm/css/main.css?v=77">
<script src="https://www.hebdo-marches.example/themes/hm/js/abonnement.js"></script>''', '''<div class="hm-top"><a href="/">L'Hebdo des Marches</a> <span class="hm-date">Semaine du 23 novembre 2026</span> <a href="/kiosque" class="hm-kiosque">Le journal numérique</a> <a href="/compte" class="hm-compte">Mon compte</a></div>
<nav class="hm-nav"><a href="/actualite">Actualité</a><a href="/territoires">Territoires</a><a href="/agriculture">Agriculture</a><a href="/culture">Culture</a><a href="/sport">Sport</a></nav>
<article class="hm-article hm-article--premium">
<p class="hm-rubrique">Territoires · Enquête</p>
<h1>Enquête : à Lorcy, la bataille de l'eau potable</h1>
<p class="hm-chapo">Depuis deux étés, trois communes du plateau sont alimentées par camion-citerne. Élus, agriculteurs et syndicat des eaux se renvoient la responsabilité.</p>
<p class="hm-auteur">Par Maëlle Prunier · Publié le 20/11/2026</p>
<div class="hm-reserve">
<p class="hm-cadenas" aria-label="Article réservé aux abonnés">🔒</p>
<h2>La suite est réservée à nos abonnés</h2>
<p>Pour lire l'intégralité de cette enquête, abonnez-vous à L'Hebdo des Marches à partir de 1&nbsp;€ le premier mois, puis 7,90&nbsp;€ par mois, sans engagement.</p>
<a class="hm-bouton" href="/abonnement?from=article-premium">Je m'abonne</a>
<p>Déjà abonné&nbsp;? <a href="/compte/connexion">Je me connecte</a></p>
</div>
</article>
<footer class="hm-footer"><p>L'Hebdo des Marches – SAS Presse des Marches – 12 rue du Minage, Guéret (fictif)</p><a href="/mentions">Mentions légales</a> <a href="/cgv">CGV</a></footer>''')
add(11, "paywall", "fr_hebdo_abonnes", "fr", "/zjhebdo-marches/territoires/enquete-a-lorcy-la-bataille-de-l-eau-potable-20-11-2026",
    "French weekly, premium article, chapô only", "long standfirst could pass for a short article", html)

# 12 paywall en social login
html = plain("en", "Quillr", '''<meta property="og:title" content="@dr_hazel_moss on Quillr">
<meta property="og:description" content="See posts, photos and more on Quillr.">
<link rel="stylesheet" href="https://static.quillr.example/web/app-7f3e.css">
<script src="https://static.quillr.example/web/vendor-21ab.js" defer></script><script src="https://static.quillr.example/web/app-7f3e.js" defer></script>''', '''<div id="root" class="q-root">
<div class="q-modal-backdrop"><div class="q-modal" role="dialog" aria-labelledby="q-modal-title">
<svg class="q-logo" viewBox="0 0 32 32" aria-hidden="true"></svg>
<h2 id="q-modal-title">See what Hazel is sharing</h2>
<p>Join Quillr to follow @dr_hazel_moss and the conversations you care about.</p>
<a class="q-btn q-btn--primary" href="/i/flow/signup">Create account</a>
<a class="q-btn q-btn--secondary" href="/i/flow/login?redirect_after_login=%2Fdr_hazel_moss%2Fstatus%2F18822">Log in</a>
<p class="q-small">By signing up, you agree to the <a href="/tos">Terms</a> and <a href="/privacy">Privacy Policy</a>.</p>
</div></div>
<div class="q-blurred-timeline" aria-hidden="true"></div>
</div>''')
add(12, "paywall", "en_social_login", "en", "/zjquillr/dr_hazel_moss/status/1882203949117",
    "Social network SPA login modal over blurred timeline", "no 'sign in to continue' phrase; invitation tone", html)
