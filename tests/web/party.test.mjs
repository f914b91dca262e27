// The phone page at a real party (#25 items 4, 10, 11, 12), against
// mock_game.mjs, on the two phone sizes the issue names: what the player
// must act on now is on screen without scrolling (3-player 9 STAX, a Swap,
// Stack-A-Track's steps), numbers carry their words, and the page says what
// is going on: waiting for the game, paused on the TV, stopped, a wrong
// code, and why it cannot connect.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, phone, join, waitFor, waitMsg, received, mockTable, shoot as shootPage } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const SIZES = [[360, 640], [412, 915]].map(([width, height]) =>
  ({ width, height, deviceScaleFactor: 1, isMobile: true, hasTouch: true }));
const size = vp => `${vp.width}x${vp.height}`;

const table = mockTable;
const shoot = (page, name) => shootPage(page, `party-${name}`, false);

// The elements matching sel that are not wholly on screen: below the fold,
// above it, or under the sticky bar; [] when every one can be seen as is.
function offScreen(page, sel) {
  return page.$$eval(sel, els => {
    const bar = document.getElementById('bar').getBoundingClientRect().bottom;
    return els.filter(e => e.offsetParent !== null).map(e => {
      const r = e.getBoundingClientRect();
      return { what: e.dataset.move || e.dataset.code || e.textContent.trim().slice(0, 30), top: Math.round(r.top), bottom: Math.round(r.bottom) };
    }).filter(r => r.top < bar - 1 || r.bottom > innerHeight + 1).map(r => ({ ...r, bar, innerHeight }));
  });
}

// Waits until every control matching sel is on screen (the page may scroll
// smoothly to them), and that there is at least one.
async function allOnScreen(page, sel, what) {
  let last;
  await waitFor(`${what} on screen`, async () => {
    const n = await page.$$eval(sel, els => els.filter(e => e.offsetParent !== null).length);
    last = await offScreen(page, sel);
    return n > 0 && last.length === 0;
  }, 5000).catch(e => { throw new Error(`${e.message}: ${JSON.stringify(last)}`); });
}

const visibleText = page => page.evaluate(() => document.body.innerText);

