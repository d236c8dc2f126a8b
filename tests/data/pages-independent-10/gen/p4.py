from skins import *
from reg import add

# 45 content en Ghost article about 404 pages
html = plain("en", "Page Not Found: a short history of the 404", '''<meta name="generator" content="Ghost 5.101">
<meta name="description" content="Why broken links get a number, who decided it, and what good error pages do.">
<meta property="og:type" content="article">
<link rel="stylesheet" href="/assets/built/screen.css?v=4c1f">''', '''<div class="site">
<header class="gh-head"><a class="gh-head-logo" href="/">Margin Notes</a><nav><a href="/tag/web/">Web</a><a href="/tag/design/">Design</a><a href="/about/">About</a></nav><a class="gh-head-btn" href="#/portal/signup">Subscribe</a></header>
<main class="gh-main"><article class="gh-article post">
<header class="gh-article-header"><p class="gh-article-tag">Web history</p><h1 class="gh-article-title">Page Not Found: a short history of the 404</h1><p class="gh-article-meta">Ines Calloway · 14 Sep 2026 · 6 min read</p></header>
<section class="gh-content">
<p>Sooner or later every link breaks. When it does, most of us see a three-digit number and a sentence of apology, and few of us wonder where the number came from. The story is less romantic than the popular legend about a "room 404" at CERN; the status codes were simply laid out in groups when the early HTTP specifications were drafted, with the 4xx range reserved for errors the client was thought to have caused.</p>
<p>"Not Found" was the fourth of those, and it stuck. By the late 1990s the code had escaped into everyday speech: a person who was "404" was absent or clueless, and web designers began to treat the error page as a small stage for the brand. Some sites filled it with jokes, some with a search box, and a few with games.</p>
<h2>What a good error page does</h2>
<p>Usability researchers have been consistent for twenty years. A helpful error page says plainly that the page could not be found, avoids blaming the reader, offers a search box and a few likely destinations, and — this is the part most sites forget — returns the right status code. A page that says "sorry" but answers with 200 OK is what search engineers call a soft 404, and it confuses crawlers, archives and link checkers alike.</p>
<p>Soft 404s are more common than you might think. Content management systems that route every address through a single template are the usual culprits: the template finds nothing, prints a friendly message, and forgets to tell the server. Archivists then capture thousands of identical "oops" pages in place of the articles people actually cited.</p>
<h2>Gone is not the same as missing</h2>
<p>The specifications also include 410 Gone, for a resource that has been removed on purpose and will not return. Almost nobody uses it. That is a pity, because the difference matters: a 404 leaves open the possibility that the link will work again tomorrow, while a 410 tells everyone downstream to stop asking.</p>
<p>The next time you meet a cartoon of a lost astronaut or a dropped ice cream cone, spare a thought for the status line behind it. The picture is for you; the number is for the machines, and it is the number that decides whether the web remembers what used to be there.</p>
</section></article>
<section class="gh-cta"><h3>Get new posts by email</h3><form data-members-form="signup"><input type="email" placeholder="you@example.com"><button>Subscribe</button></form><p>Already have an account? <a href="#/portal/signin">Sign in</a></p></section>
</main>
<footer class="gh-foot">Margin Notes © 2026 · Published with Ghost</footer></div>''')
add(45, "content", "en_ghost_about404", "en", "/zjmargin-notes/page-not-found-history-of-the-404/",
    "Ghost blog essay with member signup box", "title 'Page Not Found', discusses soft 404s, 'Sign in' in CTA", html)

