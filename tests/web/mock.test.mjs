// The phone page in a real browser against mock_game.mjs (no game needed):
// the controls each game's moves make (tap a Stakz tile then a stack, a
// Stack-A-Track block then its orientation and column), the pad's presses,
// and a token the game no longer knows. phones.test.mjs checks the page
// against the real game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startMock } from './mock_game.mjs';
import { launch, phone, join, waitFor, waitMsg, received, handCodes, moveControls, force, mockTable, shoot as shootPage, PORTRAIT, LANDSCAPE } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const table = mockTable;
const shoot = (page, name) => shootPage(page, `mock-${name}`);

test('9 STAX: own hand only, a tapped card is played, a reload keeps the seat, a watcher cannot act', { timeout: 60000 }, async t => {
  const { m, url } = await table(t, 'nine');
  const p1 = await phone(browser, url, PORTRAIT, t), p2 = await phone(browser, url, PORTRAIT, t);
  await join(p1, 1, 'Ann');
  await join(p2, 2, 'Bob');
  await waitFor('hands drawn', async () => (await handCodes(p1)).length && (await handCodes(p2)).length);
  assert.deepEqual(await handCodes(p1), ['R7', 'B7', 'G4', 'PA', 'CS']);
  assert.deepEqual(await handCodes(p2), ['G5', 'P2', 'BS', 'R1']);
  for (const [p, seat] of [[p1, 1], [p2, 2]])
    for (const x of (await received(p)).filter(x => x.t === 'view'))
      assert.ok(x.seat === 0 ? !x.private : x.seat === seat, `seat ${seat}'s page got a view of seat ${x.seat}`);
  assert.equal(await p2.$$eval('#hand .playable', e => e.length), 0, 'seat 2 waits: nothing to tap');

  await p1.click('#hand .playable[data-move="play R7"]');
  await waitFor('the move reaches the game', () => m.state.log.includes('9stax move play R7'));
  await p2.waitForSelector('#status.you');
  await waitFor('seat 1 sees the card gone', async () => !(await handCodes(p1)).includes('R7'));

  // a lost connection (Wi-Fi gone, the phone asleep) comes back by itself to its seat
  for (const c of m.state.conns) if (c.seat === 1) c.terminate();
  await waitFor('seat 1 back after its connection dropped',
    async () => (await received(p1)).filter(x => x.t === 'joined' && x.seat === 1).length === 2);
  await waitFor('the same stack', async () => (await handCodes(p1)).length === 4);

  await p1.reload({ waitUntil: 'load' });
  await waitMsg(p1, 'seat 1 back after reload', x => x.t === 'joined' && x.seat === 1);
  await waitFor('hand after reload', async () => (await handCodes(p1)).length === 4);
  assert.ok(!(await received(p1)).some(x => x.t === 'welcome'), 'a token rejoins without the seat picker');

  const w = await phone(browser, url, PORTRAIT, t);
  await waitMsg(w, 'the public view', x => x.t === 'view' && x.seat === 0);
  await w.waitForSelector('#table .seat');
  assert.equal((await handCodes(w)).length, 0);
  assert.equal(await moveControls(w), 0);
  await force(w, { v: 1, t: 'move', move: 'draw', rev: m.state.rev });
  await waitMsg(w, 'a refusal', x => x.t === 'error' && x.code === 'no-seat');
  await shoot(w, 'watcher');
  for (const p of [p1, p2, w]) assert.deepEqual(p.errors, []);
});

test('Stakz: a tile, then a stack', { timeout: 60000 }, async t => {
  const { m, url } = await table(t, 'stakz');
  const p = await phone(browser, url, PORTRAIT, t);
  await join(p, 1, 'Ann');
  await p.waitForSelector('#hand .tile.playable');
  assert.equal(await p.$$eval('.stakz-stacks .stack.playable', e => e.length), 0, 'no stack before a tile');
  await p.click('#hand .tile[data-code="r3"]');
  await p.waitForSelector('.stakz-stacks .stack.playable');
  assert.deepEqual(await p.$$eval('.stakz-stacks .stack.playable', e => e.map(x => x.dataset.stack)), ['1', '3']);
  await shoot(p, 'stakz-chosen');
  await p.click('.stakz-stacks .stack[data-stack="3"]');
  await waitFor('r3>3 played', () => m.state.log.includes('stakz move r3>3'));
});

