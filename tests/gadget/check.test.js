// The gadget's check before saving (sidebot/web/gadget/gadget.js) under Node's test runner, on jsdom: the
// request it sends, the answers listed in the card's words with untrusted text kept as text, and the button
// that runs it. On a real wiki's edit form in Chromium: tests/browser/test_gadget.py.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { JSDOM } = require('jsdom');
const gadget = require('../../sidebot/web/gadget/gadget.js');

const HOSTILE = '<img src=x onerror="window.hacked = 1">';

function editForm() {
  const dom = new JSDOM('<!doctype html><body><form><textarea id="wpTextbox1">Old.</textarea>' +
    '<div class="editButtons"><input id="wpSave" type="submit"></div><p id="after">x</p></form></body>');
  const doc = dom.window.document;
  return { dom, doc, textarea: doc.getElementById('wpTextbox1') };
}

function checked(state, extra) {
  return Object.assign({
    claim: 'The station opened in 1978.', url: 'https://example.org/a', state,
    words: state === 'passed' ? 'passes · source likely backs the whole claim' :
      'may fail · missing fact: the source does not give 1978',
    support: 'source may not back the claim (backs the whole claim: 3 %; backs part of it: 30 %)',
    band: state === 'open' ? 'may fail' : null, reason: null, fact_note: null,
    evidence: 'The station started to produce electricity in 1991.', problem: null,
    source_title: 'Blanda', cached: false
  }, extra || {});
}

test('the request carries the edited text, the title with spaces and the text before the edit', () => {
  assert.deepEqual(gadget.checkRequest('Blanda_Power_Station', 'New.', 'Old.'),
    { title: 'Blanda Power Station', text: 'New.', base: 'Old.' });
  assert.deepEqual(gadget.checkRequest('A', 'New.', ''), { title: 'A', text: 'New.', base: '' });
  assert.deepEqual(gadget.checkRequest('A', 'New.', undefined), { title: 'A', text: 'New.' });
  assert.deepEqual(gadget.checkRequest('A', 'New.', 'Old.', true), { title: 'A', text: 'New.', base: 'Old.', store: true });
});

test('each checked citation is listed in the card\'s words, untrusted text as text', () => {
  const { dom, doc } = editForm();
  const answer = {
    title: 'A', checked: 3, refs: [
      checked('passed'),
      checked('open', { claim: HOSTILE, source_title: HOSTILE, evidence: HOSTILE }),
      checked('unverifiable', {
        words: 'unverifiable · source blocked: refused address 10.0.0.1', url: 'javascript:alert(1)',
        evidence: null, problem: 'source blocked: refused address 10.0.0.1'
      })
    ]
  };
  const part = gadget.buildCheckResults(doc, answer);
  doc.body.appendChild(part);
  assert.equal(part.querySelector('.sidebot-check-summary').textContent, '3 citations checked; 2 may not be supported.');
  const items = Array.from(part.querySelectorAll('li'));
  assert.deepEqual(items.map((li) => li.className.split(' ')[1]),
    ['sidebot-state-passed', 'sidebot-state-open', 'sidebot-state-unverifiable']);
  assert.equal(items[1].querySelector('.sidebot-words').textContent,
    'may fail · missing fact: the source does not give 1978');
  assert.equal(items[1].querySelector('.sidebot-claim').textContent, 'Claim: ' + HOSTILE);
  assert.equal(part.querySelectorAll('img').length, 0);
  assert.equal(dom.window.hacked, undefined);
  assert.equal(items[2].querySelector('.sidebot-support'), null); // no figures for a source not read
  assert.equal(items[2].querySelector('a').hasAttribute('href'), false); // only http(s) links
  const none = gadget.buildCheckResults(doc, { title: 'A', checked: 0, refs: [] });
  assert.equal(none.textContent, 'No new or changed citation with a link to check.');
});

test('the button runs the check, shows its answers under the save buttons, and says why it failed', async () => {
  const { doc, textarea } = editForm();
  const answers = [{ title: 'A', checked: 1, refs: [checked('open')] }, new Error('over the quota')];
  let calls = 0;
  const { button, panel } = gadget.addCheckButton(doc, textarea, async () => {
    const next = answers[calls++];
    if (next instanceof Error) {
      throw next;
    }
    return next;
  });
  assert.equal(panel.previousElementSibling.className, 'editButtons');
  assert.equal(button.type, 'button'); // never submits the edit form
  button.click();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(calls, 1);
  assert.equal(button.disabled, false);
  assert.equal(panel.querySelectorAll('li.sidebot-state-open').length, 1);
  button.click();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(panel.querySelector('.sidebot-check-status').textContent, 'Not checked: over the quota');
  assert.equal(panel.querySelectorAll('li').length, 0); // the earlier answers are gone
});

test('what may fail is queued for review only when the editor asks, and the answer says where', async () => {
  const { doc, textarea } = editForm();
  const asked = [];
  const { button, panel } = gadget.addCheckButton(doc, textarea, async (store) => {
    asked.push(Boolean(store));
    return store
      ? { title: 'A', checked: 2, stored: 1, refs: [checked('passed'), checked('open', { finding_id: 42, stored: true })] }
      : { title: 'A', checked: 2, stored: 0, refs: [checked('passed'), checked('open')] };
  });
  button.click();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(asked, [false]);
  const queue = panel.querySelector('.sidebot-store-button');
  assert.equal(queue.textContent, 'Queue what may fail for review');
  assert.equal(queue.type, 'button');
  queue.click();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(asked, [false, true]);
  assert.equal(panel.querySelector('.sidebot-check-status').textContent, '1 queued for review.');
  assert.equal(panel.querySelector('.sidebot-queued').textContent, 'In the review queue: finding 42');
  assert.equal(panel.querySelector('.sidebot-store-button'), null); // nothing left to queue
  const passing = gadget.addCheckButton(doc, textarea, async () => ({ title: 'A', checked: 1, stored: 0, refs: [checked('passed')] }));
  passing.button.click();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(passing.panel.querySelector('.sidebot-store-button'), null); // all pass: nothing to queue
});
