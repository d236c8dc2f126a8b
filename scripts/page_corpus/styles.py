"""The site styles of the page corpus: 28 constructed sites, each its own markup (modelled on a kind of real
site: a WordPress theme, a Drupal government site, a news site, a journal publisher, a video platform, a
forum, a shop, a social network…), language and navigation. Half belong to the ``fit`` split, half to the
``held-out`` split; a page is built from the parts of one split only.

A shell takes the page's ``<title>``, its main HTML and optional pieces: ``head`` (scripts, meta), ``overlay``
(a consent or paywall layer), ``sidebar`` and ``after`` (below the main part).
"""

from __future__ import annotations

from dataclasses import dataclass
from string import Template

NAV = {
    "en": ("Home", "News", "Sport", "Business", "Culture", "About us", "Contact", "Search"),
    "de": ("Startseite", "Nachrichten", "Sport", "Wirtschaft", "Kultur", "Über uns", "Kontakt", "Suche"),
    "fr": (
        "Accueil",
        "Actualités",
        "Sport",
        "Économie",
        "Culture",
        "Qui sommes-nous",
        "Contact",
        "Rechercher",
    ),
    "es": ("Inicio", "Noticias", "Deportes", "Economía", "Cultura", "Quiénes somos", "Contacto", "Buscar"),
}
FOOT = {
    "en": ("Privacy policy", "Terms of use", "Accessibility", "All rights reserved."),
    "de": ("Datenschutz", "Impressum", "Barrierefreiheit", "Alle Rechte vorbehalten."),
    "fr": ("Politique de confidentialité", "Mentions légales", "Accessibilité", "Tous droits réservés."),
    "es": ("Política de privacidad", "Aviso legal", "Accesibilidad", "Todos los derechos reservados."),
}


@dataclass(frozen=True)
class Style:
    id: str
    split: str  # "fit" or "held-out"
    lang: str
    site: str
    kind: str  # what real sites it is modelled on
    template: str

    def render(
        self, title: str, main: str, *, head: str = "", overlay: str = "", sidebar: str = "", after: str = ""
    ) -> str:
        nav, foot = NAV[self.lang], FOOT[self.lang]
        return Template(self.template).substitute(
            lang=self.lang, title=title, site=self.site, main=main, head=head, overlay=overlay,
            sidebar=sidebar, after=after, n0=nav[0], n1=nav[1], n2=nav[2], n3=nav[3], n4=nav[4], n5=nav[5],
            n6=nav[6], search=nav[7], f0=foot[0], f1=foot[1], f2=foot[2], f3=foot[3],
        )  # fmt: skip


_WP_2020 = """<!DOCTYPE html>
<html lang="$lang" class="no-js">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>$title &#8211; $site</title>
<link rel='stylesheet' id='twentytwenty-style-css' href='/wp-content/themes/twentytwenty/style.css?ver=2.1' media='all'>
<script src='/wp-includes/js/jquery/jquery.min.js?ver=3.6.0' id='jquery-core-js'></script>
$head
</head>
<body class="post-template-default single single-post singular enable-search-modal has-post-thumbnail">
<a class="skip-link screen-reader-text" href="#site-content">Skip to the content</a>
<header id="site-header" class="header-footer-group">
<div class="header-inner section-inner"><div class="header-titles"><div class="site-title faux-heading"><a href="/">$site</a></div>
<div class="site-description">Local news from the river valley</div></div>
<nav class="primary-menu-wrapper" aria-label="Horizontal"><ul class="primary-menu reset-list-style">
<li class="menu-item"><a href="/">$n0</a></li><li class="menu-item"><a href="/category/news/">$n1</a></li>
<li class="menu-item"><a href="/category/sport/">$n2</a></li><li class="menu-item"><a href="/about/">$n5</a></li></ul></nav>
<div class="header-navigation-wrapper"><form role="search" method="get" class="search-form" action="/">
<label><span class="screen-reader-text">$search</span><input type="search" class="search-field" value="" name="s"></label>
<input type="submit" class="search-submit" value="$search"></form></div></div>
</header>
<main id="site-content" role="main">
$main
$after
</main>
<div class="footer-widgets-outer-wrapper"><aside class="footer-widgets">$sidebar</aside></div>
<footer id="site-footer" class="header-footer-group"><div class="section-inner">
<p class="footer-copyright">&copy; 2024 <a href="/">$site</a></p>
<p class="powered-by-wordpress"><a href="https://wordpress.org/">Powered by WordPress</a></p></div></footer>
$overlay
<script src='/wp-content/themes/twentytwenty/assets/js/index.js?ver=2.1' id='twentytwenty-js-js'></script>
</body>
</html>
"""

_DRUPAL_GOV = """<!DOCTYPE html>
<html lang="$lang" dir="ltr" prefix="og: https://ogp.me/ns#">
<head>
<meta charset="utf-8">
<meta name="Generator" content="Drupal 9 (https://www.drupal.org)">
<meta name="MobileOptimized" content="width">
<title>$title | $site</title>
<link rel="stylesheet" media="all" href="/sites/default/files/css/css_aX3lq.css">
$head
</head>
<body class="path-node page-node-type-article">
<a href="#main-content" class="visually-hidden focusable skip-link">Direkt zum Inhalt</a>
<div class="dialog-off-canvas-main-canvas" data-off-canvas-main-canvas>
<div class="layout-container">
<header role="banner" class="region region-header">
<div id="block-sitebranding" class="block block-system block-system-branding-block">
<a href="/" rel="home" class="site-logo">$site</a><div class="site-slogan">Amtliche Informationen</div></div>
<nav role="navigation" aria-labelledby="block-hauptnavigation-menu" id="block-hauptnavigation" class="block block-menu navigation menu--main">
<ul class="menu"><li class="menu-item"><a href="/">$n0</a></li><li class="menu-item"><a href="/presse">Presse</a></li>
<li class="menu-item"><a href="/themen">Themen</a></li><li class="menu-item"><a href="/service">Service</a></li></ul></nav>
<div class="search-block-form block block-search" role="search"><form action="/search/node" method="get" id="search-block-form">
<input title="Geben Sie die Begriffe ein, nach denen Sie suchen." type="search" name="keys" size="15" maxlength="128" class="form-search">
<input type="submit" value="$search" class="button js-form-submit form-submit"></form></div>
</header>
<div class="region region-breadcrumb"><nav class="breadcrumb" role="navigation"><ol><li><a href="/">$n0</a></li><li><a href="/presse">Presse</a></li></ol></nav></div>
<main role="main"><a id="main-content" tabindex="-1"></a>
<div class="layout-content"><div class="region region-content">
<div id="block-mainpagecontent" class="block block-system block-system-main-block">
$main
</div>$after</div></div>
<aside class="layout-sidebar-first" role="complementary">$sidebar</aside>
</main>
<footer role="contentinfo" class="region region-footer"><ul class="menu"><li><a href="/datenschutz">$f0</a></li><li><a href="/impressum">$f1</a></li><li><a href="/barrierefreiheit">$f2</a></li></ul>
<p>&copy; 2024 $site</p></footer>
</div></div>
$overlay
<script src="/core/misc/drupal.js?v=9.5.3"></script>
</body>
</html>
"""