test('Stack-A-Track: a block, its orientation, a column', { timeout: 60000 }, async t => {
  const { m, url } = await table(t, 'track');
  const p = await phone(browser, url, LANDSCAPE, t);
  await join(p, 1, 'Ann');
  await p.click('#hand .pair[data-code="RL:RB"]');
  await p.waitForSelector('button.orient');
  assert.equal(await p.$$eval('button.orient', e => e.length), 3, 'F, B and B2 are legal for RL:RB');
  const b2 = await p.$$eval('button.orient', e => e.findIndex(x => x.title === 'Back, upside down'));
  assert.ok(b2 >= 0);
  // B2 turns the back RB half round: the face shown is TL
  assert.equal(await p.$$eval('button.orient .block', (e, i) => e[i].dataset.face, b2), 'TL');
  await (await p.$$('button.orient'))[b2].click();
  await p.waitForSelector('.frame .col.playable');
  await shoot(p, 'track-chosen');
  await p.click('.frame .col[data-col="3"]');
  await waitFor('RL:RB@3B2 played', () => m.state.log.includes('stackatrack move RL:RB@3B2'));
});

test('the pad sends a press and a release per button, with several fingers at once', { timeout: 60000 }, async t => {
  const { m, url } = await table(t, 'pad');
  const p = await phone(browser, url, PORTRAIT, t);
  await join(p, 1, 'Ann');
  await p.waitForSelector('#pad:not([hidden]) .pad-btn.max', { visible: true });
  assert.equal(await p.$eval('#hand', e => e.offsetParent === null), true, 'no hand in pad mode');
  await shoot(p, 'pad');
  for (const b of ['a', 'y', 'left']) {
    const box = await (await p.$(`.pad-btn[data-b="${b}"]`)).boundingBox();
    await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.mouse.down();
    await p.mouse.up();
  }
  await waitFor('six pad messages', () => m.state.pads.length >= 6);
  assert.deepEqual(m.state.pads, ['1 a down', '1 a up', '1 y down', '1 y up', '1 left down', '1 left up']);
  // two fingers: the d-pad held while A is pressed and let go (multi-touch)
  const centre = async b => {
    const r = await (await p.$(`.pad-btn[data-b="${b}"]`)).boundingBox();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  m.state.pads.length = 0;
  const left = await p.touchscreen.touchStart(...(await centre('left')));
  const a = await p.touchscreen.touchStart(...(await centre('a')));
  await a.end();
  await left.end();
  await waitFor('four touch messages', () => m.state.pads.length >= 4);
  assert.deepEqual(m.state.pads, ['1 left down', '1 a down', '1 a up', '1 left up']);

  // back with its token (no welcome then), the phone is still a pad
  await p.reload({ waitUntil: 'load' });
  await waitMsg(p, 'seat 1 back', x => x.t === 'joined' && x.seat === 1);
  await p.waitForSelector('#pad:not([hidden]) .pad-btn.max', { visible: true });
});

test('a seat token the game no longer knows (a new game on the same address) falls back to picking a seat; Leave gives a seat back', { timeout: 60000 }, async t => {
  const first = await startMock({ fixture: 'nine' });
  const url = `http://127.0.0.1:${first.port}/?room=${first.room}`;
  const p = await phone(browser, url, PORTRAIT, t);
  await join(p, 1, 'Ann');
  const old = first.state.tokens[0];
  assert.equal(await p.evaluate(room => localStorage.getItem(`stackhouse.token.${room}`), first.room), old);
  await first.close();
  const second = await startMock({ fixture: 'nine', port: first.port });
  t.after(() => second.close());
  // the page reconnects by itself and offers its old token
  await waitMsg(p, 'a token error', x => x.t === 'error' && x.code === 'token');
  await waitFor('a welcome after it', async () => {
    const rx = await received(p);
    return rx.slice(rx.findIndex(x => x.t === 'error')).some(x => x.t === 'welcome');
  });
  await join(p, 2, 'Cat');
  assert.equal(await p.evaluate(room => localStorage.getItem(`stackhouse.token.${room}`), second.room), second.state.tokens[1]);
  assert.notEqual(second.state.tokens[1], old);

  // Leave gives the seat back: the token is forgotten and the seat is open again
  p.on('dialog', d => d.accept());
  await p.click('#leave');
  await waitFor('the seat given back', () => second.state.tokens[1] === null);
  await p.waitForSelector('#seat-list button[data-seat="2"]:not([disabled])', { visible: true });
  assert.equal(await p.evaluate(room => localStorage.getItem(`stackhouse.token.${room}`), second.room), null);
  assert.equal(await p.$eval('#leave', e => e.hidden), true);
});

test('the end of the match shows the ranking and forgets the seat', { timeout: 60000 }, async t => {
  const { m, url } = await table(t, 'last');
  const p = await phone(browser, url, PORTRAIT, t);
  await join(p, 1, 'Ann');
  await p.click('#hand .playable[data-move="play R7"]');
  await waitMsg(p, 'the end', x => x.t === 'end');
  await p.waitForSelector('#over:not([hidden])');
  assert.deepEqual(await p.$$eval('#results li', e => e.map(x => x.textContent)), ['Ann0', '2.Player 24']);
  assert.equal(await p.evaluate(room => localStorage.getItem(`stackhouse.token.${room}`), m.room), null);
  assert.equal(await p.$eval('#leave', e => e.hidden), true);
  await shoot(p, 'end');
});
