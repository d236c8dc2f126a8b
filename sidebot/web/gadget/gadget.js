/**
 * sidebot's wiki gadget: on an article, marks each claim that has an open finding in the review service's
 * queue (class `sidebot-mark`), and a popup says what fails in the card's own words, the source's evidence
 * sentence, a suggested source with its reference to paste and, for a reviewer logged in to the review
 * service, the decisions (recorded through its JSON API with the CSRF token). In the source editor
 * (action=edit or submit) a "Check citations" button sends the edited text, with the text before the edit,
 * to the service's check before saving (POST /api/check) and lists each new or changed citation's answer;
 * the editor may then queue what may fail for review (the same check with "store": true).
 *
 * Plain ES2017 for MediaWiki's ResourceLoader: no build step. The service serves this file at /gadget.js
 * and the script finds the service from its own address. Every text from the service (claims, sources,
 * references) is untrusted: it enters the page through textContent and value only, never as HTML.
 *
 * Under Node (the tests) the file exports its functions instead of running.
 */
(function (root, factory) {
  'use strict';
  const gadget = factory();
  if (typeof module === 'object' && module.exports) {
    module.exports = gadget;
  } else if (root.mw && root.document) {
    gadget.start(root, gadget.serviceBase(root.document.currentScript && root.document.currentScript.src));
  }
}(typeof window !== 'undefined' ? window : this, function () {
  'use strict';

  const MARK = 'sidebot-mark';
  const POPUP = 'sidebot-popup';
  // Rendered text that is not the article's prose: reference markers, edit links, our own popup.
  const SKIPPED = 'sup.reference, .mw-editsection, style, script, .' + POPUP + ', .' + MARK;
  const PREFIXES = [80, 40]; // when the whole claim is not found (a template rendered it), its start
  const QUOTES = { '\u2018': '\'', '\u2019': '\'', '\u201c': '"', '\u201d': '"', '\u00a0': ' ' };
  const STYLE = [
    '.' + MARK + '{background:#fef3c7;border-bottom:2px dotted #b45309;cursor:pointer;color:inherit}',
    '.' + MARK + ':focus{outline:3px solid #1d4ed8;outline-offset:1px}',
    '.' + MARK + '.sidebot-decided{background:#e5e7eb;border-bottom-style:solid;border-color:#6b7280}',
    '.' + POPUP + '{position:absolute;z-index:1000;box-sizing:border-box;width:28rem;' +
      'max-width:calc(100vw - 16px);max-height:70vh;overflow:auto;background:#fff;color:#202122;' +
      'border:1px solid #a2a9b1;border-radius:4px;box-shadow:0 4px 16px rgba(0,0,0,.25);padding:12px;' +
      'font-size:14px;line-height:1.45}',
    '.' + POPUP + ' h2{font-size:16px;margin:0 2em 8px 0;padding:0;border:0;font-family:inherit}',
    '.' + POPUP + ' h3{font-size:14px;margin:10px 0 4px;padding:0;font-family:inherit}',
    '.' + POPUP + ' p{margin:4px 0}',
    '.' + POPUP + ' blockquote{margin:4px 0;padding:4px 8px;border-left:3px solid #b45309;background:#fffbeb}',
    '.' + POPUP + ' textarea{width:100%;box-sizing:border-box;font-family:monospace;font-size:12px}',
    '.' + POPUP + ' .sidebot-close{position:absolute;top:6px;right:6px;font-size:18px;line-height:1;' +
      'background:none;border:0;cursor:pointer;padding:4px 8px}',
    '.' + POPUP + ' .sidebot-decisions{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}',
    '.' + POPUP + ' .sidebot-decisions button{padding:6px 10px;min-height:32px}',
    '.' + POPUP + ' .sidebot-finding+.sidebot-finding{border-top:1px solid #c8ccd1;margin-top:10px}'
  ].join('\n');
  const CHECK = 'sidebot-check';
  const CHECK_STYLE = [
    '.' + CHECK + '{margin:8px 0;padding:8px 12px;border:1px solid #a2a9b1;border-radius:4px;' +
      'background:#f8f9fa;color:#202122;font-size:14px;line-height:1.45}',
    '.' + CHECK + ' ol{margin:4px 0 0 1.5em;padding:0}',
    '.' + CHECK + ' li{margin:6px 0}',
    '.' + CHECK + ' .sidebot-words{font-weight:bold}',
    '.' + CHECK + ' .sidebot-state-open .sidebot-words{color:#b32424}',
    '.' + CHECK + ' .sidebot-state-passed .sidebot-words{color:#14866d}',
    '.' + CHECK + ' .sidebot-state-unverifiable .sidebot-words{color:#705000}',
    '.' + CHECK + ' blockquote{margin:4px 0;padding:4px 8px;border-left:3px solid #a2a9b1;background:#fff}'
  ].join('\n');

  /** The service's base URL from this script's own address (…/gadget.js), or '' when unknown. */
  function serviceBase(scriptUrl) {
    if (!scriptUrl) {
      return '';
    }
    const url = new URL(scriptUrl);
    return url.origin + url.pathname.replace(/\/gadget\.js$/, '');
  }

  function fold(ch) {
    return Object.prototype.hasOwnProperty.call(QUOTES, ch) ? QUOTES[ch] : ch;
  }

  /** Text as the claim is compared: typographic quotes made plain, every run of white space one space. */
  function normalize(text) {
    return Array.from(text, fold).join('').replace(/\s+/g, ' ').trim();
  }

  /**
   * The texts of a page's text nodes as one normalized string, and for each of its characters the text
   * (index) and offset it came from: the claim is searched in the string and the match mapped back.
   */
  function index(texts) {
    let flat = '';
    const where = [];
    let space = true; // collapse leading white space too
    texts.forEach(function (text, t) {
      for (let i = 0; i < text.length; i += 1) {
        const ch = fold(text[i]);
        if (/\s/.test(ch)) {
          if (!space) {
            flat += ' ';
            where.push([t, i]);
            space = true;
          }
        } else {
          flat += ch;
          where.push([t, i]);
          space = false;
        }
      }
    });
    return { flat: flat, where: where };
  }

  /** Where the words of ``wanted`` (normalized) sit in ``indexed``, after ``from``; null if nowhere. */
  function locate(indexed, wanted, from) {
    const at = indexed.flat.indexOf(wanted, from);
    if (at < 0 || !wanted) {
      return null;
    }
    const first = indexed.where[at];
    const last = indexed.where[at + wanted.length - 1];
    return { start: [first[0], first[1]], end: [last[0], last[1] + 1] };
  }

  function cutAtWord(text, length) {
    if (text.length <= length) {
      return text;
    }
    const cut = text.lastIndexOf(' ', length);
    return text.slice(0, cut > length / 2 ? cut : length);
  }

  /**
   * Where ``claim`` is in ``texts`` (the page's text nodes): {start: [text, offset], end: [text, offset
   * after], partial}; the whole claim, else its first words (partial: true); null when not found.
   */
  function findClaim(texts, claim) {
    const indexed = index(texts);
    const wanted = normalize(claim);
    const whole = locate(indexed, wanted, 0);
    if (whole) {
      whole.partial = false;
      return whole;
    }
    for (const length of PREFIXES) {
      const start = cutAtWord(wanted, length);
      if (start.length < wanted.length && start.length >= 20) {
        const found = locate(indexed, start, 0);
        if (found) {
          found.partial = true;
          return found;
        }
      }
    }
    return null;
  }

  /** Findings with the same claim (one sentence cited twice) share one mark: [[claim, [findings]]]. */
  function groupByClaim(findings) {
    const groups = new Map();
    findings.forEach(function (finding) {
      const key = normalize(finding.claim || '');
      if (key) {
        if (!groups.has(key)) {
          groups.set(key, []);
        }
        groups.get(key).push(finding);
      }
    });
    return Array.from(groups.entries());
  }

  /** The prose text nodes under ``content``, in document order. */
  function textNodes(doc, content) {
    const nodes = [];
    const walker = doc.createTreeWalker(content, 4 /* NodeFilter.SHOW_TEXT */, {
      acceptNode: function (node) {
        const parent = node.parentElement;
        return parent && parent.closest(SKIPPED) ? 2 /* FILTER_REJECT */ : 1 /* FILTER_ACCEPT */;
      }
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push(node);
    }
    return nodes;
  }

  function markLabel(findings) {
    const reason = findings[0].reason || 'the source may not support this claim';
    const more = findings.length > 1 ? ' (' + findings.length + ' findings)' : '';
    return 'Citation check: ' + reason + more + '. Press Enter for details.';
  }

  /**
   * Wrap the text of each claim that has open findings in `sidebot-mark` spans; the first span of a claim
   * is its control (a focusable button with a name). Returns the marks: [{element, spans, findings}].
   */
  function markClaims(doc, content, findings, open) {
    const marks = [];
    groupByClaim(findings).forEach(function (group) {
      const nodes = textNodes(doc, content);
      const found = findClaim(nodes.map(function (n) { return n.data; }), group[0]);
      if (!found) {
        return;
      }
      const spans = wrap(doc, nodes, found);
      const control = spans[0];
      const mark = { element: control, spans: spans, findings: group[1] };
      control.setAttribute('tabindex', '0');
      control.setAttribute('role', 'button');
      control.setAttribute('aria-haspopup', 'dialog');
      control.setAttribute('aria-expanded', 'false');
      control.setAttribute('aria-label', markLabel(group[1]));
      control.dataset.sidebotFindings = group[1].map(function (f) { return f.id; }).join(' ');
      spans.forEach(function (span) {
        span.addEventListener('click', function (event) {
          event.preventDefault();
          open(mark);
        });
      });
      control.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open(mark);
        }
      });
      marks.push(mark);
    });
    return marks;
  }

  /** Wrap the found range, text node by text node, in spans (a claim may cross links and bold). */
  function wrap(doc, nodes, found) {
    const spans = [];
    for (let t = found.start[0]; t <= found.end[0]; t += 1) {
      let node = nodes[t];
      const from = t === found.start[0] ? found.start[1] : 0;
      const to = t === found.end[0] ? found.end[1] : node.data.length;
      if (to <= from) {
        continue;
      }
      if (from > 0) {
        node = node.splitText(from);
      }
      if (to - from < node.data.length) {
        node.splitText(to - from);
      }
      const span = doc.createElement('span');
      span.className = MARK;
      node.parentNode.insertBefore(span, node);
      span.appendChild(node);
      spans.push(span);
    }
    return spans;
  }

  function element(doc, tag, text, className) {
    const made = doc.createElement(tag);
    if (text !== undefined && text !== null) {
      made.textContent = String(text);
    }
    if (className) {
      made.className = className;
    }
    return made;
  }

  function safeLink(doc, href, text) {
    const link = element(doc, 'a', text);
    if (/^https?:\/\//i.test(href || '')) {
      link.href = href;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
    }
    return link;
  }

  /**
   * The popup of one mark: per finding what fails, the evidence, the suggestion and its reference, and the
   * decisions (``page.user`` logged in) or a login link. ``decide(finding, decision, status)`` records one.
   */
  function buildPopup(doc, mark, page, decide, close) {
    const popup = element(doc, 'div', null, POPUP);
    const heading = element(doc, 'h2', 'Citation check (sidebot)');
    heading.id = 'sidebot-popup-title';
    popup.setAttribute('role', 'dialog');
    popup.setAttribute('aria-labelledby', heading.id);
    const closer = element(doc, 'button', '\u00d7', 'sidebot-close');
    closer.type = 'button';
    closer.setAttribute('aria-label', 'Close');
    closer.addEventListener('click', function () { close(); });
    popup.appendChild(closer);
    popup.appendChild(heading);
    mark.findings.forEach(function (finding) {
      popup.appendChild(findingSection(doc, finding, page, decide));
    });
    popup.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    });
    return popup;
  }

  function findingSection(doc, finding, page, decide) {
    const section = element(doc, 'section', null, 'sidebot-finding');
    section.dataset.finding = String(finding.id);
    section.appendChild(element(doc, 'p', finding.reason || 'The source may not support this claim.',
      'sidebot-reason'));
    section.appendChild(element(doc, 'p', finding.support, 'sidebot-support'));
    const facts = finding.facts && finding.facts.length ? finding.facts :
      (finding.fact_note ? [finding.fact_note] : []);
    facts.forEach(function (fact) {
      section.appendChild(element(doc, 'p', 'Fact check: ' + fact, 'sidebot-fact'));
    });
    section.appendChild(element(doc, 'h3', 'What the source says'));
    section.appendChild(element(doc, 'blockquote', finding.evidence || 'No sentence of the source matches.',
      'sidebot-evidence'));
    const cited = element(doc, 'p');
    cited.appendChild(doc.createTextNode('Cited source: '));
    cited.appendChild(safeLink(doc, finding.url, finding.source_title || finding.url || 'unknown'));
    section.appendChild(cited);
    if (finding.suggestion) {
      section.appendChild(suggestionPart(doc, finding.suggestion));
    }
    section.appendChild(decisionPart(doc, finding, page, decide));
    const card = element(doc, 'p');
    card.appendChild(safeLink(doc, finding.card_url, 'Open the full card'));
    section.appendChild(card);
    return section;
  }

  function suggestionPart(doc, suggestion) {
    const part = element(doc, 'div', null, 'sidebot-suggestion');
    part.appendChild(element(doc, 'h3', 'A source that may support it'));
    const line = element(doc, 'p');
    line.appendChild(safeLink(doc, suggestion.url, suggestion.title || suggestion.url));
    line.appendChild(doc.createTextNode(' \u2014 ' + suggestion.support));
    part.appendChild(line);
    if (suggestion.reference) {
      const id = 'sidebot-ref-' + suggestion.id;
      const label = element(doc, 'label', 'Reference to paste');
      label.htmlFor = id;
      const box = element(doc, 'textarea', null, 'sidebot-reference');
      box.id = id;
      box.readOnly = true;
      box.rows = 3;
      box.value = suggestion.reference;
      part.appendChild(label);
      part.appendChild(box);
    }
    return part;
  }

  function decisionPart(doc, finding, page, decide) {
    const part = element(doc, 'div', null, 'sidebot-decide');
    const status = element(doc, 'p', '', 'sidebot-status');
    status.setAttribute('role', 'status');
    if (!page.user) {
      const line = element(doc, 'p');
      line.appendChild(safeLink(doc, page.login_url, 'Log in to the review service'));
      line.appendChild(doc.createTextNode(' to record a decision.'));
      part.appendChild(line);
      return part;
    }
    part.appendChild(element(doc, 'h3', 'Your decision, as ' + page.user));
    const buttons = element(doc, 'div', null, 'sidebot-decisions');
    page.decisions.forEach(function (choice) {
      const button = element(doc, 'button', choice.label);
      button.type = 'button';
      button.dataset.decision = choice.value;
      button.addEventListener('click', function () {
        decide(finding, choice, status, buttons);
      });
      buttons.appendChild(button);
    });
    part.appendChild(buttons);
    part.appendChild(status);
    return part;
  }

  /** Place ``popup`` under ``anchor``, inside the window's width. */
  function place(win, popup, anchor) {
    const box = anchor.getBoundingClientRect();
    const width = popup.offsetWidth;
    const room = win.document.documentElement.clientWidth;
    const left = Math.max(8, Math.min(box.left, room - width - 8));
    popup.style.left = (left + win.scrollX) + 'px';
    popup.style.top = (box.bottom + win.scrollY + 6) + 'px';
  }

  /**
   * The body of POST /api/check: the edited text and, when known, the text before the edit; ``store``: the
   * editor asks that what fails go into the review queue.
   */
  function checkRequest(title, text, base, store) {
    const body = { title: String(title).replace(/_/g, ' '), text: text };
    if (typeof base === 'string') {
      body.base = base;
    }
    if (store) {
      body.store = true;
    }
    return body;
  }

  /**
   * The check's answer as a list: per citation its claim, the verdict in the card's words, the support,
   * the source's evidence or why it could not be read, and the source. ``answer``: the JSON of /api/check.
   */
  function buildCheckResults(doc, answer) {
    const part = element(doc, 'div', null, 'sidebot-check-results');
    if (!answer.refs.length) {
      part.appendChild(element(doc, 'p', 'No new or changed citation with a link to check.'));
      return part;
    }
    const queued = answer.refs.filter(function (ref) { return ref.state !== 'passed'; }).length;
    part.appendChild(element(doc, 'p', answer.refs.length + ' citation' + (answer.refs.length > 1 ? 's' : '') +
      ' checked; ' + (queued ? queued + ' may not be supported.' : 'each source backs its claim.'),
    'sidebot-check-summary'));
    const list = element(doc, 'ol');
    answer.refs.forEach(function (ref) {
      const item = element(doc, 'li', null, 'sidebot-checked sidebot-state-' + ref.state);
      item.appendChild(element(doc, 'p', ref.words, 'sidebot-words'));
      item.appendChild(element(doc, 'p', 'Claim: ' + ref.claim, 'sidebot-claim'));
      if (ref.state !== 'unverifiable') {
        item.appendChild(element(doc, 'p', ref.support, 'sidebot-support'));
      }
      if (ref.evidence) {
        item.appendChild(element(doc, 'blockquote', ref.evidence, 'sidebot-evidence'));
      }
      const cited = element(doc, 'p');
      cited.appendChild(doc.createTextNode('Source: '));
      cited.appendChild(safeLink(doc, ref.url, ref.source_title || ref.url));
      item.appendChild(cited);
      if (ref.finding_id) {
        item.appendChild(element(doc, 'p', 'In the review queue: finding ' + ref.finding_id, 'sidebot-queued'));
      }
      list.appendChild(item);
    });
    part.appendChild(list);
    return part;
  }

  /** Whether the answer has a citation the patrol would queue that is not in the review queue yet. */
  function canStore(answer) {
    return answer.refs.some(function (ref) { return ref.state === 'open' && !ref.finding_id; });
  }

  /**
   * The "Check citations" button under the source editor's textarea, and the panel its answers go to.
   * ``check(store)`` resolves to the answer (or throws with the service's reason); when a citation may fail,
   * a second button asks the check again with ``store`` true: what fails goes into the review queue.
   * Returns {button, panel}.
   */
  function addCheckButton(doc, textarea, check) {
    const panel = element(doc, 'div', null, CHECK);
    panel.setAttribute('role', 'region');
    panel.setAttribute('aria-label', 'Citation check (sidebot)');
    const button = element(doc, 'button', 'Check citations (sidebot)', 'sidebot-check-button');
    button.type = 'button';
    const status = element(doc, 'p', 'Checks the sources of the citations you added or changed.',
      'sidebot-check-status');
    status.setAttribute('role', 'status');
    panel.appendChild(button);
    panel.appendChild(status);
    let results = null;
    async function run(store) {
      button.disabled = true;
      status.textContent = store ? 'Queueing for review\u2026' : 'Checking the sources\u2026';
      if (results) {
        results.remove();
        results = null;
      }
      try {
        const answer = await check(store);
        status.textContent = store ? answer.stored + ' queued for review.' : '';
        results = buildCheckResults(doc, answer);
        if (canStore(answer)) {
          const queue = element(doc, 'button', 'Queue what may fail for review', 'sidebot-store-button');
          queue.type = 'button';
          queue.addEventListener('click', function () { run(true); });
          results.appendChild(queue);
        }
        panel.appendChild(results);
      } catch (error) {
        status.textContent = (store ? 'Not queued: ' : 'Not checked: ') + error.message;
      } finally {
        button.disabled = false;
      }
    }
    button.addEventListener('click', function () { run(false); });
    const buttons = doc.querySelector('.editButtons');
    if (buttons && buttons.parentNode) {
      buttons.parentNode.insertBefore(panel, buttons.nextSibling);
    } else {
      textarea.parentNode.insertBefore(panel, textarea.nextSibling);
    }
    return { button: button, panel: panel };
  }

  /** The page's wikitext before the edit (its current revision), '' for a new page; null when unknown. */
  function textBefore(win) {
    const config = win.mw.config;
    const revision = config.get('wgCurRevisionId');
    if (!revision) {
      return '';
    }
    return fetch(config.get('wgScript') + '?action=raw&oldid=' + revision, { credentials: 'same-origin' })
      .then(function (response) { return response.ok ? response.text() : null; }, function () { return null; });
  }

  /** In the source editor: the "Check citations" button (the service's login is asked for on use). */
  function startEditCheck(win, base) {
    const doc = win.document;
    const textarea = doc.getElementById('wpTextbox1');
    if (!textarea) {
      return;
    }
    const style = doc.createElement('style');
    style.textContent = CHECK_STYLE;
    doc.head.appendChild(style);
    const title = win.mw.config.get('wgPageName');
    addCheckButton(doc, textarea, async function (store) {
      const session = await api(base, '/api/session');
      if (!session.user) {
        throw new Error('log in to the review service first (' + base + '/login)');
      }
      const before = await textBefore(win);
      return api(base, '/api/check', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
        body: JSON.stringify(checkRequest(title, textarea.value, before === null ? undefined : before, store))
      });
    });
  }

  async function api(base, path, options) {
    const response = await fetch(base + path, Object.assign({ credentials: 'include' }, options));
    const body = await response.json().catch(function () { return null; });
    if (!response.ok) {
      const detail = body && typeof body.detail === 'string' ? body.detail : 'error ' + response.status;
      throw new Error(detail);
    }
    return body;
  }

  /** Run on the article being read: fetch its open findings and the session, mark, wire the popup. */
  function start(win, base) {
    const config = win.mw.config;
    if (!base || config.get('wgNamespaceNumber') !== 0) {
      return;
    }
    if (config.get('wgAction') === 'edit' || config.get('wgAction') === 'submit') {
      startEditCheck(win, base);
      return;
    }
    if (config.get('wgAction') !== 'view') {
      return;
    }
    const doc = win.document;
    const title = config.get('wgPageName');
    let started = false;
    win.mw.hook('wikipage.content').add(function ($content) {
      const content = $content && $content[0];
      if (started || !content) {
        return;
      }
      started = true;
      run(win, doc, base, title, content).catch(function (error) {
        win.console.warn('sidebot gadget: ' + error.message);
      });
    });
  }

  async function run(win, doc, base, title, content) {
    const answers = await Promise.all([
      api(base, '/api/page-findings?title=' + encodeURIComponent(title)),
      // without the session (a browser that keeps the service's cookie from the wiki) the marks still show
      api(base, '/api/session').catch(function () { return { user: null, csrf_token: '' }; })
    ]);
    const page = answers[0];
    const session = answers[1];
    if (!page.findings.length) {
      return;
    }
    const style = doc.createElement('style');
    style.textContent = STYLE;
    doc.head.appendChild(style);
    let shown = null;

    /** Close the popup; focus goes back to its mark, unless the reader clicked elsewhere (``stay``). */
    function close(stay) {
      if (!shown) {
        return;
      }
      const mark = shown.mark;
      shown.popup.remove();
      shown = null;
      mark.element.setAttribute('aria-expanded', 'false');
      if (stay !== true) {
        mark.element.focus();
      }
    }

    async function decide(finding, choice, status, buttons) {
      status.textContent = 'Recording\u2026';
      Array.from(buttons.children).forEach(function (b) { b.disabled = true; });
      try {
        await api(base, '/api/findings/' + finding.id + '/decision', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
          body: JSON.stringify({ decision: choice.value })
        });
        status.textContent = 'Recorded: ' + choice.label + '.';
        if (shown) {
          shown.mark.spans.forEach(function (span) { span.classList.add('sidebot-decided'); });
        }
      } catch (error) {
        status.textContent = 'Not recorded: ' + error.message;
        Array.from(buttons.children).forEach(function (b) { b.disabled = false; });
      }
    }

    function open(mark) {
      if (shown && shown.mark === mark) {
        close();
        return;
      }
      close();
      const popup = buildPopup(doc, mark, page, decide, close);
      doc.body.appendChild(popup);
      place(win, popup, mark.element);
      mark.element.setAttribute('aria-expanded', 'true');
      shown = { popup: popup, mark: mark };
      popup.setAttribute('tabindex', '-1');
      popup.focus();
    }

    const marks = markClaims(doc, content, page.findings, open);
    marks.forEach(function (mark) {
      mark.element.addEventListener('keydown', function (event) {
        if (event.key === 'Escape') {
          close();
        }
      });
    });
    doc.addEventListener('click', function (event) {
      if (shown && !shown.popup.contains(event.target) &&
          !shown.mark.spans.some(function (s) { return s.contains(event.target); })) {
        close(true);
      }
    });
  }

  return {
    serviceBase: serviceBase,
    normalize: normalize,
    findClaim: findClaim,
    groupByClaim: groupByClaim,
    textNodes: textNodes,
    markClaims: markClaims,
    buildPopup: buildPopup,
    checkRequest: checkRequest,
    buildCheckResults: buildCheckResults,
    addCheckButton: addCheckButton,
    start: start
  };
}));
