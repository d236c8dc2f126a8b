from skins import *
from reg import add

# 13 consent de pur-abo
html = plain("de", "Hafenquartier: Investor zieht sich zurück – Nordkurier Ostsee", '''<script src="https://cmp.nordkurier-ostsee.example/wrapperMessagingWithoutDetection.js"></script>
<script>window._sp_queue=[];window._sp_={config:{accountId:1931,baseEndpoint:"https://cmp.nordkurier-ostsee.example",propertyHref:"https://www.nordkurier-ostsee.example"}}</script>
<style>body.cmp-open{overflow:hidden}.no-js-content{display:none}</style>''', '''<div class="cmp-overlay" id="sp_message_container_884412" style="position:fixed;inset:0;z-index:2147483647">
<div class="cmp-box">
<img src="https://cmp.nordkurier-ostsee.example/logo-nko.svg" alt="Nordkurier Ostsee" class="cmp-logo">
<h2 class="cmp-headline">Ihre Wahl: mit Werbung oder mit PUR</h2>
<div class="cmp-cols">
<div class="cmp-col"><h3>Mit Werbung weiterlesen</h3>
<p>Wir und unsere 214 Partner speichern und verarbeiten personenbezogene Daten wie Ihre IP-Adresse und Geräte-Kennungen, um Inhalte und Anzeigen zu personalisieren, die Reichweite zu messen und Erkenntnisse über Zielgruppen zu gewinnen. Sie können Ihre Auswahl jederzeit unter „Privatsphäre“ am Seitenende widerrufen.</p>
<button class="cmp-btn cmp-accept" title="Zustimmen und weiter">Zustimmen und weiter</button></div>
<div class="cmp-col"><h3>NKO PUR</h3><p>Werbefrei und ohne Tracking für 3,99 € im Monat, monatlich kündbar.</p><a class="cmp-btn cmp-pur" href="https://www.nordkurier-ostsee.example/pur/">Jetzt PUR-Abo abschließen</a><p>Schon PUR-Abonnent? <a href="/login">Anmelden</a></p></div>
</div>
<p class="cmp-links"><a href="/datenschutz">Datenschutzerklärung</a> · <a href="/impressum">Impressum</a> · <a href="#" class="cmp-partner">Partnerliste (214)</a></p>
</div></div>
<noscript>Bitte aktivieren Sie JavaScript.</noscript>''', 'class="cmp-open"')
add(13, "consent-wall", "de_pur_abo", "de", "/zjnordkurier-ostsee/lokales/rostock-land/hafenquartier-investor-zieht-sich-zurueck-a-771204",
    "German regional news, consent-or-pay (PUR) wall, no article in DOM", "article title in <title> only; offer looks like a paywall", html)

# 14 consent fr TCF
html = plain("fr", "Municipales : la liste d'union dévoile son programme | Le Courrier du Vexin", '''<script type="text/javascript" src="https://sdk.privacy-center.example/courrierduvexin/loader.js" async></script>
<link rel="stylesheet" href="/assets/css/site.min.css">''', '''<header class="cdv-header"><a href="/" class="cdv-logo">Le Courrier du Vexin</a></header>
<div class="cdv-article-placeholder" aria-hidden="true" style="filter:blur(6px)"></div>
<div id="didomi-host" class="didomi-like"><div class="consent-popup" role="dialog" aria-modal="true" aria-labelledby="consent-title">
<h1 id="consent-title">Avec votre accord</h1>
<p>Nos partenaires et nous-mêmes utilisons des traceurs pour stocker et/ou accéder à des informations sur votre terminal, afin de vous proposer des publicités et contenus personnalisés, mesurer leur performance et développer nos services. Votre consentement est valable 6 mois.</p>
<p>Le Courrier du Vexin est financé par la publicité. Sans votre accord, vous pouvez accéder au site en souscrivant à l'offre sans publicité personnalisée.</p>
<div class="consent-buttons"><button id="consent-disagree" class="btn-link">Continuer sans accepter →</button><button id="consent-learn-more" class="btn-secondary">Paramétrer mes choix</button><button id="consent-agree" class="btn-primary">Accepter &amp; fermer</button></div>
<p class="vendors"><a href="#">Voir nos 146 partenaires</a></p>
</div></div>''')
add(14, "consent-wall", "fr_tcf_popup", "fr", "/zjcourrier-vexin/politique/municipales-la-liste-d-union-devoile-son-programme_48812",
    "French local weekly, TCF consent popup over blurred placeholder", "heading 'Avec votre accord' has no cookie word", html)