_NEWS_FR = """<!doctype html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$title - $site</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta property="og:site_name" content="$site">
<script>window.dataLayer=window.dataLayer||[];</script>
<script async src="/static/js/ads.bundle.js"></script>
$head
</head>
<body class="page-article">
<div id="app">
<header class="Header"><div class="Header__top"><a class="Header__logo" href="/">$site</a>
<a class="Header__subscribe button" href="/abonnement">S'abonner</a><a class="Header__login" href="/connexion">Se connecter</a></div>
<nav class="Header__nav"><a href="/">$n0</a><a href="/actualites/">$n1</a><a href="/sport/">$n2</a><a href="/economie/">$n3</a><a href="/culture/">$n4</a>
<form class="Header__search" action="/recherche" method="get"><input type="text" name="q" placeholder="$search"><button type="submit">OK</button></form></nav></header>
<div class="Layout"><div class="Layout__main">
$main
$after
</div><aside class="Layout__aside"><div class="ad-slot" id="pub-300x250"></div>$sidebar</aside></div>
<footer class="Footer"><ul><li><a href="/cgu">$f1</a></li><li><a href="/confidentialite">$f0</a></li></ul><p>&copy; $site 2024 - $f3</p></footer>
</div>
$overlay
</body>
</html>
"""

_JOURNAL_EN = """<!DOCTYPE html>
<html lang="$lang" class="grade-c">
<head>
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<title>$title | $site</title>
<meta name="dc.publisher" content="Meridian Press">
<meta name="citation_journal_title" content="$site">
$head
</head>
<body class="shared-article-renderer">
<div class="u-visually-hidden" aria-hidden="true"></div>
<header class="c-header" role="banner"><div class="c-header__row"><a class="c-header__logo" href="/">Meridian Press</a>
<nav class="c-header__menu"><ul><li><a href="/journals">Journals</a></li><li><a href="/books">Books</a></li><li><a href="/authors">For authors</a></li></ul></nav>
<div class="c-header__search"><form action="/search" role="search"><input name="query" type="text" aria-label="$search"><button class="c-header__search-button">$search</button></form></div>
<a class="c-header__link" href="/login">Log in</a></div>
<div class="c-journal-header"><a href="/journal/jce">$site</a></div></header>
<main class="c-article-main-column u-float-left js-main-column" id="main">
$main
$after
</main>
<aside class="c-article-extras u-hide-print" data-container-type="reading-companion">$sidebar</aside>
<footer class="c-footer"><p>&copy; 2024 Meridian Press Ltd. Part of the Meridian Group.</p><a href="/privacy">$f0</a> <a href="/terms">$f1</a></footer>
$overlay
<script src="/static/js/app-article-a84d1.js"></script>
</body>
</html>
"""

