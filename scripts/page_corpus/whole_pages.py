"""Pages that are not a site's own page at all, and the layers sites put over their pages: consent
management platforms' banners (used both for consent walls and, over a full article, for real pages that
merely show a cookie banner), parking services' and registrars' pages, bot checks by the common providers,
JavaScript application shells, empty pages. Each is modelled on the named real service's behaviour; the
markup and wording are written for this corpus. Every variant belongs to one split.
"""

from __future__ import annotations

from dataclasses import dataclass

F, H = "fit", "held-out"


@dataclass(frozen=True)
class Whole:
    kind: str
    split: str
    lang: str
    name: str
    html: str
    note: str
    status: int = 200


# ---------------------------------------------------------------- consent layers (over a site's page)

CONSENT_LAYERS: dict[str, tuple[str, str, str]] = {  # name -> (split, lang, html)
    "onetrust-en": (
        F,
        "en",
        "<div id='onetrust-consent-sdk'><div id='onetrust-banner-sdk' class='otFlat' role='dialog' "
        "aria-label='Cookie banner'><div id='onetrust-policy'><p id='onetrust-policy-text'>We use cookies to "
        "improve your experience, to personalise ads and to analyse our traffic. By clicking “Accept All”, you "
        "agree to the storing of cookies on your device.</p></div><div id='onetrust-button-group'><button "
        "id='onetrust-pc-btn-handler'>Cookie Settings</button><button id='onetrust-reject-all-handler'>Reject "
        "All</button><button id='onetrust-accept-btn-handler'>Accept All Cookies</button></div></div></div>"
        "<script src='https://cdn.cookielaw.org/scripttemplates/otSDKStub.js' data-domain-script='8f2d'></script>",
    ),
    "cookiebot-de": (
        F,
        "de",
        "<div id='CybotCookiebotDialog' name='CybotCookiebotDialog' role='dialog'><h2 "
        "id='CybotCookiebotDialogBodyContentTitle'>Diese Webseite verwendet Cookies</h2><div "
        "id='CybotCookiebotDialogBodyContentText'>Wir verwenden Cookies, um Inhalte und Anzeigen zu "
        "personalisieren und die Zugriffe auf unsere Website zu analysieren.</div><button "
        "id='CybotCookiebotDialogBodyButtonDecline'>Ablehnen</button><button "
        "id='CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll'>Alle zulassen</button></div>"
        "<script id='Cookiebot' src='https://consent.cookiebot.com/uc.js' data-cbid='1a2b'></script>",
    ),
    "didomi-fr": (
        F,
        "fr",
        "<div id='didomi-host' class='didomi-host'><div id='didomi-notice' class='didomi-popup-notice'>"
        "<p>Avec votre accord, nous et nos 812 partenaires utilisons des cookies pour stocker et accéder à "
        "des informations sur votre appareil.</p><button id='didomi-notice-agree-button'>Accepter &amp; "
        "Fermer</button><button id='didomi-notice-learn-more-button'>Paramétrer les cookies</button></div></div>"
        "<script src='https://sdk.privacy-center.org/loader.js'></script>",
    ),
    "cmp-es": (
        F,
        "es",
        "<div class='cmp-container' id='cmp-banner'><p>Utilizamos cookies propias y de terceros "
        "para mejorar nuestros servicios y mostrarle publicidad relacionada con sus preferencias.</p><button "
        "class='cmp-accept'>Aceptar todas</button><button class='cmp-config'>Configurar cookies</button></div>",
    ),
    "usercentrics-de": (
        H,
        "de",
        "<div id='usercentrics-root' data-testid='uc-app-container'><div class='uc-banner'>"
        "<h2>Datenschutzeinstellungen</h2><p>Wir nutzen Cookies und ähnliche Technologien. Ihre Einwilligung "
        "können Sie jederzeit widerrufen.</p><button data-testid='uc-accept-all-button'>Akzeptieren</button>"
        "<button data-testid='uc-deny-all-button'>Ablehnen</button></div></div>"
        "<script id='usercentrics-cmp' src='https://app.usercentrics.eu/browser-ui/latest/loader.js'></script>",
    ),
    "quantcast-en": (
        H,
        "en",
        "<div class='qc-cmp2-container' id='qc-cmp2-container'><div class='qc-cmp2-summary-"
        "section'><h2>We value your privacy</h2><p>We and our partners store and/or access information on a "
        "device, such as cookies, and process personal data for personalised ads and content.</p></div><div "
        "class='qc-cmp2-summary-buttons'><button mode='secondary'>MORE OPTIONS</button><button "
        "mode='primary'>AGREE</button></div></div>"
        "<script src='https://cmp.quantcast.com/choice/abc/dailybeacon.example/choice.js'></script>",
    ),
    "sourcepoint-fr": (
        H,
        "fr",
        "<div id='sp_message_container_512' class='sp_message_container'><iframe "
        "src='https://cdn.privacy-mgmt.com/index.html?message_id=512' title='Message de consentement'></iframe>"
        "<p>Nous utilisons des cookies. Tout accepter ou continuer sans accepter.</p></div>",
    ),
    "iubenda-es": (
        H,
        "es",
        "<div id='iubenda-cs-banner' class='iubenda-cs-container'><div class='iubenda-cs-"
        "content'><p>Nosotros y terceros seleccionados utilizamos cookies con fines técnicos y, con su "
        "consentimiento, para otras finalidades.</p><button class='iubenda-cs-accept-btn'>Aceptar</button>"
        "<button class='iubenda-cs-reject-btn'>Rechazar</button></div></div>"
        "<script src='https://cs.iubenda.com/autoblocking/123.js'></script>",
    ),
}

