from skins import *
from reg import add

# 55 content de blog moving house
main = '''<article class="post type-post category-familie">
<header class="entry-header"><h1 class="entry-title">Wir sind umgezogen!</h1><div class="entry-meta">von Svenja · 9. Oktober 2026 · 14 Kommentare</div></header>
<div class="entry-content">
<p>Es ist vollbracht: Seit Samstag wohnen wir offiziell in Friedberg. Nach elf Jahren in der kleinen Altbauwohnung in Bockenheim, drei Kindern, einem Kater und ungefähr vierhundert Kartons (gefühlt) haben wir den Schritt ins Reihenhaus gewagt.</p>
<p>Der Umzug selbst war, sagen wir, sportlich. Der Transporter war um acht bestellt und stand um halb zehn vor der Tür, die Treppe im alten Haus ist eng und hat eine Kurve, in der das Sofa – natürlich – stecken blieb. Am Ende musste es über den Balkon abgeseilt werden. Danke an Jonas und Mehmet aus dem dritten Stock, ohne euch säße es noch da.</p>
<p>Was ich gelernt habe und euch mitgeben möchte:</p>
<ul><li>Kartons nicht nach Raum, sondern nach „brauchen wir in der ersten Woche“ und „kann warten“ beschriften.</li><li>Den Nachsendeauftrag bei der Post mindestens zwei Wochen vorher stellen.</li><li>Ummelden beim Bürgeramt: In Friedberg gab es online sofort einen Termin, in Frankfurt hätte ich sechs Wochen gewartet.</li><li>Ein Werkzeugkasten und eine Rolle Müllsäcke gehören ins Auto, nicht in den Laster.</li></ul>
<p>Die Kinder haben sich schneller eingelebt als wir. Die Große hat schon eine Freundin zwei Häuser weiter, und der Kater hat den Garten nach anfänglichem Misstrauen für sich erobert. Nur das WLAN kommt erst in zehn Tagen – deshalb schreibe ich diesen Beitrag gerade im Café am Marktplatz.</p>
<p>In den nächsten Wochen zeige ich euch die Küche, die wir selbst aufgebaut haben, und verrate, welche Möbel wir verkauft haben und welche wir bereuen.</p>
</div></article>'''
add(55, "content", "de_blog_umzug", "de", "/zjmamablog-svenja/2026/10/09/wir-sind-umgezogen/",
    "WordPress family blog post about moving house", "title 'Wir sind umgezogen!' reads like a moved notice",
    wp_news("de", "Familienchaos mit Svenja", "svenjablog", "Wir sind umgezogen! – Familienchaos mit Svenja", main,
            ["Familie", "Rezepte", "DIY", "Über mich"], '<section class="widget"><h2 class="widget-title">Newsletter</h2><p>Neue Beiträge per Mail</p><form><input type="email"><button>Abonnieren</button></form></section><section class="widget"><h2 class="widget-title">Anmelden</h2><form><input name="log" placeholder="Benutzername"><input type="password" name="pwd"><button>Login</button></form></section>', theme="oceanwp"))