_VIDEO_ES = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$title - $site</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="og:type" content="video.other">
<script src="/assets/player/vp-player.min.js"></script>
$head
</head>
<body class="vp-watch">
<div id="vp-masthead"><a id="vp-logo" href="/">$site</a>
<form id="vp-search" action="/resultados"><input id="vp-search-input" name="busqueda" type="text" placeholder="$search"><button id="vp-search-btn" aria-label="$search">&#128269;</button></form>
<a class="vp-btn vp-btn-signin" href="/cuenta/acceder">Acceder</a></div>
<div id="vp-guide"><a href="/">$n0</a><a href="/tendencias">Tendencias</a><a href="/suscripciones">Suscripciones</a></div>
<div id="vp-content">
$main
$after
<div id="vp-related">$sidebar</div>
</div>
<div id="vp-footer"><a href="/legal">$f1</a> <a href="/privacidad">$f0</a> &copy; 2024 $site</div>
$overlay
</body>
</html>
"""

_PHPBB_EN = """<!DOCTYPE html>
<html dir="ltr" lang="$lang">
<head>
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<title>$title - $site</title>
<link href="./styles/prosilver/theme/stylesheet.css?assets_version=42" rel="stylesheet">
$head
</head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr">
<div id="wrap" class="wrap">
<a id="top" class="top-anchor" accesskey="t"></a>
<div id="page-header"><div class="headerbar" role="banner"><div class="inner">
<div id="site-description" class="site-description"><a id="logo" class="logo" href="./index.php" title="Board index">$site</a>
<p>Discussion of railway models, layouts and history</p></div>
<div id="search-box" class="search-box search-header" role="search"><form action="./search.php" method="get" id="search">
<fieldset><input name="keywords" id="keywords" type="search" maxlength="128" title="Search for keywords" class="inputbox search tiny" size="20" value="" placeholder="Search…">
<button class="button button-search" type="submit" title="Search">Search</button></fieldset></form></div></div></div>
<div class="navbar" role="navigation"><ul id="nav-main" class="nav-main linklist" role="menubar">
<li><a href="/app.php/help/faq" rel="help">FAQ</a></li><li class="rightside"><a href="./ucp.php?mode=login" title="Login">Login</a></li>
<li class="rightside"><a href="./ucp.php?mode=register">Register</a></li></ul>
<ul id="nav-breadcrumbs" class="nav-breadcrumbs linklist navlinks" role="menubar"><li class="breadcrumbs"><a href="./index.php">Board index</a> &lsaquo; <a href="./viewforum.php?f=4">Layouts</a></li></ul></div></div>
<div id="page-body" class="page-body" role="main">
$main
$after
$sidebar
</div>
<div id="page-footer" class="page-footer" role="contentinfo"><div class="copyright">Powered by <a href="https://www.phpbb.com/">phpBB</a>&reg; Forum Software &copy; phpBB Limited</div>
<a href="./ucp.php?mode=privacy">$f0</a> | <a href="./ucp.php?mode=terms">$f1</a></div></div>
$overlay
<script src="./assets/javascript/core.js?assets_version=42"></script>
</body>
</html>
"""

_SHOPIFY_DE = """<!doctype html>
<html class="no-js" lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>$title &ndash; $site</title>
<script>var Shopify = Shopify || {};Shopify.shop = "bergsport-laden.myshopify.com";</script>
<link href="//bergsport-laden.de/cdn/shop/t/7/assets/base.css?v=1" rel="stylesheet">
$head
</head>
<body class="gradient template-article">
<a class="skip-to-content-link button visually-hidden" href="#MainContent">Direkt zum Inhalt</a>
<div class="announcement-bar" role="region"><p class="announcement-bar__message">Kostenloser Versand ab 50 &euro;</p></div>
<sticky-header class="header-wrapper"><header class="header header--middle-left">
<a href="/" class="header__heading-link">$site</a>
<nav class="header__inline-menu"><ul class="list-menu"><li><a href="/collections/wandern" class="header__menu-item">Wandern</a></li><li><a href="/collections/klettern" class="header__menu-item">Klettern</a></li><li><a href="/blogs/magazin" class="header__menu-item">Magazin</a></li></ul></nav>
<div class="header__icons"><details-modal class="header__search"><form action="/search" method="get" role="search" class="search search-modal__form"><input class="search__input field__input" id="Search-In-Modal" type="search" name="q" placeholder="$search"></form></details-modal>
<a href="/account/login" class="header__icon header__icon--account">Anmelden</a><a href="/cart" class="header__icon header__icon--cart" id="cart-icon-bubble">Warenkorb</a></div>
</header></sticky-header>
<main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1">
$main
$after
</main>
<div class="footer-block">$sidebar</div>
<footer class="footer color-background-1"><div class="footer__content-bottom"><ul class="policies list-unstyled"><li><a href="/policies/privacy-policy">$f0</a></li><li><a href="/pages/impressum">$f1</a></li></ul>
<small class="copyright__content">&copy; 2024, $site Powered by Shopify</small></div></footer>
$overlay
<script src="//bergsport-laden.de/cdn/shop/t/7/assets/global.js?v=1" defer="defer"></script>
</body>
</html>
"""

_GHOST_FR = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<title>$title</title>
<meta name="generator" content="Ghost 5.54">
<link rel="stylesheet" type="text/css" href="/assets/built/screen.css?v=8f1c2">
$head
</head>
<body class="post-template tag-voyage">
<div class="viewport">
<header id="gh-head" class="gh-head outer"><div class="gh-head-inner inner">
<div class="gh-head-brand"><a class="gh-head-logo" href="/">$site</a><button class="gh-search gh-icon-btn" data-ghost-search aria-label="$search"></button></div>
<nav class="gh-head-menu"><ul class="nav"><li class="nav-accueil"><a href="/">$n0</a></li><li class="nav-carnets"><a href="/tag/carnets/">Carnets</a></li><li class="nav-a-propos"><a href="/a-propos/">À propos</a></li></ul></nav>
<div class="gh-head-actions"><a class="gh-head-link" href="#/portal/signin" data-portal="signin">Connexion</a><a class="gh-head-button" href="#/portal/signup" data-portal="signup">S'abonner</a></div>
</div></header>
<div class="site-content">
<main id="site-main" class="site-main">
$main
$after
</main>
<aside class="read-more-wrap outer">$sidebar</aside>
</div>
<footer class="site-footer outer"><div class="inner"><section class="copyright"><a href="/">$site</a> &copy; 2024</section>
<div class="gh-powered-by"><a href="https://ghost.org/" target="_blank" rel="noopener">Propulsé par Ghost</a></div></div></footer>
</div>
$overlay
<script src="/assets/built/casper.js?v=8f1c2"></script>
</body>
</html>
"""

_SOCIAL_EN = """<!DOCTYPE html>
<html lang="$lang" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title | $site</title>
<meta property="og:site_name" content="$site">
<script src="/static/rsrc.php/v3/yX/r/bundle.js" async></script>
$head
</head>
<body class="_6s5d _71pn system-fonts--body">
<div id="fl-root"><div class="_li">
<div class="fl-topbar" role="banner"><a class="fl-logo" href="/" aria-label="$site">$site</a>
<div class="fl-topbar-search"><input type="search" name="q" placeholder="Search $site" aria-label="Search"></div></div>
<div class="fl-layout" role="main">
$main
$after
<div class="fl-rail">$sidebar</div>
</div>
<div class="fl-footer"><a href="/about">About</a> · <a href="/privacy">$f0</a> · <a href="/terms">$f1</a> · <a href="/help">Help</a> · $site &copy; 2024</div>
</div></div>
$overlay
</body>
</html>
"""