# 15 consent es regional TV
html = plain("es", "Televisión Comarcal del Bierzo Alto", '''<meta name="description" content="Noticias y programas de TV Comarcal del Bierzo Alto">
<script src="https://consent.tvcba.example/cmp.js" data-domain="tvcba.example"></script>''', '''<div class="tvcba-site-hidden" style="display:none"></div>
<div class="cmp-wall" id="cmpwall">
<div class="cmp-wall__inner">
<img src="/img/tvcba-logo.png" alt="TVCBA" width="120">
<h2>Antes de seguir viendo</h2>
<p>En TVCBA usamos cookies y tecnologías similares, propias y de terceros, para que la web funcione, analizar la audiencia y mostrarte publicidad según tus hábitos de navegación. Para acceder a nuestros vídeos y noticias necesitamos que aceptes su uso o que configures tus preferencias.</p>
<p>Puedes cambiar de opinión cuando quieras desde el enlace «Privacidad» del pie de página. Más información en nuestra <a href="/politica-cookies">política de cookies</a>.</p>
<div class="cmp-wall__botones"><button class="cmp-rechazar">Rechazar todo</button><button class="cmp-config">Gestionar opciones</button><button class="cmp-aceptar">Aceptar y ver</button></div>
</div></div>''')
add(15, "consent-wall", "es_tv_comarcal", "es", "/zjtvcba/noticias/2026/05/la-mina-de-fabero-reabre-como-museo",
    "Regional TV site, full-page cookie wall, no content behind", "'Antes de seguir viendo' could read as media notice", html)

# 16 consent en magazine
html = plain("en-GB", "The Field Recorder — Sound, music and the outdoors", '''<script src="https://cdn.consentframe.example/v3/stub.js"></script>
<script>window.cfConfig={siteId:"fieldrec-uk",blockUntilChoice:true};</script>
<link rel="stylesheet" href="/static/fr.css">''', '''<div id="cf-root" class="cf-fullscreen">
<section class="cf-panel" aria-label="Privacy choices">
<h2 class="cf-title">The Field Recorder values your privacy</h2>
<p>We and our <a href="#" class="cf-vendor-link">advertising partners</a> would like to set cookies and use similar identifiers to keep the magazine free at the point of reading. Some partners rely on legitimate interest instead of asking you; you can object to that in the options.</p>
<ul class="cf-purposes"><li>Store and/or access information on a device</li><li>Personalised advertising and content, advertising and content measurement, audience research</li><li>Use precise geolocation data</li></ul>
<div class="cf-actions"><button class="cf-btn cf-btn--accept">I agree</button><button class="cf-btn cf-btn--options">More options</button></div>
</section></div>
<div id="page" aria-hidden="true" inert></div>''')
add(16, "consent-wall", "en_tcf_magazine", "en", "/zjfield-recorder/features/recording-nightjars-on-dartmoor",
    "UK magazine, blocking consent panel, empty page behind", "privacy-values wording, no 'cookie' in heading", html)

# 17 bot-check en cloudflare-like, 403
html = plain("en-US", "Just a moment...", '''<meta http-equiv="refresh" content="375">
<meta name="robots" content="noindex,nofollow">
<style>*{box-sizing:border-box}body{font-family:system-ui;margin:0}.main-wrapper{display:flex;align-items:center;flex-direction:column}</style>
<script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8e11a9c3ff2d1b7a"></script>''', '''<div class="main-wrapper" role="main">
<div class="main-content">
<h1 class="zone-name-title h1">cedarvalepost.example</h1>
<h2 id="challenge-running" class="h2">Verifying you are human. This may take a few seconds.</h2>
<div id="turnstile-wrapper" class="h-captcha"></div>
<div id="challenge-body-text" class="core-msg spacer">cedarvalepost.example needs to review the security of your connection before proceeding.</div>
<noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript>
</div></div>
<div class="footer" role="contentinfo"><div class="footer-inner"><div class="clearfix diagnostic-wrapper"><div class="ray-id">Ray ID: <code>8e11a9c3ff2d1b7a</code></div></div><div class="text-center" id="footer-text">Performance &amp; security by Edgeguard</div></div></div>''')
add(17, "bot-check", "en_edge_challenge", "en", "/zjcedarvale-post/news/2026/04/18/zoning-appeal-denied-for-riverside-condos",
    "CDN interstitial challenge, HTTP 403", "classic shape but invented vendor name and path", html, status=403)