# 56 content en Shopify product out of stock
html = plain("en", "Brass Tide Clock – Hand-set, 1970s Pattern – Wrenfield Chandlery", '''<meta property="og:type" content="product">
<meta property="product:availability" content="out of stock">
<link href="//wrenfield-chandlery.example/cdn/shop/t/12/assets/base.css?v=1690" rel="stylesheet">
<script src="//wrenfield-chandlery.example/cdn/shopifycloud/storefront/assets/storefront/load_feature.js" defer></script>''', '''<div class="announcement-bar">Free UK delivery on orders over £60</div>
<header class="header"><a href="/" class="header__heading-link">Wrenfield Chandlery</a><nav class="header__inline-menu"><a href="/collections/clocks-barometers">Clocks &amp; barometers</a><a href="/collections/rope">Rope</a><a href="/collections/lamps">Lamps</a><a href="/pages/about">About</a></nav><a href="/account/login" class="header__icon--account">Log in</a><a href="/cart" class="header__icon--cart">Cart (0)</a></header>
<main id="MainContent" class="content-for-layout"><section class="product">
<div class="product__media"><img src="//wrenfield-chandlery.example/cdn/shop/products/tide-clock-brass.jpg" alt="Brass tide clock"></div>
<div class="product__info-container">
<h1 class="product__title">Brass Tide Clock – Hand-set, 1970s Pattern</h1>
<div class="price"><span class="price-item">£148.00</span></div>
<p class="product__inventory">Sold out – back in February</p>
<button type="submit" class="product-form__submit button" disabled>Sold out</button>
<form class="back-in-stock"><label>Email me when it's back</label><input type="email"><button>Notify me</button></form>
<div class="product__description rte">
<p>Our tide clock is made for us in a small workshop in Falmouth from the same drawings the firm used in the 1970s. The solid brass case is spun from a single disc and lacquered to slow tarnishing; the dial is screen-printed on enamelled steel.</p>
<p>A tide clock's single hand goes round once every 12 hours 25 minutes, the average interval between two high tides on most of the British coast. Set it at high water on any day and it will show, roughly, how long until the next high and low tide. It won't account for springs and neaps or local quirks, so don't plan a crossing by it, but it's a handsome way to keep the sea's rhythm on the kitchen wall.</p>
<ul><li>Diameter 18 cm, depth 5 cm</li><li>Quartz tidal movement, one AA battery (included)</li><li>Not suitable for the Solent, which has a double high water</li></ul>
</div></div></section>
<section class="related-products"><h2>You may also like</h2><ul><li>Brass barometer – £165</li><li>Ship's bell, 6 inch – £72</li></ul></section></main>
<footer class="footer">© 2026 Wrenfield Chandlery · Powered by Shopify</footer>''')
add(56, "content", "en_shopify_soldout", "en", "/zjwrenfield-chandlery/products/brass-tide-clock-1970s",
    "Shopify product page, sold out", "'Sold out', disabled button, notify form, but real description", html)

# 57 content fr news about parked domains
html = plain("fr", "Noms de domaine « à vendre » : le marché discret des adresses abandonnées | Le Républicain de l'Ardèche", '''<meta property="og:type" content="article">
<link rel="stylesheet" href="/css/rda.min.css">
<script src="https://cdn.rda.example/consent/tcf-stub.js"></script>''', '''<header class="rda-header"><a href="/" class="rda-logo">Le Républicain de l'Ardèche</a><nav><a href="/ardeche">Ardèche</a><a href="/economie">Économie</a><a href="/numerique">Numérique</a><a href="/sports">Sports</a></nav><a href="/abonnement">S'abonner</a></header>
<main><article class="rda-article">
<p class="rda-rubrique">Numérique</p>
<h1>Noms de domaine « à vendre » : le marché discret des adresses abandonnées</h1>
<p class="rda-chapo">Quand une association ou un commerce oublie de renouveler son adresse web, des spéculateurs la rachètent et la remettent en vente. Plusieurs structures ardéchoises en ont fait l'expérience.</p>
<p class="rda-signature">Par Bastien Four · Le 12/09/2026</p>
<p>Le club de canoë d'une petite commune des gorges a eu la surprise en mars : l'adresse qu'il utilisait depuis 2008 affichait désormais « Ce domaine est à vendre » et un prix de 1 900 euros. « Le trésorier qui payait le renouvellement avait déménagé, la carte bancaire avait expiré, personne n'a vu les relances », raconte son président.</p>
<p>Le phénomène est bien connu des spécialistes. Des sociétés surveillent les noms qui expirent et rachètent ceux qui ont encore du trafic ou des liens entrants. Elles affichent ensuite une page « parking » couverte de liens publicitaires, rémunérés au clic, en attendant un acheteur.</p>
<p>Pour une mairie, une école ou un journal, la perte est double : les anciens liens, cités dans des documents officiels ou sur Wikipédia, mènent vers une page commerciale, et le nom peut être utilisé pour de l'hameçonnage.</p>
<p>Les conseils sont simples : activer le renouvellement automatique, confier le compte du registraire à une adresse e-mail partagée plutôt qu'à une personne, et noter la date d'expiration dans l'agenda de la structure. Le club de canoë, lui, a fini par racheter son nom à moitié prix après négociation, et a changé de trésorier.</p>
</article></main>
<footer class="rda-footer"><a href="/mentions-legales">Mentions légales</a> · <a href="#" class="cmp-open">Gérer mes cookies</a></footer>''')
add(57, "content", "fr_article_domaines", "fr", "/zjrepublicain-ardeche/numerique/2026/09/12/noms-de-domaine-a-vendre-marche-discret",
    "French regional daily article about parked domains", "quotes 'Ce domaine est à vendre', 'page parking'", html)

