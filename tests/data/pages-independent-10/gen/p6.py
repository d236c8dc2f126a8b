from skins import *
from reg import add

# 63 paywall es metered on Joomla
html = plain("es-es", "Los vecinos de San Lázaro recurren el plan de movilidad - El Norte de Castilla-León Hoy", '''<meta name="generator" content="Joomla! - Open Source Content Management">
<link href="/media/templates/site/cassiopeia/css/template.min.css?4.4.9" rel="stylesheet">
<script src="/media/vendor/jquery/js/jquery.min.js?3.7.1"></script>
<script src="/plugins/system/medidor/js/medidor.js"></script>''', '''<header class="header container-header full-width"><div class="navbar-brand"><a class="brand-logo" href="/">CyL Hoy</a></div>
<nav class="container-nav"><ul class="mod-menu mod-list nav"><li class="nav-item"><a href="/ciudad">Ciudad</a></li><li class="nav-item"><a href="/provincia">Provincia</a></li><li class="nav-item"><a href="/deportes">Deportes</a></li><li class="nav-item"><a href="/opinion">Opinión</a></li></ul></nav></header>
<div class="site-grid"><main><div class="com-content-article item-page" itemscope itemtype="https://schema.org/Article">
<div class="page-header"><h1 itemprop="headline">Los vecinos de San Lázaro recurren el plan de movilidad</h1></div>
<dl class="article-info text-muted"><dd class="createdby">Escrito por Germán Ruipérez</dd><dd class="published"><time datetime="2026-09-30T08:10:00+02:00">30 Septiembre 2026</time></dd></dl>
<div itemprop="articleBody" class="com-content-article__body">
<p>La asociación vecinal de San Lázaro presentó ayer un recurso contencioso contra el plan de movilidad aprobado en julio, que cierra al tráfico dos calles del barrio.</p>
<div class="medidor-aviso" id="medidor">
<h3>Has leído las 10 noticias gratuitas de este mes</h3>
<p>El contador se pone a cero el día 1. Si no quieres esperar, con CyL Hoy Digital lees todo lo que quieras por 4,95 € al mes.</p>
<a class="btn btn-primary" href="/suscribete">Quiero suscribirme</a> <a class="btn btn-link" href="/component/users/login">Soy suscriptor</a>
</div></div></div></main></div>
<footer class="container-footer footer full-width"><p>© 2026 Castilla-León Hoy · <a href="/aviso-legal">Aviso legal</a></p></footer>''')
add(63, "paywall", "es_joomla_medidor", "es", "/zjcyl-hoy/ciudad/18821-los-vecinos-de-san-lazaro-recurren-el-plan-de-movilidad",
    "Joomla 4 (Cassiopeia) local news with article meter", "one-sentence lead above the counter box; 'contador' not 'muro'", html)

# 64 content es theatre review titled "Página no encontrada"
main = '''<article class="post type-post category-escena">
<header class="entry-header"><span class="cat-links">Escena</span><h1 class="entry-title">«Página no encontrada»: una comedia sobre la memoria digital que se queda a medio cargar</h1>
<div class="entry-meta">Crítica de Irene Saldaña · 17 de noviembre de 2026</div></header>
<div class="entry-content">
<p>La compañía zaragozana Teatro del Cierzo estrena en la Sala Mirador <em>Página no encontrada</em>, escrita y dirigida por Daniel Orós. La premisa es prometedora: una archivera jubilada descubre que el blog donde su marido, ya fallecido, escribió durante quince años ha desaparecido de internet, y se empeña en recuperarlo llamando a una empresa de alojamiento que ya no existe.</p>
<p>Marisa Lahoz está espléndida como la viuda tozuda que aprende a buscar en hemerotecas digitales y a leer copias archivadas, y las escenas con el teleoperador (un Álex Vicente muy divertido, que interpreta a cinco personajes distintos) son lo mejor de la noche. El mensaje «error 404» proyectado sobre el telón cada vez que ella fracasa funciona como estribillo cómico.</p>
<p>El problema llega en la segunda mitad, cuando la obra abandona la comedia para explicar, con demasiado detalle, cómo funcionan los servidores y las cookies. El público desconecta justo cuando la historia debería emocionar. Aun así, el final —ella leyendo en voz alta la última entrada recuperada— es de una sencillez que conmueve.</p>
<p><em>Página no encontrada</em> se representa en la Sala Mirador hasta el 6 de diciembre, de jueves a domingo.</p>
</div></article>'''
add(64, "content", "es_critica_pagina_no_encontrada", "es", "/zjbutaca-norte/escena/2026/11/17/critica-pagina-no-encontrada-teatro-del-cierzo/",
    "WordPress culture magazine, theatre review", "title 'Página no encontrada', 'error 404' and 'cookies' in text",
    wp_news("es", "Butaca Norte", "butacanorte", "«Página no encontrada»: una comedia sobre la memoria digital - Butaca Norte", main,
            ["Escena", "Música", "Cine", "Libros", "Agenda"], '<section class="widget"><h2 class="widget-title">Boletín semanal</h2><form><input type="email" placeholder="Correo electrónico"><button>Suscribirme</button></form></section>', theme="hestia"))

# 65 gone de Joomla Verein
html = plain("de-de", "Fehler: 0 - TSV Grünholz 1908 e.V.", '''<meta name="generator" content="Joomla! - Open Source Content Management">
<link href="/templates/tsv2019/css/template.css" rel="stylesheet">''', '''<div class="body"><div class="container">
<header class="header"><a href="/"><img src="/images/logo-tsv.png" alt="TSV Grünholz 1908"></a>
<nav><ul class="nav menu"><li><a href="/">Home</a></li><li><a href="/fussball">Fußball</a></li><li><a href="/turnen">Turnen</a></li><li><a href="/tischtennis">Tischtennis</a></li><li><a href="/verein">Verein</a></li><li><a href="/mitglied-werden">Mitglied werden</a></li></ul></nav></header>
<div class="error-page"><h1 class="page-header">Hoppla!</h1>
<div class="well"><p><strong>Da ist was schiefgelaufen. Vielleicht ist der Beitrag schon in der Kabine.</strong></p>
<p>Mögliche Gründe: ein veralteter Link, ein Tippfehler in der Adresse oder der Beitrag wurde beim Umbau der Homepage nicht übernommen.</p>
<p><a href="/" class="btn">Zur Startseite</a></p>
<p>Bei Fragen: Webmaster Uwe (webmaster@tsv-gruenholz.example)</p>
<blockquote><span class="label label-inverse">0</span> Kein Beitrag zu dieser Kategorie und ID gefunden.</blockquote></div></div>
<footer class="footer"><p>&copy; 2026 TSV Grünholz 1908 e.V.</p></footer>
</div></div>''')
add(65, "gone", "de_joomla_verein", "de", "/zjtsv-gruenholz/fussball/herren/412-aufstieg-perfekt-3-1-gegen-lindach",
    "Joomla sports-club site, error template served 200", "'Hoppla!' heading, football joke; 'gefunden' only in the raw error line", html)