# 46 content es obituary with cookie banner
main = '''<article class="post type-post category-esquelas">
<header class="entry-header"><span class="cat-links">Necrológicas</span><h1 class="entry-title">Fallece Remedios Albarrán, la maestra que enseñó a leer a tres generaciones de Valdecuna</h1>
<div class="entry-meta">Redacción · 22 de noviembre de 2026</div></header>
<div class="entry-content">
<p>Remedios Albarrán Peña murió el pasado jueves en su casa de Valdecuna a los 94 años. Llegó al pueblo en 1956 con su primer destino como maestra nacional y ya no se marchó: durante 38 años dio clase en la escuela unitaria de la calle del Pozo, primero, y en el colegio comarcal después.</p>
<p>Sus antiguos alumnos la recuerdan exigente con la caligrafía y generosa con los libros, que prestaba de su propia biblioteca. En 1994, al jubilarse, el Ayuntamiento le dio su nombre a la biblioteca municipal.</p>
<p>Le sobreviven sus hijos, Andrés y Pilar, y cinco nietos. La misa funeral se celebrará el sábado a las 12:00 en la iglesia de San Bartolomé. La familia pide que, en lugar de flores, se donen libros infantiles a la biblioteca que lleva su nombre.</p>
</div></article>'''
add(46, "content", "es_esquela_cookies", "es", "/zjecos-valdecuna/esquelas/2026/11/22/fallece-remedios-albarran-maestra/",
    "WordPress local news obituary with cookie banner element", "short (~170 words); cookie banner in DOM",
    wp_news("es", "Ecos de Valdecuna", "ecosvaldecuna", "Fallece Remedios Albarrán, la maestra que enseñó a leer a tres generaciones - Ecos de Valdecuna", main,
            ["Inicio", "Comarca", "Agenda", "Necrológicas", "Contacto"], '<section class="widget"><h2 class="widget-title">Suscríbete al boletín</h2><form><input type="email" placeholder="Tu correo"><button>Apuntarme</button></form></section>', theme="astra"))

# 47 content en free article on metered site
html = plain("en", "Flood maps: is your street in the new zone? | The Tidewater Record", '''<meta property="article:content_tier" content="free">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Flood maps: is your street in the new zone?","isAccessibleForFree":true}</script>
<link rel="stylesheet" href="/static/tr-article.css">
<script src="https://cdn.tidewaterrecord.example/meter/meter.js" async></script>''', '''<header class="tr-masthead"><a href="/">The Tidewater Record</a><nav><a href="/news">News</a><a href="/weather">Weather</a><a href="/business">Business</a><a href="/opinion">Opinion</a></nav><div class="tr-account"><a href="/subscribe" class="tr-sub">Subscribe</a> <a href="/login">Log in</a></div></header>
<main><article class="tr-story">
<p class="tr-badge">Free to read · Public safety</p>
<h1>Flood maps: is your street in the new zone?</h1>
<p class="tr-byline">By Colm Aberdeen · Nov. 10, 2026</p>
<p class="tr-note"><em>This story is free for all readers because it concerns public safety. Consider supporting local reporting with a subscription.</em></p>
<p>Federal flood maps for Tidewater County take effect on Jan. 15, and about 2,300 more properties will fall inside the high-risk zone, according to the county's planning office.</p>
<p>The largest changes are along Mill Creek and the low-lying blocks east of Harbor Avenue, where new surveys found ground elevations up to 18 inches lower than the 2009 maps assumed. Owners with federally backed mortgages in the new zone will generally be required to buy flood insurance.</p>
<p>Residents can look up an address on the county's online viewer or visit the planning office on weekdays. The county will hold two public sessions, on Nov. 19 at the library and Dec. 3 at Westbrook Middle School, where staff will explain how to file an appeal with elevation certificates.</p>
<p>"A lot of people are going to be surprised," said planning director Rhonda Vasquez. "We'd rather they be surprised now than after a storm."</p>
<p>Appeals must be filed within 90 days of the maps' publication in the Federal Register.</p>
</article>
<aside class="tr-paywall-teaser"><h3>Already a subscriber?</h3><p>Log in to read every story, the e-edition and our weather newsletter.</p><a href="/login" class="btn">Log in</a> <a href="/subscribe" class="btn btn--primary">Subscribe for $1</a></aside>
</main>
<footer class="tr-footer">© 2026 Tidewater Record Media LLC</footer>''')
add(47, "content", "en_free_on_metered", "en", "/zjtidewater-record/news/2026/11/10/flood-maps-new-zone/",
    "Metered news site, public-safety free article", "'Already a subscriber? Log in' box and meter script", html)

