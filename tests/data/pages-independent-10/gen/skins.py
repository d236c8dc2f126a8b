# skins: site templates for batch b10 (invented sites)
COOKIE_TXT = {
 "en": [("We use cookies to understand how the site is used.", "Accept", "Settings"),
        ("This site stores small files on your device for analytics and ads.", "Fine by me", "Choose"),
        ("Cookies help us keep the lights on. Okay?", "Sure", "Manage")],
 "es": [("Usamos cookies propias y de terceros para fines analíticos.", "Aceptar", "Configurar"),
        ("Este sitio web utiliza cookies para mejorar tu experiencia.", "Vale", "Más información"),
        ("Guardamos algunas cookies para saber qué noticias leéis.", "De acuerdo", "Ajustes")],
 "de": [("Wir verwenden Cookies für Statistik und Reichweitenmessung.", "Einverstanden", "Einstellungen"),
        ("Diese Seite nutzt Cookies. Mehr dazu in der Datenschutzerklärung.", "OK", "Details")],
 "fr": [("Ce site utilise des cookies de mesure d'audience.", "OK", "Personnaliser")]}
def cookie_bar(lang, vendor="cmplz", slug=""):
    opts = COOKIE_TXT[lang[:2]]
    t = opts[sum(map(ord, slug)) % len(opts)]
    vendor = ["cmplz", "cky", "moove-gdpr", "borlabs"][sum(map(ord, slug)) % 4]
    return f'''<div id="{vendor}-banner" class="{vendor}-cookiebanner {vendor}-hidden" role="dialog" aria-live="polite">
  <p class="{vendor}-message">{t[0]}</p>
  <button class="{vendor}-btn {vendor}-accept">{t[1]}</button> <button class="{vendor}-btn {vendor}-view-preferences">{t[2]}</button>
</div>'''

def wp_news(lang, site, slug, title, main, nav, side="", foot="", body_cls="single single-post", cookie=True, theme="newspack"):
    navh = "".join(f'<li class="menu-item"><a href="https://{slug}.example/{n.lower().replace(" ","-")}/">{n}</a></li>' for n in nav)
    return f'''<!DOCTYPE html>
<html lang="{lang}" class="no-js">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<meta name="generator" content="WordPress 6.7.2">
<link rel="stylesheet" id="{theme}-style-css" href="https://{slug}.example/wp-content/themes/{theme}/style.min.css?ver=2.4.1" media="all">
<link rel="alternate" type="application/rss+xml" title="{site} &raquo; Feed" href="https://{slug}.example/feed/">
<script src="https://{slug}.example/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
</head>
<body class="{body_cls} wp-theme-{theme}">
<a class="skip-link screen-reader-text" href="#main">Skip to content</a>
<header id="masthead" class="site-header">
 <div class="site-branding"><a href="https://{slug}.example/" rel="home" class="custom-logo-link"><img src="https://{slug}.example/wp-content/uploads/logo.svg" alt="{site}" class="custom-logo"></a></div>
 <nav id="site-navigation" class="main-navigation"><ul id="primary-menu" class="menu">{navh}</ul></nav>
 <form role="search" method="get" class="search-form" action="https://{slug}.example/"><input type="search" class="search-field" name="s"><button type="submit" class="search-submit">&#128269;</button></form>
</header>
<div id="content" class="site-content">
<main id="main" class="site-main">
{main}
</main>
<aside id="secondary" class="widget-area">{side}</aside>
</div>
<footer id="colophon" class="site-footer">{foot}
 <div class="site-info">&copy; 2026 {site}. Proudly powered by WordPress.</div>
</footer>
{cookie_bar(lang, slug=slug) if cookie else ""}
<script src="https://{slug}.example/wp-content/themes/{theme}/js/navigation.js?ver=2.4.1" id="{theme}-navigation-js"></script>
</body>
</html>
'''