# ---------------------------------------------------------------- whole pages

_CF = """<!DOCTYPE html><html lang="{lang}"><head><title>{title}</title><meta name="robots" content="noindex,nofollow">
<meta http-equiv="refresh" content="390"><style>*{{box-sizing:border-box;margin:0;padding:0}}</style></head>
<body class="no-js"><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">{host}</h1>
<h2 class="h2" id="challenge-running">{running}</h2><noscript><div id="challenge-error-title">{enable}</div></noscript>
<div id="challenge-body-text" class="core-msg spacer">{body}</div><form id="challenge-form" action="/?__cf_chl_f_tk=d9a" method="POST"></form></div></div>
<script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8a1f"></script>
<div class="footer" role="contentinfo"><div class="footer-inner"><div class="text-center" id="footer-text">Ray ID: <code>8a1f2c3d4e5f6a7b</code></div>
<div class="text-center">{perf} <a rel="noopener noreferrer" href="https://www.cloudflare.com">Cloudflare</a></div></div></div></body></html>"""

PARKED: tuple[Whole, ...] = (
    Whole(
        "parked",
        F,
        "en",
        "sedo-style",
        """<!DOCTYPE html><html><head><title>harbour-times.example - This website is for sale! - harbour times Resources and Information.</title>
<meta name="description" content="This website is for sale! harbour-times.example is your first and best source for all of the information you're looking for."></head>
<body><div id="container"><div class="header"><h1>harbour-times.example</h1><span class="sale">This domain may be for sale!</span><a class="buy" href="https://sedo.com/search/details/?domain=harbour-times.example">Buy this Domain</a></div>
<div class="rs"><h2>Related Searches</h2><ul><li><a href="/?q=Local+News">Local News</a></li><li><a href="/?q=Harbour+Tours">Harbour Tours</a></li><li><a href="/?q=Boat+Insurance">Boat Insurance</a></li><li><a href="/?q=Fishing+Trips">Fishing Trips</a></li></ul></div>
<div class="footer">Copyright &copy; 2024 harbour-times.example. All rights reserved. <a href="/privacy">Privacy Policy</a></div></div>
<script src="https://img.sedoparking.com/jspartner/caf.js"></script></body></html>""",
        "Sedo parking page with 'related searches' ad links",
    ),
    Whole(
        "parked",
        F,
        "en",
        "godaddy-style",
        """<!DOCTYPE html><html lang="en"><head><title>riverside-bakery.example</title></head>
<body><div class="container"><header><a href="https://www.godaddy.com/">GoDaddy</a></header><main><h1>riverside-bakery.example</h1>
<h2>This Domain Name Is For Sale</h2><p>Get this domain. Our domain experts can help you buy it: the owner has listed it for $2,495 or make an offer.</p>
<a class="btn btn-primary" href="https://www.godaddy.com/domainsearch/find?domainToCheck=riverside-bakery.example">Get This Domain</a><p>Secure checkout · Free ownership transfer</p></main></div></body></html>""",
        "GoDaddy 'domain for sale' lander",
    ),
    Whole(
        "parked",
        F,
        "de",
        "ionos-style",
        """<!DOCTYPE html><html lang="de"><head><title>Domain reserviert</title></head><body>
<div class="page"><div class="logo">IONOS</div><h1>Diese Domain ist bereits vergeben</h1><p>Hier entsteht in Kürze eine neue Internetpräsenz.</p>
<p>Die Domain rheintal-bote.example wurde registriert über IONOS. Sie möchten auch eine eigene Domain? <a href="https://www.ionos.de/domains/">Jetzt Wunschdomain sichern</a></p></div></body></html>""",
        "German registrar placeholder ('Hier entsteht…')",
    ),
    Whole(
        "parked",
        F,
        "fr",
        "ovh-style",
        """<!DOCTYPE html><html lang="fr"><head><title>Félicitations ! Votre domaine a bien été créé chez OVHcloud !</title></head>
<body><div class="content"><h1>Ce nom de domaine a été réservé chez OVHcloud</h1><p>Le site est en construction. Le propriétaire de ce domaine n'a pas encore mis de site en ligne.</p>
<p><a href="https://www.ovhcloud.com/fr/domains/">Réservez votre nom de domaine</a></p></div></body></html>""",
        "French registrar's default page",
    ),
    Whole(
        "parked",
        F,
        "es",
        "bodis-style",
        """<!DOCTYPE html><html><head><title>museodelpuerto.example</title><script src="https://www.bodis.com/px/parking.js"></script></head>
<body><div id="lander"><h1>museodelpuerto.example</h1><p>Este dominio puede estar a la venta. Haga una oferta.</p>
<div class="related-searches"><h3>Búsquedas relacionadas</h3><a href="/?kw=museos">Museos</a> <a href="/?kw=viajes">Viajes baratos</a> <a href="/?kw=hoteles">Hoteles</a> <a href="/?kw=cruceros">Cruceros</a></div></div></body></html>""",
        "Bodis-style parking page in Spanish",
    ),
    Whole(
        "parked",
        F,
        "en",
        "coming-soon",
        """<!DOCTYPE html><html><head><title>Coming Soon</title></head><body style="text-align:center">
<h1>Future home of something quite cool.</h1><p>If you're the site owner, log in to launch this site.</p><p>If you are a visitor, check back soon.</p></body></html>""",
        "registrar 'future home of something quite cool' placeholder",
    ),
    Whole(
        "parked",
        H,
        "en",
        "dan-style",
        """<!DOCTYPE html><html lang="en"><head><title>dailybeacon-archive.example is for sale</title></head>
<body><div class="lander"><div class="lander__domain">dailybeacon-archive.example</div><h1>The domain name dailybeacon-archive.example is for sale</h1>
<div class="price">USD 1,850</div><a class="btn btn--primary" href="https://dan.com/buy-domain/dailybeacon-archive.example">Buy now</a><a class="btn">Make an offer</a>
<ul class="usp"><li>Buyer protection program</li><li>Fast &amp; easy transfers</li><li>Hassle free payments</li></ul></div></body></html>""",
        "Dan.com sale lander",
    ),
    Whole(
        "parked",
        H,
        "en",
        "hugedomains-style",
        """<!DOCTYPE html><html><head><title>CleanRiversNorth.example is for sale | HugeDomains</title></head>
<body><div id="header"><a href="https://www.hugedomains.com/">HugeDomains.com</a></div><div id="content"><h1>CleanRiversNorth.example</h1><p>This domain is available for purchase. Buy now for $2,795 or pay $116.46 per month for 24 months.</p>
<p>Lease to own · Secure transfer · 30-day money back guarantee</p><a class="button" href="https://www.hugedomains.com/domain_profile.cfm?d=cleanriversnorth.example">Add to cart</a></div></body></html>""",
        "HugeDomains sale page",
    ),
    Whole(
        "parked",
        H,
        "de",
        "parking-de",
        """<!DOCTYPE html><html lang="de"><head><title>tagesbote-archiv.example - Diese Domain steht zum Verkauf</title></head>
<body><div class="wrap"><h1>tagesbote-archiv.example</h1><p>Diese Domain steht zum Verkauf. Jetzt Angebot abgeben!</p>
<div class="links"><h2>Ähnliche Suchbegriffe</h2><a href="/?q=Zeitung">Zeitung</a> <a href="/?q=Abo">Abo</a> <a href="/?q=Nachrichten">Nachrichten</a></div>
<script src="https://www.parkingcrew.net/jsparking.js"></script></div></body></html>""",
        "ParkingCrew-style German parking page",
    ),
    Whole(
        "parked",
        H,
        "fr",
        "afternic-fr",
        """<!DOCTYPE html><html lang="fr"><head><title>maisonduthe-boutique.example</title></head>
<body><main><h1>maisonduthe-boutique.example</h1><h2>Ce nom de domaine est à vendre</h2><p>Acheter ce domaine en toute sécurité via Afternic. Faites une offre ou achetez-le maintenant.</p>
<a class="btn" href="https://www.afternic.com/forsale/maisonduthe-boutique.example">Acheter</a></main></body></html>""",
        "Afternic sale page in French",
    ),
    Whole(
        "parked",
        H,
        "es",
        "registrar-es",
        """<!DOCTYPE html><html lang="es"><head><title>Dominio registrado</title></head>
<body><div class="caja"><h1>Este dominio ha sido registrado</h1><p>El dominio conecta-fotos.example está aparcado. Página en construcción.</p><p><a href="https://registrar.example.es">¿Quieres tu propio dominio?</a></p></div></body></html>""",
        "Spanish registrar's parked-domain page",
    ),
)