for (const vp of SIZES) {
  test(`${size(vp)}: 3-player 9 STAX, your turn: the hand and the buttons are on screen (#25 item 10)`, { timeout: 60000 }, async t => {
    const { m, url } = await table(t, 'nine3');
    const p = await phone(browser, url, vp, t);
    await join(p, 1, 'Ann');
    await p.waitForSelector('#status.you');
    await allOnScreen(p, '#hand .playable, #moves button', 'the playable cards and Draw');
    assert.deepEqual(await p.$$eval('#hand .playable', e => e.map(x => x.dataset.move)), ['play R7', 'play B4', 'play CS']);
    assert.deepEqual(await p.$$eval('#moves button', e => e.map(x => x.dataset.move)), ['draw']);
    // the card to match is beside the hand, so the choice can be made there
    assert.equal(await p.$eval('#hand .tomatch', e => e.dataset.match), 'R4');
    assert.equal(await p.$$eval('#hand .tomatch .card', e => e.length), 1);
    await shoot(p, `nine3-${size(vp)}`);
    assert.equal(await p.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, 'no sideways scrolling');
    await p.click('#hand .playable[data-move="play R7"]');
    await waitFor('the move reaches the game', () => m.state.log.includes('9stax move play R7'));
    assert.deepEqual(p.errors, []);
  });

  test(`${size(vp)}: 3-player 9 STAX, a Swap: every stack to choose is on screen (#25 item 10)`, { timeout: 60000 }, async t => {
    const { m, url } = await table(t, 'swap3');
    const p = await phone(browser, url, vp, t);
    await join(p, 1, 'Ann');
    await p.waitForSelector('#moves button[data-move="swap p3s9"]');
    await allOnScreen(p, '#moves button', 'the 27 stacks of a Swap');
    assert.equal(await p.$$eval('#moves button', e => e.length), 27);
    await shoot(p, `swap3-${size(vp)}`);
    await p.click('#moves button[data-move="swap p2s5"]');
    await waitFor('the swap reaches the game', () => m.state.log.includes('9stax move swap p2s5'));
  });

  test(`${size(vp)}: Stack-A-Track: each next step comes on screen when a block, then a way up is tapped (#25 item 10)`, { timeout: 60000 }, async t => {
    const { m, url } = await table(t, 'track3');
    const p = await phone(browser, url, vp, t);
    await join(p, 1, 'Ann');
    await allOnScreen(p, '#hand .pair.playable', 'the blocks to place');
    await p.click('#hand .pair[data-code="RL:RB"]');
    await allOnScreen(p, '#moves button.orient', 'the ways up');
    assert.equal(await p.$$eval('#moves button.orient', e => e.length), 3, 'F, B and B2 for RL:RB');
    await shoot(p, `track3-orient-${size(vp)}`);
    await p.click('#moves button.orient[title="Front"]');
    await allOnScreen(p, '#moves button.chip:not(.orient)', 'the columns');
    assert.deepEqual(await p.$$eval('#moves button.chip:not(.orient)', e => e.map(x => x.dataset.move)),
      ['RL:RB@1F', 'RL:RB@2F', 'RL:RB@4F', 'RL:RB@6F']);
    await shoot(p, `track3-column-${size(vp)}`);
    await p.click('#moves button[data-move="RL:RB@4F"]');
    await waitFor('the block reaches the game', () => m.state.log.includes('stackatrack move RL:RB@4F'));
  });

  test(`${size(vp)}: numbers say what they count (#25 item 11)`, { timeout: 60000 }, async t => {
    const { url } = await table(t, 'swap3');
    const p = await phone(browser, url, vp, t);
    await join(p, 1, 'Ann');
    await p.waitForSelector('#table .seat');
    // each seat's score: "36 cards left", not a bare "36"
    assert.deepEqual(await p.$$eval('#table .seat .score', e => e.map(x => x.innerText.trim())),
      ['4 cards left', '4 cards left', '4 cards left']);
    // the stack chips are explained on the page itself, not in a tooltip
    const legend = await p.$eval('#table .legend', e => (e.offsetParent !== null ? e.innerText.replace(/\s+/g, ' ').trim() : ''));
    assert.match(legend, /stack 1/i);
    assert.match(legend, /4 cards/);
    assert.deepEqual(await p.$$eval('#moves button[data-move^="swap p1s"]', e => e.map(x => x.innerText.replace(/\s+/g, ' ').trim())).then(x => x.slice(0, 2)),
      ['1 4 cards', '2 4 cards']);
    // Stakz: a seat's colour counts say what they count
    const sz = await table(t, 'stakz');
    const z = await phone(browser, sz.url, vp, t);
    await join(z, 1, 'Cy');
    await z.waitForSelector('#table .seat .backs');
    assert.match(await z.$eval('#table .seat[data-seat="2"]', e => e.innerText.replace(/\s+/g, ' ')), /5 tiles in hand, by colour: 1 2 1 1 5 points/);
    const last = await table(t, 'last');
    const q = await phone(browser, last.url, vp, t);
    await join(q, 1, 'Bea');
    await q.waitForSelector('#hand .handhead');
    const head = await q.$eval('#hand .handhead', e => e.innerText.replace(/\s+/g, ' '));
    assert.match(head, /\b1 card\b/);
    assert.doesNotMatch(await visibleText(q), /\b1 cards\b/);
  });

  test(`${size(vp)}: joined during setup: waiting for the game to start, with the seats (#25 item 12)`, { timeout: 60000 }, async t => {
    const { m, url } = await table(t, 'setup');
    const p = await phone(browser, url, vp, t);
    await p.waitForSelector('#seat-list button[data-seat="1"]:not([disabled])', { visible: true });
    await p.$eval('#name', e => { e.value = 'Ann'; });
    await p.click('#seat-list button[data-seat="1"]');
    await waitMsg(p, 'joined seat 1', x => x.t === 'joined' && x.seat === 1);
    await p.waitForSelector('#waiting', { visible: true });
    const text = await p.$eval('#waiting', e => e.innerText);
    assert.match(text, /waiting for the game to start/i);
    assert.match(text, /Ann/);
    assert.match(text, /Player 2/);
    assert.match(text, /Player 3/);
    assert.equal(await p.$$eval('#waiting [data-seat]', e => e.length), 3);
    await shoot(p, `setup-${size(vp)}`);
    m.start();
    await p.waitForSelector('#hand .playable', { visible: true });
    assert.equal(await p.$eval('#waiting', e => e.offsetParent === null), true, 'the note goes when the game starts');
  });

  test(`${size(vp)}: a match quit on the TV: "Game over" without a stale turn or hand (#25 item 12)`, { timeout: 60000 }, async t => {
    const { m, url } = await table(t, 'nine3');
    const p = await phone(browser, url, vp, t);
    await join(p, 1, 'Ann');
    await p.waitForSelector('#status.you');
    m.quit();
    await p.waitForSelector('#over', { visible: true });
    const text = await visibleText(p);
    assert.doesNotMatch(text, /Your turn/);
    assert.equal(await p.$$eval('#hand .card', e => e.filter(x => x.offsetParent !== null).length), 0, 'no hand under Game over');
    assert.equal(await p.$$eval('[data-move]', e => e.filter(x => x.offsetParent !== null).length), 0, 'no controls');
    assert.match(await p.$eval('#over', e => e.innerText), /before its end|left unfinished|stopped/i);
    await shoot(p, `quit-${size(vp)}`);
  });

  test(`${size(vp)}: the TV's menu is open: the page says the game is paused and keeps it so (#25 item 12)`, { timeout: 60000 }, async t => {
    const { m, url } = await table(t, 'nine3');
    const p = await phone(browser, url, vp, t);
    await join(p, 1, 'Ann');
    await p.waitForSelector('#hand .playable');
    m.pause(true);
    await waitFor('the paused note', async () => /paused/i.test(await p.$eval('#status', e => e.innerText)));
    assert.equal(await p.$eval('#status', e => e.classList.contains('paused')), true);
    // in the sticky bar: in sight wherever the page is scrolled
    assert.deepEqual(await p.$eval('#pausenote', e => {
      const r = e.getBoundingClientRect();
      return [e.offsetParent !== null, r.top >= 0 && r.bottom <= document.getElementById('bar').getBoundingClientRect().bottom];
    }), [true, true]);
    assert.match(await p.$eval('#pausenote', e => e.innerText), /paused/i);
    assert.equal(await p.$$eval('#hand .playable, #moves button', e => e.length), 0, 'nothing to tap while paused');
    assert.equal(await p.$$eval('#hand .card', e => e.length), 4, 'the hand stays in sight');
    await shoot(p, `paused-${size(vp)}`);
    await p.click('#hand .card[data-code="R7"]');
    await new Promise(r => setTimeout(r, 300));
    assert.deepEqual(m.state.log, [], 'no move sent while paused');
    assert.match(await p.$eval('#status', e => e.innerText), /paused/i, 'the note stays after a tap');
    m.pause(false);
    await p.waitForSelector('#hand .playable');
    assert.doesNotMatch(await p.$eval('#status', e => e.innerText), /paused/i);
    assert.equal(await p.$eval('#pausenote', e => e.offsetParent === null), true);
  });

  test(`${size(vp)}: a wrong room code: the page asks again and the bar forgets it (#25 items 4, 12)`, { timeout: 60000 }, async t => {
    const { m } = await table(t, 'nine3');
    const p = await phone(browser, `http://127.0.0.1:${m.port}/?room=ZZZZ`, vp, t);
    await p.waitForSelector('#enter', { visible: true });
    await waitMsg(p, 'the room error', x => x.t === 'error' && x.code === 'room');
    await p.waitForSelector('#enter-why', { visible: true });
    assert.match(await p.$eval('#enter-why', e => e.innerText), /ZZZZ/);
    assert.equal(await p.$eval('#room', e => e.textContent), '', 'the bar does not keep the wrong code');
    assert.doesNotMatch(await p.$eval('#bar', e => e.innerText), /ZZZZ/);
    await shoot(p, `wrongcode-${size(vp)}`);
    await p.type('#enter-room', 'test');
    await p.click('#enter-form button');
    await p.waitForSelector('#seat-list button[data-seat="1"]', { visible: true });
    assert.equal(await p.$eval('#room', e => e.textContent), 'TEST');
    assert.equal(await p.$eval('#enter-why', e => e.offsetParent === null), true);
  });

  test(`${size(vp)}: the page says why it cannot connect (#25 item 4)`, { timeout: 60000 }, async t => {
    const { m, url } = await table(t, 'nine3');
    // a server that refuses the connection: the page sees only a close
    m.state.full = true;
    const p = await phone(browser, url, vp, t);
    await p.waitForSelector('#notice', { visible: true });
    assert.equal(await p.$eval('#notice', e => e.innerText), 'Cannot reach the game: open the address shown on the TV.');
    await shoot(p, `refused-${size(vp)}`);
    // a server that says why before it closes: its words are shown and stay
    m.state.full = false;
    m.state.refuse = { code: 'rate', msg: 'Too many wrong room codes from this phone: wait 8 seconds.' };
    await waitMsg(p, 'the refusal', x => x.t === 'error' && x.code === 'rate', 20000);
    await waitFor('its words on the page', async () => /wait 8 seconds/.test(await p.$eval('#notice', e => (e.offsetParent ? e.innerText : ''))));
    await shoot(p, `toomany-${size(vp)}`);
    m.state.refuse = null;
    await waitMsg(p, 'a welcome once let in', x => x.t === 'welcome', 20000);
    await p.waitForSelector('#notice', { hidden: true });
    assert.ok((await received(p)).some(x => x.t === 'view'));
  });
}