# 58 content es MediaWiki stub
html = plain("es", "Villarcayo de Arriba - Enciclopedia de la Merindad", '''<meta name="generator" content="MediaWiki 1.42.3">
<link rel="stylesheet" href="/w/load.php?lang=es&amp;modules=site.styles&amp;only=styles&amp;skin=vector-2022">
<script>RLCONF={"wgPageName":"Villarcayo_de_Arriba","wgTitle":"Villarcayo de Arriba","wgNamespaceNumber":0,"wgArticleId":1187,"wgIsArticle":true};</script>''', '''<div class="mw-page-container"><header class="vector-header"><a href="/wiki/Portada" class="mw-logo">Enciclopedia de la Merindad</a><form id="searchform" action="/w/index.php"><input name="search" placeholder="Buscar en la Enciclopedia"><input type="hidden" name="title" value="Especial:Buscar"></form><div class="vector-user-links"><a href="/w/index.php?title=Especial:Crear_una_cuenta">Crear una cuenta</a> <a href="/w/index.php?title=Especial:Entrar">Acceder</a></div></header>
<main id="content" class="mw-body" role="main">
<h1 id="firstHeading" class="firstHeading mw-first-heading"><span class="mw-page-title-main">Villarcayo de Arriba</span></h1>
<div id="bodyContent" class="vector-body"><div id="siteSub">De Enciclopedia de la Merindad</div>
<div id="mw-content-text" class="mw-body-content"><div class="mw-content-ltr mw-parser-output" lang="es" dir="ltr">
<table class="ambox ambox-esbozo"><tr><td>Este artículo es un <b>esbozo</b>. Puedes ayudar a ampliarlo.</td></tr></table>
<p><b>Villarcayo de Arriba</b> es una pedanía del municipio de Merindad de Sotoscueva, en la provincia de Burgos. En 2024 tenía 23 habitantes empadronados. Se sitúa a 780 metros de altitud, junto al arroyo de la Hoz.</p>
<p>Su iglesia de San Cosme, de origen románico, fue reformada en el siglo XVIII. Conserva una pila bautismal gallonada y una portada con arquivoltas lisas.</p>
<h2><span class="mw-headline" id="Referencias">Referencias</span></h2>
<ol class="references"><li>Padrón municipal, 1 de enero de 2024.</li></ol>
<div id="catlinks" class="catlinks"><a href="/wiki/Especial:Categor%C3%ADas">Categorías</a>: <a href="#">Localidades de la Merindad de Sotoscueva</a> | <a href="#">Esbozos</a></div>
</div></div></div></main>
<footer class="mw-footer"><ul id="footer-info"><li>Esta página se editó por última vez el 2 mar 2025 a las 10:14.</li><li>El texto está disponible bajo la licencia Creative Commons Atribución-CompartirIgual 4.0.</li></ul></footer></div>''')
add(58, "content", "es_mediawiki_esbozo", "es", "/zjmerindad-wiki/wiki/Villarcayo_de_Arriba",
    "MediaWiki local encyclopedia stub (Vector 2022)", "very short stub, login links, search box", html)