BOT_CHECKS: tuple[Whole, ...] = (
    Whole(
        "bot-check",
        F,
        "en",
        "cloudflare-en",
        _CF.format(
            lang="en-US",
            title="Just a moment...",
            host="www.riverside-chronicle.example",
            running="Checking if the site connection is secure",
            enable="Enable JavaScript and cookies to continue",
            body="www.riverside-chronicle.example needs to review the security of your connection before proceeding.",
            perf="Performance &amp; security by",
        ),
        "Cloudflare managed challenge",
        403,
    ),
    Whole(
        "bot-check",
        F,
        "de",
        "cloudflare-de",
        _CF.format(
            lang="de-DE",
            title="Einen Moment…",
            host="www.rheintal-anzeiger.example",
            running="Überprüfung, ob die Verbindung sicher ist",
            enable="Aktivieren Sie JavaScript und Cookies, um fortzufahren",
            body="www.rheintal-anzeiger.example muss die Sicherheit Ihrer Verbindung überprüfen, bevor Sie fortfahren können.",
            perf="Leistung und Sicherheit durch",
        ),
        "Cloudflare challenge, German locale",
        503,
    ),
    Whole(
        "bot-check",
        F,
        "en",
        "datadome",
        """<html><head><title>riverside-chronicle.example</title><style>#cmsg{animation: A 1.5s;}</style></head>
<body style="margin:0"><p id="cmsg">Please enable JS and disable any ad blocker</p><script>var dd={'rt':'c','cid':'AHrl','hsh':'2211F5','t':'fe','s':4}</script>
<script src="https://ct.captcha-delivery.com/c.js"></script><iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=AHrl" title="DataDome CAPTCHA" width="100%" height="100%" style="height:100vh;" frameborder="0"></iframe></body></html>""",
        "DataDome CAPTCHA",
        403,
    ),
    Whole(
        "bot-check",
        F,
        "en",
        "perimeterx",
        """<!DOCTYPE html><html lang="en"><head><title>Access to this page has been denied</title></head>
<body><div class="container"><h1>Please verify you are a human</h1><div id="px-captcha"></div><p>Press &amp; Hold to confirm you are a human (and not a bot).</p>
<p>Access to this page has been denied because we believe you are using automation tools to browse the website.</p><p>Reference ID: 5f3a2b10-a7c1</p></div>
<script src="https://captcha.px-cdn.net/PXaBcD/captcha.js"></script></body></html>""",
        "PerimeterX 'Press & Hold'",
    ),
    Whole(
        "bot-check",
        F,
        "fr",
        "cloudflare-fr",
        _CF.format(
            lang="fr-FR",
            title="Un instant…",
            host="www.courrier-ouest.example",
            running="Vérification de la sécurité de votre connexion",
            enable="Activez JavaScript et les cookies pour continuer",
            body="www.courrier-ouest.example doit vérifier la sécurité de votre connexion avant de continuer.",
            perf="Performances et sécurité par",
        ),
        "Cloudflare challenge, French locale",
        403,
    ),
    Whole(
        "bot-check",
        F,
        "es",
        "hcaptcha-es",
        """<!DOCTYPE html><html lang="es"><head><title>Verificación de seguridad</title></head>
<body><div class="caja"><h1>Comprobando que eres una persona</h1><p>Completa la prueba para continuar.</p><div class="h-captcha" data-sitekey="10000000-ffff"></div>
<script src="https://js.hcaptcha.com/1/api.js" async defer></script></div></body></html>""",
        "hCaptcha gate, Spanish",
    ),
    Whole(
        "bot-check",
        H,
        "en",
        "akamai-denied",
        """<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>
You don't have permission to access "http&#58;&#47;&#47;www&#46;dailybeacon&#46;example&#47;news&#47;" on this server.<P>Reference&#32;&#35;18&#46;5f3c2017&#46;1712233101&#46;2a1c</BODY></HTML>""",
        "Akamai bot manager 'Access Denied'",
        403,
    ),
    Whole(
        "bot-check",
        H,
        "en",
        "sucuri",
        """<!DOCTYPE html><html><head><title>Sucuri WebSite Firewall - Access Denied</title></head><body><div id="main-container">
<h1>Access Denied - Sucuri Website Firewall</h1><p>If you are the site owner (or you manage this site), please whitelist your IP.</p><p>Block reason: Access from your area has been temporarily limited for security reasons.</p></div></body></html>""",
        "Sucuri firewall block page",
        403,
    ),
    Whole(
        "bot-check",
        H,
        "de",
        "cloudflare-block-de",
        _CF.format(
            lang="de",
            title="Attention Required! | Cloudflare",
            host="tagesbote.example",
            running="Sie wurden blockiert",
            enable="Bitte aktivieren Sie Cookies.",
            body="Diese Website verwendet einen Sicherheitsdienst zum Schutz vor Online-Angriffen. Warum wurde ich blockiert?",
            perf="Leistung und Sicherheit durch",
        ),
        "Cloudflare block page",
        403,
    ),
    Whole(
        "bot-check",
        H,
        "fr",
        "datadome-fr",
        """<html lang="fr"><head><title>petitjournalduvar.example</title></head><body>
<p>Veuillez activer JavaScript et désactiver tout bloqueur de publicité.</p><iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=FR1" title="DataDome CAPTCHA" width="100%" height="100%"></iframe></body></html>""",
        "DataDome CAPTCHA, French",
        403,
    ),
    Whole(
        "bot-check",
        H,
        "es",
        "ddos-guard-es",
        """<!DOCTYPE html><html lang="es"><head><title>DDoS-Guard</title></head><body>
<div class="wrap"><h1>Comprobando su navegador antes de acceder</h1><p>Este proceso es automático. Su navegador le redirigirá en breve.</p><p>Protección DDoS de DDoS-Guard</p></div>
<script src="/.well-known/ddos-guard/check?context=free_splash"></script></body></html>""",
        "DDoS-Guard browser check, Spanish",
    ),
    Whole(
        "bot-check",
        H,
        "en",
        "recaptcha-custom",
        """<!DOCTYPE html><html><head><title>Are you human?</title><script src="https://www.google.com/recaptcha/api.js"></script></head>
<body><form action="/verify" method="post"><h2>To continue, please confirm you are not a robot.</h2><div class="g-recaptcha" data-sitekey="6Lc_aX0U"></div><button type="submit">Submit</button></form></body></html>""",
        "custom reCAPTCHA gate",
    ),
)