// What the page shows for each way the game's guard turns it away (#25
// item 4; docs/phones.md, "Strangers"), at 360x640, with the pad and the
// cleaned names that came with the same work.
const SMALL = SIZES[0];
const sleep = ms => new Promise(r => setTimeout(r, ms));
const shown = (page, sel) => page.$eval(sel, e => (e.offsetParent !== null ? e.innerText.trim() : ''));

test('360x640: closed with 4001 (no hello with the room code): asks for the code and waits for it', { timeout: 60000 }, async t => {
  const { m, url } = await table(t, 'nine');
  m.state.kick = 4001;
  const p = await phone(browser, url, SMALL, t);
  await p.waitForSelector('#enter', { visible: true });
  assert.equal(await shown(p, '#enter-why'), 'Type the room code shown on the TV.');
  assert.equal(await shown(p, '#notice'), '', 'the note under the bar goes: the question says it');
  assert.equal(await shown(p, '#enter-hint'), '', 'said once, not again under it');
  await shoot(p, 'close4001');
  await sleep(2500);
  assert.equal(m.state.arrivals.length, 1, 'no reconnection before a code is typed');
  m.state.kick = 0;
  await p.type('#enter-room', 'test');
  await p.click('#enter-form button');
  await p.waitForSelector('#seat-list button[data-seat="1"]', { visible: true });
  assert.equal(m.state.arrivals.length, 2);
});

