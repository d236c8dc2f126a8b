import os, collections
import p1, p2, p3, p4, p5, p6
from reg import P
root = "/tmp/pages-b10"
P.sort(key=lambda p: p["num"])
assert len({p["num"] for p in P}) == len(P)
assert len({p["path"].split("/")[1] for p in P}) == len(P)
langname = {"en": "English", "es": "Spanish", "de": "German", "fr": "French"}
man = ["# batch b10: independent hand-written pages for issue 25 (helper, 2026-11-26); held-out = graded pages on honest sites;",
       "# fit = three soft 404s again on sites that answer every address with the same page (probe test)", ""]
fits = []
for p in P:
    p["file"] = f'pages/{p["num"]:02d}_{p["kind"]}_{p["short"]}.html'
    open(os.path.join(root, p["file"]), "w", encoding="utf-8").write(p["html"])
    man += ["[[case]]", f'path = "{p["path"]}"', f'kind = "{p["kind"]}"', f'file = "{p["file"]}"', 'split = "held-out"', f'status = {p["status"]}', ""]
    if p["fit"]: fits.append(p)
for p in fits:
    man += ["[[case]]", f'path = "{p["fit"]}"', f'kind = "{p["kind"]}"', f'file = "{p["file"]}"', 'split = "fit"', 'unknown = "same"', ""]
open(os.path.join(root, "corpus.toml"), "w").write("\n".join(man))
kinds = ["gone","paywall","consent-wall","bot-check","script-shell","parked","removed","media-unavailable","search-results","moved","content"]
langs = ["en","es","de","fr"]
c = collections.Counter((p["kind"], p["lang"]) for p in P)
r = ["# Batch b10 — independent pages for issue 25", "",
"## Provenance", "",
"Written on 2026-11-26 by a helper session that read only issue 25, the first paragraph of the README section",
"\"Reading sources: what is not the source, archived copies, politeness\" (for the kind names) and the format of",
"`tests/data/pages-independent/corpus.toml`. The helper did not read the classifier, its lexicon, its tests, the",
"project's own pages or other batches. Everything is invented: sites, firms, people, places' details, text; links",
"use `.example` domains. No real web page was copied. The pages are meant to be run **once** as a held-out test;",
"do not tune on them. `pages.sha256` fixes their content.", "",
"`corpus.toml`: one held-out case per page (each page its own site, first path segment `zj…`), then three `gone`",
"pages again with `split = \"fit\"`, `unknown = \"same\"` under `/zj-soft-…` (sites answering every address with that page).", "",
"## Counts (held-out)", "",
"| kind | " + " | ".join(langname[l] for l in langs) + " | total |",
"|---|" + "---|"*(len(langs)+1)]
for k in kinds:
    r.append(f"| {k} | " + " | ".join(str(c[(k,l)]) for l in langs) + f" | {sum(c[(k,l)] for l in langs)} |")
r.append("| **all** | " + " | ".join(str(sum(c[(k,l)] for k in kinds)) for l in langs) + f" | {len(P)} |")
r += ["", f"Walls and dead pages: {sum(1 for p in P if p['kind']!='content')}; content: {sum(1 for p in P if p['kind']=='content')}. Non-200 statuses: " +
      ", ".join(f"{p['num']:02d} ({p['status']})" for p in P if p['status']!=200) + ".", "",
      "## Pages", "", "file · kind · language · site style · what makes it hard", ""]
for p in P:
    r.append(f"- `{p['file']}` · {p['kind']} · {p['lang']} · {p['style']} · {p['hard']}")
open(os.path.join(root, "README.md"), "w").write("\n".join(r) + "\n")
print(len(P), len(fits)); print("\n".join(r[14:30]))
