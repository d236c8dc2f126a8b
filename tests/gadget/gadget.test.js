// The gadget's marking and popup (sidebot/web/gadget/gadget.js) under Node's test runner, on jsdom: the
// claim found across links and reference markers, one focusable mark with a name, and untrusted text shown
// as text. The whole gadget on a real wiki in Chromium: tests/browser/test_gadget.py.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { JSDOM } = require('jsdom');
const gadget = require('../../sidebot/web/gadget/gadget.js');

const HOSTILE = '<img src=x onerror="window.hacked = 1">';

function article(html) {
  const dom = new JSDOM(`<!doctype html><body><div class="mw-parser-output">${html}</div></body>`);
  return { dom, doc: dom.window.document, content: dom.window.document.querySelector('.mw-parser-output') };
}

function finding(id, claim, extra) {
  return Object.assign({
    id, claim, reason: 'low support', support: 'source may not support the claim', fact_note: null,
    facts: [], evidence: 'The race began in 1954.', source_title: 'Harbour Times', url: 'https://example.org/a',
    suggestion: null, card_url: 'https://sidebot.example/findings/' + id
  }, extra || {});
}

test('the service is found from the script\'s own address', () => {
  assert.equal(gadget.serviceBase('https://sidebot.example/gadget.js?v=2'), 'https://sidebot.example');
  assert.equal(gadget.serviceBase('http://127.0.0.1:8080/review/gadget.js'), 'http://127.0.0.1:8080/review');
  assert.equal(gadget.serviceBase(''), '');
});

test('a claim is found across text nodes, white space and typographic quotes', () => {
  const texts = ['Intro. The race was ', 'started', ' in 1954 by the  club\u2019s\nmembers.', ' Next.'];
  const found = gadget.findClaim(texts, 'The race was started in 1954 by the club\'s members.');
  assert.deepEqual(found, { start: [0, 7], end: [2, 32], partial: false });
  assert.equal(texts[2].slice(0, 32), ' in 1954 by the  club\u2019s\nmembers.');
  assert.equal(gadget.findClaim(texts, 'A sentence that is not on the page at all.'), null);
});

test('a claim whose end was rendered differently is found by its first words', () => {
  const texts = ['It was built in 1901 by the city council, at a cost of \u00a35,000 (\u00a3600,000 today).'];
  const found = gadget.findClaim(texts, 'It was built in 1901 by the city council, at a cost of 5,000 pounds then.');
  assert.equal(found.partial, true);
  assert.deepEqual(found.start, [0, 0]);
  assert.equal(gadget.findClaim(texts, 'Nothing like it.'), null);
});

test('findings of one claim share a mark', () => {
  const groups = gadget.groupByClaim([finding(1, 'A b.'), finding(2, ' A  b. '), finding(3, 'C.')]);
  assert.deepEqual(groups.map(([claim, fs]) => [claim, fs.map((f) => f.id)]), [['A b.', [1, 2]], ['C.', [3]]]);
});