INTERSTITIALS: tuple[Whole, ...] = (
    Whole(
        "consent-wall",
        F,
        "en",
        "google-before-you-continue",
        """<!DOCTYPE html><html lang="en"><head><title>Before you continue</title></head>
<body><div class="consent"><h1>Before you continue to the site</h1><p>We use cookies and data to deliver and maintain services, measure audience engagement and show personalised ads.</p>
<p>If you choose to 'Accept all', we will also use cookies and data to develop and improve new services.</p><form action="https://consent.example/save" method="POST"><button>Reject all</button><button>Accept all</button></form><a>More options</a></div></body></html>""",
        "Google's 'Before you continue' consent interstitial",
    ),
    Whole(
        "consent-wall",
        F,
        "de",
        "guce-de",
        """<!DOCTYPE html><html lang="de"><head><title>Zustimmung zur Nutzung von Cookies</title></head>
<body><div class="con-wizard"><h2>Wir, Rheintal Medien, sind Teil der Rheintal-Gruppe.</h2><p>Wir und unsere Partner verwenden Cookies, um Informationen auf einem Gerät zu speichern und/oder abzurufen, für personalisierte Werbung und Inhalte.</p>
<button name="agree">Alle akzeptieren</button><button name="reject">Alle ablehnen</button><a href="/einstellungen">Einstellungen verwalten</a></div></body></html>""",
        "Yahoo guce-style consent page, German",
    ),
    Whole(
        "consent-wall",
        H,
        "en",
        "tcf-interstitial-en",
        """<!DOCTYPE html><html lang="en"><head><title>Your privacy choices</title></head>
<body><main><h1>Your privacy choices</h1><p>We and our 176 partners use cookies to store and access personal data on your device, such as browsing data and unique identifiers, for purposes including personalised advertising.</p>
<p>You can change your choices at any time by clicking “Privacy settings” at the bottom of the page.</p><button>I agree</button><button>Manage settings</button></main></body></html>""",
        "TCF consent interstitial page",
    ),
    Whole(
        "consent-wall",
        H,
        "fr",
        "consent-page-fr",
        """<!DOCTYPE html><html lang="fr"><head><title>Gestion des cookies</title></head>
<body><div class="page-consent"><h1>Vos choix en matière de cookies</h1><p>Nous et nos partenaires utilisons des cookies pour mesurer l'audience et afficher de la publicité personnalisée. Vous pouvez tout accepter, tout refuser ou paramétrer vos choix.</p>
<button>Tout accepter</button><button>Tout refuser</button></div></body></html>""",
        "French full-page consent",
    ),
    Whole(
        "consent-wall",
        H,
        "es",
        "consent-page-es",
        """<!DOCTYPE html><html lang="es"><head><title>Configuración de cookies</title></head>
<body><div class="consentimiento"><h1>Antes de continuar</h1><p>Utilizamos cookies propias y de terceros. Nosotros y nuestros socios necesitamos su consentimiento para tratar sus datos con fines publicitarios.</p><button>Aceptar y continuar</button><button>Rechazar todas</button></div></body></html>""",
        "Spanish full-page consent",
    ),
)

