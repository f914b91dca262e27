// A stranger floods the port (#25 items 4 and 6): the game runs a 9 STAX
// table for three people on phones (run.sh gives it its own Xvfb). Before the
// guests arrive, six other addresses on the network (127.0.0.2 to .7) keep
// 72 WebSocket connections open that never say hello, opening a new one
// whenever the game closes one, and ping before hello. Three phones then
// load the page with the room code and each takes its seat; the seats to
// move play from their phones and the game's trace shows the moves, all
// while the flood goes on. No phone ever shows the cannot-connect note.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import net from 'node:net';
import { launch, phone, join, waitFor, waitMsg, received, shoot, startGame, PORTRAIT } from './lib.mjs';

let browser, game;
const strangers = new Set();
let flooding = false, opened = 0, closedByGame = 0;

before(async () => {
  game = startGame('9stax', 'human,human,human');
  browser = await launch();
});

after(async () => {
  flooding = false;
  for (const s of strangers) s.destroy();
  if (browser) await browser.close();
  if (game) await game.stop();
});

// A masked client text frame (RFC 6455), as a browser would send it.
function frame(text) {
  const body = Buffer.from(text), mask = crypto.randomBytes(4);
  const head = Buffer.from([0x81, 0x80 | body.length]);
  return Buffer.concat([head, mask, Buffer.from(body.map((b, i) => b ^ mask[i % 4]))]);
}

// One stranger from address `from`: upgrades as the page does (right Host and
// Origin), then never says hello; it pings now and then. When the game closes
// it, another takes its place while the flood lasts.
function stranger(port, from) {
  if (!flooding) return;
  const s = net.connect({ host: '127.0.0.1', port, localAddress: from });
  strangers.add(s);
  opened++;
  s.on('connect', () => {
    s.write(`GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
      'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
      `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\n` +
      'Sec-WebSocket-Protocol: stackhouse.v1\r\n\r\n');
    const t = setInterval(() => { if (!s.destroyed) s.write(frame('{"v":1,"t":"ping","id":1}')); }, 700);
    s.on('close', () => clearInterval(t));
  });
  s.on('data', () => {});
  s.on('error', () => {});
  s.on('close', () => {
    strangers.delete(s);
    closedByGame++;
    setTimeout(() => stranger(port, from), 50);
  });
}

const traceText = () => game.trace();
const lastView = async page => (await received(page)).filter(m => m.t === 'view').pop();

test('three guests join and play while strangers flood the port', { timeout: 180000 }, async () => {
  const { port, room } = await game.listening();
  flooding = true;
  for (let a = 2; a <= 7; a++)
    for (let k = 0; k < 12; k++) stranger(port, `127.0.0.${a}`);
  await new Promise(r => setTimeout(r, 2500)); // the flood fills every slot first
  assert.ok(strangers.size >= 60, `the flood holds ${strangers.size} connections`);

  const url = `http://127.0.0.1:${port}/?room=${room}`;
  const phones = [];
  for (let seat = 1; seat <= 3; seat++) {
    const p = await phone(browser, url, PORTRAIT);
    await waitMsg(p, `guest ${seat}'s welcome`, m => m.t === 'welcome', 20000);
    await join(p, seat, `Guest ${seat}`);
    await waitMsg(p, `guest ${seat} seated`, m => m.t === 'joined' && m.seat === seat, 20000);
    phones.push(p);
  }
  // three moves, each from the phone of the seat to decide
  for (let n = 0; n < 3; n++) {
    const mover = await waitFor('the phone whose turn it is', async () => {
      for (const p of phones) {
        const v = await lastView(p);
        if (v && v.you && !v.paused && (await p.$('#hand .playable[data-move], #moves button[data-move]'))) return p;
      }
      return null;
    }, 30000);
    const sel = (await mover.$('#hand .playable[data-move]')) ? '#hand .playable[data-move]' : '#moves button[data-move]';
    const moves = traceText().split('\n').filter(l => /^(nine|9stax) move /.test(l)).length;
    await mover.click(sel);
    await waitFor(`move ${n + 1} in the trace`, () =>
      traceText().split('\n').filter(l => /^(nine|9stax) move /.test(l)).length > moves, 30000).catch(async e => {
      for (const [i, p] of phones.entries()) {
        const got = await received(p);
        console.error(`guest ${i + 1}: ${got.length} messages; errors ${JSON.stringify(got.filter(m => m.t === 'error'))}; ` +
          `last view ${JSON.stringify(got.filter(m => m.t === 'view').pop() || null).slice(0, 300)}`);
      }
      console.error(`clicked ${sel}; the trace's end:\n${traceText().slice(-1200)}`);
      throw e;
    });
  }
  assert.ok(closedByGame > 0, 'the game closed strangers that never said hello');
  for (const [i, p] of phones.entries()) {
    assert.equal(await p.$eval('body', b => /Cannot reach|Too many connections|full right now/.test(b.innerText)), false,
      `guest ${i + 1} was never told it cannot connect`);
    assert.ok(!(await received(p)).some(m => m.t === 'error' && m.code === 'busy'), `guest ${i + 1} never got busy`);
    await shoot(p, `flood-guest${i + 1}`);
    assert.deepEqual(p.errors, []);
  }
  console.log(`strangers opened ${opened} connections, the game closed ${closedByGame}`);
});