test('the claim is marked across a link, skipping reference markers, with one named control', () => {
  const { doc, content } = article(
    '<p>Before. The race was started by <a href="/wiki/Club">the club</a> in 1954.' +
    '<sup class="reference">[1]</sup> After.</p>');
  const opened = [];
  const marks = gadget.markClaims(doc, content, [finding(7, 'The race was started by the club in 1954.')],
    (mark) => opened.push(mark));
  assert.equal(marks.length, 1);
  const spans = [...content.querySelectorAll('.sidebot-mark')];
  assert.equal(spans.map((s) => s.textContent).join(''), 'The race was started by the club in 1954.');
  assert.equal(spans.length, 3); // before the link, inside it, after it
  assert.equal(content.querySelector('a .sidebot-mark').textContent, 'the club');
  const control = spans[0];
  assert.equal(control.getAttribute('role'), 'button');
  assert.equal(control.getAttribute('tabindex'), '0');
  assert.match(control.getAttribute('aria-label'), /^Citation check: low support/);
  assert.equal(spans.filter((s) => s.hasAttribute('tabindex')).length, 1);
  assert.equal(content.querySelector('sup.reference').textContent, '[1]'); // untouched
  assert.equal(content.textContent.includes('Before. The race'), true); // the text itself is unchanged
  control.dispatchEvent(new doc.defaultView.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  spans[2].click();
  assert.equal(opened.length, 2);
});

test('a claim not on the page gets no mark', () => {
  const { doc, content } = article('<p>Something else entirely.</p>');
  assert.deepEqual(gadget.markClaims(doc, content, [finding(1, 'The race began in 1954.')], () => {}), []);
  assert.equal(content.querySelectorAll('.sidebot-mark').length, 0);
});

test('the popup shows untrusted text as text, the reference as a value, and decisions to a reviewer', () => {
  const { dom, doc, content } = article(`<p>The claim ${HOSTILE.replace(/</g, '&lt;')} holds.</p>`);
  const claim = `The claim ${HOSTILE} holds.`;
  const hostile = finding(3, claim, {
    reason: HOSTILE, evidence: 'The source ' + HOSTILE, facts: ['the source gives 1999, the claim says 2000'],
    source_title: HOSTILE, url: 'javascript:alert(1)',
    suggestion: { id: 9, url: 'https://example.org/b', title: HOSTILE, support: 'backs it: 90 %',
      reference: '<ref>{{cite web |url=https://example.org/b |title=' + HOSTILE + '}}</ref>' }
  });
  const [mark] = gadget.markClaims(doc, content, [hostile], () => {});
  assert.ok(mark, 'the hostile claim is found as the rendered page shows it (as text)');
  const page = { user: 'Reviewer', login_url: 'https://sidebot.example/login',
    decisions: [{ value: 'unsupported', label: 'Source does not support the claim' }] };
  const decided = [];
  let closed = 0;
  const popup = gadget.buildPopup(doc, mark, page, (f, choice) => decided.push([f.id, choice.value]),
    () => { closed += 1; });
  doc.body.appendChild(popup);
  assert.equal(popup.querySelectorAll('img, script').length, 0);
  assert.equal(dom.window.hacked, undefined);
  assert.ok(popup.querySelector('.sidebot-reason').textContent.includes(HOSTILE));
  assert.ok(popup.querySelector('.sidebot-evidence').textContent.includes(HOSTILE));
  assert.equal(popup.querySelector('.sidebot-fact').textContent,
    'Fact check: the source gives 1999, the claim says 2000');
  assert.equal(popup.querySelector('textarea.sidebot-reference').value,
    '<ref>{{cite web |url=https://example.org/b |title=' + HOSTILE + '}}</ref>');
  const cited = [...popup.querySelectorAll('a')].find((a) => a.textContent === HOSTILE);
  assert.equal(cited.hasAttribute('href'), false, 'a javascript: URL is never a link');
  assert.equal(popup.getAttribute('role'), 'dialog');
  popup.querySelector('button[data-decision="unsupported"]').click();
  assert.deepEqual(decided, [[3, 'unsupported']]);
  popup.dispatchEvent(new dom.window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  assert.equal(closed, 1);
});

test('without a login the popup offers the review service\'s login instead of decisions', () => {
  const { doc, content } = article('<p>The race began in 1954.</p>');
  const [mark] = gadget.markClaims(doc, content, [finding(1, 'The race began in 1954.')], () => {});
  const popup = gadget.buildPopup(doc, mark, { user: null, login_url: 'https://sidebot.example/login',
    decisions: [{ value: 'unsupported', label: 'No' }] }, () => {}, () => {});
  assert.equal(popup.querySelectorAll('button[data-decision]').length, 0);
  assert.equal(popup.querySelector('a[href="https://sidebot.example/login"]').textContent,
    'Log in to the review service');
});