SHELLS: tuple[Whole, ...] = (
    Whole(
        "script-shell",
        F,
        "en",
        "create-react-app",
        """<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>Harbour Data</title><script defer="defer" src="/static/js/main.6a1b2c.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>""",
        "create-react-app shell",
    ),
    Whole(
        "script-shell",
        F,
        "de",
        "vue-de",
        """<!DOCTYPE html><html lang="de"><head><title>Fahrplan</title><script type="module" src="/assets/index-4f1a.js"></script></head>
<body><noscript><strong>Diese Anwendung benötigt JavaScript. Bitte aktivieren Sie JavaScript.</strong></noscript><div id="app"></div></body></html>""",
        "Vue app shell, German noscript",
    ),
    Whole(
        "script-shell",
        F,
        "en",
        "angular",
        """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal</title><base href="/"></head>
<body><app-root></app-root><script src="runtime.7a1.js" type="module"></script><script src="main.9b2.js" type="module"></script></body></html>""",
        "Angular shell without noscript",
    ),
    Whole(
        "script-shell",
        F,
        "fr",
        "nuxt-fr",
        """<!DOCTYPE html><html lang="fr"><head><title>Billetterie</title><script>window.__NUXT__={};</script><script src="/_nuxt/entry.4c2.js" type="module"></script></head>
<body><div id="__nuxt"><div class="loader">Chargement…</div></div></body></html>""",
        "Nuxt shell with a loading text",
    ),
    Whole(
        "script-shell",
        H,
        "en",
        "next-client",
        """<!DOCTYPE html><html><head><title>Dashboard</title></head><body><div id="__next"></div>
<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}},"page":"/report/[id]","query":{},"buildId":"a1"}</script><script src="/_next/static/chunks/main-1f2.js" defer></script></body></html>""",
        "Next.js client-only page",
    ),
    Whole(
        "script-shell",
        H,
        "es",
        "svelte-es",
        """<!DOCTYPE html><html lang="es"><head><title>Agenda</title><script defer src="/build/bundle.js"></script></head>
<body><noscript>Necesitas habilitar JavaScript para usar esta aplicación.</noscript></body></html>""",
        "Svelte shell, Spanish noscript",
    ),
    Whole(
        "script-shell",
        H,
        "en",
        "flutter",
        """<!DOCTYPE html><html><head><title>Ferry tracker</title><script src="flutter.js" defer></script></head>
<body><script>window.addEventListener('load', function(ev) { _flutter.loader.loadEntrypoint({}); });</script></body></html>""",
        "Flutter web shell",
    ),
    Whole(
        "script-shell",
        H,
        "de",
        "ember-de",
        """<!DOCTYPE html><html lang="de"><head><title>Vereinsportal</title><script src="/assets/vendor-8a.js"></script><script src="/assets/portal-2b.js"></script></head>
<body><div id="ember-app">Wird geladen …</div><noscript>Bitte JavaScript aktivieren.</noscript></body></html>""",
        "Ember shell, German",
    ),
)