_MUSEUM_ES = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$site | $title</title>
<link rel="stylesheet" href="css/estilo.css">
$head
</head>
<body>
<table id="marco" width="100%" cellpadding="0" cellspacing="0"><tr><td id="cabecera" colspan="2"><img src="img/logo-museo.gif" alt="$site" width="240" height="60"> <span class="lema">Historia marítima de la ciudad</span></td></tr>
<tr><td id="menu" valign="top" width="180"><ul><li><a href="index.html">$n0</a></li><li><a href="exposiciones.html">Exposiciones</a></li><li><a href="colecciones.html">Colecciones</a></li><li><a href="visita.html">Visita</a></li><li><a href="contacto.html">$n6</a></li></ul>$sidebar</td>
<td id="contenido" valign="top">
$main
$after
</td></tr>
<tr><td id="pie" colspan="2">$site &middot; Paseo del Muelle 4 &middot; <a href="aviso-legal.html">$f1</a></td></tr></table>
$overlay
</body>
</html>
"""

_REGIONAL_DE = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title | $site</title>
<meta name="publisher" content="Rheintal Medien GmbH">
<script type="text/javascript" src="/js/tracking.js"></script>
$head
</head>
<body class="rta-page rta-page--article">
<div class="rta-header"><div class="rta-header__brand"><a href="/">$site</a></div>
<ul class="rta-nav"><li><a href="/lokales/">Lokales</a></li><li><a href="/region/">Region</a></li><li><a href="/sport/">$n2</a></li><li><a href="/kultur/">$n4</a></li><li><a href="/service/">Service</a></li></ul>
<div class="rta-header__tools"><a class="rta-btn rta-btn--abo" href="/abo/">Abo</a><a href="/login/" class="rta-login">Anmelden</a><form action="/suche/" class="rta-search"><input name="q" type="text" placeholder="$search"></form></div></div>
<div class="rta-main">
<div class="rta-content">
$main
$after
</div>
<div class="rta-sidebar">$sidebar<div class="rta-ad" data-ad-slot="sky"></div></div>
</div>
<div class="rta-footer"><a href="/impressum/">$f1</a> | <a href="/datenschutz/">$f0</a> | <a href="/agb/">AGB</a><br>&copy; 2024 Rheintal Medien GmbH</div>
$overlay
</body>
</html>
"""

_UNIV_EN = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title - $site</title>
<link rel="stylesheet" href="/_assets/css/ngu-global.css">
$head
</head>
<body class="ngu-news">
<div class="ngu-utility"><a href="https://www.northgate.example/">Northgate University</a> <a href="/staff">Staff</a> <a href="/students">Students</a></div>
<header class="ngu-masthead"><a class="ngu-brand" href="/">$site</a>
<nav class="ngu-primary" aria-label="Primary"><a href="/news">$n1</a><a href="/research">Research</a><a href="/events">Events</a><a href="/media">Media contacts</a></nav>
<form class="ngu-search" action="https://search.northgate.example/s/search.html" method="get"><input type="text" name="query" aria-label="$search"><input type="submit" value="$search"></form></header>
<div class="ngu-wrapper"><div class="ngu-col-main">
$main
$after
</div><div class="ngu-col-side">$sidebar</div></div>
<footer class="ngu-footer"><p>Northgate University, Old Quad, Northgate. Registered charity no. 1148823.</p><a href="/privacy">$f0</a> <a href="/accessibility">$f2</a></footer>
$overlay
</body>
</html>
"""

_GOV_ES = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title - $site</title>
<link href="/recursos/css/sede.css" rel="stylesheet">
$head
</head>
<body class="sede">
<div id="cabecera-sede"><div class="escudo"><img src="/recursos/img/escudo.png" alt="Escudo"></div><div class="nombre-sede"><a href="/">$site</a></div>
<div class="accesos"><a href="/sede-electronica">Sede electrónica</a> <a href="/transparencia">Transparencia</a></div></div>
<div id="menu-principal"><ul><li><a href="/">$n0</a></li><li><a href="/ayuntamiento">Ayuntamiento</a></li><li><a href="/tramites">Trámites</a></li><li><a href="/noticias">$n1</a></li></ul>
<form id="buscador" action="/buscar" method="get"><label for="texto">$search</label><input id="texto" name="texto" type="text"><input type="submit" value="$search"></form></div>
<div id="migas">Está en: <a href="/">$n0</a> &gt; <a href="/noticias">$n1</a></div>
<div id="cuerpo"><div id="contenido-principal">
$main
$after
</div><div id="lateral">$sidebar</div></div>
<div id="pie-sede"><a href="/aviso-legal">$f1</a> · <a href="/privacidad">$f0</a> · <a href="/accesibilidad">$f2</a></div>
$overlay
</body>
</html>
"""

_NGO_FR = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>$title — $site</title>
<link rel="stylesheet" href="/theme/css/main.css">
$head
</head>
<body>
<div class="topbar"><a class="don" href="/faire-un-don">Faire un don</a> <a href="/adherer">Adhérer</a></div>
<header class="entete"><a href="/" class="logo">$site</a>
<ul class="menu"><li><a href="/association">L'association</a></li><li><a href="/nos-actions">Nos actions</a></li><li><a href="/actualites">$n1</a></li><li><a href="/contact">$n6</a></li></ul></header>
<section class="contenu">
$main
$after
</section>
<section class="encart">$sidebar<div class="newsletter"><h3>Lettre d'information</h3><form action="/newsletter"><input type="email" name="email" placeholder="Votre e-mail"><button>Je m'inscris</button></form></div></section>
<footer class="pied"><p>$site — association loi 1901 — <a href="/mentions-legales">$f1</a></p></footer>
$overlay
</body>
</html>
"""

_NEWS_ES = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
<title>$title | $site</title>
<meta name="author" content="$site">
<script async src="/js/prebid.js"></script>
$head
</head>
<body class="c-detail">
<header class="c-h"><div class="c-h__b"><a class="c-h__l" href="/">$site</a><span class="c-h__d">Lunes, 4 de marzo de 2024</span></div>
<nav class="c-n"><a href="/nacional/">Nacional</a><a href="/internacional/">Internacional</a><a href="/economia/">$n3</a><a href="/deportes/">$n2</a><a href="/cultura/">$n4</a></nav>
<div class="c-h__u"><a class="c-h__s btn" href="/suscripcion/">Suscríbete</a><a href="/usuario/">Mi cuenta</a><form action="/buscador/"><input name="q" placeholder="$search"></form></div></header>
<main class="c-m">
$main
$after
</main>
<aside class="c-a">$sidebar</aside>
<footer class="c-f"><p>&copy; Ediciones del Sur S.L. $f3</p><a href="/aviso-legal/">$f1</a> <a href="/politica-de-cookies/">Política de cookies</a></footer>
$overlay
</body>
</html>
"""

# ---- held-out styles