// A page kept out by the mock (set, on its state) shows note under the bar;
// once let back in (unset), the note goes.
async function keptOut(t, set, unset, note, name) {
  const { m, url } = await table(t, 'nine');
  set(m.state);
  const p = await phone(browser, url, SMALL, t);
  await waitFor('the note', async () => (await shown(p, '#notice')) !== '');
  assert.equal(await shown(p, '#notice'), note);
  await shoot(p, name);
  return { m, p, letIn: async () => {
    unset(m.state);
    await waitMsg(p, 'a welcome once let in', x => x.t === 'welcome', 20000);
    await p.waitForSelector('#notice', { hidden: true });
  } };
}

test('360x640: closed with 4002 (too many connections from one address): says to close other tabs', { timeout: 60000 }, async t => {
  const { letIn } = await keptOut(t, s => { s.kick = 4002; }, s => { s.kick = 0; },
    'Too many connections from this device or network: close other tabs of the game.', 'close4002');
  await letIn(); // the other tabs closed: the page comes in by itself
});

test('360x640: closed with 4003 (the game is full): says so and retries with a growing wait', { timeout: 60000 }, async t => {
  const full = 'The game is full right now. Retrying\u2026';
  const { m, p, letIn } = await keptOut(t, s => { s.kick = 4003; }, s => { s.kick = 0; }, full, 'close4003');
  await waitFor('four tries', () => m.state.arrivals.length >= 4, 20000);
  const a = m.state.arrivals, gaps = a.slice(1).map((x, i) => x - a[i]);
  // 0.5 s, 1 s, 2 s and so on, plus whatever a loaded machine adds to each
  assert.ok(gaps[1] > gaps[0] && gaps[2] > gaps[1] && gaps[2] >= 1900, `backoff: ${gaps}`);
  assert.equal(await shown(p, '#notice'), full);
  await letIn();
});

test('360x640: the upgrade refused (1006 before the socket opened): says to open the address shown on the TV', { timeout: 60000 }, async t => {
  const { letIn } = await keptOut(t, s => { s.full = true; }, s => { s.full = false; },
    'Cannot reach the game: open the address shown on the TV.', 'close1006');
  await letIn();
});

// The room code field and its button, and whether each can be used.
const codeField = page => page.evaluate(() => [document.getElementById('enter-room').disabled,
  document.querySelector('#enter-form button').disabled]);