# 59 content en Discourse thread about video unavailable error
html = plain("en", "“Video unavailable” on every embed after 4.2 update - Support - Pebblecast Community", '''<meta name="generator" content="Discourse 3.4.0 - https://github.example/discourse/discourse">
<link href="/stylesheets/desktop_theme_3.css" media="all" rel="stylesheet">
<script defer src="/assets/discourse-4b2c.js"></script>''', '''<header class="d-header"><a href="/" class="title">Pebblecast Community</a><div class="panel"><button class="btn sign-up-button">Sign Up</button><button class="btn login-button">Log In</button></div></header>
<div id="main-outlet" class="wrap" role="main">
<div id="topic-title"><h1><a href="/t/video-unavailable-on-every-embed-after-4-2-update/18842">“Video unavailable” on every embed after 4.2 update</a></h1><span class="category-name">Support</span> <span class="discourse-tag">embeds</span> <span class="discourse-tag">solved</span></div>
<div class="topic-body crawler-post" itemprop="comment"><div class="crawler-post-meta"><span class="creator"><b>tamsin_r</b></span> <time>Oct 14, 2026</time></div>
<div class="post" itemprop="text"><p>Since updating the Pebblecast WordPress plugin to 4.2 every embedded episode on my site shows a grey box that says "Video unavailable" — even though they're audio episodes and play fine on pebblecast.example. Rolling back to 4.1.3 fixes it. Anyone else?</p></div></div>
<div class="topic-body crawler-post"><div class="crawler-post-meta"><span class="creator"><b>kofi.mensah</b></span> <time>Oct 14, 2026</time></div>
<div class="post"><p>Same here on two sites. Console shows a 403 from the oEmbed endpoint. Looks like 4.2 sends the embed request without the referrer.</p></div></div>
<div class="topic-body crawler-post"><div class="crawler-post-meta"><span class="creator"><b>Pebblecast Staff — jorge</b></span> <time>Oct 15, 2026</time></div>
<div class="post"><p>Thanks both, confirmed. The 4.2 release set <code>referrerpolicy="no-referrer"</code> on the iframe, and our player refuses embeds with no referrer when the show has "restrict embedding to my domains" switched on. The player then falls back to its generic error text, which wrongly says "video".</p><p>4.2.1 is out now and fixes both the policy and the message. If you can't update yet, untick domain restriction under Show settings → Distribution.</p></div></div>
<div class="topic-body crawler-post"><div class="crawler-post-meta"><span class="creator"><b>tamsin_r</b></span> <time>Oct 15, 2026</time></div><div class="post"><p>4.2.1 works. Thank you!</p></div></div>
</div>
<footer class="noscript-footer-nav"><a href="/about">About</a> <a href="/privacy">Privacy</a> <a href="/tos">Terms</a></footer>''')
add(59, "content", "en_discourse_video_unavailable", "en", "/zjpebblecast-community/t/video-unavailable-on-every-embed-after-4-2-update/18842",
    "Discourse forum thread (crawler view)", "title quotes 'Video unavailable', 403 mentioned, Log In buttons", html)

# 60 content en product recall notice
html = plain("en", "Product recall: Kettlewise KW-220 cordless kettle withdrawn from sale | Office for Product Safety (Riverlands)", '''<link rel="stylesheet" href="/assets/opsr.css">''', '''<header class="opsr-header"><a href="/">Office for Product Safety &amp; Standards — Riverlands</a><nav><a href="/recalls">Recalls</a><a href="/guidance">Guidance</a><a href="/report">Report a product</a></nav></header>
<main class="opsr-main"><p class="opsr-type">Product Safety Report · Recall</p>
<h1>Kettlewise KW-220 cordless kettle withdrawn from sale</h1>
<dl class="opsr-facts"><dt>Reference</dt><dd>PSR-2026-0917</dd><dt>Risk level</dt><dd>Serious</dd><dt>Hazard</dt><dd>Electric shock</dd><dt>Published</dt><dd>2 November 2026</dd></dl>
<h2>Product</h2><p>Kettlewise KW-220 1.7 litre cordless kettle, white or graphite, batch codes 2604 to 2619 printed under the base. Sold by supermarkets and online retailers between April and September 2026.</p>
<h2>The hazard</h2><p>The seal between the element and the body can fail after repeated boiling, allowing water to reach live parts in the base. A user touching the kettle while it is plugged in could receive an electric shock. The product does not meet the requirements of the Electrical Equipment (Safety) Regulations.</p>
<h2>Corrective action</h2><p>The manufacturer has withdrawn the product from the market and is recalling it from end users. Stop using the kettle immediately, unplug the base, and return both parts to the shop where you bought it for a full refund, with or without a receipt. Customers can also contact Kettlewise on 0800 000 0220 for a free collection.</p>
</main><footer class="opsr-footer"><a href="/cookies">Cookies</a> · <a href="/accessibility">Accessibility</a></footer>''')
add(60, "content", "en_recall_withdrawn", "en", "/zjopsr-riverlands/product-safety-alerts-reports-recalls/kettlewise-kw-220-cordless-kettle",
    "Government product-safety recall report", "'withdrawn from sale' in title; recall wording", html)