_WP_ASTRA_FR = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="profile" href="https://gmpg.org/xfn/11">
<title>$title - $site</title>
<link rel='stylesheet' id='astra-theme-css-css' href='/wp-content/themes/astra/assets/css/minified/main.min.css?ver=4.1.5' media='all' />
$head
</head>
<body itemtype='https://schema.org/Blog' itemscope='itemscope' class="post-template-default single ast-separate-container ast-right-sidebar astra-4.1.5">
<a class="skip-link screen-reader-text" href="#content" role="link">Aller au contenu</a>
<div class="hfeed site" id="page">
<header class="site-header header-main-layout-1 ast-primary-menu-enabled" id="masthead" itemtype="https://schema.org/WPHeader" itemscope="itemscope">
<div class="main-header-bar-wrap"><div class="main-header-bar"><div class="ast-container">
<div class="site-branding ast-site-identity"><span class="site-title" itemprop="name"><a href="/" rel="home">$site</a></span></div>
<nav class="site-navigation ast-flex-grow-1" aria-label="Site Navigation" itemtype="https://schema.org/SiteNavigationElement" itemscope="itemscope"><ul id="primary-menu" class="main-header-menu ast-menu-shadow ast-nav-menu">
<li class="menu-item"><a href="/" class="menu-link">$n0</a></li><li class="menu-item"><a href="/category/var/" class="menu-link">Le Var</a></li><li class="menu-item"><a href="/category/sorties/" class="menu-link">Sorties</a></li></ul></nav>
<div class="ast-search-menu-icon slide-search"><form role="search" method="get" class="search-form" action="/"><label><span class="screen-reader-text">Rechercher :</span><input type="search" class="search-field" placeholder="Rechercher..." value="" name="s" tabindex="-1"></label></form></div>
</div></div></div></header>
<div id="content" class="site-content"><div class="ast-container">
<div id="primary" class="content-area primary"><main id="main" class="site-main">
$main
$after
</main></div>
<div class="widget-area secondary" id="secondary" role="complementary" itemtype="https://schema.org/WPSideBar" itemscope="itemscope"><div class="sidebar-main">$sidebar</div></div>
</div></div>
<footer class="site-footer" id="colophon" itemtype="https://schema.org/WPFooter" itemscope="itemscope"><div class="ast-small-footer"><div class="ast-container">Copyright &copy; 2024 $site | Propulsé par Astra WordPress Theme</div></div></footer>
</div>
$overlay
<script src='/wp-content/themes/astra/assets/js/minified/frontend.min.js?ver=4.1.5' id='astra-theme-js-js'></script>
</body>
</html>
"""

_JOOMLA_ES = """<!DOCTYPE html>
<html lang="es-es" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="generator" content="Joomla! - Open Source Content Management">
<title>$title - $site</title>
<link href="/media/templates/site/cassiopeia/css/template.min.css?4f2c1" rel="stylesheet">
<script src="/media/system/js/core.min.js?576eb5"></script>
$head
</head>
<body class="site com_content wrapper-static view-article layout-blog no-task itemid-118">
<header class="header container-header full-width">
<div class="grid-child"><div class="navbar-brand"><a class="brand-logo" href="/">$site</a><div class="site-description">Sede del Ayuntamiento</div></div></div>
<div class="grid-child container-nav"><ul class="mod-menu mod-list nav "><li class="nav-item item-101 default"><a href="/index.php">$n0</a></li><li class="nav-item item-118 current active"><a href="/index.php/noticias">$n1</a></li><li class="nav-item item-120"><a href="/index.php/tramites">Trámites</a></li></ul>
<div class="container-search"><form class="mod-finder js-finder-searchform form-search" action="/index.php/component/finder/search" method="get" role="search"><label for="mod-finder-searchword" class="visually-hidden finder">$search</label><input type="text" name="q" id="mod-finder-searchword" class="js-finder-search-query form-control" value="" placeholder="$search..."></form></div></div>
</header>
<div class="site-grid">
<div class="grid-child container-component">
<nav class="mod-breadcrumbs__wrapper" aria-label="Breadcrumbs"><ol class="mod-breadcrumbs breadcrumb px-3 py-2"><li class="mod-breadcrumbs__item breadcrumb-item"><a href="/">$n0</a></li></ol></nav>
<main>
$main
$after
</main></div>
<div class="grid-child container-sidebar-right">$sidebar</div>
</div>
<footer class="container-footer footer full-width"><div class="grid-child"><p>Ayuntamiento de Villaverde del Río · Plaza Mayor 1 · <a href="/index.php/aviso-legal">$f1</a></p></div></footer>
$overlay
</body>
</html>
"""

_TABLOID_EN = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$title | $site</title>
<meta name="viewport" content="width=device-width,minimum-scale=1,initial-scale=1">
<meta property="og:site_name" content="$site">
<script>window._sf_async_config={uid:20145,domain:"dailybeacon.example"};</script>
<script async src="https://securepubads.g.doubleclick.net/tag/js/gpt.js"></script>
$head
</head>
<body class="article-page tmpl-story">
<div class="db-leaderboard" data-ad="top"></div>
<div class="db-masthead"><a href="/" class="db-logo">THE $site</a>
<ul class="db-topnav"><li><a href="/news/">$n1</a></li><li><a href="/showbiz/">Showbiz</a></li><li><a href="/sport/">$n2</a></li><li><a href="/money/">Money</a></li><li><a href="/travel/">Travel</a></li></ul>
<div class="db-tools"><a href="/puzzles/">Puzzles</a><a class="db-signin" href="/myaccount/">Sign in</a><a href="/search/" class="db-searchlink">$search</a></div></div>
<div class="db-page"><div class="db-col-left">
$main
$after
<div class="db-mostread"><h3>MOST READ</h3><ol><li><a href="/news/1">Soap star's surprise wedding</a></li><li><a href="/news/2">Motorway chaos as lorry sheds load</a></li><li><a href="/news/3">Lottery winner gives it all away</a></li></ol></div>
</div><div class="db-col-right">$sidebar<div class="db-mpu" data-ad="mpu1"></div><div class="db-mpu" data-ad="mpu2"></div></div></div>
<div class="db-footer"><a href="/contact/">$n6</a> <a href="/privacy/">$f0</a> <a href="/terms/">$f1</a> &copy; Beacon Media Group 2024</div>
$overlay
</body>
</html>
"""