# 48 content de TYPO3 press release
html = plain("de", "Pressemitteilung: Hallenbad Wendlingen öffnet nach Sanierung – Stadt Wendlingen", '''<meta name="generator" content="TYPO3 CMS">
<link rel="stylesheet" href="/typo3temp/assets/css/7a1f2e.css">''', '''<header class="page-header"><a href="/" class="brand"><img src="/fileadmin/user_upload/logo-wendlingen.svg" alt="Stadt Wendlingen"></a>
<nav class="nav-main"><ul><li><a href="/rathaus">Rathaus &amp; Service</a></li><li><a href="/leben">Leben in Wendlingen</a></li><li class="active"><a href="/aktuelles">Aktuelles</a></li><li><a href="/freizeit">Freizeit</a></li></ul></nav></header>
<main id="main"><div class="container">
<ol class="breadcrumb"><li><a href="/">Startseite</a></li><li><a href="/aktuelles">Aktuelles</a></li><li>Pressemitteilungen</li></ol>
<div class="news news-single"><div class="article">
<div class="news-list-date"><time datetime="2026-10-28">28.10.2026</time></div>
<h1>Hallenbad Wendlingen öffnet nach Sanierung am 14. November</h1>
<div class="teaser-text"><p>Nach 22 Monaten Bauzeit ist das Hallenbad an der Uhlandstraße wieder für die Öffentlichkeit geöffnet.</p></div>
<div class="news-text-wrap">
<p>Die Stadt Wendlingen hat die Sanierung ihres Hallenbads abgeschlossen. Erneuert wurden die Lüftungs- und Filtertechnik, das Dach sowie die Umkleiden; das Lehrschwimmbecken erhielt einen Hubboden, mit dem sich die Wassertiefe zwischen 0,3 und 1,8 Metern einstellen lässt. Die Kosten liegen mit 6,4 Millionen Euro leicht unter der Kostenberechnung; das Land beteiligt sich mit 1,9 Millionen Euro aus dem Sanierungsprogramm für Sportstätten.</p>
<p>„Schwimmen lernen ist keine Kür, sondern Pflicht“, sagt Bürgermeisterin Dagmar Kienle. „Ab sofort haben unsere Grundschulen wieder ein Bad vor der Haustür.“</p>
<p>Zur Eröffnung am Samstag, 14. November, ist der Eintritt von 10 bis 18 Uhr frei. Die DLRG-Ortsgruppe bietet Schnupperkurse für Kinder an. Die neuen Öffnungszeiten und Tarife stehen auf der Seite des Bades.</p>
</div>
<div class="news-related"><h4>Pressekontakt</h4><p>Stadt Wendlingen, Pressestelle, Telefon 07024 000-0</p></div>
<a class="btn" href="/aktuelles/pressemitteilungen">Zurück zur Übersicht</a>
</div></div></div></main>
<footer class="page-footer"><a href="/impressum">Impressum</a> · <a href="/datenschutz">Datenschutz</a></footer>''')
add(48, "content", "de_typo3_pressemitteilung", "de", "/zjstadt-wendlingen/aktuelles/pressemitteilungen/detail/hallenbad-oeffnet-nach-sanierung",
    "TYPO3 news extension press release", "short municipal release with 'Zurück zur Übersicht'", html)

# 49 content en short brief with newsletter box
main = '''<article class="post type-post category-briefs">
<header class="entry-header"><span class="cat-links">Briefs</span><h1 class="entry-title">Library closed Monday for boiler repair</h1><div class="entry-meta">Staff report · Nov. 23, 2026</div></header>
<div class="entry-content">
<p>The Ashgrove Public Library will be closed all day Monday, Nov. 30, while contractors replace a failed boiler valve, library director Nell Foster said Friday.</p>
<p>Books due that day will be accepted without fines through Wednesday, and the outdoor return slot will stay open. The Tuesday toddler story hour will go ahead as scheduled.</p>
<p>The repair is covered by the building's existing maintenance contract, Foster said.</p>
</div>
<div class="newsletter-signup wp-block-group"><h3>Get Ashgrove news in your inbox</h3><p>Our free morning newsletter, Monday to Friday.</p><form><input type="email" placeholder="Email address" required><button type="submit">Sign up</button></form></div>
</article>'''
add(49, "content", "en_brief_newsletter", "en", "/zjashgrove-beacon/2026/11/23/library-closed-monday-boiler-repair/",
    "WordPress local news brief (~90 words) with newsletter box", "very short; 'closed' in title; signup form",
    wp_news("en-US", "Ashgrove Beacon", "ashgrovebeacon", "Library closed Monday for boiler repair – Ashgrove Beacon", main,
            ["News", "Schools", "Sports", "Community", "Obituaries"], '<section class="widget"><h2 class="widget-title">Trending</h2><ol><li>Thanksgiving trash pickup changes</li><li>Lady Hawks win regional</li></ol></section>', cookie=False, theme="kadence"))