EMPTIES: tuple[Whole, ...] = (
    Whole(
        "empty",
        F,
        "en",
        "empty-body",
        "<!DOCTYPE html><html><head><title></title></head><body></body></html>",
        "empty body",
    ),
    Whole(
        "empty",
        F,
        "en",
        "title-only",
        "<html><head><title>Annual report 2019</title></head><body> </body></html>",
        "a title alone",
    ),
    Whole(
        "empty",
        F,
        "de",
        "image-only",
        "<html><head><title>Scan</title></head><body><img src='/scan/page1.jpg' alt=''></body></html>",
        "a scanned page image without text",
    ),
    Whole(
        "empty",
        H,
        "en",
        "whitespace",
        "<html><head><title>Page</title></head><body>\n\n   \n<div></div><div></div>\n</body></html>",
        "whitespace and empty divs",
    ),
    Whole(
        "empty",
        H,
        "fr",
        "frame-only",
        "<html><head><title>Document</title></head><body><div class='viewer'><embed src='/docs/rapport.swf'></div></body></html>",
        "an embedded plug-in without text",
    ),
    Whole(
        "empty",
        H,
        "es",
        "image-gallery",
        "<html><head><title>Galería</title></head><body><div><img src='a.jpg'><img src='b.jpg'><img src='c.jpg'></div></body></html>",
        "images without text",
    ),
)