_JOURNAL_DE = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$title | $site</title>
<meta name="citation_publisher" content="Verlag Brandt &amp; Söhne">
<meta name="citation_journal_title" content="$site">
<link rel="stylesheet" href="/res/vbs/journal.css">
$head
</head>
<body class="vbs-journal vbs-article">
<div class="vbs-bar"><a href="/" class="vbs-logo">Verlag Brandt &amp; Söhne</a><span class="vbs-bar-links"><a href="/zeitschriften">Zeitschriften</a> <a href="/buecher">Bücher</a> <a href="/konto/anmelden">Anmelden</a> <a href="/warenkorb">Warenkorb (0)</a></span>
<form class="vbs-suche" action="/suche" method="get"><input type="search" name="q" placeholder="Titel, Autor, DOI"><button type="submit">$search</button></form></div>
<div class="vbs-journal-head"><a href="/zeitschrift/zlg">$site</a> <span>Band 71, Heft 2</span></div>
<div class="vbs-wrapper"><div class="vbs-main" id="inhalt">
$main
$after
</div><div class="vbs-side">$sidebar</div></div>
<div class="vbs-footer">&copy; 2024 Verlag Brandt &amp; Söhne GmbH · <a href="/impressum">$f1</a> · <a href="/datenschutz">$f0</a> · <a href="/agb">AGB</a></div>
$overlay
</body>
</html>
"""

_VIDEO_EN = """<!DOCTYPE html>
<html lang="$lang" data-theme="dark">
<head>
<meta charset="utf-8">
<title>$title | $site</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="og:type" content="video.episode">
<link rel="preload" href="/static/fonts/inter.woff2" as="font" crossorigin>
<script type="module" src="/static/watch.8f2a.js"></script>
$head
</head>
<body>
<div class="st-shell">
<div class="st-top"><a class="st-logo" href="/">$site</a><form class="st-search" action="/search"><input type="search" name="q" placeholder="Search videos"></form><a class="st-signin button" href="/signin">Sign in</a></div>
<div class="st-side-nav"><a href="/">$n0</a><a href="/explore">Explore</a><a href="/library">Library</a></div>
<section class="st-watch">
$main
$after
</section>
<section class="st-upnext"><h2>Up next</h2>$sidebar</section>
</div>
$overlay
</body>
</html>
"""

_DISCOURSE_DE = """<!DOCTYPE html>
<html lang="$lang" class="desktop-view not-mobile-device text-size-normal anon">
<head>
<meta charset="utf-8">
<title>$title - $site</title>
<meta name="generator" content="Discourse 3.1.0 - https://github.com/discourse/discourse version 3.1.0">
<link href="/stylesheets/desktop_4a1b.css" media="all" rel="stylesheet" data-target="desktop">
$head
</head>
<body class="crawler">
<header><a href="/"><img src="/uploads/default/original/1X/logo.png" alt="$site" id="site-logo"></a></header>
<div id="main-outlet" class="wrap" role="main">
<div id="topic-title"><div class="topic-category"><a class="badge-wrapper bullet" href="/c/technik/5"><span class="badge-category-bg"></span><span class="category-name">Technik</span></a></div></div>
$main
$after
<div class="more-topics">$sidebar</div>
</div>
<footer class="container wrap"><nav class="crawler-nav"><ul><li><a href="/">$n0</a></li><li><a href="/categories">Kategorien</a></li><li><a href="/guidelines">FAQ/Richtlinien</a></li><li><a href="/tos">Nutzungsbedingungen</a></li><li><a href="/privacy">$f0</a></li></ul></nav></footer>
<div id="noscript-footer"><p>Betrieben mit <a href="https://www.discourse.org">Discourse</a>, beste Erfahrung mit aktiviertem JavaScript</p></div>
$overlay
</body>
</html>
"""

_MAGENTO_FR = """<!doctype html>
<html lang="$lang">
<head>
<meta charset="utf-8"/>
<meta name="title" content="$title"/>
<title>$title | $site</title>
<link rel="stylesheet" type="text/css" media="all" href="/static/version1706/frontend/Maison/the/fr_FR/css/styles-m.min.css" />
<script type="text/x-magento-init">{"*": {"Magento_PageCache/js/form-key-provider": {}}}</script>
$head
</head>
<body data-container="body" class="cms-page-view page-layout-1column">
<div class="page-wrapper"><header class="page-header"><div class="panel wrapper"><div class="panel header">
<ul class="header links"><li class="greet welcome"><span>Bienvenue !</span></li><li class="authorization-link"><a href="/customer/account/login/">Se connecter</a></li><li><a href="/customer/account/create/">Créer un compte</a></li></ul></div></div>
<div class="header content"><a class="logo" href="/" title="$site">$site</a>
<div class="block block-search"><form class="form minisearch" id="search_mini_form" action="/catalogsearch/result/" method="get"><input id="search" type="text" name="q" value="" placeholder="Rechercher dans le catalogue..." class="input-text" maxlength="128" role="combobox"/><button type="submit" title="$search" class="action search">$search</button></form></div>
<div data-block="minicart" class="minicart-wrapper"><a class="action showcart" href="/checkout/cart/">Mon panier</a></div></div>
<nav class="navigation" data-action="navigation"><ul><li class="level0"><a href="/thes-noirs.html">Thés noirs</a></li><li class="level0"><a href="/thes-verts.html">Thés verts</a></li><li class="level0"><a href="/le-journal-du-the.html">Le journal du thé</a></li></ul></nav></header>
<main id="maincontent" class="page-main"><div class="columns"><div class="column main">
$main
$after
</div></div></main>
<div class="sidebar sidebar-additional">$sidebar</div>
<footer class="page-footer"><div class="footer content"><ul class="footer links"><li class="nav item"><a href="/mentions-legales">$f1</a></li><li class="nav item"><a href="/cgv">CGV</a></li></ul><small class="copyright"><span>Copyright &copy; 2024 $site.</span></small></div></footer></div>
$overlay
</body>
</html>
"""

_GOVUK_EN = """<!DOCTYPE html>
<html lang="$lang" class="govuk-template">
<head>
<meta charset="utf-8">
<title>$title - $site</title>
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0b0c0c">
<link href="/assets/static/application-7a1e.css" rel="stylesheet">
$head
</head>
<body class="govuk-template__body">
<script>document.body.className += ' js-enabled' + ('noModule' in HTMLScriptElement.prototype ? ' govuk-frontend-supported' : '');</script>
<a href="#main-content" class="govuk-skip-link" data-module="govuk-skip-link">Skip to main content</a>
<header class="govuk-header" role="banner" data-module="govuk-header"><div class="govuk-header__container govuk-width-container">
<div class="govuk-header__logo"><a href="/" class="govuk-header__link govuk-header__link--homepage">$site</a></div>
<div class="govuk-header__content"><form class="gem-c-search" action="/search/all" method="get" role="search"><label for="site-search-text" class="gem-c-search__label">Search $site</label><input enterkeyhint="search" class="gem-c-search__item gem-c-search__input" id="site-search-text" name="keywords" type="search"><button class="gem-c-search__submit" type="submit">Search</button></form></div></div></header>
<div class="govuk-width-container"><div class="gem-c-breadcrumbs govuk-breadcrumbs"><ol class="govuk-breadcrumbs__list"><li class="govuk-breadcrumbs__list-item"><a class="govuk-breadcrumbs__link" href="/">Home</a></li><li class="govuk-breadcrumbs__list-item"><a class="govuk-breadcrumbs__link" href="/environment">Environment</a></li></ol></div>
<main class="govuk-main-wrapper" id="main-content" role="main">
$main
$after
<div class="govuk-grid-column-one-third">$sidebar</div>
</main></div>
<footer class="govuk-footer" role="contentinfo"><div class="govuk-width-container"><ul class="govuk-footer__inline-list"><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/help">Help</a></li><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/help/privacy-notice">Privacy</a></li><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/help/cookies">Cookies</a></li></ul>
<span class="govuk-footer__licence-description">All content is available under the Open Government Licence v3.0, except where otherwise stated</span></div></footer>
$overlay
</body>
</html>
"""

_SOCIAL_ES = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$title • $site</title>
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1">
<link rel="manifest" href="/manifest.json">
<script type="text/javascript">window.__initialData={"config":{"viewer":null}};</script>
<script src="/static/bundles/es6/ConsumerLibCommons.js/2d8f.js" crossorigin="anonymous" defer></script>
$head
</head>
<body class="cx-body">
<div id="react-root"><section class="cx-app">
<nav class="cx-nav"><div class="cx-nav-inner"><a class="cx-brand" href="/">$site</a><input class="cx-search" placeholder="$search" type="text" aria-label="$search"><div class="cx-nav-actions"><a class="cx-btn cx-btn-primary" href="/accounts/login/">Iniciar sesión</a><a class="cx-btn" href="/accounts/emailsignup/">Registrarte</a></div></div></nav>
<main class="cx-main" role="main">
$main
$after
<div class="cx-suggested">$sidebar</div>
</main>
<footer class="cx-footer" role="contentinfo"><a href="/about/">Información</a> · <a href="/legal/privacy/">$f0</a> · <a href="/legal/terms/">Condiciones</a> · <span>&copy; 2024 $site</span></footer>
</section></div>
$overlay
</body>
</html>
"""