# 50 content es article about captchas
html = plain("es", "¿Eres un robot? Por qué las webs no paran de preguntártelo | Bitácora Digital", '''<meta name="description" content="Los CAPTCHA cumplen 25 años y cada vez son más difíciles para los humanos y más fáciles para las máquinas.">
<link rel="stylesheet" href="/static/css/bitacora.css">''', '''<header class="bd-cab"><a href="/" class="bd-logo">Bitácora Digital</a><nav><a href="/tecnologia">Tecnología</a><a href="/ciencia">Ciencia</a><a href="/guias">Guías</a></nav><a href="/entrar" class="bd-entrar">Entrar</a></header>
<main class="bd-articulo"><article>
<p class="bd-seccion">Tecnología</p>
<h1>¿Eres un robot? Por qué las webs no paran de preguntártelo</h1>
<p class="bd-entradilla">Las pruebas CAPTCHA cumplen 25 años. Cada vez son más molestas para las personas y más fáciles para las máquinas.</p>
<p class="bd-firma">Por Nerea Olaizola · 8 de octubre de 2026</p>
<p>Seleccionar todos los cuadros con semáforos, escribir unas letras deformadas, marcar la casilla «No soy un robot»: casi todos hemos pasado por ello varias veces esta semana. Los CAPTCHA —siglas en inglés de «prueba de Turing pública y automática para distinguir ordenadores de humanos»— nacieron a principios de siglo para frenar el registro masivo de cuentas falsas en servicios de correo.</p>
<p>El problema es que los programas de visión artificial resuelven hoy muchas de esas pruebas mejor que nosotros. Un estudio universitario publicado en 2023 calculó que los bots acertaban los textos distorsionados en más del 99 % de los intentos, frente a un 50-85 % de los voluntarios humanos.</p>
<p>Por eso los grandes proveedores se han pasado a comprobaciones invisibles: analizan cómo se mueve el ratón, cuánto tarda la página en cargar o qué huella deja el navegador, y solo muestran un desafío cuando algo no cuadra. Para el usuario es más cómodo, pero plantea preguntas sobre privacidad, porque esa «puntuación de humanidad» se calcula con datos que salen del dispositivo.</p>
<p>Las personas con discapacidad visual son las más perjudicadas. Las alternativas de audio suelen ser ininteligibles, y varias organizaciones de personas ciegas reclaman que las administraciones públicas dejen de usarlas en sus sedes electrónicas.</p>
<p>¿Hay futuro sin CAPTCHA? Algunas propuestas apuestan por fichas criptográficas que el dispositivo obtiene una vez y presenta de forma anónima. Mientras llegan, seguiremos buscando bicicletas entre cuadrículas borrosas.</p>
</article>
<section class="bd-relacionados"><h2>Te puede interesar</h2><ul><li><a href="#">Cómo saber si tu contraseña ha sido filtrada</a></li><li><a href="#">Guía para configurar las cookies del navegador</a></li></ul></section>
</main>
<footer class="bd-pie">Bitácora Digital · <a href="/aviso-legal">Aviso legal</a></footer>''')
add(50, "content", "es_sobre_captcha", "es", "/zjbitacora-digital/tecnologia/eres-un-robot-captcha-25-anos",
    "Spanish tech magazine article about CAPTCHAs", "title '¿Eres un robot?', 'No soy un robot' in text", html)

