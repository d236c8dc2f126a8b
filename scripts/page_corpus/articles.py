"""The real articles of the page corpus: pages that *are* the source and must stay content.

Two kinds of text:

* written for this corpus (people, places and firms invented): the look-alikes that fool simple rules (an
  article about CAPTCHAs titled "Are you a robot?", an album called "Not Found", obituaries and stubs of a few
  dozen words, press releases, catalogue records, abstracts beside an access box, articles about paywalls,
  cookie banners, error pages, domain sales, retractions, removals and relocations, video pages with a
  transcript) and short ordinary news in German, French and Spanish;
* the prose of real Wikipedia articles (``tests/data/wikitext``, CC BY-SA 4.0), a few paragraphs each, as
  the body of ordinary news and blog pages in English and German.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import mwparserfromhell


@dataclass(frozen=True)
class Article:
    lang: str
    split: str
    headline: str
    paragraphs: tuple[str, ...]
    note: str  # what it is, and which wall it looks like
    decoration: str = ""  # a piece of page furniture it must carry (see build.py DECORATIONS)
    media: bool = False  # the page embeds a working player above the text


def _a(lang: str, split: str, note: str, headline: str, *paragraphs: str, decoration: str = "",
       media: bool = False) -> Article:  # fmt: skip
    return Article(lang, split, headline, paragraphs, note, decoration, media)


F, H = "fit", "held-out"

WRITTEN: tuple[Article, ...] = (
    # ---------------------------------------------------------------- English look-alikes
    _a("en", F, "article about CAPTCHAs (bot-check look-alike)", "Are you a robot? How CAPTCHAs learned to read us",
       "Every day, millions of people tick a box that says \"I'm not a robot\". Few of them know that the little "
       "test began as a research project at Carnegie Mellon University in 2000, when computer scientists "
       "looked for a task that people solve easily and programs do not.",
       "The first CAPTCHAs showed distorted letters. Later versions asked users to transcribe words from old "
       "books, which helped to digitise newspaper archives, and then to pick out traffic lights and buses in "
       "street photographs.",
       "Today most checks run silently in the background, scoring how a visitor moves the mouse. Researchers "
       "say the arms race will continue as image recognition improves, and accessibility groups warn that the "
       "puzzles still shut out blind and partially sighted users."),
    _a("en", H, "opinion piece about 'I am not a robot' boxes", "Why the 'I am not a robot' box keeps getting harder",
       "Anyone who has clicked on nine blurry squares of a crosswalk knows the feeling: the machine doubts you. "
       "Security engineers say the tests are getting harder because the programs they are meant to stop have "
       "become very good at solving them.",
       "A 2023 study found that automated solvers passed image challenges more often than people did, and "
       "faster. Several large sites have since moved to invisible checks that look at browsing behaviour "
       "instead.",
       "Privacy advocates are not happy with that either, since the invisible checks depend on tracking. For "
       "now, the humble checkbox remains the most common way to prove you are human."),
    _a("en", F, "album review titled with 'Not Found' (gone look-alike)", "Static Harbour – Not Found (album review)",
       "The fourth album by the Bristol trio Static Harbour takes its title from the error page its singer "
       "kept seeing while looking for an old demo online. Not Found is a record about loss, but it rarely "
       "sounds sad.",
       "The opening track builds from a single guitar figure into a wall of feedback, and the closing song, "
       "recorded in one take in a church hall, is the best thing the band has done. Only the middle stretch "
       "drags. Four stars."),
    _a("en", H, "film review titled 'Page Not Found' (gone look-alike)", "'Page Not Found' is a quiet thriller about an archivist",
       "Page Not Found, the second feature by director Ama Boateng, follows a municipal archivist who notices "
       "that records about a demolished housing estate are vanishing from the city's website one by one.",
       "The film takes its time, and some viewers will find the slow pace trying, but the final reel in the "
       "flooded basement of the records office is gripping. Lorna Hay is excellent in the lead."),
    _a("en", F, "short obituary (a few dozen words) with a cookie banner", "Margaret Ellison, 1931-2024",
       "Margaret Ellison, who taught mathematics at Riverside Grammar School for thirty-two years, died on 2 "
       "March at the age of 92. She founded the school's chess club in 1962 and coached three national junior "
       "champions. She is survived by her son, David, and two grandchildren. The funeral will be held at St "
       "Mary's Church on 15 March.", decoration="cookie-banner"),
    _a("en", H, "short obituary with a cookie banner", "Thomas Brandreth",
       "Thomas Brandreth, the harbour master of Kingsport from 1978 to 1999, has died aged 88. He oversaw the "
       "rebuilding of the north pier after the storm of 1987 and was appointed MBE in 2000. He leaves his "
       "wife, Ruth, and three daughters.", decoration="cookie-banner"),
    _a("en", F, "article about paywalls (paywall look-alike)", "Why regional newspapers are putting up paywalls",
       "Five years ago almost every regional newspaper in the country gave its journalism away online. Today "
       "more than half ask readers to pay after a handful of free articles each month.",
       "Publishers say advertising alone no longer pays for local reporting. \"Subscribers are now our main "
       "source of income,\" said the editor of the Kingsport Gazette, which introduced a metered paywall in "
       "2021 and has since signed up 9,000 digital subscribers.",
       "Critics argue that paywalls push readers towards free sources of lower quality. Some papers keep "
       "public-interest stories, such as flood warnings and election results, outside the paywall for that "
       "reason.",
       "Media analysts expect the trend to continue, though they note that most readers still refuse to pay "
       "for more than one news subscription."),
    _a("en", H, "reader's guide to paywalls", "Paywalls and the public: what readers should know",
       "Paywalls come in several forms. A hard paywall shows nothing without a subscription; a metered one "
       "lets readers see a few articles a month; a freemium site keeps only some stories for subscribers.",
       "Libraries often provide free access to newspapers through their websites, and many papers offer "
       "discounted rates to students. Readers who hit a limit can also look for the same story from a public "
       "broadcaster.",
       "Publishers argue that subscriptions fund reporting that advertising no longer supports."),
    _a("en", F, "article about 404 error pages (gone look-alike)", "The museum of broken links",
       "A small exhibition in Leeds is devoted entirely to web pages that no longer exist. Visitors walk past "
       "printed screenshots of famous error pages, from playful cartoons to stark grey text saying \"404 Not "
       "Found\".",
       "The curator, Imogen Hart, says the number refers to the HTTP status code a server sends when it cannot "
       "find a requested page. \"Every broken link is a small piece of lost history,\" she said.",
       "The exhibition also explains how web archives try to save pages before they disappear."),
    _a("en", H, "explainer about error 404", "What does it mean when a website says 404?",
       "When a browser asks a server for a page that is not there, the server answers with the status code "
       "404. Pages are removed, renamed or moved during redesigns, and links pointing to them break.",
       "Studies of academic papers have found that a large share of the web links cited in them stop working "
       "within a decade, a problem known as link rot. Archiving services can often recover an old copy."),
    _a("en", F, "article about cookie banners (consent look-alike)", "Cookie banners: what the new rules mean for websites",
       "Website owners will have to make rejecting cookies as easy as accepting them, under guidance published "
       "this week by the data protection regulator.",
       "Many sites currently show a large \"Accept all\" button and hide the option to refuse behind several "
       "menus. The regulator said this design does not meet the legal standard for consent.",
       "Businesses have until the end of the year to change their banners. Small firms said they would rely on "
       "their consent management providers to update the software.",
       "Privacy campaigners welcomed the guidance but said enforcement would be the real test."),
    _a("en", H, "article about 'accept all' clicks (consent look-alike)", "Most people click 'Accept all', study finds",
       "Nine out of ten visitors to news websites accept all cookies when asked, according to a study by "
       "researchers at Northgate University who observed 40,000 visits.",
       "When the reject button was placed on the first screen, the share accepting fell to six in ten. The "
       "researchers say banner design, not user preference, drives most choices.",
       "They recommend that regulators require a reject all button of the same size and colour."),
    _a("en", F, "short press release", "Harbour Authority appoints new chief engineer",
       "The Kingsport Harbour Authority has appointed Dr Sunita Rao as its chief engineer. Dr Rao joins from "
       "the Port of Eastmouth, where she led the replacement of the lock gates. She will take up the post on "
       "1 June and will oversee the £40 million repair of the north breakwater. Media enquiries: "
       "press@kingsport-harbour.example."),
    _a("en", H, "short press release", "Northfield Water announces new treatment plant",
       "Northfield Water will build a new treatment plant at Holme Lane, the company announced today. The "
       "plant will serve 60,000 homes and is due to open in 2027. Construction begins in September. A public "
       "exhibition of the plans will be held at Holme Village Hall on 12 and 13 May."),
    _a("en", F, "stub of a few dozen words", "Eel Brook",
       "Eel Brook is a stream in the county of Norfolk, England. It rises near the village of Saxby and flows "
       "for about six miles before joining the River Wensum. The brook gives its name to a nature reserve."),
    _a("en", H, "stub of a few dozen words", "Kestrel Island",
       "Kestrel Island is a small uninhabited island off the north coast of Anglesey. It is a breeding site "
       "for puffins and is owned by a wildlife trust. Landing is not allowed in the nesting season."),
    _a("en", F, "catalogue record (few words, many labels)", "The coastal towns of Norfolk",
       "The coastal towns of Norfolk / by A. R. Hale.",
       "Published: Norwich : Broadland Press, 1987. Description: 214 p. : ill., maps ; 24 cm. ISBN: "
       "0907621457. Subjects: Norfolk (England) -- History, Local. Seaside resorts -- England -- Norfolk. "
       "Notes: Includes bibliographical references and index.", decoration="catalogue"),
    _a("en", H, "catalogue record (few words, many labels)", "Saltmarsh ecology : a field guide",
       "Saltmarsh ecology : a field guide / J. Okafor ; illustrated by P. Lind.",
       "Publisher: Cambridge : Fenland Books, 2004. Physical description: xii, 180 p. : col. ill. ; 21 cm. "
       "ISBN 9780954221305. Subject: Salt marsh ecology -- Great Britain. Available at: Central Library, "
       "Reference, 577.69 OKA.", decoration="catalogue"),
    _a("en", F, "journal abstract beside an access box (paywall look-alike)", "Sediment transport in a macrotidal estuary",
       "Abstract",
       "We measured suspended sediment concentrations at twelve stations in the Kingsport estuary over two "
       "spring-neap cycles. Sediment flux was dominated by tidal pumping during spring tides, while river "
       "discharge controlled export during neap tides.",
       "A simple box model reproduces the observed seasonal pattern of net import in summer and export in "
       "winter. The results suggest that dredging of the navigation channel has increased the estuary's "
       "capacity to trap fine sediment by about 15 percent since 1990.", decoration="access-box"),
    _a("en", H, "journal abstract beside an access box", "Seasonal nitrogen cycling in a restored salt marsh",
       "Abstract",
       "Restored salt marshes are expected to remove nitrogen from coastal waters, but few studies have "
       "measured how removal changes with the seasons. We sampled porewater and sediment cores monthly for "
       "two years at a marsh restored in 2009.",
       "Denitrification peaked in late summer and was lowest in February. Annual removal was about two thirds "
       "of that measured at a nearby natural marsh, and the gap narrowed with time since restoration.",
       decoration="access-box"),
    _a("en", F, "news about a company relocating (moved look-alike)", "Printing firm moves headquarters to Leeds",
       "Hartley & Sons, the family printing company founded in Riverside in 1921, has moved its headquarters "
       "to a new site in Leeds. The firm said the old works had become too small for its new presses.",
       "About 80 jobs have moved with the company, and a further 30 will be created over the next two years. "
       "The former works on Mill Street will be converted into flats."),
    _a("en", H, "news about a library relocating", "Library has moved to the old post office",
       "Eastfield's public library has reopened in the former post office on Market Street after a two-year "
       "conversion. The new building has twice the floor space of the old one and a children's room with a "
       "view of the square.",
       "The library's opening hours are unchanged. Books borrowed from the old building can be returned at "
       "the new address."),
    _a("en", F, "news about a domain sale (parked look-alike)", "Domain name sold for record sum",
       "A two-letter internet domain has been sold for $3.2 million, the highest price paid for a domain name "
       "this year, according to an industry newsletter.",
       "The buyer, a payments company, said it wanted a short address that customers could remember. The "
       "seller had registered the name in 1996 and had refused several earlier offers.",
       "Brokers say short domains have become scarce as more companies move their business online."),
    _a("en", H, "article about domain squatting", "How domain squatters make money",
       "Domain speculators register thousands of internet addresses in the hope of selling them later. Many "
       "of the names are parked: they show advertising links until someone makes an offer.",
       "Trademark owners can challenge names that copy their brands through a dispute procedure. Last year "
       "the number of such complaints reached a record, with most decided in favour of the brand owner."),
    _a("en", F, "news about a retraction (removed look-alike)", "Journal retracts disputed study on river pollution",
       "The Journal of Coastal Ecology has retracted a 2019 study that linked farm run-off to fish deaths in "
       "the River Wensum, after the authors found an error in their data.",
       "The authors said a sensor had been calibrated wrongly, which overstated nitrate levels by a factor of "
       "three. The journal's editor said the retraction was an example of science correcting itself.",
       "Farmers' groups, who had criticised the study, welcomed the decision."),
    _a("en", H, "news about withdrawn guidance", "Council withdraws planning guidance after consultation",
       "Kingsport Council has withdrawn its draft guidance on rooftop extensions after more than 600 residents "
       "objected during the consultation.",
       "Residents said the guidance would have allowed extensions that block light to neighbouring homes. "
       "The council will publish revised guidance in the autumn."),
    _a("en", F, "article about search engines (search look-alike)", "Search engine market shares shift",
       "The share of web searches made with the largest search engine fell below 90 percent last month for "
       "the first time in a decade, according to an analytics firm.",
       "Chat assistants and searches inside shopping and video apps account for most of the change. Analysts "
       "cautioned that the figures cover only desktop browsers."),
    _a("en", H, "how-to about searching an archive", "How to search the national archives",
       "The national archives' online catalogue holds descriptions of more than 30 million records. Start "
       "with a simple keyword search, then narrow the results by date and by the department that created "
       "the record.",
       "Many records have not been digitised, so the catalogue entry will tell you how to order a copy or "
       "view the original in the reading room."),
    _a("en", F, "video page with a working player and a transcript (media look-alike)", "The harbour at night",
       "Transcript: Just after midnight, the last ferry of the day slips out past the lighthouse. On the quay, "
       "the fish market is already being hosed down for the morning catch.",
       "The harbour has worked through the night for more than two centuries. Today about forty people are "
       "employed on the night shift, most of them on the fish market and the fuel berth.", media=True),
    _a("en", H, "video page with a working player and a description", "Watch: new footbridge lifted into place",
       "A 60-tonne footbridge was lifted into place across the railway at Eastfield station on Sunday. The "
       "crane operation took four hours and the line reopened on time on Monday morning. The bridge will open "
       "to the public in June once the lifts are installed.", media=True),
    _a("en", F, "news about a login fault (paywall look-alike)", "Login problems at the city library resolved",
       "Library members who could not sign in to the online catalogue last week can now log in again, the "
       "city council said. A software update had reset several thousand passwords.",
       "Members who still have trouble should use the forgotten password link or ask at any branch."),
    _a("en", H, "news about a streaming service removing videos", "Streaming service removes hundreds of documentaries",
       "Streamly has removed more than 300 documentaries from its catalogue after licensing deals with two "
       "distributors expired at the end of the month.",
       "Subscribers complained on social media that favourite titles had disappeared without warning. The "
       "company said some of the films would return later in the year under new agreements."),
    _a("en", F, "free article on a paywalled site: a subscriber box beside the full text", "Flood defences finished ahead of winter",
       "Work on Riverside's new flood wall has been completed three weeks early, the Environment Agency said "
       "on Friday. The 1.2-kilometre wall protects about 900 homes and businesses along the river.",
       "The project cost £18 million and included raising the height of the old embankment by up to a metre. "
       "Engineers said the defences would now withstand a flood of the size expected once in a hundred years.",
       "Residents who were flooded in 2015 said they would finally sleep more easily when the river rises. "
       "The footpath along the top of the wall will reopen next week.", decoration="subscriber-box"),
    _a("en", H, "blog post with a login box in its sidebar", "A weekend on the coast path",
       "We set off from Cley on a grey Saturday morning and walked west along the shingle towards Blakeney "
       "Point. The seals were out in force, a few hundred of them lying on the sand bar.",
       "Lunch was crab sandwiches at Morston, then an easy afternoon along the sea wall to Wells. On Sunday "
       "the weather turned and we took the coastal bus back.", decoration="login-sidebar"),
    # ---------------------------------------------------------------- German
    _a("de", F, "Artikel über Captchas (bot-check look-alike)", "Bin ich ein Roboter? Wie Captchas funktionieren",
       "Wer im Internet ein Formular ausfüllt, muss oft beweisen, dass er kein Roboter ist. Die kleinen Tests "
       "heißen Captchas und wurden vor gut zwanzig Jahren an einer amerikanischen Universität erfunden.",
       "Zuerst mussten Nutzer verzerrte Buchstaben abtippen, später Ampeln und Busse auf Fotos erkennen. "
       "Inzwischen prüfen viele Seiten unsichtbar im Hintergrund, wie sich die Maus bewegt.",
       "Blindenverbände kritisieren, dass die Rätsel für Menschen mit Sehbehinderung oft unlösbar sind."),
    _a("de", F, "kurzer Nachruf mit Cookie-Banner", "Helga Brandt ist tot",
       "Die frühere Bürgermeisterin von Rheindorf, Helga Brandt, ist im Alter von 84 Jahren gestorben. Sie "
       "leitete die Gemeinde von 1984 bis 2002 und setzte sich für den Bau der Rheinbrücke ein. Die Trauerfeier "
       "findet am Freitag in der Pfarrkirche St. Martin statt.", decoration="cookie-banner"),
    _a("de", F, "Artikel über Bezahlschranken (paywall look-alike)", "Warum Zeitungen Bezahlschranken einführen",
       "Immer mehr Regionalzeitungen verlangen Geld für ihre Artikel im Netz. Nur noch wenige Texte sind frei "
       "lesbar, der Rest steht hinter einer Bezahlschranke.",
       "Die Verlage begründen das mit sinkenden Werbeeinnahmen. Digitale Abonnements sollen den Lokaljournalismus "
       "finanzieren, sagt der Chefredakteur des Rheintal Anzeigers.",
       "Medienforscher sehen die Entwicklung zwiespältig: Wer nicht zahlt, weicht oft auf kostenlose Angebote "
       "von geringerer Qualität aus."),
    _a("de", F, "kurze Pressemitteilung", "Stadtwerke senken Gaspreise",
       "Die Stadtwerke Rheindorf senken zum 1. April die Gaspreise für Haushaltskunden um durchschnittlich "
       "zwölf Prozent. Grund sind gesunkene Einkaufspreise. Ein Haushalt mit einem Verbrauch von 15.000 "
       "Kilowattstunden spart damit rund 240 Euro im Jahr. Die Kunden werden schriftlich informiert."),
    _a("de", F, "Meldung über einen Firmenumzug (moved look-alike)", "Traditionsfirma zieht nach Köln",
       "Die Rheindorfer Orgelbaufirma Kessler ist nach Köln umgezogen. Am alten Standort fehlte der Platz für "
       "die neue Montagehalle, teilte das Unternehmen mit. Die 45 Beschäftigten ziehen mit um. Das alte "
       "Werksgelände soll zu einem Wohnquartier werden."),
    _a("de", F, "Kurzmeldung (Stub)", "Rheinfähre fährt wieder",
       "Die Autofähre zwischen Rheindorf und Oberkassel fährt seit Montag wieder nach Fahrplan. Sie war wegen "
       "Niedrigwassers drei Wochen außer Betrieb."),
    _a("de", H, "Artikel über Cookie-Banner (consent look-alike)", "Cookie-Banner: Was Webseiten erlaubt ist",
       "Ablehnen muss so einfach sein wie Zustimmen: Das haben die Datenschutzbehörden von Bund und Ländern in "
       "einer gemeinsamen Orientierungshilfe klargestellt.",
       "Viele Webseiten zeigen einen großen Knopf „Alle akzeptieren“ und verstecken die Ablehnung in einem "
       "Untermenü. Das sei unzulässig, heißt es in dem Papier.",
       "Verbraucherschützer begrüßen die Klarstellung, fordern aber Bußgelder für Verstöße."),
    _a("de", H, "kurzer Nachruf mit Cookie-Banner", "Trauer um Werner Albers",
       "Werner Albers, langjähriger Vorsitzender des Radsportvereins Nordstadt, ist mit 79 Jahren gestorben. "
       "Er organisierte über dreißig Jahre lang das Rennen „Rund um den Stadtwald“. Der Verein trauert um "
       "einen engagierten Freund.", decoration="cookie-banner"),
    _a("de", H, "Artikel über Fehlerseiten (gone look-alike)", "Fehlerseiten als Kunstform",
       "Eine Designerin aus Leipzig sammelt seit Jahren die Fehlerseiten von Webseiten. Wenn ein Link ins Leere "
       "führt, zeigen viele Seiten heute keinen grauen Text mehr, sondern Zeichnungen und Wortspiele.",
       "Die Sammlung umfasst inzwischen mehr als 2.000 Beispiele. Im Herbst wird sie im Museum für "
       "Gestaltung ausgestellt."),
    _a("de", H, "Meldung über einen Vereinsumzug", "Radsportverein bezieht neues Vereinsheim",
       "Der Radsportverein Nordstadt hat ein neues Zuhause: Nach zwei Jahren Bauzeit ist das Vereinsheim am "
       "Stadtwaldweg fertig. Es bietet Platz für eine Werkstatt und einen Schulungsraum. Die Mitglieder "
       "haben einen Teil der Arbeiten selbst erledigt."),
    _a("de", H, "kurze Pressemitteilung", "Landesamt veröffentlicht Bevölkerungszahlen",
       "Die Zahl der Einwohner im Land ist im vergangenen Jahr um 0,4 Prozent gestiegen. Das teilte das "
       "Landesamt für Statistik am Dienstag mit. Zugenommen hat die Bevölkerung vor allem in den Städten, "
       "während viele ländliche Gemeinden Einwohner verloren."),
    _a("de", H, "Videoseite mit funktionierendem Player", "Video: Brückenabriss in Zeitlupe",
       "Mit einer kontrollierten Sprengung ist am Sonntagmorgen die alte Talbrücke bei Nordstadt abgerissen "
       "worden. Hunderte Schaulustige verfolgten das Ereignis aus sicherer Entfernung. Der Neubau soll 2026 "
       "fertig sein.", media=True),
    # ---------------------------------------------------------------- French
    _a("fr", F, "article sur les captchas (bot-check look-alike)", "Êtes-vous un robot ? Petite histoire des captchas",
       "Cocher la case « Je ne suis pas un robot » est devenu un geste quotidien. Ces petits tests, appelés "
       "captchas, ont été inventés au début des années 2000 pour distinguer les humains des programmes.",
       "Les premières versions demandaient de recopier des lettres déformées. Aujourd'hui, beaucoup de sites "
       "analysent discrètement le comportement des visiteurs.",
       "Les associations de personnes aveugles rappellent que ces énigmes restent souvent inaccessibles."),
    _a("fr", F, "courte nécrologie avec bandeau cookies", "Jeanne Morel nous a quittés",
       "Jeanne Morel, institutrice à l'école du port pendant trente ans, est décédée à l'âge de 91 ans. Elle "
       "avait fondé la bibliothèque du quartier en 1975. Ses obsèques seront célébrées mardi en l'église "
       "Saint-Nicolas.", decoration="cookie-banner"),
    _a("fr", F, "article sur les murs payants (paywall look-alike)", "Pourquoi les journaux ferment leurs articles aux non-abonnés",
       "De plus en plus de quotidiens régionaux réservent une partie de leurs articles à leurs abonnés "
       "numériques. Les recettes publicitaires ne suffisent plus à financer les rédactions.",
       "Selon une étude récente, un lecteur sur dix accepte de payer pour l'information en ligne. Les éditeurs "
       "misent sur des offres à petit prix pour convaincre les autres.",
       "Certains titres laissent en accès libre les informations de service public, comme les alertes météo."),
    _a("fr", F, "court communiqué", "La mairie rénove la médiathèque",
       "La médiathèque municipale fermera du 1er juillet au 31 août pour des travaux de rénovation. Le coût "
       "des travaux s'élève à 450 000 euros. Pendant la fermeture, un point de prêt sera ouvert à la mairie "
       "annexe les mercredis et samedis."),
    _a("fr", F, "brève sur un commerce qui a déménagé (moved look-alike)", "La boulangerie Martin a déménagé",
       "Après quarante ans rue des Halles, la boulangerie Martin s'est installée place de la République. Les "
       "nouveaux locaux permettent d'accueillir un salon de thé. Les horaires restent inchangés."),
    _a("fr", F, "brève (stub)", "Fermeture du pont de la Gare",
       "Le pont de la Gare sera fermé à la circulation du 3 au 7 juin pour des travaux d'entretien. Une "
       "déviation sera mise en place par le quai Nord."),
    _a("fr", H, "article sur les bandeaux cookies (consent look-alike)", "Bandeaux cookies : ce que dit la loi",
       "Refuser les cookies doit être aussi simple que les accepter. La Commission nationale de l'informatique "
       "et des libertés l'a rappelé en sanctionnant plusieurs grands sites.",
       "Le bouton « Tout refuser » doit apparaître dès le premier écran, au même niveau que « Tout accepter ». "
       "Les sites ont eu plusieurs mois pour se mettre en conformité."),
    _a("fr", H, "courte nécrologie avec bandeau cookies", "Disparition de Pierre Lacoste",
       "Pierre Lacoste, patron pêcheur et figure du port de Saint-Aygulf, est mort à 86 ans. Il avait présidé "
       "la prud'homie des pêcheurs pendant vingt ans. Un hommage lui sera rendu samedi sur le quai.",
       decoration="cookie-banner"),
    _a("fr", H, "article sur une exposition d'erreurs 404 (gone look-alike)", "Erreur 404 : l'exposition des liens cassés",
       "Une galerie de Toulon expose des captures d'écran de pages d'erreur. Quand une adresse ne mène plus "
       "nulle part, certains sites affichent des dessins humoristiques plutôt qu'un simple message.",
       "L'exposition rappelle aussi que des millions de pages disparaissent chaque année du web."),
    _a("fr", H, "court communiqué", "Le festival de jazz change de date",
       "Le festival de jazz de la ville aura lieu du 12 au 15 juillet, et non plus fin août comme les années "
       "précédentes. Les billets déjà achetés restent valables. La programmation complète sera dévoilée le "
       "2 mai."),
    _a("fr", H, "article sur la vente d'un nom de domaine (parked look-alike)", "Un nom de domaine vendu aux enchères",
       "Un nom de domaine de trois lettres a été vendu 800 000 euros lors d'une vente aux enchères en ligne. "
       "L'acheteur, une jeune entreprise de livraison, souhaitait une adresse courte et facile à retenir. Le "
       "vendeur l'avait réservé en 1998."),
    _a("fr", H, "page d'émission avec lecteur audio fonctionnel", "Les Matins du Littoral : la pêche au thon",
       "Ce matin, nous recevons deux pêcheurs de Sète qui racontent la campagne de pêche au thon rouge. Les "
       "quotas ont été relevés cette année, mais le prix du gazole pèse sur les équipages. Écoutez l'émission "
       "en entier ci-dessus.", media=True),
    # ---------------------------------------------------------------- Spanish
    _a("es", F, "artículo sobre captchas (bot-check look-alike)", "¿Eres un robot? Breve historia del captcha",
       "Marcar la casilla «No soy un robot» se ha convertido en un gesto diario. Estas pruebas, llamadas "
       "captchas, nacieron a principios de los años 2000 para distinguir a las personas de los programas.",
       "Al principio había que copiar letras deformadas; después, reconocer semáforos en fotografías. Hoy "
       "muchas webs analizan en segundo plano cómo se mueve el ratón.",
       "Las asociaciones de personas ciegas denuncian que muchas pruebas siguen siendo inaccesibles."),
    _a("es", F, "obituario breve con banner de cookies", "Fallece Carmen Ruiz, maestra del barrio del puerto",
       "Carmen Ruiz, maestra de la escuela del puerto durante tres décadas, ha fallecido a los 90 años. Fundó "
       "la biblioteca del barrio en 1979. El funeral se celebrará el jueves en la iglesia de San Telmo.",
       decoration="cookie-banner"),
    _a("es", F, "artículo sobre muros de pago (paywall look-alike)", "Por qué los diarios cobran por leer",
       "Cada vez más periódicos españoles piden a sus lectores que paguen por leer en internet. Solo algunas "
       "noticias siguen siendo gratuitas; el resto queda reservado a los suscriptores.",
       "Los editores explican que la publicidad ya no basta para pagar las redacciones. Los expertos creen "
       "que pocos lectores pagarán por más de un medio."),
    _a("es", F, "nota de prensa breve", "El ayuntamiento abre una nueva biblioteca",
       "El Ayuntamiento de San Telmo ha inaugurado la biblioteca del barrio de La Marina, con 12.000 libros y "
       "una sala de estudio abierta hasta medianoche en época de exámenes. La obra ha costado 1,2 millones de "
       "euros."),
    _a("es", F, "noticia sobre una tienda trasladada (moved look-alike)", "La ferretería Gómez se traslada al centro",
       "La ferretería Gómez, fundada en 1952, se ha trasladado de la calle del Mar a la plaza Mayor. El nuevo "
       "local es el doble de grande y tiene aparcamiento para clientes."),
    _a("es", F, "breve (stub)", "Cortes de agua en el centro",
       "Varias calles del centro no tendrán agua el martes entre las 8 y las 14 horas por obras en la red de "
       "abastecimiento."),
    _a("es", H, "artículo sobre banners de cookies (consent look-alike)", "Banners de cookies: lo que exige la ley",
       "Rechazar las cookies debe ser tan fácil como aceptarlas. Así lo recuerda la Agencia de Protección de "
       "Datos en una nueva guía para las empresas.",
       "El botón «Rechazar todas» debe estar en la primera capa del aviso, junto a «Aceptar todas». Las webs "
       "que no cumplan podrán ser sancionadas."),
    _a("es", H, "obituario breve con banner de cookies", "Muere José Méndez, el último farero",
       "José Méndez, el último farero del cabo de San Vicente, ha muerto a los 88 años. Cuidó el faro durante "
       "treinta y cinco años, hasta su automatización en 1995.", decoration="cookie-banner"),
    _a("es", H, "artículo sobre una exposición de errores 404 (gone look-alike)", "Error 404: una exposición sobre enlaces rotos",
       "Un museo de Valencia dedica una exposición a las páginas web desaparecidas. Las capturas muestran "
       "cómo distintas webs avisan de que un enlace ya no funciona, a menudo con humor."),
    _a("es", H, "nota de prensa breve", "El museo amplía su horario en verano",
       "El Museo de Historia amplía su horario de apertura durante julio y agosto: abrirá de martes a domingo "
       "de 10 a 21 horas. La entrada será gratuita los domingos por la tarde."),
    _a("es", H, "noticia sobre la venta de un dominio (parked look-alike)", "Vendido el dominio más caro del año",
       "Un dominio de internet de cuatro letras se ha vendido por 1,5 millones de dólares, la cifra más alta "
       "del año. La empresa compradora quiere usarlo para su nueva tienda en línea."),
    _a("es", H, "página de vídeo con reproductor funcional", "Vídeo: la regata de traineras",
       "La trainera de Orio ganó el domingo la regata de la bahía por delante de Hondarribia y Urdaibai. Miles "
       "de aficionados siguieron la prueba desde el paseo marítimo.", media=True),
)  # fmt: skip


_REF = re.compile(r"<ref[^>]*/>|<ref[^>]*>.*?</ref>", re.S | re.I)


def wikipedia_articles(folder: Path, per_article: int = 4) -> list[Article]:
    """A few paragraphs of prose from each real Wikipedia article in ``folder`` (its lead and first
    sections), as the body of an ordinary page. Files alternate between the splits in name order."""
    found: list[Article] = []
    for number, path in enumerate(sorted(folder.glob("*.txt"))):
        text = _REF.sub("", path.read_text(encoding="utf-8"))
        plain = mwparserfromhell.parse(text).strip_code(normalize=True, collapse=True)
        paragraphs = [
            " ".join(p.split())
            for p in plain.split("\n")
            if len(p.split()) >= 25
            and not p.lstrip().startswith(("|", "{", "!", "*", "#", "Category", "Kategorie"))
        ][:per_article]
        if len(paragraphs) < 2:
            continue
        lang = "de" if _is_german(" ".join(paragraphs)) else "en"
        title = path.stem.replace("-", " ").replace("_", " ")
        split = "fit" if number % 2 == 0 else "held-out"
        found.append(Article(lang, split, title, tuple(paragraphs), f"real Wikipedia prose: {path.name}"))
    return found


def _is_german(text: str) -> bool:
    words = text.lower().split()
    return (
        sum(w in {"der", "die", "das", "und", "ist", "wurde", "mit", "von"} for w in words) > len(words) / 20
    )