_MEDIUM_ES = """<!doctype html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$title | por Lucía Ferrer | $site</title>
<meta name="viewport" content="width=device-width,minimum-scale=1,initial-scale=1,maximum-scale=1">
<meta property="og:type" content="article">
<script>window.__APOLLO_STATE__={"ROOT_QUERY":{}}</script>
$head
</head>
<body>
<div id="root"><div class="a b c"><div class="l ae"><div class="l ae">
<div class="ai aj ak al am an"><a class="an ao" href="/">$site</a><div class="ap aq"><a class="as at" href="/search">$search</a><a class="au av aw" href="/m/signin">Iniciar sesión</a><button class="ax ay az">Empezar</button></div></div>
<article class="meteredContent"><div class="ba bb">
$main
</div></article>
$after
<div class="bc bd">$sidebar</div>
</div></div></div></div>
$overlay
<script src="https://cdn-client.cuaderno.example/lite/static/js/main.f9c1.js"></script>
</body>
</html>
"""

_LIBRARY_EN = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$title - $site catalogue</title>
<link rel="stylesheet" href="/opac-tmpl/bootstrap/css/opac.css">
<meta name="generator" content="Koha">
$head
</head>
<body id="opac-detail" class="branch-default scrollto">
<div id="wrapper"><div id="header-region" class="noprint"><nav class="navbar navbar-expand"><div class="container-fluid"><h1 id="logo"><a class="navbar-brand" href="/cgi-bin/koha/opac-main.pl">$site</a></h1>
<ul class="navbar-nav"><li class="nav-item"><a class="nav-link" href="/cgi-bin/koha/opac-user.pl">Log in to your account</a></li></ul></div></nav>
<div class="container-fluid"><div id="opac-main-search" class="mastheadsearch"><form name="searchform" method="get" action="/cgi-bin/koha/opac-search.pl" id="searchform"><select name="idx" id="masthead_search" class="form-control"><option value="">Library catalogue</option><option value="ti">Title</option><option value="au">Author</option></select><input type="text" title="Type search term" class="transl1 form-control" id="translControl1" name="q"><button type="submit" id="searchsubmit" class="btn btn-primary" title="Search">Go</button></form></div></div></div>
<div class="main"><nav id="breadcrumbs" aria-label="Breadcrumb" class="breadcrumbs"><ol class="breadcrumb"><li class="breadcrumb-item"><a href="/cgi-bin/koha/opac-main.pl">Home</a></li><li class="breadcrumb-item"><a href="#" aria-current="page">Details</a></li></ol></nav>
<div class="container-fluid"><div class="row"><div class="col-lg-9">
$main
$after
</div><div class="col-lg-3"><div id="ulactioncontainer">$sidebar</div></div></div></div></div>
<footer id="changelanguage" class="navbar navbar-expand">Eastfield Public Library · Powered by Koha</footer></div>
$overlay
</body>
</html>
"""

_NGO_EN = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title | $site</title>
<link rel="stylesheet" href="/wp-content/themes/crt/dist/main.css">
$head
</head>
<body class="page crt">
<div class="crt-notice">Every donation helps us protect another mile of river. <a href="/donate">Donate</a></div>
<header class="crt-header"><a href="/" class="crt-logo">$site</a><nav class="crt-nav"><a href="/our-work">Our work</a><a href="/get-involved">Get involved</a><a href="/news">$n1</a><a href="/about">$n5</a></nav><a class="crt-donate btn" href="/donate">Donate</a></header>
<div class="crt-body">
$main
$after
<div class="crt-aside">$sidebar</div>
</div>
<footer class="crt-footer"><div class="crt-signup"><h2>Stay in touch</h2><form action="/subscribe"><input type="email" name="EMAIL" placeholder="Email address"><button>Sign up</button></form></div>
<p>$site is a registered charity in England and Wales (no. 1093877).</p><a href="/privacy">$f0</a></footer>
$overlay
</body>
</html>
"""