# 51 content fr museum catalogue record
html = plain("fr", "Les bords de la Loue au crépuscule – Émile Jouvet – Collections – Musée des Beaux-Arts de Vallauris-sur-Loue", '''<link rel="stylesheet" href="/collections/css/collections.css">''', '''<header class="mba-header"><a href="/">Musée des Beaux-Arts de Vallauris-sur-Loue</a><nav><a href="/visiter">Visiter</a><a href="/expositions">Expositions</a><a href="/collections">Collections</a></nav></header>
<main class="notice">
<p class="fil"><a href="/collections">Collections</a> › <a href="/collections/recherche?q=paysage">Retour aux résultats</a></p>
<h1>Les bords de la Loue au crépuscule</h1>
<p class="auteur">Émile Jouvet (Besançon, 1851 – Ornans, 1920)</p>
<img src="/img/oeuvres/1884-12.jpg" alt="Les bords de la Loue au crépuscule">
<table class="notice-champs">
<tr><th>Date</th><td>1884</td></tr><tr><th>Technique</th><td>Huile sur toile</td></tr><tr><th>Dimensions</th><td>H. 65 cm ; L. 92 cm</td></tr>
<tr><th>N° d'inventaire</th><td>1884.12</td></tr><tr><th>Mode d'acquisition</th><td>Don de Mme Louise Jouvet, 1921</td></tr><tr><th>Localisation</th><td>Salle 7 – Paysagistes comtois</td></tr>
</table>
<h2>Commentaire</h2>
<p>Présentée au Salon de 1885, cette toile montre la rivière à hauteur de Mouthier, à l'heure où la lumière rasante ne touche plus que les falaises calcaires. Jouvet, élève d'un peintre local formé auprès de Courbet, y reprend le motif de la vallée encaissée mais l'adoucit par une palette de bleus et de mauves inhabituelle chez lui. La figure minuscule du pêcheur, au premier plan, n'apparaît qu'à la radiographie dans une première version : l'artiste l'avait d'abord placée sur l'autre rive.</p>
<h2>Bibliographie</h2><ul><li>Catalogue du Salon, Paris, 1885, n° 1402.</li><li>M. Berthod, <i>Les peintres de la Loue</i>, 1998, p. 54-57.</li></ul>
<p class="droits">Photo © Musée des Beaux-Arts de Vallauris-sur-Loue / C. Rigoulot</p>
</main>''')
add(51, "content", "fr_notice_oeuvre", "fr", "/zjmba-vallauris-oeuvre/collections/oeuvre/1884-12",
    "Museum catalogue record with field table", "mostly fields; 'Retour aux résultats' link; short commentary", html)

# 52 content en journal abstract with access box
main = '''<div class="article-header"><span class="article-type">Original Article</span>
<h1 class="citation__title">Parish registers as a source for eighteenth-century smallpox mortality in upland Wales</h1>
<ul class="author-list"><li>Gwenllian Prothero</li><li>Daniel Ashcombe</li></ul>
<p class="epub-section">First published: 19 August 2025 · <a href="https://doi.example/10.99999/lph.2025.0042">https://doi.example/10.99999/lph.2025.0042</a></p></div>
<section class="article-section__abstract" id="abstract"><h2>Abstract</h2>
<p>Burial registers from 31 parishes in upland Cardiganshire and Montgomeryshire, 1730–1799, were linked to baptismal records to estimate age-specific smallpox mortality. Cause of death was recorded for 14 per cent of burials, rising to 61 per cent during epidemic years when curates annotated entries. Using family reconstitution for a subset of 2,840 children, we estimate that smallpox accounted for between 9 and 13 per cent of deaths under age ten, lower than comparable estimates for market towns. Epidemics recurred at intervals of six to nine years and were concentrated in parishes on drovers' routes. We argue that annotated registers, though incomplete, allow mortality in dispersed rural communities to be measured with useful precision, and we discuss the biases introduced by clerical annotation practices.</p>
<p class="keywords"><b>Keywords:</b> smallpox, parish registers, Wales, historical demography, family reconstitution</p></section>
<section class="access-options" id="accessOptions"><h2>Access options</h2><p>Get access to the full version of this article.</p><div class="purchase-option"><p>Article purchase · 48 hours · GBP 34.00</p><a class="btn" href="#">Purchase</a></div><p><a href="/action/ssostart">Institutional login</a></p></section>'''
add(52, "content", "en_abstract_access", "en", "/zjlowther-journals/doi/10.99999/lph.2025.0042",
    "Scholarly journal abstract page with purchase box", "full abstract (the cited text) beside 'Access options'",
    journal("en", "Lowther Journals", "lowther-journals", "Parish registers as a source for eighteenth-century smallpox mortality in upland Wales", main, "Local Population History"))