# 18 bot-check es custom
html = plain("es", "Comprobación de seguridad · Noticias de Almenara", '''<link rel="stylesheet" href="/_guard/estilos.css">
<script src="/_guard/reto.js?v=2026.3" defer></script>''', '''<div class="guard">
<img src="/_guard/logo-nda.svg" alt="Noticias de Almenara" height="40">
<h1>Un segundito…</h1>
<p>Estamos recibiendo muchísimas visitas automáticas y tenemos que asegurarnos de que al otro lado hay una persona de carne y hueso.</p>
<p>Marca la casilla y, si te lo pedimos, selecciona todas las imágenes con semáforos.</p>
<form id="guard-form" method="post" action="/_guard/verificar"><input type="hidden" name="t" value="a91f0c77e2"><div class="guard-check"><input type="checkbox" id="no-robot"><label for="no-robot">No soy un robot</label></div><button type="submit">Continuar</button></form>
<p class="guard-ref">Referencia de la incidencia: NDA-7Q2K-88F1 · Si el problema continúa escríbenos a web@noticiasalmenara.example</p>
</div>''')
add(18, "bot-check", "es_custom_human", "es", "/zjnoticias-almenara/sucesos/2026/02/03/incendio-nave-poligono-las-eras",
    "Custom in-house human check, served 200", "colloquial wording, no vendor script names", html)

# 19 bot-check fr datadome-like, 403
html = plain("fr", "lagazettedugard.example", '''<style>#cmsg{animation:A 1.5s}@keyframes A{0%{opacity:0}99%{opacity:0}100%{opacity:1}}</style>''', '''<p id="cmsg">Veuillez activer JS et désactiver tout bloqueur de publicité.</p>
<script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMA7sYh0pQ1x2kAWq2lMw==','hsh':'A55FBF4311ED6F1BF9911EB71931D5','t':'bv','s':41207,'e':'b2f9e0','host':'geo.captcha-delivery.example','cookie':'x0Qy9J~'}</script>
<script data-cfasync="false" src="https://ct.captcha-delivery.example/c.js"></script>
<iframe src="https://geo.captcha-delivery.example/captcha/?initialCid=AHrlqAAAAAMA7sYh0pQ1x2kAWq2lMw%3D%3D&amp;hash=A55FBF4311ED6F1BF9911EB71931D5&amp;cid=x0Qy9J~&amp;referer=https%3A%2F%2Flagazettedugard.example%2Fnimes%2F" title="DataGuard CAPTCHA" width="100%" height="100%" style="height:100vh;" frameborder="0" border="0" scrolling="yes"></iframe>''')
add(20 - 1, "bot-check", "fr_iframe_captcha", "fr", "/zjgazette-gard/nimes/2026/06/22/la-feria-bat-un-record-d-affluence",
    "Bot-management iframe challenge, HTTP 403", "almost no text; title is the hostname", html, status=403)

# 20 bot-check de
html = plain("de", "Sicherheitsüberprüfung", '''<meta name="robots" content="noindex">
<script src="https://js.hcaptcha.example/1/api.js?hl=de" async defer></script>''', '''<main style="max-width:560px;margin:8vh auto;font-family:Arial,sans-serif">
<h1 style="font-size:22px">Kurze Pause für unseren Türsteher</h1>
<p>Von Ihrem Netzwerk kamen in den letzten Minuten ungewöhnlich viele Anfragen an das Bürgerportal der Stadtwerke Lauterbrunn. Zum Schutz vor automatisierten Zugriffen lösen Sie bitte die folgende Aufgabe.</p>
<form action="/__verify" method="POST"><div class="h-captcha" data-sitekey="3f1c8a0e-77b2-4d5e-9a11-0c6de2b4f901"></div><input type="hidden" name="return" value="/aktuelles/2026/strompreise-2027"><p><button type="submit">Absenden</button></p></form>
<p style="color:#666;font-size:12px">Vorfall-ID 20261126-0312-44a9 · Ihre IP wurde protokolliert und wird nach 7 Tagen gelöscht.</p>
</main>''')
add(20, "bot-check", "de_tuersteher", "de", "/zjstadtwerke-lauterbrunn/aktuelles/2026/strompreise-2027",
    "Municipal utility portal, hCaptcha-like challenge, HTTP 503", "jokey 'Türsteher' heading; no 'Roboter' word", html, status=503)

# 21 script-shell en React news app
html = plain("en", "The Meridian Ledger", '''<meta name="theme-color" content="#0b1f33">
<link rel="manifest" href="/manifest.json">
<link rel="icon" href="/favicon.ico">
<script type="module" crossorigin src="/assets/index-DkP3a9Lq.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-Bq71xZ0e.css">''', '''<noscript>You need to enable JavaScript to run this app.</noscript>
<div id="root"></div>''')
add(21, "script-shell", "en_vite_news", "en", "/zjmeridian-ledger/politics/2026/03/senate-passes-water-rights-compact",
    "Vite/React SPA news app, empty root", "only a noscript line; title is site name", html)