_NEWS_DE = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$title - $site</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="index, follow, max-image-preview:large">
<script src="/static/js/tb-main.js" defer></script>
$head
</head>
<body data-page-type="article">
<div class="tb-container">
<header class="tb-head"><div class="tb-head__logo"><a href="/" title="$site">$site</a></div>
<nav class="tb-head__nav"><a href="/politik/">Politik</a><a href="/wirtschaft/">$n3</a><a href="/panorama/">Panorama</a><a href="/sport/">$n2</a><a href="/kultur/">$n4</a><a href="/wissen/">Wissen</a></nav>
<div class="tb-head__service"><a class="tb-button tb-button--plus" href="/plus/">TB Plus</a><a href="/konto/">Mein Konto</a><a class="tb-head__search" href="/suche/">$search</a></div></header>
<div class="tb-body">
$main
$after
<div class="tb-teaserbox">$sidebar</div>
</div>
<footer class="tb-foot"><a href="/impressum/">$f1</a><a href="/datenschutz/">$f0</a><a href="/kontakt/">$n6</a><p>&copy; Tagesbote Verlag 2024</p></footer>
</div>
$overlay
</body>
</html>
"""

_RADIO_FR = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<title>$title | $site</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta property="og:type" content="music.radio_station">
<script src="/build/player-radio.3c1d.js" defer></script>
$head
</head>
<body class="rl-theme">
<div class="rl-live-bar"><span class="rl-live">EN DIRECT</span> <span class="rl-now">Les Matins du Littoral</span> <button class="rl-play" aria-label="Écouter le direct">▶</button></div>
<header class="rl-header"><a class="rl-logo" href="/">$site</a><nav><a href="/emissions">Émissions</a><a href="/podcasts">Podcasts</a><a href="/infos">Infos</a><a href="/grille">Grille des programmes</a></nav><a class="rl-search" href="/recherche">$search</a></header>
<div class="rl-page">
$main
$after
<aside class="rl-aside">$sidebar</aside>
</div>
<footer class="rl-footer"><a href="/mentions-legales">$f1</a> · <a href="/donnees-personnelles">Données personnelles</a> · &copy; 2024 $site</footer>
$overlay
</body>
</html>
"""

STYLES: tuple[Style, ...] = (
    Style("wp-twentytwenty", "fit", "en", "Riverside Chronicle", "WordPress local news blog (Twenty Twenty)", _WP_2020),
    Style("drupal-amt", "fit", "de", "Landesamt für Statistik Nordwest", "Drupal 9 government site", _DRUPAL_GOV),
    Style("news-courrier", "fit", "fr", "Le Courrier de l'Ouest", "French regional newspaper", _NEWS_FR),
    Style("journal-meridian", "fit", "en", "Journal of Coastal Ecology", "journal publisher article page", _JOURNAL_EN),
    Style("video-plaza", "fit", "es", "VideoPlaza", "video platform watch page", _VIDEO_ES),
    Style("forum-phpbb", "fit", "en", "Rail Modellers Forum", "phpBB forum", _PHPBB_EN),
    Style("shop-bergsport", "fit", "de", "Bergsport Laden", "Shopify shop with a blog", _SHOPIFY_DE),
    Style("blog-ghost", "fit", "fr", "Carnets de route", "Ghost blog", _GHOST_FR),
    Style("social-friendloop", "fit", "en", "Friendloop", "social network", _SOCIAL_EN),
    Style("museo-puerto", "fit", "es", "Museo del Puerto", "old table-layout museum site", _MUSEUM_ES),
    Style("news-rheintal", "fit", "de", "Rheintal Anzeiger", "German regional newspaper", _REGIONAL_DE),
    Style("univ-northgate", "fit", "en", "Northgate University News", "university press office", _UNIV_EN),
    Style("gov-ayuntamiento", "fit", "es", "Ayuntamiento de San Telmo", "Spanish municipality", _GOV_ES),
    Style("ngo-association", "fit", "fr", "Association Rivages", "French association site", _NGO_FR),
    Style("news-diario", "fit", "es", "Diario del Sur", "Spanish newspaper", _NEWS_ES),
    Style("wp-astra", "held-out", "fr", "Le Petit Journal du Var", "WordPress news site (Astra)", _WP_ASTRA_FR),
    Style("joomla-villaverde", "held-out", "es", "Villaverde del Río", "Joomla 4 municipality", _JOOMLA_ES),
    Style("tabloid-beacon", "held-out", "en", "Daily Beacon", "English tabloid", _TABLOID_EN),
    Style("journal-brandt", "held-out", "de", "Zeitschrift für Landschaftsgeschichte", "German academic publisher", _JOURNAL_DE),
    Style("video-streamly", "held-out", "en", "Streamly", "video platform watch page", _VIDEO_EN),
    Style("forum-discourse", "held-out", "de", "Fahrrad-Forum", "Discourse forum", _DISCOURSE_DE),
    Style("shop-maison-the", "held-out", "fr", "Maison du Thé", "Magento shop with a journal", _MAGENTO_FR),
    Style("gov-north", "held-out", "en", "GOV.NORTH", "GOV.UK-style government site", _GOVUK_EN),
    Style("social-conecta", "held-out", "es", "Conecta", "social network (photo sharing)", _SOCIAL_ES),
    Style("blog-cuaderno", "held-out", "es", "Cuaderno", "Medium-style blog platform", _MEDIUM_ES),
    Style("library-eastfield", "held-out", "en", "Eastfield Public Library", "Koha library catalogue", _LIBRARY_EN),
    Style("ngo-rivers", "held-out", "en", "Clean Rivers Trust", "charity site", _NGO_EN),
    Style("news-tagesbote", "held-out", "de", "Der Tagesbote", "German national news site", _NEWS_DE),
    Style("radio-littoral", "held-out", "fr", "Radio Littoral", "radio and podcast site", _RADIO_FR),
)  # fmt: skip
