// Phones as hands against the real game (issue #15, docs/phones.md): the game
// runs a 9 STAX table for two people with --phones on its own Xvfb (run.sh),
// and headless chromium loads the page it serves. Two phones take seats 1
// and 2 and each shows its own held stack only; the seat to move plays a card
// (or draws) from its phone and the game's trace shows the move; a reloaded
// phone is back on its seat with its hand; a page without a token watches
// and is refused when it sends a move anyway; Leave gives a seat back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, phone, join, waitFor, waitMsg, received, handCodes, moveControls, force, PORTRAIT, LANDSCAPE, startGame } from './lib.mjs';

const shots = process.env.WEB_SHOTS;
let browser, game;

before(async () => {
  game = startGame('9stax', 'human,human');
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (game) await game.stop();
});

const lastView = async page => (await received(page)).filter(m => m.t === 'view').pop();
const traceText = () => game.trace();

async function shoot(page, name) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

test('two phones hold their own stacks, play a move on the TV, rejoin after a reload; a watcher cannot act', { timeout: 120000 }, async () => {
  const { port, room } = await game.listening();
  const url = `http://127.0.0.1:${port}/?room=${room}`;
  const p1 = await phone(browser, url, PORTRAIT), p2 = await phone(browser, url, LANDSCAPE);

  // each phone's seat, and its own held stack
  const welcome = await waitMsg(p1, 'welcome', m => m.t === 'welcome');
  assert.equal(welcome.game, '9stax');
  assert.deepEqual(welcome.seats.map(s => [s.seat, s.open]), [[1, true], [2, true]]);
  // each seat's colour and shape, as on the TV, beside its name on the picker
  assert.deepEqual(welcome.seats.map(s => [s.colour, s.shape]), [['Red', 'circle'], ['Blue', 'square']]);
  await waitFor('the seat marks on the picker', async () =>
    (await p1.$$eval('#seat-list .seatmark svg', e => e.length)) === 2);
  assert.deepEqual(await p1.$$eval('#seat-list .seatmark', e => e.map(x => x.dataset.colour)), ['Red', 'Blue']);
  await join(p1, 1, 'Ann');
  await join(p2, 2, 'Bob');
  const hands = [];
  for (const [p, seat] of [[p1, 1], [p2, 2]]) {
    const v = await waitFor(`seat ${seat}'s view with its stack`, async () => {
      const x = await lastView(p);
      return x && x.private && Array.isArray(x.private.cards) && x.private.cards.length ? x : null;
    });
    await waitFor(`seat ${seat}'s cards on the page`, async () => (await handCodes(p)).length === v.private.cards.length);
    assert.deepEqual(await handCodes(p), v.private.cards, `seat ${seat}'s page shows its held stack`);
    hands.push(v.private.cards);
  }
  assert.notDeepEqual(hands[0], hands[1], 'the two phones show different stacks');
  for (const [p, seat] of [[p1, 1], [p2, 2]]) {
    for (const m of (await received(p)).filter(x => x.t === 'view'))
      assert.ok(m.seat === 0 ? !('private' in m) : m.seat === seat && m.private,
        `seat ${seat}'s phone got a view for seat ${m.seat}`); // seat 0: the public view before it joined
  }
  await shoot(p1, 'phone-seat1-portrait');
  await shoot(p2, 'phone-seat2-landscape');

  // the seat to decide plays from its phone; the game's trace shows the move
  const v1 = await lastView(p1), v2 = await lastView(p2);
  assert.equal(v1.turn, v2.turn);
  const [mover, other] = v1.you ? [p1, p2] : [p2, p1];
  assert.ok((await lastView(mover)).you && !(await lastView(other)).you);
  assert.equal(await other.$$eval('[data-move]', e => e.length), 0, 'the waiting phone offers no move');
  const sel = (await mover.$('#hand .playable[data-move]')) ? '#hand .playable[data-move]' : '#moves button[data-move="draw"]';
  const move = await mover.$eval(sel, e => e.dataset.move);
  const revBefore = (await lastView(other)).rev;
  await mover.click(sel);
  // the table traces each move it plays as "<game> move [pN] <notation>"
  const seatNo = mover === p1 ? 1 : 2;
  const played = new RegExp(`^(nine|9stax) move (p${seatNo} )?${move.replace(/[^\w ]/g, '\\$&')}$`, 'm');
  await waitFor(`the move "${move}" of seat ${seatNo} in the trace`, () => played.test(traceText())).catch(async e => {
    const errs = (await received(mover)).filter(m => m.t === 'error');
    console.error(`the phone's errors: ${JSON.stringify(errs)}\nthe trace's end:\n${traceText().slice(-1500)}`);
    throw e;
  });
  await waitFor('a new view on the other phone', async () => (await lastView(other)).rev > revBefore);
  await shoot(mover, 'phone-after-move');

  // a reload takes seat 1 back with its token and shows the same stack
  await new Promise(r => setTimeout(r, 300));
  const before = await handCodes(p1);
  await p1.reload({ waitUntil: 'load' });
  await waitMsg(p1, 'seat 1 rejoined', m => m.t === 'joined' && m.seat === 1);
  await waitFor('the stack after the reload', async () => (await handCodes(p1)).length === before.length);
  assert.deepEqual(await handCodes(p1), before);
  assert.ok(!(await received(p1)).some(m => m.t === 'welcome'), 'the token rejoins without the seat picker');

  // a third page without a token sees the table only
  const w = await phone(browser, url, PORTRAIT);
  const pub = await waitMsg(w, 'the public view', m => m.t === 'view');
  assert.equal(pub.seat, 0);
  await w.waitForSelector('#table .seat');
  assert.ok((await received(w)).every(m => !('private' in m)), 'a watcher gets no private view');
  assert.equal((await handCodes(w)).length, 0);
  assert.equal(await moveControls(w), 0, 'a watcher has no move controls');
  assert.deepEqual(await w.$$eval('#seat-list button.open', e => e.length), 0, 'both seats are taken');
  await shoot(w, 'phone-watcher');
  const traced = traceText();
  await force(w, { v: 1, t: 'move', move: 'draw', rev: pub.rev });
  const refusal = await waitMsg(w, 'a refusal', m => m.t === 'error');
  assert.equal(refusal.code, 'no-seat');
  await new Promise(r => setTimeout(r, 300));
  assert.equal(traceText().split('\n').filter(l => / move /.test(l)).length,
    traced.split('\n').filter(l => / move /.test(l)).length, 'the watcher\'s move changed nothing');

  // Leave gives seat 2 back: the page forgets the token and offers the seat again
  p2.on('dialog', d => d.accept());
  const n2 = (await received(p2)).length;
  await p2.click('#leave');
  await waitFor('seat 2 open again', async () => (await received(p2)).slice(n2)
    .some(m => m.t === 'welcome' && m.seats.some(x => x.seat === 2 && x.open)));
  await p2.waitForSelector('#seat-list button[data-seat="2"]:not([disabled])', { visible: true });
  assert.equal(await p2.evaluate(r => localStorage.getItem(`stackhouse.token.${r}`), room), null);

  for (const p of [p1, p2, w]) assert.deepEqual(p.errors, []);
});