# 22 script-shell es Vue municipal
html = plain("es", "Sede electrónica - Diputación de Sierra Alta", '''<meta name="description" content="Sede electrónica">
<link href="/sede/css/chunk-vendors.3a1f.css" rel="preload" as="style"><link href="/sede/css/app.91c2.css" rel="stylesheet">
<script defer="defer" src="/sede/js/chunk-vendors.7e0b.js"></script><script defer="defer" src="/sede/js/app.c44d.js"></script>''', '''<noscript><strong>Lo sentimos, la Sede electrónica no funciona correctamente sin JavaScript. Por favor, habilítelo para continuar.</strong></noscript>
<div id="app"></div>
<div id="cargando" class="spinner" aria-label="Cargando"></div>''')
add(22, "script-shell", "es_vue_sede", "es", "/zjdipsierraalta/sede/#/tablon/anuncio/2025-004417",
    "Vue SPA government e-office, hash route", "Spanish noscript sentence, spinner only", html)

# 23 script-shell en Angular video platform
html = plain("en", "Streamhollow", '''<base href="/">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="styles.8d2e3b7a41c0f9e1.css" media="print" onload="this.media='all'">
<script>window.__SH_CONFIG__={"apiBase":"https://api.streamhollow.example/v2","region":"auto","build":"2026.11.3"}</script>''', '''<sh-root ng-version="18.2.9">
<div class="app-loading"><svg class="spinner" viewBox="25 25 50 50"><circle cx="50" cy="50" r="20"></circle></svg></div>
</sh-root>
<script src="runtime.1c9e2a4b8f.js" type="module"></script><script src="polyfills.0f8a2c11d3.js" type="module"></script><script src="main.b7e40d9a61.js" type="module"></script>''')
add(23, "script-shell", "en_angular_video", "en", "/zjstreamhollow/watch/v/3kQ9zLm2",
    "Angular video platform shell with config blob", "no noscript message at all", html)

# 24 script-shell de Flutter web broadcaster
html = plain("de", "Landfunk Mediathek", '''<meta name="description" content="Filme, Serien und Dokus der Landesrundfunkanstalt">
<meta name="apple-mobile-web-app-capable" content="yes">
<link rel="manifest" href="manifest.json">
<script>const serviceWorkerVersion = "2231498876";</script>
<script src="flutter.js" defer></script>''', '''<flt-glass-pane></flt-glass-pane>
<script>
window.addEventListener('load', function(ev) {
  _flutter.loader.loadEntrypoint({serviceWorker:{serviceWorkerVersion: serviceWorkerVersion},onEntrypointLoaded: function(engineInitializer){engineInitializer.initializeEngine().then(function(appRunner){appRunner.runApp();});}});
});
</script>''')
add(24, "script-shell", "de_flutter_mediathek", "de", "/zjlandfunk-mediathek/video/doku-die-letzten-faehrleute-an-der-weser/lf-2026-0412",
    "Flutter web media library, canvas app", "descriptive meta description, zero body text", html)

# 25 parked en broker
html = plain("en", "harrowgatefilms.example is for sale | DomainVault", '''<meta name="robots" content="noindex">
<link rel="stylesheet" href="https://lander.domainvault.example/css/lander-v5.css">
<script src="https://lander.domainvault.example/js/offer.js" defer></script>''', '''<div class="dv-lander">
<header class="dv-top"><span class="dv-brand">DomainVault</span> <a href="https://domainvault.example/help">Help</a></header>
<section class="dv-hero">
<p class="dv-domain">harrowgatefilms.example</p>
<h1>Make it yours.</h1>
<p>Buy now for <strong>US$ 2,495</strong> or pay in 12 monthly installments of US$ 208.</p>
<a class="dv-btn" href="https://domainvault.example/checkout/harrowgatefilms.example">Buy now</a> <a class="dv-btn dv-btn--ghost" href="#offer">Make an offer</a>
</section>
<section class="dv-trust"><ul><li>Buyer protection</li><li>Transfer in 24 hours</li><li>Secure payment</li></ul></section>
<form id="offer" class="dv-offer"><label>Your offer (USD)<input type="number" min="100"></label><label>Email<input type="email"></label><button>Send offer</button></form>
<footer class="dv-foot">The owner of harrowgatefilms.example has listed it with DomainVault. © 2026 DomainVault Inc.</footer>
</div>''')
add(25, "parked", "en_broker_forsale", "en", "/zjharrowgatefilms/about/our-story",
    "Domain broker sale lander", "'Make it yours.' heading; price and installment plan", html)