# 61 content es podcast episode page with show notes
html = plain("es", "Ep. 112 · El agua que no vemos: acuíferos de La Mancha | Hidrología de Bolsillo", '''<meta property="og:type" content="music.song">
<link rel="stylesheet" href="https://podbox.example/s/css/episode.css">
<script src="https://podbox.example/s/js/player.js" defer></script>''', '''<header class="pb-head"><a href="https://podbox.example/">Podbox</a><a href="/hidrologia-de-bolsillo" class="pb-show">Hidrología de Bolsillo</a><a href="/login" class="pb-login">Iniciar sesión</a></header>
<main class="pb-episode">
<div class="pb-player" data-src="https://cdn.podbox.example/hdb/ep112.mp3"><button class="pb-play" aria-label="Reproducir">▶</button><span class="pb-dur">48:12</span></div>
<h1>Ep. 112 · El agua que no vemos: acuíferos de La Mancha</h1>
<p class="pb-fecha">Publicado el 4 de noviembre de 2026 · Temporada 6</p>
<div class="pb-notas">
<p>En este episodio hablamos con la hidrogeóloga Carmen Valdepeñas sobre el acuífero 23, el gran almacén subterráneo bajo la llanura manchega, y sobre por qué algunos ríos de la zona, como el Guadiana en su tramo alto, llegaron a desaparecer durante años.</p>
<p>Carmen explica cómo se mide el nivel del agua en los pozos de control, qué significa que un acuífero esté «sobreexplotado» y por qué la recuperación tras los años lluviosos de 2010 fue solo parcial. También repasamos el papel de los humedales de las Tablas de Daimiel como termómetro del acuífero.</p>
<h2>Índice</h2>
<ul><li>00:00 Presentación</li><li>03:40 Qué es un acuífero, explicado con una esponja</li><li>15:22 Pozos, regadío y derechos de agua</li><li>31:05 El Guadiana que va y viene</li><li>42:30 Preguntas de los oyentes</li></ul>
<p>Música: «Llanura» de Ana Castañar, con licencia CC BY.</p>
</div>
<section class="pb-mas"><h2>Más episodios</h2><ul><li>Ep. 111 · Presas: ¿cuántas sobran?</li><li>Ep. 110 · La gota fría explicada</li></ul></section>
</main>''')
add(61, "content", "es_podcast_notas", "es", "/zjpodbox-hidrologia/hidrologia-de-bolsillo/ep-112-acuiferos-la-mancha",
    "Podcast hosting episode page with show notes", "player widget + login link; shape of a media page", html)

# 62 content fr Mastodon-like post
html = plain("fr", "Élise Marchal (@elise@pouet.vosges.example) : « Thread : j'ai retrouvé les registres de la filature… »", '''<meta property="og:type" content="article">
<meta property="og:description" content="Thread : j'ai retrouvé les registres de la filature de Thaon aux archives départementales…">
<link rel="stylesheet" href="/packs/css/common-9a1f.css">
<script src="/packs/js/public-4b2e.js" defer></script>''', '''<div class="public-layout"><div class="container"><nav class="header"><a href="/" class="brand">pouet.vosges.example</a><a href="/auth/sign_in" class="nav-link">Se connecter</a><a href="/auth/sign_up" class="nav-button">Créer un compte</a></nav>
<div class="activity-stream activity-stream--headless"><div class="entry entry-center"><div class="detailed-status">
<a class="detailed-status__display-name" href="/@elise"><strong>Élise Marchal</strong> <span>@elise@pouet.vosges.example</span></a>
<div class="status__content"><p>Thread 🧵 : j'ai retrouvé aux archives départementales les registres du personnel de la filature de Thaon pour 1912-1914. Quelques trouvailles.</p>
<p>1/ Sur 1 140 ouvriers inscrits en janvier 1912, 61 % sont des femmes, et près d'un tiers ont moins de 18 ans. Les plus jeunes, 13 ans, sont « rattacheuses » : elles renouent les fils cassés sur les continus.</p>
<p>2/ Les salaires sont notés à la quinzaine. Une fileuse gagne environ 2,10 F par jour, un contremaître 5,50 F. Les amendes (retard, « travail mal fait ») sont retenues sur la paie et peuvent atteindre une demi-journée.</p>
<p>3/ En août 1914, la colonne « sorties » se remplit d'un coup : « mobilisé » revient 212 fois en trois jours. Plusieurs femmes passent alors de la filature au tissage pour remplacer les hommes.</p>
<p>4/ Cote des registres : 112 J 44 à 112 J 47. Ils sont consultables sans restriction, en salle de lecture à Épinal.</p></div>
<div class="detailed-status__meta">16 nov. 2026, 21:04 · 🔁 148 · ⭐ 302</div>
</div></div></div></div></div>''')
add(62, "content", "fr_mastodon_thread", "fr", "/zjpouet-vosges/@elise/113522019384756",
    "Mastodon-like public post page", "'Se connecter'/'Créer un compte' header like a social login wall", html)