# 53 content es event page postponed
main = '''<article class="node node--type-evento"><h1 class="page-title">Aplazado: Certamen de Bandas de Música «Villa de Castroverde»</h1>
<div class="evento-datos"><p><b>Nueva fecha:</b> sábado 18 de abril de 2026, 18:00 h</p><p><b>Lugar:</b> Auditorio Municipal Tomás Bretón</p><p><b>Entrada:</b> libre hasta completar aforo</p></div>
<div class="field--name-body">
<p>El XXIV Certamen de Bandas de Música «Villa de Castroverde», previsto para el 21 de marzo, se traslada al 18 de abril debido a las obras de reforma del escenario del auditorio, que han sufrido un retraso en la entrega de materiales.</p>
<p>Participarán la Banda Municipal de Castroverde, la Unión Musical de Villaquejida y la Agrupación Musical Santa Cecilia de Benavides, que interpretarán obra libre y una pieza obligada, «Tierra de Campos», encargada este año al compositor Julián Merino. El jurado, presidido por la directora Amparo Lledó, entregará tres premios y una mención a la mejor interpretación de la obra obligada.</p>
<p>Las invitaciones ya retiradas para la fecha original siguen siendo válidas.</p>
</div></article>'''
add(53, "content", "es_evento_aplazado", "es", "/zjcastroverde-cultura/agenda/certamen-bandas-musica-villa-castroverde-2026",
    "Drupal municipal culture agenda, postponed event", "'Aplazado' in title; short factual body",
    drupal("es", "Castroverde Cultura", "castroverde", "Aplazado: Certamen de Bandas de Música", main, ["Agenda", "Auditorio", "Biblioteca", "Museo"], ["Inicio", "Agenda"], "<p>Concejalía de Cultura · Ayuntamiento de Castroverde</p>"))

# 54 content en album review "Access Denied"
html = plain("en", "Review: Glasshouse Arcade – ‘Access Denied’ | Static Bloom", '''<meta property="og:type" content="article">
<meta name="generator" content="WordPress 6.6.1">
<link rel="stylesheet" href="/wp-content/themes/kadence/assets/css/all.min.css">''', '''<header id="masthead"><a href="/" class="brand">Static Bloom</a><nav><a href="/reviews/">Reviews</a><a href="/interviews/">Interviews</a><a href="/live/">Live</a><a href="/lists/">Lists</a></nav></header>
<main id="primary"><article class="entry single-entry">
<header class="entry-header"><div class="entry-taxonomies"><a href="/reviews/">Album reviews</a></div><h1 class="entry-title">Glasshouse Arcade – ‘Access Denied’</h1><div class="entry-meta">Words by Tobi Renshaw · 3 November 2026</div></header>
<div class="entry-content">
<p><strong>Rating: 7/10</strong></p>
<p>The Leeds quartet's second record opens with a dial-up modem squeal and a synthesised voice repeating "access denied, access denied" until the drums knock it over. It's a cheeky start, and it sets the tone for an album obsessed with locked doors: passwords, border queues, a lover's phone you're not allowed to read.</p>
<p>Where their debut drowned Mae Holloway's vocals in reverb, producer Sunny Adeyemi pulls her right up front. On "Error 403" she sounds genuinely furious, spitting lines about a landlord's key fob over a bassline that could have come from a 1982 Factory single. "Forgot Password" is the surprise ballad, all brushed snare and a borrowed church organ, and it's the best thing they've done.</p>
<p>The middle stretches. "Captcha" and "Terms &amp; Conditions" are fun titles attached to thin ideas, and the eight-minute "Blacklist" outstays its welcome by at least three. But the closing pair, "Let Me In" and the hushed title reprise, land the concept: after forty minutes of being shut out, Holloway finally decides she doesn't want to be let in after all.</p>
<p>Not a perfect record, but a band finding its voice. <em>Access Denied</em> is out now on Quiet Vessel Records.</p>
</div>
<footer class="entry-footer"><span class="tags">Tags: Glasshouse Arcade, indie, Leeds</span></footer>
</article>
<section class="comments-area"><h3>Leave a reply</h3><p>You must be <a href="/wp-login.php">logged in</a> to post a comment.</p></section></main>
<footer class="site-footer">© Static Bloom 2026</footer>''')
add(54, "content", "en_review_access_denied", "en", "/zjstatic-bloom/reviews/glasshouse-arcade-access-denied/",
    "WordPress music blog album review", "title 'Access Denied', 'Error 403', 'Captcha' tracks, logged-in-to-comment line", html)
