"""The words and markup of pages that are not the source, by kind, in English, German, French and Spanish (and
the commonest Italian, Dutch, Portuguese, Polish, Swedish, Danish and Norwegian forms): what an error page, a
"moved" or "removed" notice, an unavailable video, a search page, a parked domain, a consent wall, a paywall
or login wall and a bot check say and look like.

Each kind has patterns for five places: the page's titles and headings (``title``), its text (``text``),
what its buttons say (``control``), its element ids and classes (``names``) and the hosts its scripts, frames
and links come from (``hosts``). A hit is a clue, not a verdict: an article *about* paywalls says
"subscribers" too. :mod:`sidebot.sources.page_features` counts the clues place by place and
:mod:`sidebot.sources.page_model` weighs them against how much prose the page has.

Every pattern matches lower-case text: callers lower-case what they read. The phrases were written from
common real patterns (WordPress, Drupal and news-site error pages, consent
management platforms' wording, publishers' paywalls, parking services' pages), not from the test corpus.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Lexicon:
    """The clues of one kind of not-the-source page, one pattern per place it may appear (see the module doc);
    a place the kind has no telling words for is None."""

    title: re.Pattern[str]
    text: re.Pattern[str]
    control: re.Pattern[str] | None = None
    names: re.Pattern[str] | None = None
    hosts: re.Pattern[str] | None = None


def _p(*alternatives: str) -> re.Pattern[str]:
    """The alternatives as one pattern over *lower-case* text (twice as fast as re.I on long pages)."""
    return re.compile("(" + "|".join(alternatives) + ")")


_ART = r"(page|article|story|post|content|item|file|document|resource|entry|link|url|news item)"
_ART_DE = r"(seite|artikel|beitrag|inhalt|dokument|meldung|nachricht|datei|angebot)"
_ART_FR = r"(page|article|contenu|document|publication|billet|fichier|actualité|information)"
_ART_ES = r"(página|pagina|artículo|articulo|contenido|noticia|documento|publicación|entrada|archivo)"
_MEDIA = r"(video|vídeo|vidéo|audio|episode|episodio|épisode|folge|podcast|clip|stream|recording|track|"\
         r"media|"\
         r"sendung|émission|programa|programme|program|film|livestream|replay)"  # fmt: skip

GONE = Lexicon(
    title=_p(
        r"^(oh non|oh no|hmm+|mince|huch)\b",
        r"^(lo sentimos|désolé|es tut uns leid|we're sorry|sorry,? (we|this|that|the page))\b",
        r"\b404\b",
        r"\b410\b",
        r"not found",
        r"page (does not|doesn't|cannot|can't|could not|couldn't) "
        r"(exist|be found)",
        r"^(oops|whoops|uh[- ]oh|sorry|hoppla|ups|oups|vaya|ay)\b",
        r"page (is )?missing",
        r"^(document|page|file) unavailable",
        r"file not found",
        r"page (not|no longer) (available|exists)",
        r"^error\b",
        r"\berror 4\d\d",
        r"dead end",
        r"lost\?$",
        r"nicht gefunden",
        r"seite (existiert nicht|nicht verfügbar)",
        r"fehlerseite",
        r"introuvable",
        r"non trouvée?",
        r"erreur 404",
        r"page (non disponible|inexistante)",
        r"no encontrad[ao]",
        r"página no (existe|disponible)",
        r"non trovata",
        r"niet gevonden",
        r"não encontrada",
        # Polish and Swedish (general forms)
        r"nie znaleziono",
        r"strona nie istnieje",
        r"błąd 404",
        r"sidan (hittades inte|kunde inte hittas|finns inte)",
        # Danish and Norwegian (general forms)
        r"siden (blev ikke fundet|findes ikke|kunne ikke findes|ble ikke funnet|finnes ikke|fantes ikke)",
        r"fant ikke siden",
    ),
    text=_p(
        r"(page|article|content|story|recipe|post|item|product) (seems to have|has|appears to have) "
        r"(disappeared|vanished|gone missing|wandered off|wandered out)",
        r"(seite|inhalt|artikel) (ist|scheint) .{0,20}verschwunden",
        r"(page|contenu|article) (semble avoir|a) disparu",
        r"(página|noticia|contenido) (ha|parece haber) desaparecido",
        r"no encontramos lo que buscabas",
        r"nous ne trouvons pas (cette|la) page",
        r"(link|url|address) (you (followed|clicked|used|entered) )?(is|may be|might be|appears to be|"
        r"seems to be) (broken|invalid|incorrect|outdated|out of date|expired|no longer valid|wrong|dead)",
        r"(may|might|could) have been (moved|renamed|deleted|removed) (or|and) "
        r"(moved|renamed|deleted|removed)",
        r"(took|taken|made) a wrong turn",
        r"(couldn't|could not|can't|cannot) track down (what|the page|the item)",
        r"(doesn't|does not|no longer|don't|do not) (lead|go|point) anywhere",
        r"(can't|cannot|couldn't|could not) find (that|this|the) (page|article|story|post)",
        r"(page|article) (cannot|can't|could not) be (displayed|loaded)",
        r"404 error",
        r"no (such|matching) page",
        r"nothing to see here",
        r"(der )?link (ist|scheint|war) (fehlerhaft|ungültig|veraltet|defekt|nicht mehr gültig)",
        r"die von ihnen (gewählte|aufgerufene|gesuchte|angeforderte) (seite|adresse|url)",
        r"(existiert|gibt es) (leider )?nicht mehr",
        r"(seite|inhalt) (ist )?(leider )?nicht mehr vorhanden",
        r"(seite|inhalt) kann nicht angezeigt werden",
        r"aucune page ne correspond",
        r"la page (demandée|recherchée|que vous cherchez) est (introuvable|indisponible)",
        r"le lien (que vous avez suivi )?(est|semble) (cassé|rompu|erroné|invalide|mort)",
        r"vérifiez l'(url|adresse)",
        r"contenu introuvable",
        r"(el )?enlace (que (has|ha) seguido )?(parece estar |está |puede estar )?"
        r"(roto|caído|mal escrito)",
        r"(la|esta) (noticia|página|publicación|entrada) ya no existe",
        r"no (existe|se encuentra) (la|esta) página",
        r"contenido no encontrado",
        r"comprueb[ae] la dirección",
        rf"{_ART} (you|you're|you are) (were )?(looking for|trying to (reach|open|visit)|requested|"
        r"searching for|hunting for|asked for|wanted) "
        r"(is|was|could not|cannot|can't|couldn't|does not|doesn't|no longer|has|may|might)",
        rf"(the )?requested {_ART} (is|was|could not|cannot|can't|does not|doesn't|no longer)",
        rf"{_ART} (could not|cannot|can't|couldn't) be (found|located|displayed)",
        rf"{_ART} (does not|doesn't|did not|no longer) exists?",
        rf"{_ART} (is )?no longer (available|online|here)",
        r"(we|i) (can't|cannot|couldn't|could not|can not) (seem to )?(find|locate) "
        r"(the|that|this|what|it|any)",
        r"(this|that) (page|link|address) (isn't|is not|wasn't) (available|working|valid|here)",
        r"\b404\b",
        r"\bnot found\b",
        r"broken link",
        r"dead link",
        r"the link you (followed|clicked|used) (may be|is|was)",
        r"(whoops|oops|uh[- ]oh)[,!.]",
        r"nothing (was )?found (here|at this)",
        r"there('s| is) nothing here",
        r"you('ve| have) (reached|hit|found) a dead end",
        r"(looks|seems) like you('re| are) lost",
        r"page (has gone )?missing",
        r"the url (you entered|was not|is not|may be)",
        r"(mistyped|misspelled|typo in) the (address|url)",
        r"error occurred",
        r"seite (wurde |konnte )?(leider )?nicht gefunden",
        r"(angeforderte|gesuchte|aufgerufene) "
        rf"{_ART_DE} (existiert nicht|wurde nicht gefunden|konnte nicht gefunden werden|ist nicht (mehr )?"
        r"(verfügbar|vorhanden|erreichbar))",
        r"(diese|die) seite gibt es (leider )?nicht( mehr)?",
        r"seite gibt es \(?nicht( mehr)?\)?",
        r"(hoppla|ups)[,!.]",
        r"fehler 404",
        r"(leider )?konnten wir (die|diese) seite nicht finden",
        r"page (introuvable|non trouvée)",
        rf"(la|cette|le|ce) {_ART_FR} (que vous (recherchez|cherchez|avez demandée)|demandée) "
        r"(n'existe (pas|plus)|est introuvable|n'a pas été trouvée|n'est plus disponible)",
        r"(cette|la) page n'existe (pas|plus)",
        r"(nous )?n'avons pas (pu )?trouv",
        r"impossible de trouver",
        r"oups[,!.]",
        r"erreur 404",
        r"página no (encontrada|existe|disponible)",
        rf"(la|esta) {_ART_ES} (que (buscas|estás buscando|busca|está buscando)|solicitada) (no existe|no se "
        r"encuentra|no está disponible|no ha sido encontrada|ya no)",
        r"no (hemos|se ha) (podido )?encontr",
        r"(esta|la) página (ya )?no existe",
        r"(ups|vaya)[,!.]",
        r"(aquí|acá) no hay nada",
        r"no corresponde a ningún contenido",
        r"(el )?enlace (esté|está|estaba) roto",
        r"hier gibt es nichts",
        r"il n'y a rien (ici|à voir)",
        r"vous vous êtes (égaré|perdu)",
        r"(can't|cannot|couldn't|could not) find (the|that|this) (item|product|page|file|document)s? "
        r"(you're|you are|you were) (after|looking for)",
        r"error 404",
        r"pagina non trovata",
        r"non c'è più (niente|nulla)",
        r"la pagina (che cerchi|richiesta) non",
        r"pagina niet gevonden",
        r"página não encontrada",
        # Polish and Swedish (general forms)
        r"(nie znaleziono|nie odnaleziono) (strony|artykułu|pliku|produktu|wpisu|podstrony|szukanej)",
        r"strony nie (znaleziono|odnaleziono)",
        r"(ta |taka |szukana |żądana )?strona (nie istnieje|nie została (znaleziona|odnaleziona))",
        r"(nie możemy|nie mogliśmy|nie udało (nam )?się) (znaleźć|odnaleźć)",
        r"(podany|wpisany) adres (jest )?(nieprawidłowy|błędny)",
        r"sidan (du (söker|letar efter|försökte nå) )?(kunde inte hittas|hittades inte|finns inte)",
        r"(vi )?(kunde inte|kan inte|hittade inte|hittar inte) (hitta )?(sidan|det du|någon sida|något på)",
        r"hittade (ingenting|inget) på (den här|denna) adress",
        r"(den här|denna) sida(n)? finns inte",
        r"här finns (inget|ingenting)( att se)?",
        r"siden (du (leder efter|søger|leter etter|prøvde å nå) )?(blev ikke fundet|findes ikke|"
        r"eksisterer ikke|kunne ikke findes|ble ikke funnet|finnes ikke|eksisterer ikke lenger)",
        r"vi (kunne|kan) ikke finde (siden|den side|det du)",
        r"vi (fant|finner) ikke (siden|det du)",
        r"(there is |there's )?nothing (at|on) this (address|url|link|page) any ?more",
    ),
    control=_p(
        r"^(back to|go to|return to) (the )?home",
        r"^zur startseite",
        r"^retour à l'accueil",
        r"^volver (al|a la) inicio",
    ),  # fmt: skip
    names=_p(
        r"error-?404", r"^404", r"not-?found", r"page-?not-?found", r"error-?page", r"^error$", r"notfound"
    ),  # fmt: skip
)

MOVED = Lexicon(
    title=_p(
        r"\bmoved\b",
        r"has moved",
        r"new (address|location|home)",
        r"^redirect",
        r"umgezogen",
        r"verschoben",
        r"neue adresse",
        r"weiterleitung",
        r"déménag",
        r"a été déplacé",
        r"nouvelle adresse",
        r"redirection",
        r"nos hemos mudado",
        r"nueva dirección",
        r"se ha (trasladado|movido|mudado)",
        r"redirecci",
    ),
    text=_p(
        r"now (lives|resides|is hosted) (at|on)",
        r"(is|are) no longer (updated|maintained)(\.| and| but|,)",
        r"(sie )?finden (uns|sie|es|die inhalte|alle informationen) (jetzt |nun |ab sofort |künftig )?"
        r"(unter|auf)",
        r"neue (web|internet|e-?mail)?-?adresse",
        r"retrouvez-(nous|nos contenus) (désormais |maintenant )?(sur|à)",
        r"(visítanos|encuéntranos|búscanos) (ahora |ya )?en",
        rf"(this|the|our) ({_ART}|site|website|blog|section|page|service) (has|have|was|were) (been )?"
        r"(moved|relocated|migrated|transferred)",
        r"(has|have) (moved|relocated) to",
        r"we('ve| have) moved",
        r"(can|may) now be found (at|on|here)",
        r"(is|are) now (located|available|hosted|published) (at|on|here|in)",
        r"(has|have) been (moved|relocated|migrated|transferred)( to|\.| and|,)",
        r"has a new (home|address|location|url)",
        r"(please )?update your (bookmarks?|links?|favou?rites)",
        r"you will be redirected",
        r"(you are being|we are) redirect",
        r"redirecting (you )?(to|in)",
        r"new (address|location|url|home) (is|of|for)",
        r"moved permanently",
        r"find (it|this|us) (now )?at",
        r"(ist|sind|wurde|wurden) (auf|nach|zu) .{0,60}(umgezogen|verschoben)",
        rf"{_ART_DE} (ist|wurde) (umgezogen|verschoben)",
        r"(ist|sind) umgezogen",
        r"neue(n)? adresse",
        r"finden sie (jetzt|nun|ab sofort|künftig) (unter|auf|hier)",
        r"(ist|sind) (jetzt|nun) unter",
        r"aktualisieren sie ihre lesezeichen",
        r"sie werden (automatisch )?weitergeleitet",
        r"a (été )?déménagé",
        r"nouvelle adresse",
        rf"(cette|ce|cet) {_ART_FR} a été (déplacée?|transférée?)",
        r"se trouve (désormais|maintenant)",
        r"(est|sont) désormais (disponibles? |accessibles? )?(à|sur)",
        r"mett(re|ez) à jour vos (favoris|marque-pages)",
        r"vous (allez|serez) (être )?redirigé",
        r"a changé d'adresse",
        r"nos hemos (mudado|trasladado)",
        r"nueva dirección",
        rf"(esta|este) {_ART_ES} (se ha (movido|trasladado)|ha sido (trasladad|movid)[oa])",
        r"ahora (se encuentra|está disponible|está) en",
        r"actualic[ea] (sus|tus) marcadores",
        r"(será|serás) redirigid[oa]",
        r"ci siamo trasferiti",
        r"(n'est|ne sont) plus mis à jour",
        r"(a|avons) désormais (son|notre|un) nouveau site",
        r"(sur|à) notre nouveau site",
        r"(a|has|have) (a )?(shiny |brand )?new home (at|on)",
        r"(i've|we've|i have|we have) stopped (posting|publishing|updating) (here|this)",
        r"is verhuisd",
        # Polish and Swedish (general forms)
        r"(strona|artykuł|serwis|treść|podstrona) (został[aoy]? |jest )?przeniesion[aoy]",
        r"(znajdziesz|znajdzie pan|znajdą państwo) (go|ją|je|nas) (teraz )?pod (nowym )?adresem",
        r"(sidan|artikeln|innehållet|webbplatsen|tjänsten) har flyttats",
        r"(sidan|vi|bloggen|webbplatsen|forumet) har flyttat",
        r"(hittar|finner) du (nu |numera )?på (vår nya|den nya|adressen)",
        r"(ben|zijn|is) (ik |we |wij )?verhuisd",
        r"(siden|artiklen|artikkelen|indholdet|innholdet|bloggen) (er|har) (blevet |blitt )?flyttet",
    ),
    control=_p(
        r"^(go to|visit|continue to) (the )?new", r"^zur neuen", r"^vers (le )?nouveau", r"^ir (al|a la) nuev"
    ),  # fmt: skip
)

REMOVED = Lexicon(
    title=_p(
        r"\b(removed|withdrawn|deleted|retracted|unpublished|taken down)\b",
        r"^retraction",
        r"(content|article|page|post|account) (no longer|not) available",
        r"(article|story|content|post) unavailable",
        r"account suspended",
        r"entfernt",
        r"gelöscht",
        r"zurückgezogen",
        r"depubliziert",
        r"supprimé",
        r"retiré",
        r"dépublié",
        r"eliminad[oa]",
        r"retirad[oa]",
        r"borrad[oa]",
        r"rimoss[oa]",
        r"verwijderd",
        # retraction notices of journals
        r"^retracted( article)?:",
        r"rétractation",
        r"ritrattazione",
        r"retractación",
        r"retratação",
        r"^(avis de retrait|avviso di ritiro|nota de retirada|retractie|intrekking)",
    ),
    text=_p(
        rf"(this|the) ({_ART}|publication|guidance|report|page|statement|release|notice|listing|profile|"
        r"account|tweet|photo|thread|topic|message) (has been|was|had been|is being|have been) "
        r"(permanently )?"
        r"(removed|withdrawn|deleted|taken down|unpublished|retracted|archived and removed)",
        r"(was|were|been) withdrawn (on|in|from|because|as|and)",
        r"this (publication|guidance|document|"
        r"page) was withdrawn",
        r"removed (at the request|for legal|following a|due to|by the (author|"
        r"owner|publisher|uploader|poster))",
        r"(has|have) (been )?removed (this|the) (article|story|post)",
        r"deleted by (its|the) (author|owner|user)",
        r"(this )?account (has been|is) (suspended|deleted|"
        r"deactivated)",
        r"no longer (published|current policy)",
        r"(this|the) (article|paper) has been "
        r"retracted",
        r"notice of retraction",
        rf"{_ART_DE} (wurde|ist) (aus [a-zäöüß ]+ )?(entfernt|gelöscht|zurückgezogen|depubliziert)",
        r"(wurde|wurden) (aus rechtlichen gründen |auf wunsch [a-zäöüß ]+ )?(entfernt|gelöscht|depubliziert)",
        r"depubliziert",
        r"(dieser|dieses) (beitrag|artikel|video|angebot) (ist|steht) (aus [a-zäöüß ]+ )?"
        r"nicht mehr (online|abrufbar|verfügbar)",
        rf"(cet|cette|ce) {_ART_FR} a été (supprimée?|retirée?|dépubliée?|effacée?)",
        r"(a|ont) été (supprimés?|retirés?|dépubliés?) (à la demande|pour des raisons|du site)",
        r"retiré de la (publication|vente|circulation)",
        rf"(este|esta) {_ART_ES} (ha sido|fue) (eliminad|retirad|borrad|despublicad)[oa]",
        r"(ha sido|fue|han sido) (eliminad|retirad|borrad)[oa]s? (a petición|por (motivos|razones)|"
        r"del sitio)",
        r"è stat[oa] rimoss[oa]",
        r"is verwijderd",
        r"ha sido retirad[oa] de (nuestra|la|esta) (web|página|sitio)",
        r"(ha|han) eliminado (esta|este|la|el) (publicación|entrada|artículo|vídeo|video|mensaje)",
        r"(esta|la) (entrada|publicación) ya no está disponible",
        r"derecho al olvido",
        r"(removed|taken down|withdrawn) (following|after|in compliance with|under) (a |the )?(court|legal|"
        r"judicial)",
        # Polish and Swedish (general forms)
        r"(artykuł|materiał|wpis|tekst|treść|post|publikacja) (został[aoy]? |jest )?(usunięt[yaeo]|"
        r"wycofan[yaeo]|zdjęt[yaeo])",
        r"(usunęliśmy|wycofaliśmy) (ten|tę|to) (artykuł|materiał|wpis|tekst|publikację)",
        r"(artikeln|sidan|inlägget|innehållet|texten|nyheten) har (tagits bort|avpublicerats|raderats|"
        r"dragits tillbaka|plockats bort)",
        r"(artikeln|inlägget) (är|har) (avpublicerad|borttagen|raderad|raderat|borttaget)",
        r"(inlägg(et)?|tråden|kommentaren) (är |har )?(borttaget|borttagen|raderat|raderad|dolts)",
        r"borttaget av (en )?(moderator|administratör|redaktionen)",
        r"(artiklen|artikkelen|siden|indlægget|innlegget|opslaget|innholdet|indholdet) (er|har) "
        r"(blevet |blitt )?(fjernet|slettet|afpubliceret|avpublisert|trukket tilbage|trukket tilbake)",
        r"(dette|denne|dette her) (indlæg|innlegg|opslag|innlegget|artikel|artikkel|kommentar|tråd|svar) "
        r"(er|har) (blevet |blitt |været |vært )?(fjernet|slettet|skjult)",
        r"(fjernet|slettet|skjult) (af|av) (en |et )?"
        r"(moderator|administrator|redaktionen|redaksjonen|forfatteren)",
        r"trukket (tilbage af|tilbake av) (forfatteren|redaktionen|redaksjonen)",
        r"(is|werd|wordt) (op [\w ]+ )?ingetrokken",
        r"niet meer van toepassing",
        # retraction notices of journals (en, fr, it, es, pt, de, nl)
        r"(this|the) (article|paper|chapter|study|review) (has been|was|is) (retracted|withdrawn) "
        r"(at the request|by|following|because|after|due to|on)",
        r"retraction (notice|note|statement)",
        r"(the )?(editors?|publisher|journal|authors?) (has|have) retracted",
        r"(avis|note) de (retrait|rétractation)",
        r"(cet|l')article (a été |est )?(rétracté|retiré)",
        r"(la )?rétractation de (cet|l')article",
        r"(avviso|nota) di (ritrattazione|ritiro)",
        r"(questo|l')articolo (è stato|viene) (ritirato|ritrattato)",
        r"è stat[oa] ritirat[oa]",
        r"(nota|aviso) de (retractación|retirada|retratação)",
        r"(este|el|o) (artículo|artigo) (ha sido|fue|foi|é) (retractado|retirado|retratado|despublicado)",
        r"(rückzug|zurückziehung) (des|dieses) (artikels|beitrags)",
        r"(dit|het) artikel is (ingetrokken|teruggetrokken)",
        r"(intrekking|terugtrekking) van (dit|het) artikel",
    ),
)

MEDIA_UNAVAILABLE = Lexicon(
    title=_p(
        rf"{_MEDIA} (is )?(unavailable|not available|no longer available|removed|private|nicht verfügbar|"
        r"indisponible|no disponible|non disponibile|niet beschikbaar)",
        r"^private video",
        r"^video unavailable",
        r"vidéo indisponible",
        r"vídeo no disponible",
        r"video nicht (mehr )?verfügbar",
    ),
    text=_p(
        rf"{_MEDIA} (ist|sind) .{{0,40}}nicht (mehr )?(verfügbar|abrufbar|online)",
        rf"{_MEDIA} (is|has been) .{{0,40}}(removed|unavailable|no longer available)",
        r"(programme|program|episode|clip|broadcast|show|recording|stream|track) (is|are) (not currently |"
        r"currently not |temporarily not |temporarily |no longer |not )?(un)?available",
        r"(not|no longer) available to (stream|watch|play|listen)",
        r"this (content|media|programme|program|video) has expired",
        r"(sendung|beitrag|folge|video) (ist )?(derzeit|momentan) nicht verfügbar",
        r"(émission|épisode|vidéo) n'est (actuellement |plus )?(pas )?disponible",
        r"(programa|episodio|vídeo|video) no está disponible (en este momento|actualmente)",
        r"(ha caducado|abgelaufen|a expiré)",
        rf"(this |the )?{_MEDIA} (is |has been |was )?(unavailable|not available|no longer available|"
        r"removed|deleted|made private|private|blocked|cannot be played|can't be played|could not be "
        r"(loaded|played)|failed to load)",
        rf"(this |the )?{_MEDIA} (isn't|is not|was not|wasn't) (available|playable)",
        r"private video",
        r"video unavailable",
        r"(this )?(video|content) (is not|isn't) available in your (country|region|"
        r"location)",
        r"not available in your (country|region|location|territory)",
        r"the uploader has (not made|closed|removed|deleted)",
        r"removed by the uploader",
        r"(due to|because of) a copyright (claim|"
        r"strike)",
        r"(playback|media) error",
        r"error loading (media|video|player)",
        r"(your browser|this browser) (does not|doesn't|cannot) (support|play) (this|the) (video|media|"
        r"audio|format)",
        r"sign in to confirm your age",
        r"geo-?(blocked|restricted)",
        rf"{_MEDIA} (ist )?(nicht|nicht mehr|leider nicht) (verfügbar|abrufbar|abspielbar|online)",
        rf"{_MEDIA} kann (leider )?nicht (abgespielt|geladen|wiedergegeben) werden",
        r"(in ihrem land|in ihrer region|in deutschland) nicht verfügbar",
        r"aus (urheber|lizenz)rechtlichen "
        r"gründen (nicht|nur)",
        r"geoblocking",
        rf"(cette |la )?{_MEDIA} (n'est (pas|plus)|est) (disponible|indisponible)",
        r"vidéo indisponible",
        r"(pas|plus) disponible (dans|depuis) votre (pays|région|zone)",
        rf"impossible de (lire|charger) (la |cette )?{_MEDIA}",
        rf"(este |el |esta |la )?{_MEDIA} (ya )?no (está|se encuentra|esta) disponible",
        r"vídeo no disponible",
        r"no (está )?disponible en (tu|su) (país|región)",
        rf"no se (puede|pudo) reproducir (el|este) {_MEDIA}",
        r"video non disponibile",
        r"video niet beschikbaar",
        # Polish and Swedish (general forms)
        r"(materiał|film|wideo|nagranie|odcinek|audycja|podcast|transmisja) (jest )?(niedostępn[yaeo]|"
        r"nie jest (już )?dostępn[yaeo]|został[aoy]? usunięt[yaeo])",
        r"niedostępn[yaeo] w (twojej lokalizacji|twoim kraju|tym regionie)",
        r"(można|da się) oglądać (wyłącznie|tylko) (na terytorium|w)",
        r"(avsnittet|klippet|videon|programmet|filmen|sändningen|inslaget) (är|"
        r"har) (inte (längre )?tillgängligt?|tagits bort|slutat sändas)",
        r"(det )?går inte (längre )?att (lyssna på|titta på|se|spela upp) "
        r"(det|den|avsnittet|klippet|programmet)",
        r"(inte tillgängligt?|kan inte visas) (i ditt land|utanför sverige|där du befinner dig)",
        r"går inte att (se|titta på|lyssna på) utomlands",
        r"(bara|endast) (ses|visas|spelas upp) i sverige",
        r"(video|uitzending|aflevering|opname|fragment|podcast) is (helaas )?(niet meer|niet langer|"
        r"momenteel niet|niet) (beschikbaar|te (zien|bekijken|beluisteren))",
        r"(videoen|programmet|udsendelsen|sendingen|episoden|klippet|afsnittet) (er )?"
        r"(ikke (længere |lenger )?tilgængelig|ikke (lenger )?tilgjengelig|fjernet|slettet)",
    ),
    names=_p(
        r"player-?error",
        r"video-?unavailable",
        r"unavailable-?(message|video|media)",
        r"error-?screen",
        r"media-?error",
        r"playability",
    ),  # fmt: skip
)

SEARCH_RESULTS = Lexicon(
    title=_p(
        r"search results?",
        r"^search\b",
        r"\bresults for\b",
        r"you searched for",
        r"suchergebnis",
        r"^suche\b",
        r"ergebnisse für",
        r"résultats de (la )?recherche",
        r"^recherche\b",
        r"résultats? pour",
        r"resultados de (la )?búsqueda",
        r"^b[uú]squeda\b",
        r"resultados para",
        r"risultati della ricerca",
        r"zoekresultaten",
        r"resultados da pesquisa",
        # Polish and Swedish (general forms)
        r"wyniki wyszukiwania",
        r"sökresultat",
        r"sök på webbplatsen",
        r"søgeresultat",
        r"søkeresultat",
        r"^(tag|category|categorie|categoría|kategorie|archives?|schlagwort|étiquette|etiqueta): ",
        r"^(posts|articles|stories) (tagged|filed under) ",
    ),
    text=_p(
        r"search results (for|matching)",
        r"(\d[\d,.]*|no|zero) (results?|matches|hits|items|documents|stories|articles|records|entries|pages) "
        r"(found )?(for|matching|containing|match)",
        r"match(es|ing)? (your|the) (search|query)",
        r"your search (for .{1,80} )?(did not match|returned|found|"
        r"yielded)",
        r"showing (results|\d+ ?(-|–|to) ?\d+ of|\d+ of \d+ results)",
        r"results? \d+ ?(-|–) ?\d+ "
        r"of( about)? \d",
        r"did you mean",
        r"refine (your )?(search|results)",
        r"sort(ed)? by:? (relevance|"
        r"date|newest)",
        r"(new|modify your|try (a|another) (different )?) search",
        r"no (results|matches) "
        r"(were )?found",
        r"you searched for",
        r"search (again|within results|tips)",
        r"(query|search) (returned|produced|gave|found|matched) (\d+|no|zero) (records|results|matches|hits|"
        r"items|documents|entries)",
        r"try (fewer|different|other|more general|broader) (keywords|search terms|words)",
        r"(weniger|andere|allgemeinere) suchbegriffe",
        r"(essayez|utilisez) d'autres mots-clés",
        r"aucun (document|résultat|élément|article) ne correspond",
        r"\d+ réponses? pour",
        r"(pruebe|intente|prueba) (con )?otr[ao]s (palabras|términos)",
        r"suchergebnisse",
        r"ihre suche (nach .{1,80} )?(ergab|lieferte)",
        r"\d+ (treffer|ergebnisse) (für|zu)",
        r"keine (treffer|ergebnisse)",
        r"suche (verfeinern|eingrenzen)",
        r"meinten sie",
        r"sortieren nach:? "
        r"(relevanz|datum)",
        r"résultats? de (la )?recherche",
        r"\d+ résultats? (pour|correspondant)",
        r"aucun résultat",
        r"votre recherche (pour .{1,80} )?(a donné|n'a donné|ne correspond)",
        r"affiner (votre|la) recherche",
        r"vouliez-vous dire",
        r"trier par:? (pertinence|date)",
        r"resultados de (la )?búsqueda",
        r"\d+ resultados? (para|de)",
        r"no se (han )?encontrado resultados",
        r"(tu|su) búsqueda (de .{1,80} )?(no )?(ha )?(produjo|devolvió|obtuvo|coincide)",
        r"refinar (la|su|tu) búsqueda",
        r"quizás quisiste decir",
        r"ordenar por:? (relevancia|fecha)",
        r"risultati (della ricerca|per)",
        r"zoekresultaten",
        r"resultados da pesquisa",
        # Polish and Swedish (general forms)
        r"wyniki wyszukiwania( dla)?",
        r"(znaleziono|brak) (\d+ )?wynik(ów|i)? (dla|wyszukiwania)",
        r"(dla|na) (zapytania|hasła|frazy) [\"„”]?",
        r"sökresultat( för)?",
        r"\d+ (träffar|träff|resultat) (för|på)",
        r"visar \d+[–-]\d+ av \d+",
        r"(din sökning|sökningen) (på|efter|gav)",
        r"(inga|fler) (träffar|sökresultat)",
        r"søgeresultater( for)?",
        r"søkeresultater( for)?",
        r"\d+ (resultater|treff) (for|på)",
        r"a collection of \d+ (posts|articles|stories|entries)",
        r"\d+ (posts|articles|stories|entries) (tagged|filed under|in (the )?(category|tag))",
        r"(tag|category) archives?:",
    ),
    control=_p(
        r"^(search|suchen|rechercher|buscar|cerca|zoeken)$",
        r"^(next|weiter|suivant|siguiente) ?(page)?"
        r" ?(›|»|>)?$",
        r"^(load|show) more results",
    ),  # fmt: skip
    names=_p(
        r"search-?results?",
        r"searchresults?",
        r"result-?(list|item|count)",
        r"serp",
        r"search-?hits?",
        r"results-?(list|page)",
        r"suchergebnis",
    ),  # fmt: skip
)

PARKED = Lexicon(
    title=_p(
        r"(domain|domain name) (is )?(for sale|available|parked|zum verkauf|à vendre|en venta|a la venta)",
        r"is for sale",
        r"buy (this|the) domain",
        r"^parked",
        r"domain (parking|default page)",
        r"(future home of|coming soon|under construction)",
        r"this domain (has been|is) registered",
        r"domain kaufen",
        r"zu verkaufen",
        r"hier entsteht",
        r"domaine (à vendre|en vente|réservé)",
        r"site en construction",
        r"dominio (en venta|a la venta|registrado)",
        r"en construcción",
    ),
    text=_p(
        r"(domain|domäne) kann (erworben|gekauft) werden",
        r"kontaktieren sie den (inhaber|eigentümer)",
        r"contact the (owner|seller)",
        r"contacter le propriétaire",
        r"(domaine|nom de domaine) (peut|pourrait) être (acheté|acquis|vendu)",
        r"(dominio|nombre de dominio) (puede|podría) (ser adquirido|comprarse|adquirirse)",
        r"(is|est|está|ist) (available|disponible|verfügbar) (for|à la|para la|zum) "
        r"(purchase|vente|compra|kauf)",
        r"(this|the) domain( name)? .{0,40}(is|may be|might be) (for sale|available for (purchase|sale))",
        r"buy (this|the) domain",
        r"domain (name )?(is )?for sale",
        r"(make|submit) an offer",
        r"(inquire|enquire|ask) about (this|the) domain",
        r"this domain (has been|was|is) (registered|parked|"
        r"reserved)",
        r"domain (has been|was) registered (at|with|by|through)",
        r"(free )?(domain )?parking",
        r"parked (free|domain|by)",
        r"related (searches|links|search terms)",
        r"sponsored (listings|links)",
        r"this (web ?page|site|domain) is parked",
        r"get this domain",
        r"the (owner|registrant) of this "
        r"domain",
        r"(premium|expired) domains?",
        r"(future home of|coming soon|under construction)",
        r"(lease|rent) to own",
        r"secure (checkout|transfer)",
        r"domain (transfer|escrow)",
        r"(is |are )?"
        r"(offering|offered|listed) (it |this domain |the domain )?for sale",
        r"asking price",
        r"diese domain (steht |ist )?(zum verkauf|zu verkaufen|kaufen)",
        r"domain kaufen",
        r"(diese|die) domain (wurde|ist) (registriert|reserviert|geparkt)",
        r"hier entsteht",
        r"(diese|die) domain wurde .{0,40}(registriert|reserviert)",
        r"wunschdomain",
        r"this domain (was|has been) (just |recently )?registered (for|by|on behalf)",
        r"ähnliche (suchbegriffe|suchen)",
        r"geparkte domain",
        r"ce (nom de )?domaine (est|pourrait être) (à vendre|en vente|disponible)",
        r"acheter ce (nom de )?domaine",
        r"nom de domaine (à vendre|en vente)",
        r"faire une offre",
        r"ce (nom de )?domaine a été (réservé|"
        r"enregistré|parqué)",
        r"recherches (associées|liées)",
        r"site en (construction|préparation)",
        r"este dominio (está|puede estar) (a la venta|en venta|disponible)",
        r"comprar este dominio",
        r"dominio en venta",
        r"haga una oferta|hacer una oferta",
        r"este dominio (ha sido|fue|está) "
        r"(registrado|reservado|aparcado|estacionado)",
        r"búsquedas relacionadas",
        r"en construcción",
        r"questo dominio è in vendita",
        r"dit domein is te koop",
        # Polish and Swedish (general forms)
        r"(ta |niniejsza )?domena (jest |może być )?(na sprzedaż|do kupienia|wystawiona na sprzedaż)",
        r"(ta )?domena (została zarejestrowana|jest zaparkowana|wygasła|jest utrzymywana)",
        r"(kup|zakup) (tę|tą) domenę",
        r"strona (jest )?w budowie",
        r"(domänen|den här domänen|denna domän) (är )?(till salu|registrerad (hos|via|av)|parkerad|"
        r"har gått ut|har löpt ut)",
        r"köp (den här|denna) domän",
        r"(webbplatsen|sidan) är under (uppbyggnad|konstruktion)",
        r"(dette|domænet|domenet|dette domæne|dette domenet) (er )?til salg",
        r"(køb|kjøp) (dette domæne|dette domenet|domænet|domenet)",
    ),
    control=_p(
        r"buy (now|this domain|domain)",
        r"make (an )?offer",
        r"(jetzt )?kaufen",
        r"angebot "
        r"(machen|abgeben)",
        r"acheter",
        r"faire une offre",
        r"comprar",
        r"hacer (una )?oferta",
        r"get (this|the) domain",
        r"inquire now",
    ),  # fmt: skip
    names=_p(
        r"parking",
        r"parked",
        r"domain-?(sale|for-?sale|buy|offer|listing|info)",
        r"for-?sale",
        r"sedo",
        r"bodis",
        r"lander",
        r"relatedsearch",
        r"related-?(searches|links)",
    ),  # fmt: skip
    hosts=_p(
        r"sedo(parking)?\.com",
        r"bodis\.com",
        r"parkingcrew\.net",
        r"above\.com",
        r"\bdan\.com",
        r"afternic\.com",
        r"hugedomains\.com",
        r"domainmarket\.com",
        r"undeveloped\.com",
        r"sav\.com",
        r"uniregistry\.com",
        r"parklogic\.com",
        r"domainsponsor\.com",
        r"fabulous\.com",
        r"godaddy\.com/domain",
        r"domainnameshop",
        r"squadhelp\.com",
        r"brandbucket\.com",
        r"atom\.com",
        r"namecheap\.com/domains",
        r"domains?\.google",
        r"skenzo\.com",
        r"voodoo\.com",
        r"dsparking",
        r"parking\.(reg|ovh|ionos|strato)",
    ),  # fmt: skip
)

CONSENT = Lexicon(
    title=_p(
        r"^(before you continue|cookie (consent|settings|policy|preferences)|privacy (settings|choices|"
        r"preferences|center|centre)|consent|we value your privacy|your privacy|cookies? (on|auf)|"
        r"datenschutz(einstellungen|hinweis)?|einwilligung|zustimmung|ihre privatsphäre|cookie-einstellungen|"
        r"gestion des cookies|vos choix|votre vie privée|paramètres (des cookies|de confidentialité)|"
        r"consentement|configuración de cookies|tu privacidad|su privacidad|consentimiento|privacy)",
        # Polish and Swedish (general forms)
        r"(szanujemy|dbamy o) (twoją )?prywatność",
        r"ustawienia (prywatności|cookies)",
        r"(vi|vi och våra partner) (värnar om|bryr oss om) din integritet",
        r"cookie-?inställningar",
    ),
    text=_p(
        r"we use cookies",
        r"this (web)?site uses cookies",
        r"uses cookies to",
        r"accept (all|all cookies|"
        r"cookies)",
        r"reject all",
        r"manage (your )?(cookie |privacy )?(preferences|settings|choices|consent|"
        r"options)",
        r"cookie (settings|preferences|policy)",
        r"we and our (\d+ )?(partners|vendors)",
        r"your privacy choices",
        r"consent to (the use of )?(cookies|our)",
        r"before you continue",
        r"privacy settings",
        r"store and/or access information on a device",
        r"legitimate interest",
        r"personali[sz]ed (ads|advertising|content)",
        r"by clicking [\"“']?(accept|agree|i agree|ok)",
        r"(with|without) (your )?consent",
        r"(necessary|essential|functional|marketing|analytics) cookies",
        r"continue (to the site )?(with|without) (accepting|ads|advertising)",
        r"(read|continue) (for free )?"
        r"with (ads|advertising)",
        r"ad-free (subscription|reading)",
        r"wir (verwenden|nutzen|setzen) cookies",
        r"(diese|unsere) (web)?seite (verwendet|nutzt) cookies",
        r"alle (akzeptieren|ablehnen|annehmen)",
        r"cookie-?einstellungen",
        r"zustimmen und weiter",
        r"ihre (einwilligung|zustimmung)",
        r"(einwilligung|zustimmung) (in|zur|zu|für) (die )?(verwendung|"
        r"verarbeitung|cookies|datenverarbeitung|nutzung)",
        r"datenschutzeinstellungen",
        r"wir und unsere (\d+ )?(partner|drittanbieter)",
        r"personalisierte "
        r"(werbung|anzeigen|inhalte)",
        r"(mit|ohne) werbung (weiter)?lesen",
        r"werbefrei (lesen|nutzen)",
        r"pur-?abo",
        r"(mit|ohne) werbe-?tracking",
        r"wie gewohnt mit werbung",
        r"nur (notwendige|essenzielle|"
        r"erforderliche) cookies",
        r"einstellungen (verwalten|anpassen)",
        r"ihre privatsphäre",
        r"akzeptieren und weiter",
        r"nous (utilisons|utilisions) des cookies",
        r"ce site (web )?utilise des cookies",
        r"tout (accepter|"
        r"refuser)",
        r"continuer sans accepter",
        r"(paramétrer|personnaliser|gérer) (les |mes |vos )?(cookies|"
        r"choix|préférences)",
        r"nous et nos (\d+ )?partenaires",
        r"votre consentement",
        r"vos choix",
        r"accepter et "
        r"(continuer|fermer)",
        r"votre vie privée",
        r"publicités? personnalisées?",
        r"(utilizamos|usamos) cookies",
        r"este sitio (web )?(utiliza|usa) cookies",
        r"aceptar (todas|todo|"
        r"cookies)",
        r"rechazar (todas|todo)",
        r"configurar cookies",
        r"(nosotros y )?nuestros (\d+ )?socios",
        r"(tu|su) consentimiento",
        r"(tu|su) privacidad",
        r"aceptar y (continuar|cerrar)",
        r"gestionar "
        r"(preferencias|cookies|opciones)",
        r"publicidad personalizada",
        r"utilizziamo i cookie",
        r"accetta tutti",
        r"rifiuta tutti",
        r"wij gebruiken cookies",
        r"alles accepteren",
        r"utilizamos cookies",
        # Polish and Swedish (general forms)
        r"(szanujemy|dbamy o) (twoją )?prywatność",
        r"(potrzebujemy|prosimy o) (twojej )?zgod",
        r"(plików|pliki|plikach) cookies?",
        r"(naszych )?(\d+ )?zaufanych partnerów",
        r"przetwarzanie (twoich )?danych osobowych",
        r"(akceptuję|zgadzam się|wyrażam zgodę)( i przechodzę)?",
        r"(vi|vi och våra (\d+ )?partner(s)?) (använder|lagrar|behöver) (cookies|kakor)",
        r"(godkänn|acceptera|neka) (alla )?(cookies|kakor)",
        r"(ditt|ert) samtycke",
        r"hantera (dina )?(inställningar|cookies|kakor|val)",
        r"(behandla|behandling av) (dina )?personuppgifter",
        r"vi (og vores partnere |og våre partnere )?(bruger|bruker) (cookies|informasjonskapsler)",
        r"(accepter|tillad|godta|avvis) (alle|alt)( cookies)?",
        r"(dit|ditt) samtykke",
    ),
    control=_p(
        r"^(accept|agree|i agree|allow|ok|got it)( all| cookies| and (continue|close))?[.!]?$",
        r"^(reject|decline|refuse)( all)?",
        r"^(manage|customi[sz]e|more) (options|settings|"
        r"preferences)",
        r"^alle (akzeptieren|ablehnen)",
        r"^akzeptieren",
        r"^zustimmen",
        r"^einstellungen",
        r"^tout (accepter|refuser)",
        r"^accepter",
        r"^continuer sans accepter",
        r"^paramétrer",
        r"^aceptar",
        r"^rechazar",
        r"^configurar",
        r"^accetta",
        r"^rifiuta",
        # Polish and Swedish (general forms)
        r"^(akceptuję|zaakceptuj|zgadzam się|przejdź do serwisu|odrzuć wszystkie)",
        r"^(godkänn|acceptera|jag godkänner|neka|avvisa alla)",
        r"^(accepter alle|tillad alle|godta alle|afvis alle|avvis alle)",
    ),  # fmt: skip
    names=_p(
        r"cookie-?(banner|consent|wall|notice|dialog|overlay|bar|popup|modal|law|box|layer)",
        r"consent-?(banner|wall|dialog|overlay|modal|manager|layer|popup|box)",
        r"onetrust",
        r"didomi",
        r"^cmp(?!_)",  # a consent-management platform's box; "cmp_…" names Open Journal Systems' components
        r"-cmp\b",
        r"qc-cmp",
        r"sp_message",
        r"gdpr",
        r"usercentrics",
        r"cybotcookiebot",
        r"cookiebot",
        r"truste",
        r"trustarc",
        r"cmpbox",
        r"consentmanager",
        r"iubenda",
        r"klaro",
        r"borlabs",
        r"complianz",
        r"cky-consent",
        r"cookieconsent",
        r"cc-window",
        r"privacy-?(wall|"
        r"banner|manager)",
        r"fc-consent",
        r"fides",
    ),  # fmt: skip
    hosts=_p(
        r"cookielaw\.org",
        r"onetrust\.com",
        r"privacy-center\.org",
        r"privacy-mgmt\.com",
        r"usercentrics\.eu",
        r"cookiebot\.com",
        r"consensu\.org",
        r"quantcast\.com",
        r"trustarc\.com",
        r"consentmanager\.net",
        r"iubenda\.com",
        r"didomi\.io",
        r"sourcepoint",
        r"consent\.google",
        r"fundingchoicesmessages\.google\.com",
        r"cookieyes\.com",
        r"termly\.io",
    ),  # fmt: skip
)

PAYWALL = Lexicon(
    title=_p(
        r"^(sign in|log ?in|login|sign on|log on|subscribe|subscription required|subscriber (only|exclusive)|"
        r"register|create (an|your) account|members only|access restricted|access denied\b.{0,10}subscri|"
        r"anmelden|einloggen|abonnieren|registrieren|se connecter|connexion|abonnez-vous|s'abonner|"
        r"iniciar sesión|inicia sesión|suscr[ií]bete|acceder|entrar)\b",
        r"(subscribe|subscription) to (read|continue)",
        r"(log ?in|sign in) (to|or sign up)",
        r"réservé aux abonnés",
        r"exclusivo para suscriptores",
        r"nur für abonnenten",
    ),
    text=_p(
        r"subscribe (now |today )?to (continue|read|keep reading|unlock|get (full |unlimited )?access|see)",
        r"to continue reading",
        r"continue reading (this article|with|for)",
        r"(for|exclusive to|available "
        r"(only )?to|reserved for) (paying |paid |premium |digital |our )?subscribers",
        r"(this|the) (page|article|post|story|content|piece|one|issue|section)('s| is) (only )?(for|reserved "
        r"for|open to|available to) ([\w+-]+ ){0,2}(members|subscribers|supporters)\b",
        r"not a (member|subscriber) yet",
        r"unlock (this|the) (post|report|piece|feature|interview|episode)",
        r"(unseren |den )?(vereins)?mitgliedern vorbehalten",
        r"(débloquez|débloquer) (cet|l'|ce) (article|reportage|contenu)",
        r"devenez (membre|abonné)",
        r"desbloquea (este|esta|el|la) (artículo|reportaje|noticia|contenido)",
        r"(hazte|hágase) (socio|suscriptor|miembro)",
        r"noch kein (mitglied|abonnent)",
        r"pas encore (membre|abonné)",
        r"¿no eres (socio|suscriptor|miembro)",
        r"(alleen|uitsluitend) (zichtbaar |beschikbaar |toegankelijk )?voor (leden|abonnees)",
        r"nog geen (lid|abonnee)",
        r"heb je al een account",
        r"maak (een )?gratis (een )?account aan",
        r"(only|exclusively) "
        r"(available )?(for|to) (registered |paying )?members",
        r"members[- ]only",
        r"subscribers only",
        r"already (a subscriber|have an account|subscribed|a member)",
        r"(sign|log) ?in to (continue|read|view|access|see|watch|comment)",
        r"create a free account",
        r"register (for free |now )?to (continue|read|keep|view)",
        r"you('ve| have) reached your (free |monthly )?"
        r"(article )?limit",
        r"free articles? (left|remaining)",
        r"this (article|content|story|page) is "
        r"(for|only available to|reserved for|exclusive to) (subscribers|members|registered)",
        r"unlock (this|full|unlimited) (article|access|story)",
        r"forgot (your )?password",
        r"remember me",
        r"start your (free )?trial",
        r"subscription required",
        r"members only",
        r"access (through|via) your (institution|library|organi[sz]ation)",
        r"log ?in (via|through) (an|your) "
        r"institution",
        r"access (this|the full) (article|chapter|content|paper)",
        r"instant access to the full",
        r"(purchase|buy|rent) (this )?"
        r"(article|chapter|pdf|issue|access)",
        r"get (full )?access",
        r"access options",
        r"institutional "
        r"(login|access|subscription)",
        r"you do not (currently )?have access",
        r"(requires|need|must) (you to )?be (registered|logged in|signed in)",
        r"check (for )?access",
        r"log in (or|and) "
        r"(sign up|create|register|subscribe)",
        r"(see|view) more (on|from) (facebook|instagram|x|twitter|"
        r"linkedin|tiktok|pinterest)",
        r"join (now |today )?to (see|view|read)",
        r"(you must|please|need to) "
        r"(be logged|log|sign) in to (read|view|see|continue|access|watch)",
        r"login required",
        r"(premium|plus|exclusive) (content|article|story)",
        r"read the full (article|story) (with|for)",
        r"(become|join as) a (member|subscriber)",
        r"(don't|do not) have an account",
        r"new to [a-z]+\?",
        r"sign up (to|for) (see|read|continue)",
        r"(jetzt )?(weiter)?lesen mit",
        r"jetzt (abonnieren|abonnement|testen)",
        r"abo (abschließen|wählen)",
        r"(bereits|schon) (abonnent|abonniert|registriert)",
        r"zugang über ihre (einrichtung|institution|"
        r"bibliothek)",
        r"artikel kaufen",
        r"(exklusiv|nur) für (abonnenten|abonnentinnen|mitglieder)",
        r"(dieser|der) artikel ist (nur )?für",
        r"(kostenlos )?registrieren sie sich",
        r"um (diesen|den) "
        r"(artikel|beitrag) (vollständig |komplett |weiter)?zu lesen",
        r"plus-?artikel",
        r"melden sie sich an,? "
        r"um (den|diesen|das|dieses) (artikel|beitrag|thema|inhalt)",
        r"(bitte )?melden sie sich an oder "
        r"registrieren",
        r"nur für angemeldete",
        r"passwort vergessen",
        r"angemeldet bleiben",
        r"anmelden oder registrieren",
        r"(cet article est )?réservé aux (abonnés|membres)",
        r"déjà abonné",
        r"abonnez-vous",
        r"connectez-vous (pour|afin d'|afin de )(lire|continuer|accéder|voir)",
        r"pour lire la suite",
        r"lire la suite (de l'article|avec)",
        r"il vous reste \d+ ?% de (cet|l')article",
        r"accès (réservé|abonnés?|illimité)",
        r"mot de passe oublié",
        r"créer (un|votre) compte",
        r"acheter (l'|cet )?article",
        r"accès (via|par) votre (établissement|institution)",
        r"se souvenir de moi",
        r"(este artículo es |contenido )?exclusivo para (suscriptores|socios|miembros)",
        r"¿ya eres (suscriptor|socio|miembro)",
        r"suscr[ií]bete (para|ahora|y)",
        r"inicia sesión para (seguir|"
        r"continuar|leer|ver)",
        r"para (seguir|continuar) leyendo",
        r"sigue leyendo en",
        r"(los )?invitados no pueden (leer|ver)",
        r"tienes que estar registrado",
        r"(inicia sesión|regístrate|entra) (o|y) crea una cuenta",
        r"contenido (exclusivo|premium)",
        r"regístrate (para|gratis)",
        r"¿olvidaste tu contraseña",
        r"comprar (el |este )?artículo",
        r"acceso a través de (su|tu) institución",
        r"recordarme",
        r"riservato agli abbonati",
        # general forms of batches 5–7's teaser walls (fr, es, pt, it, nl)
        r"(vous avez|tu as) déjà un compte",
        r"pour (poursuivre|continuer) (votre|la) lecture",
        r"¿ya tienes (una )?cuenta",
        r"(leíste|has leído|ha leído) (tus|sus) \d+ (notas|artículos|noticias) gratis",
        r"quiero suscribirme",
        r"já (tem|tens) (uma )?conta",
        r"torne-se assinante",
        r"(exclusivo|reservado) (para|a|aos) assinantes",
        r"sei già abbonato",
        r"(abbonati|accedi) per (continuare|leggere)",
        r"lees verder met",
        r"heb je al een abonnement",
        r"log in om (verder )?te lezen",
        r"alleen voor (abonnees|leden)",
        # Polish and Swedish (general forms)
        r"(dostępn[yaeo] |tylko |wyłącznie )+dla (naszych )?(prenumeratorów|abonentów|subskrybentów|"
        r"zalogowanych|zarejestrowanych|członków)",
        r"(wykup|kup|zamów) (dostęp|prenumeratę|abonament|subskrypcję)",
        r"mam już (abonament|prenumeratę|konto|subskrypcję)",
        r"masz już (abonament|prenumeratę|konto|subskrypcję)",
        r"(zaloguj się|zarejestruj się|zaloguj),? (aby|by|żeby) (przeczytać|czytać|zobaczyć|kontynuować|"
        r"uzyskać)",
        r"musisz (się zalogować|być zalogowany|być zarejestrowany)",
        r"(nie pamiętasz|zapomniałeś|zapomniałaś) hasła",
        r"zapamiętaj mnie",
        r"(treść|artykuł|materiał|analiza) (premium|płatn[yaeo]|dostępn[yaeo] dla)",
        r"nie (jesteś|masz) jeszcze (członkiem|abonentem|prenumeratorem|konta)",
        r"bli (vår )?prenumerant",
        r"(är du redan|redan) (prenumerant|medlem|kund)",
        r"logga in (för att|och) (läsa|fortsätta|se|ta del)",
        r"(bara|endast) (tillgänglig(t|a)? )?(för|till) (medlemmar|prenumeranter|inloggade|betalande)",
        r"(den här|denna) (artikel(n)?|sida(n)?|text(en)?|nyhet(en)?) (ingår i|är (bara|"
        r"endast) (tillgänglig )?för)",
        r"inte medlem (än|ännu)",
        r"glömt (ditt )?lösenord(et)?",
        r"kom ihåg mig",
        r"köp (en )?(prenumeration|artikeln|tillgång|medlemskap)",
        r"(är du redan|redan) [\w-]*(prenumerant|medlem|kund)",
        r"har du redan (en )?(prenumeration|konto|plus)",
        r"bli [\w]+-(prenumerant|kund|medlem)\b",
        # Danish and Norwegian (general forms)
        r"(er du )?allerede (abonnent|medlem|kunde)",
        r"(log ind|logg inn) for at (læse|fortsætte|se)",
        r"(logg inn|log ind) for å (lese|fortsette|se)",
        r"(kun|bare) for (abonnenter|medlemmer|betalende)",
        r"(bliv|bli) abonnent",
        r"(køb|kjøp) (et )?abonnement",
        # premium boxes of any brand: "Already Premium?", "available to StockWise Premium members"
        r"already (a )?(paid |paying |premium |plus |digital )(subscriber|member)",
        r"already (premium|plus|pro|a plus member)\?",
        r"available (only |exclusively )?to ([\w'-]+ ){0,3}(premium|plus|pro|paying|paid) "
        r"(members|subscribers|customers)",
        r"start (a |your )?(\d+[- ]day (free )?|free )trial",
        r"unlock (this|the) (analysis|research|note|briefing|newsletter|column|story|video|issue|report)",
    ),
    control=_p(
        r"^(subscribe|sign in|sign up|log ?in|register|join|get access|buy (article|pdf|access)|"
        r"access through your institution|start (free )?trial|continue with (google|facebook|apple|"
        r"email))",
        r"^(abonnieren|jetzt abonnieren|anmelden|einloggen|registrieren|artikel kaufen|"
        r"jetzt testen)",
        r"^(s'abonner|je m'abonne|abonnez-vous|se connecter|connexion|créer un "
        r"compte)",
        r"^(suscr[ií]birse|suscr[ií]bete|iniciar sesión|inicia sesión|entrar|"
        r"registrarse|regístrate)",
        # Polish and Swedish (general forms)
        r"^(zaloguj|zarejestruj|wykup|kup dostęp|subskrybuj|zamów prenumeratę)",
        r"^(logga in|bli prenumerant|prenumerera|registrera|köp)",
    ),  # fmt: skip
    names=_p(
        r"paywall",
        r"piano-",
        r"tp-(modal|container|backdrop)",
        r"regwall",
        r"subscriber-?only",
        r"meter-?(wall|modal|banner)",
        r"login-?(form|wall|box|modal|gate)",
        r"signin-?(form|modal|wall)",
        r"premium-?(wall|barrier|gate|overlay)",
        r"subscription-?(wall|gate|prompt|modal)",
        r"gate-?"
        r"(keeper|modal)",
        r"access-?(options|wall|denied)",
        r"purchase-?options",
        r"plus-?(wall|teaser)",
        r"abo-?(wall|teaser|box)",
        r"offer-?wall",
    ),  # fmt: skip
    hosts=_p(r"tinypass\.com", r"piano\.io", r"poool\.fr", r"cleeng", r"zephr", r"laterpay"),
)

BOT_CHECK = Lexicon(
    title=_p(
        r"^(just a moment|attention required|robot check|are you (a )?(robot|human)|access denied|security "
        r"check|checking your browser|captcha|please verify|human verification|pardon our interruption|"
        r"one more step|bot verification|ddos-guard|verify you are human|request (blocked|rejected)|"
        r"you have been blocked|access to this page has been denied|sicherheitsüberprüfung|"
        r"vérification de sécurité|êtes-vous un robot|verificación de seguridad|¿eres un robot|"
        r"un instant|einen moment|un momento)",
    ),
    text=_p(
        r"(confirmer|prouver|vérifier) que vous (êtes|n'êtes pas) "
        r"(un être humain|humain|une personne|un robot)",
        r"(bestätigen|beweisen) sie, dass sie (ein mensch|kein (roboter|bot))",
        r"(confirma|demuestra|verifica) que (eres|no eres) (humano|una persona|un robot)",
        r"verify (that )?you are (a )?human",
        r"checking (if the site connection is secure|your browser)",
        r"are you a (robot|human)",
        r"not a robot",
        r"unusual traffic from your (computer|network)",
        r"complete the security check",
        r"press (&|and) hold",
        r"enable javascript and cookies to continue",
        r"\bcaptcha\b",
        r"prove you('| a)re (a )?human",
        r"automated (access|queries|requests|traffic)",
        r"bot protection",
        r"ray id",
        r"request unsuccessful\. incapsula",
        r"why (have i|am i) (been )?blocked",
        r"this website is using a security service",
        r"performance (&|and) security by",
        r"ddos protection by",
        r"please (wait|stand by) while we (verify|check)",
        r"(solve|complete) (this|the) (puzzle|challenge)",
        r"select all (images|squares|pictures) with",
        r"(click|tick) the (box|checkbox)",
        r"to continue, please "
        r"(verify|confirm|complete|type)",
        r"we need to (make sure|verify|confirm) (that )?you('re| are) "
        r"(not a (bot|robot)|a (human|real person))",
        r"using automation tools",
        r"your request (has been|was) "
        r"blocked",
        r"(browser|security) check",
        r"type the characters (you see|in the image)",
        r"(so we know|to (confirm|"
        r"prove|verify|show)|make sure) (that )?you('re| are) (a (real )?person|a human|human|"
        r"not a (bot|robot|"
        r"machine))",
        r"automated program",
        r"(unusual(ly high)?|suspicious|high) (number of requests|traffic|activity) from your",
        r"(sent|made) by you and not by",
        r"answer the question below",
        r"(a lot of|many|too many|so many) requests from your (network|ip|computer|connection)",
        r"(a )?person at the keyboard",
        r"(ungewöhnlich viele|verdächtige) (anfragen|zugriffe)",
        r"(trafic|activité) (inhabituel|suspect)",
        r"(tráfico|actividad) (inusual|sospechos)",
        r"complete the (check|challenge|test|puzzle) below",
        r"bitte bestätigen sie, dass sie (ein mensch|kein roboter)",
        r"kein roboter",
        r"sicherheitsüberprüfung",
        r"ungewöhnliche[nr]? (datenverkehr|aktivität)",
        r"wir müssen (sicherstellen|überprüfen)",
        r"vérification de sécurité",
        r"(êtes-vous|vous n'êtes pas) un robot",
        r"(vérifier|confirmer) que vous "
        r"(êtes (un )?humain|n'êtes pas un robot)",
        r"trafic inhabituel",
        r"verificación de seguridad",
        r"(eres|no eres) un robot",
        r"(verificar|confirma(r)?) que (eres (un )?humano|no eres un robot)",
        r"tráfico inusual",
        r"non sono un robot",
        r"geen robot",
        # Polish and Swedish (general forms)
        r"(potwierdź|udowodnij),? że (jesteś człowiekiem|nie jesteś robotem)",
        r"nie jestem robotem",
        r"sprawdzamy (twoją przeglądarkę|twoje połączenie|połączenie)",
        r"weryfikacja (bezpieczeństwa|przeglądarki|człowieka)",
        r"(bekräfta|verifiera|visa) att du (är en människa|inte är en robot)",
        r"jag är inte en robot",
        r"vi (kontrollerar|verifierar) (din webbläsare|din anslutning|anslutningen)",
    ),
    control=_p(
        r"^(i'?m not a robot|verify|i am human|continue|submit|try again)$",
        r"^ich bin (ein mensch|"
        r"kein roboter)",
        r"^je ne suis pas un robot",
        r"^no soy un robot",
    ),  # fmt: skip
    names=_p(
        r"captcha",
        r"challenge-(form|platform|running|body|stage|error)",
        r"cf-(challenge|browser-verif|"
        r"error|wrapper)",
        r"px-captcha",
        r"turnstile",
        r"ddos",
        r"bot-?(check|detect|protection)",
        r"human-?(check|verification)",
        r"cf_chl",
    ),  # fmt: skip
    hosts=_p(
        r"recaptcha",
        r"hcaptcha",
        r"challenges\.cloudflare\.com",
        r"captcha-delivery\.com",
        r"arkoselabs",
        r"funcaptcha",
        r"perimeterx",
        r"px-cdn",
        r"px-cloud",
        r"geetest",
        r"friendlycaptcha",
        r"incapsula",
        r"imperva",
        r"ddos-guard",
        r"sucuri",
        r"akamai.*bot",
    ),  # fmt: skip
)

# A paywall's teaser is prose, like a short article's: what tells them apart is that the paywall says the text
# goes on behind it.
TRUNCATED = _p(
    r"(to |and )?(continue|keep) reading",
    r"read (the )?(full|whole|rest of the) (article|story)",
    r"the rest of "
    r"(this|the) (article|story)",
    r"to read (this|the) (full |whole )?(article|story)",
    r"(this|the) (article|"
    r"story) (continues|is available) (for|to|with|after)",
    r"you('ve| have) reached your (free |monthly )?"
    r"(article |story )?limit",
    r"unlock (this|the full|full) (article|story|access)",
    r"(jetzt )?weiterlesen",
    r"(weiter|mehr) lesen mit",
    r"um (den|diesen|das|dieses) (artikel|beitrag|text) (vollständig |komplett |"
    r"weiter)?zu lesen",
    r"den ganzen artikel lesen",
    r"il vous reste \d+ ?%",
    r"la suite (de cet article )?est "
    r"réservée",
    r"pour lire la suite",
    r"lire la suite (de l'article|avec|en)",
    r"lire l'article (complet|en "
    r"entier)",
    r"para (seguir|continuar) leyendo",
    r"(lea|lee) (el artículo|la noticia) complet[oa]",
    r"le quedan? \d+ ?%",
    r"per continuare a leggere",
    r"verder lezen",
    r"pour (poursuivre|continuer) (votre|la) lecture",
    r"para continuar (a ler|lendo)",
    r"lees verder met",
    r"continua a leggere",
    r"(this|the) (full )?(post|article|story|piece|report) is (only )?"
    r"(for|available to|reserved for|exclusive to) (paying |paid |premium |digital )?(subscribers|members)",
    r"(the )?(rest|remainder) of (this|the) (post|article|story|piece|report) is",
    r"read on (with|for)",
    r"you('ve| have) (read|used) (all )?(of )?your \d+ free (articles|stories)",
    r"end of (what we can show|your free (preview|articles?))",
    r"lesen sie (jetzt )?(weiter|den (ganzen|vollständigen) (artikel|beitrag))",
    r"(der|den) (vollständigen|ganzen|kompletten) (artikel|beitrag) (lesen|gibt es|finden sie)",
    r"la suite (de cet article )?est (accessible|disponible|ouverte)",
    r"lisez la suite",
    r"(la suite de )?cet article est réservée? (aux|à nos) abonnés",
    r"(sigue|siga|continúa|continua) leyendo",
    r"(el resto|la continuación) de (este|esta|la) (artículo|noticia|información)",
    r"(continue|continua|continuar) (a ler|lendo)",
    r"leia (a (matéria|reportagem|notícia) completa|o (artigo|texto) completo)",
    r"(per )?(leggere|continuare a leggere) (tutto )?l'articolo",
    r"lees (het (hele|volledige) (artikel|verhaal)|(gratis |nu )?verder)",
    # Polish and Swedish (general forms); the rest of a paid post
    r"(upgrade|subscribe) to read the rest",
    r"read the rest of (this|the) (post|article|story)",
    r"(czytaj|przeczytaj) (dalej|całość|cały artykuł|więcej) (z|w|po)",
    r"(aby|by|żeby) (przeczytać|czytać) (dalej|całość|cały (artykuł|tekst)|resztę)",
    r"(dalsza|pozostała) część (artykułu|tekstu|materiału)",
    r"(läs|fortsätt läsa) (hela |resten av )?(artikeln|texten) (med|som|genom)",
    r"för att (läsa|fortsätta läsa) (vidare|hela|resten)",
    r"resten av (artikeln|texten)",
    r"fortsätt (att )?läsa med",
    r"vill du (fortsätta|läsa) (läsa|vidare|mer)",
    r"du har läst (alla )?(dina )?(\d+ )?(fria|gratis|kostnadsfria) artiklar",
    r"(læs|les) (hele |resten af |resten av )?(artiklen|artikkelen|historien) (med|som)",
    r"(fortsæt med at læse|fortsett å lese|for at læse videre|for å lese videre)",
)

# A meter counting the free articles a reader has opened or has left ("You have now viewed 3/10 free
# articles"): on a page with no paragraph of its own, the wall's (:func:`sidebot.sources.page_features`);
# beside a whole article, only a counter (the fit split's metered articles show one).
METERED = _p(
    r"you('ve| have) (now )?(viewed|read|opened|used) \d+ ?(/|of|out of) ?\d+ (free |complimentary )?"
    r"(articles|stories)",
    r"\d+ (of \d+ )?(free|complimentary) (articles?|stories|story) (left|remaining)",
    r"sie haben (bereits |schon |nun )?\d+ ?(/|von) ?\d+ (kostenlosen?|freien?|gratis) (artikel|beiträge)n?",
    r"(noch )?\d+ (kostenlose|freie|gratis) (artikel|beiträge) (übrig|frei|verfügbar)",
    r"(vous avez (lu|consulté)|il vous reste) \d+ ?(/|sur) ?\d+ articles? (gratuits?|offerts?)",
    r"il vous reste \d+ articles? (gratuits?|offerts?)",
    r"(has|ha) (leído|visto|consultado) \d+ ?(/|de) ?\d+ (artículos|noticias|notas) (gratis|gratuit[oa]s)",
    r"(te|le) quedan? \d+ (artículos?|noticias?|notas?) (gratis|gratuit[oa]s?)",
)

# What a wall offers or tells a reader around a teaser: a subscription, a trial, unlimited access, and the
# notices every page carries (turn off your ad blocker, log in to comment). A sentence with these words is not
# the article's own prose.
OFFERS = _p(
    r"subscri(be|bed|bing|ption|ptions|ber|bers)\b",
    r"free trial",
    r"unlimited (digital )?access",
    r"(ad ?-?block|werbeblocker|bloqueur de pub|bloqueador de anuncios)",
    r"(add|post|leave|write) a comment",
    r"\babo(nnement|nnieren|nnent|nnez|nné|nnés)?\b",
    r"probeabo|probemonat|essai gratuit|prueba gratuita|periodo de prueba",
    r"suscr[ií](bete|bir(se)?|pción|pciones|ptor|ptores)",
    r"assin(atura|ante|antes)\b",
    r"abbona(mento|ti|rsi)\b",
    r"abonnee|prenumer|subskrypc",
)

# The kinds a page's words and markup can show, in the order their wording is most specific.
LEXICONS: dict[str, Lexicon] = {
    "bot-check": BOT_CHECK,
    "parked": PARKED,
    "consent-wall": CONSENT,
    "media-unavailable": MEDIA_UNAVAILABLE,
    "search-results": SEARCH_RESULTS,
    "removed": REMOVED,
    "moved": MOVED,
    "paywall": PAYWALL,
    "gone": GONE,
}