def drupal(lang, site, slug, title, main, nav, breadcrumb, foot="", node_cls="page-node", side=""):
    navh = "\n".join(f'<li class="menu__item"><a href="/{slug}/{n.lower().replace(" ","-")}" class="menu__link">{n}</a></li>' for n in nav)
    bc = " <span>›</span> ".join(f'<a href="#">{b}</a>' for b in breadcrumb)
    return f'''<!DOCTYPE html>
<html lang="{lang}" dir="ltr">
<head>
<meta charset="utf-8" />
<meta name="Generator" content="Drupal 10 (https://www.drupal.org)" />
<meta name="MobileOptimized" content="width" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>{title} | {site}</title>
<link rel="stylesheet" media="all" href="/{slug}/sites/default/files/css/css_Xq3kP0aZ.css" />
<script type="application/json" data-drupal-selector="drupal-settings-json">{{"path":{{"baseUrl":"\\/","currentLanguage":"{lang}"}},"ajaxTrustedUrl":{{}}}}</script>
</head>
<body class="path-node {node_cls}">
<a href="#main-content" class="visually-hidden focusable skip-link">Skip to main content</a>
<div class="dialog-off-canvas-main-canvas" data-off-canvas-main-canvas>
<header class="region region-header" role="banner">
  <div id="block-sitebranding" class="block-system-branding-block"><a href="/{slug}/" rel="home"><img src="/{slug}/themes/custom/municipal/logo.svg" alt="{site}" /></a><div class="site-name">{site}</div></div>
  <nav role="navigation" id="block-mainnavigation"><ul class="menu menu--main">
{navh}
  </ul></nav>
</header>
<div class="region region-breadcrumb"><nav class="breadcrumb" aria-labelledby="system-breadcrumb"><h2 id="system-breadcrumb" class="visually-hidden">Breadcrumb</h2>{bc}</nav></div>
<main role="main"><a id="main-content" tabindex="-1"></a>
<div class="layout-content">
<div data-drupal-messages-fallback class="hidden"></div>
{main}
</div>
{('<aside class="layout-sidebar-second" role="complementary">' + side + '</aside>') if side else ''}
</main>
<footer class="region region-footer" role="contentinfo">{foot}</footer>
</div>
<script src="/{slug}/core/assets/vendor/once/once.min.js?v=1.0.1"></script>
<script src="/{slug}/core/misc/drupal.js?v=10.3.6"></script>
</body>
</html>
'''

def next_app(lang, slug, title, body_inner, data_json, desc="", extra_head=""):
    return f'''<!DOCTYPE html><html lang="{lang}"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/><title>{title}</title>{('<meta name="description" content="'+desc+'"/>') if desc else ''}<link rel="preload" href="/_next/static/media/a34f9d1faa5f3315-s.p.woff2" as="font" crossorigin="" type="font/woff2"/><link rel="stylesheet" href="/_next/static/css/6b1e2a0c9f0d4e21.css" data-precedence="next"/>{extra_head}<script src="/_next/static/chunks/webpack-8c2b1f7e0a9d.js" defer=""></script><script src="/_next/static/chunks/framework-64ad27b21261a9ce.js" defer=""></script><script src="/_next/static/chunks/main-3f0a7cbb2e9a.js" defer=""></script><script src="/_next/static/chunks/pages/_app-9d1c7e2b5f.js" defer=""></script></head><body><div id="__next">{body_inner}</div><script id="__NEXT_DATA__" type="application/json">{data_json}</script></body></html>
'''

def journal(lang, pub, slug, title, main, jname, nav=None):
    nav = nav or ["Journals", "Books", "Open access", "Authors", "Librarians"]
    navh = "".join(f'<li><a href="https://{slug}.example/{n.lower().replace(" ","-")}">{n}</a></li>' for n in nav)
    return f'''<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title} | {jname}</title>
<meta name="citation_journal_title" content="{jname}">
<meta name="citation_publisher" content="{pub}">
<meta name="dc.identifier" content="doi:10.99999/{slug}.2026">
<link rel="stylesheet" href="https://{slug}.example/assets/css/article-2026.css">
<script async src="https://metrics.{slug}.example/collect.js"></script>
</head>
<body class="pb-page article-page">
<header class="publisher-header"><a class="pub-logo" href="https://{slug}.example/">{pub}</a>
<nav class="pub-nav"><ul>{navh}</ul></nav>
<div class="inst-access"><a href="https://{slug}.example/action/ssostart">Institutional login</a> · <a href="https://{slug}.example/action/showLogin">Sign in</a></div>
</header>
<div class="journal-banner"><a href="https://{slug}.example/toc/{slug}/current">{jname}</a></div>
<main id="main-content" class="article-main">
{main}
</main>
<footer class="publisher-footer"><ul><li><a href="#">About {pub}</a></li><li><a href="#">Privacy</a></li><li><a href="#">Accessibility</a></li><li><a href="#">Contact</a></li></ul><p>&copy; 2026 {pub}</p></footer>
</body>
</html>
'''

def plain(lang, title, head_extra, body, body_attr=""):
    return f'''<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
{head_extra}
</head>
<body{(' '+body_attr) if body_attr else ''}>
{body}
</body>
</html>
'''