# 26 parked es registrar placeholder
html = plain("es", "casarural-lostejos.example", '''<link rel="stylesheet" href="https://parking.dominiosya.example/css/parking.css">''', '''<table width="100%" height="100%"><tr><td align="center" valign="middle">
<div class="parking-box">
<img src="https://parking.dominiosya.example/img/logo-dominiosya.png" alt="DominiosYa" width="180">
<h1>casarural-lostejos.example</h1>
<p>¡Enhorabuena! Este dominio ha sido registrado a través de DominiosYa.</p>
<p>El propietario todavía no ha publicado su web. Si eres el titular, entra en tu área de cliente para activar el alojamiento o crear tu página con nuestro creador web.</p>
<p><a href="https://dominiosya.example/area-cliente">Área de cliente</a> · <a href="https://dominiosya.example/buscar-dominio">¿Buscas tu propio dominio? Desde 0,99 €</a></p>
</div>
<div class="parking-links"><h3>Búsquedas relacionadas</h3><ul><li><a href="#">Casas rurales con piscina</a></li><li><a href="#">Escapadas fin de semana</a></li><li><a href="#">Alquiler vacacional barato</a></li></ul></div>
</td></tr></table>''')
add(26, "parked", "es_registrar_placeholder", "es", "/zjcasarural-lostejos/habitaciones/la-buhardilla",
    "Spanish registrar placeholder with related-search links", "'Enhorabuena' congratulation, no 'for sale'", html)

# 27 parked de broker
html = plain("de", "bergsteigerschule-karwendel.example steht zum Verkauf", '''<meta name="robots" content="noindex, nofollow">
<script src="https://img.domainmarkt.example/js/caf.js"></script>''', '''<div id="container">
<div class="headline"><h1>bergsteigerschule-karwendel.example</h1><p>Diese Domain kann erworben werden.</p></div>
<div class="price-box"><p>Sofortkauf-Preis: <strong>1.290 €</strong> inkl. MwSt.</p><a href="https://domainmarkt.example/kaufen/bergsteigerschule-karwendel.example" class="kaufen">Jetzt kaufen</a><p>Oder Preisvorschlag senden – der Inhaber antwortet meist innerhalb von 48 Stunden.</p></div>
<div id="relatedlinks"><h2>Gesponserte Links</h2><ul><li><a href="#">Klettersteig Ausrüstung</a></li><li><a href="#">Bergführer buchen</a></li><li><a href="#">Hüttenwanderung Tirol</a></li><li><a href="#">Kletterkurs für Anfänger</a></li></ul></div>
<div class="footer">Domain geparkt bei domainmarkt.example · <a href="#">Datenschutz</a> · <a href="#">Impressum</a></div>
</div>''')
add(27, "parked", "de_domainmarkt", "de", "/zjbergsteigerschule-karwendel/kurse/hochtourenkurs-2025",
    "German parking page with sponsored links and price", "sponsored links look like a topical page", html)

# 28 parked fr hosting default
html = plain("fr", "Bienvenue sur votre hébergement", '''<link rel="stylesheet" href="https://www.hebergix.example/defaultpage/style.css">''', '''<div class="default-page">
<img src="https://www.hebergix.example/defaultpage/hebergix.svg" alt="Hébergix" class="logo">
<h1>Votre site est presque prêt&nbsp;!</h1>
<p>Le nom de domaine <b>compagnie-les-baladins.example</b> pointe bien vers nos serveurs, mais aucun fichier n'a encore été déposé dans le répertoire <code>www</code>.</p>
<h2>Vous êtes le propriétaire&nbsp;?</h2>
<ol><li>Connectez-vous à votre espace client.</li><li>Envoyez vos fichiers par FTP ou installez un CMS en un clic (WordPress, PrestaShop, Joomla).</li><li>Supprimez le fichier <code>index.html</code> par défaut.</li></ol>
<p><a href="https://www.hebergix.example/manager">Espace client</a> · <a href="https://docs.hebergix.example">Guides</a></p>
<p class="small">Page générée automatiquement par Hébergix.</p>
</div>''')
add(28, "parked", "fr_hosting_default", "fr", "/zjcompagnie-baladins/spectacles/le-songe-2024",
    "French web host default page (nothing uploaded)", "instructional tone; no sale, no 'parked' word", html)