async function lockedOut(p, m, secs) {
  await p.waitForSelector('#enter', { visible: true });
  await waitFor('the countdown', async () => /try again/.test(await shown(p, '#enter-why')));
  // the first second may have gone by before this looks (a loaded machine)
  const left = async () => +(/^Too many wrong codes: try again in (\d+) s$/.exec(await shown(p, '#enter-why')) || [])[1];
  const first = await left();
  assert.ok(first === secs || first === secs - 1, `${await shown(p, '#enter-why')} (locked for ${secs} s)`);
  assert.deepEqual(await codeField(p), [true, true], 'the code cannot be typed while locked');
  assert.ok(await p.$eval('#enter-room', e => +getComputedStyle(e).opacity < 1), 'and looks shut');
  await shoot(p, `locked-${m.state.lock ? 'locked' : 'room'}`);
  await waitFor('it counts down', async () => (await left()) === first - 1, 2500);
  assert.deepEqual(await codeField(p), [true, true]);
  const tries = m.state.arrivals.length;
  await waitFor('the lock ends', async () => !(await codeField(p))[0], secs * 1000 + 2000);
  assert.doesNotMatch(await shown(p, '#enter-why'), /try again/);
  assert.deepEqual(await codeField(p), [false, false]);
  await shoot(p, `unlocked-${m.state.lock ? 'locked' : 'room'}`);
  assert.equal(m.state.arrivals.length, tries, 'no reconnection while locked');
  m.state.lock = 0;
  m.state.roomWait = 0;
  await p.$eval('#enter-room', e => { e.value = ''; });
  await p.type('#enter-room', 'test');
  await p.click('#enter-form button');
  await p.waitForSelector('#seat-list button[data-seat="1"]', { visible: true });
}

test('360x640: `locked` (too many wrong codes from this address): a countdown, the code field disabled until it ends', { timeout: 60000 }, async t => {
  const { m, url } = await table(t, 'nine');
  m.state.lock = 4;
  const p = await phone(browser, url, SMALL, t);
  await waitMsg(p, 'the lock', x => x.t === 'error' && x.code === 'locked');
  await lockedOut(p, m, 4);
});

test('360x640: a wrong code that brings a lock (`room` with `wait`): the countdown, no reconnection', { timeout: 60000 }, async t => {
  const { m } = await table(t, 'nine');
  m.state.roomWait = 4;
  const p = await phone(browser, `http://127.0.0.1:${m.port}/?room=ZZZZ`, SMALL, t);
  await waitMsg(p, 'the wrong code', x => x.t === 'error' && x.code === 'room' && x.wait === 4);
  await lockedOut(p, m, 4);
});

test('360x640: the pad has no Menu button (menus are the TV\'s); every button is on screen', { timeout: 60000 }, async t => {
  const { m, url } = await table(t, 'pad');
  const p = await phone(browser, url, SMALL, t);
  await join(p, 1, 'Ann');
  await p.waitForSelector('#pad:not([hidden]) .pad-btn.max', { visible: true });
  assert.equal(await p.$$eval('.pad-btn[data-b="menu"], #pad button', e => e.filter(x => /menu/i.test(x.dataset.b + x.textContent)).length), 0);
  assert.deepEqual(await p.$$eval('#pad .pad-btn', e => e.map(x => x.dataset.b).sort()), ['a', 'b', 'down', 'left', 'right', 'up', 'y']);
  assert.deepEqual(await offScreen(p, '#pad .pad-btn'), []);
  await shoot(p, 'pad');
  await p.click('.pad-btn[data-b="a"]');
  await waitFor('the press', () => m.state.pads.includes('1 a down'));
});

test('360x640: the page shows the name the game cleaned (from `joined`), not the one typed', { timeout: 60000 }, async t => {
  const { m, url } = await table(t, 'setup');
  const p = await phone(browser, url, SMALL, t);
  const typed = '\u202Eevil\u200B  Ann';
  await p.waitForSelector('#seat-list button[data-seat="1"]:not([disabled])', { visible: true });
  await p.$eval('#name', (e, n) => { e.value = n; }, typed);
  await p.click('#seat-list button[data-seat="1"]');
  const joined = await waitMsg(p, 'joined seat 1', x => x.t === 'joined' && x.seat === 1);
  assert.equal(joined.name, 'evil Ann');
  await p.waitForSelector('#waiting', { visible: true });
  assert.match(await p.$eval('#who', e => e.textContent), /^evil Ann · seat 1$/);
  assert.equal(await p.$eval('#waiting [data-seat="1"] b', e => e.textContent), 'evil Ann');
  assert.equal(await p.evaluate(() => localStorage.getItem('stackhouse.name')), 'evil Ann');
  await shoot(p, 'cleaned-name');
  m.start();
  await p.waitForSelector('#table .seat');
  assert.doesNotMatch(await p.evaluate(() => document.body.innerText), /[\u202E\u200B]/);
  // given back, the seat picker offers the cleaned name for the next seat
  p.on('dialog', d => d.accept());
  await p.click('#leave');
  await p.waitForSelector('#seat-list button[data-seat="1"]:not([disabled])', { visible: true });
  assert.equal(await p.$eval('#name', e => e.value), 'evil Ann');
});
