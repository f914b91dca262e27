// A stand-in for the game's phone server (docs/phones.md, protocol v1), for
// developing the phone page without the game and for the mock page test.
// It serves assets/web at / and assets at /art/, and plays a toy two-seat
// table: `nine` (a few 9 STAX rules: play a card of the active colour or
// number, draw, keep), or a fixed position of another game where any listed
// move just passes the turn. Run: node mock_game.mjs [fixture] [port]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';

// The source tree: run.sh runs a copy of these files in the build tree (beside
// their node_modules), and says where the source is.
const ROOT = process.env.STACKHOUSE_SOURCE_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TYPES = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript', '.svg': 'image/svg+xml' };

// Every fixture: the welcome's game fields, the public view and each seat's private one.
const FIXTURES = {
  nine: () => ({
    game: '9stax', page: 'nine', mode: '9 STAX', controls: 'hand',
    pub: { act: 'R4', dir: 'cw', owner: 1, draw: 80, discard: 'R4', stacks: [[3, 5, 2], [4, 3]], held: [2, 1], immunity: [true, true], reveal: null, pending: { kind: 'none' } },
    priv: [
      { held: 2, cards: ['R7', 'B7', 'G4', 'PA', 'CS'], drawn: null, immunity: true, prompt: null },
      { held: 1, cards: ['G5', 'P2', 'BS', 'R1'], drawn: null, immunity: true, prompt: null },
    ],
  }),
  immune: () => {
    const f = FIXTURES.nine();
    f.priv[0].prompt = { kind: 'immune', action: 'attack', by: 2 };
    f.fixed = ['immune', 'accept'];
    return f;
  },
  peek: () => {
    const f = FIXTURES.nine();
    f.priv[0].prompt = { kind: 'take', seat: 2, stack: 2, cards: ['B2', 'GV', 'P9'] };
    f.fixed = ['take B2', 'take GV', 'take P9', 'return'];
    return f;
  },
  targets: () => {
    const f = FIXTURES.nine();
    f.fixed = ['peek p2 s1', 'peek p2 s2', 'peek p1 s1', 'peek p1 s3'];
    f.pub.reveal = { number: 2, stacks: [null, ['B2', 'GV', 'P9']] };
    f.pub.immunity = [true, false];
    return f;
  },
  swap: () => {
    const f = FIXTURES.nine();
    f.pub.pending = { kind: 'swap2', first: { seat: 1, stack: 3 } };
    f.fixed = ['with p2s1', 'with p2s2'];
    return f;
  },
  stakz: () => ({
    game: 'stakz', page: 'stakz', mode: 'Stakz', controls: 'hand',
    pub: { stacks: [['r1', 'o2'], ['g3'], ['b4', 'b4', 'p5', 'r3'], ['o1']], pile: [9, 8, 7, 9, 6], hands: [5, 5], colours: [[2, 1, 0, 0, 2], [0, 1, 2, 1, 1]], bonus: [3], placed: false, draw: 'choose' },
    priv: [{ hand: ['r1', 'r3', 'o2', 'g5', 'p4'] }, { hand: ['o3', 'g1', 'g2', 'b5', 'p1'] }],
    fixed: ['r1>1', 'r3>1', 'r3>3', 'o2>1', 'o2>4', 'end:g', 'end:r', 'end:b'],
  }),
  track: () => ({
    game: 'stackatrack', page: 'track', mode: 'Stack-A-Track', controls: 'hand',
    pub: { columns: [['RL', 'TB'], [], ['RB'], ['TB+RL', 'TL'], ['R'], ['RBL']], hands: [3, 3], hidden: true },
    priv: [{ blocks: ['RL:RB', 'TB:TL+RB', 'R:RBL'] }, { blocks: ['RB:RB', 'TB:TB', 'L:RL'] }],
    fixed: ['RL:RB@1F', 'RL:RB@2F', 'RL:RB@2B', 'RL:RB@3B2', 'R:RBL@2F', 'TB:TL+RB@5B', 'pass'],
  }),
  trackopen: () => {
    const f = FIXTURES.track();
    f.pub.hidden = false;
    f.pub.blocks = f.priv.map(p => p.blocks);
    return f;
  },
  setup: () => ({ ...FIXTURES.nine3(), setup: true }),
  last: () => {
    const f = FIXTURES.nine();
    f.priv[0].cards = ['R7'];
    f.ends = true;
    return f;
  },
  pad: () => ({ game: 'maxstax', mode: 'MAXSTAX', controls: 'pad', pub: {}, priv: [{}, {}] }),
  // three players at the start of 9 STAX: nine stacks of four each (#25 item 10)
  nine3: () => ({
    game: '9stax', page: 'nine', mode: '9 STAX', controls: 'hand',
    pub: { act: 'R4', dir: 'cw', owner: 1, draw: 92, discard: 'R4', stacks: [0, 1, 2].map(() => Array(9).fill(4)), held: [1, 1, 1], immunity: [true, true, true], reveal: null, pending: { kind: 'none' } },
    priv: [
      { held: 1, cards: ['R7', 'B4', 'G2', 'CS'], drawn: null, immunity: true, prompt: null },
      { held: 1, cards: ['G5', 'P2', 'BS', 'R1'], drawn: null, immunity: true, prompt: null },
      { held: 1, cards: ['B1', 'B2', 'PV', 'GA'], drawn: null, immunity: true, prompt: null },
    ],
  }),
  // ... and choosing the first stack of a Swap: every stack on the table
  swap3: () => {
    const f = FIXTURES.nine3();
    f.pub.pending = { kind: 'swap' };
    f.fixed = [1, 2, 3].flatMap(p => [1, 2, 3, 4, 5, 6, 7, 8, 9].map(s => `swap p${p}s${s}`));
    return f;
  },
  // Stack-A-Track for three, a full hand of six blocks each
  track3: () => ({
    game: 'stackatrack', page: 'track', mode: 'Stack-A-Track', controls: 'hand',
    pub: { columns: [['RL', 'TB'], [], ['RB'], ['TB+RL', 'TL'], ['R'], ['RBL']], hands: [6, 6, 6], hidden: true },
    priv: [
      { blocks: ['RL:RB', 'TB:TL+RB', 'R:RBL', 'L:RL', 'TB:TB', 'RB:RB'] },
      { blocks: ['RB:RB', 'TB:TB', 'L:RL', 'R:R', 'T:B', 'RL:RL'] },
      { blocks: ['RB:RL', 'TB:RB', 'L:L', 'R:T', 'T:T', 'RL:TB'] },
    ],
    fixed: ['RL:RB@1F', 'RL:RB@2F', 'RL:RB@2B', 'RL:RB@3B2', 'RL:RB@4F', 'RL:RB@5B', 'RL:RB@6F', 'R:RBL@2F', 'TB:TL+RB@5B', 'L:RL@1F', 'TB:TB@3F', 'RB:RB@6B', 'pass'],
  }),
};

// A name as the game cleans it (docs/phones.md, "Names"): control and format
// characters go, blanks become one space, the ends are trimmed, and it is cut
// to 16 graphemes (the width rule is the game's; names here are narrow).
export function cleanName(name) {
  const s = String(name || '').replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/\s+/gu, ' ').trim();
  return [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].slice(0, 16).map(x => x.segment).join('');
}

const nineMatches = (card, act) => act === 'any' || card === 'CS' || card === 'FD' || card[0] === act[0] || card.slice(1) === act.slice(1);

export function startMock({ fixture = 'nine', port = 0, room = 'TEST' } = {}) {
  const f = FIXTURES[fixture]();
  const g = {
    turn: 1, rev: 1, over: false, pub: f.pub, priv: f.priv,
    names: f.priv.map((_, i) => `Player ${i + 1}`), tokens: f.priv.map(() => null), conns: new Set(), log: [], pads: [],
    paused: false, started: !f.setup,
    // the guard's answers (docs/phones.md, "Strangers"): kick closes each new
    // connection with that status, lock answers every hello and join with
    // `locked` for that many seconds, roomWait adds `wait` to a wrong code's `room`
    kick: 0, lock: 0, roomWait: 0, arrivals: [],
  };
  const names = () => g.names.slice();
  const legal = seat => {
    if (g.over || seat !== g.turn) return [];
    if (f.fixed) return f.fixed.slice();
    if (f.game !== '9stax') return [];
    const p = g.priv[seat - 1];
    if (p.drawn) return [...(nineMatches(p.drawn, g.pub.act) ? [`play ${p.drawn}`] : []), 'keep'];
    return [...new Set(p.cards.filter(c => nineMatches(c, g.pub.act)).map(c => `play ${c}`)), 'draw'];
  };
  const view = seat => {
    const scores = f.game === '9stax' ? g.priv.map(p => p.cards.length) : [3, 5];
    const v = {
      v: 1, t: 'view', rev: g.rev, seat, game: f.game, page: f.page, turn: g.over ? 0 : g.turn, you: seat === g.turn && !g.over, over: g.over,
      public: { players: g.names.length, names: names(), scores, ...g.pub }, moves: g.paused ? [] : legal(seat),
      status: g.over ? 'The game is over.' : g.paused ? 'The game is paused on the TV.' : seat === g.turn ? 'Your turn.' : `${g.names[g.turn - 1]} to play.`,
    };
    if (g.paused) v.paused = true;
    if (seat) v.private = g.priv[seat - 1];
    return v;
  };
  const out = (c, m) => c.readyState === 1 && c.send(JSON.stringify(m));
  const err = (c, code, msg, wait) => out(c, { v: 1, t: 'error', code, msg, ...(wait ? { wait } : {}) });
  // the room code, as the guard judges it: false when an error was sent
  const roomOk = (c, code) => {
    if (g.lock) return err(c, 'locked', `Too many wrong room codes from your address: wait ${g.lock} s.`, g.lock), false;
    if (code !== room) return err(c, 'room', 'No game has that room code.', g.roomWait), false;
    return true;
  };
  const welcome = () => ({
    v: 1, t: 'welcome', room, game: f.game, mode: f.mode, controls: f.controls,
    seats: g.names.map((n, i) => ({ seat: i + 1, name: n, kind: 'human', phone: !!g.tokens[i], open: !g.tokens[i] })),
  });
  const publish = () => { if (g.started) for (const c of g.conns) out(c, view(c.seat)); };

  function apply(seat, move) {
    g.log.push(`${f.game} move ${move}`);
    if (f.game === '9stax' && !f.fixed) {
      const p = g.priv[seat - 1];
      if (move === 'draw') { p.drawn = 'B9'; g.pub.draw--; g.rev++; return; }
      if (move === 'keep') { p.cards.push(p.drawn); p.drawn = null; }
      else {
        const card = move.slice(5);
        if (p.drawn === card) p.drawn = null;
        else p.cards.splice(p.cards.indexOf(card), 1);
        g.pub.act = g.pub.discard = card;
      }
    }
    g.turn = g.turn % g.names.length + 1;
    g.rev++;
  }

  function onMessage(c, text) {
    let m;
    try { m = JSON.parse(text); } catch { return err(c, 'json', 'not JSON'); }
    if (!m || m.v !== 1) return err(c, 'version', 'protocol version 1 only');
    switch (m.t) {
      case 'hello':
        if (g.refuse) { // what a server that turns a phone away says before it closes
          err(c, g.refuse.code, g.refuse.msg);
          return c.close(g.refuse.close || 1008, g.refuse.reason || '');
        }
        if (!roomOk(c, m.room)) return;
        if (m.token) {
          const k = g.tokens.indexOf(m.token);
          if (k < 0) return err(c, 'token', 'that seat token is not known here');
          c.seat = k + 1;
          out(c, { v: 1, t: 'joined', seat: c.seat, name: g.names[k], token: m.token });
          return g.started && out(c, view(c.seat));
        }
        out(c, welcome());
        return g.started && out(c, view(0));
      case 'join': {
        const k = (m.seat | 0) - 1;
        if (!roomOk(c, m.room)) return;
        if (k < 0 || k >= g.names.length) return err(c, 'field', 'no such seat');
        if (g.tokens[k]) return err(c, 'seat-taken', 'that seat is taken');
        g.tokens[k] = crypto.randomBytes(16).toString('hex');
        g.names[k] = cleanName(m.name) || g.names[k];
        c.seat = k + 1;
        out(c, { v: 1, t: 'joined', seat: c.seat, name: g.names[k], token: g.tokens[k] });
        for (const o of g.conns) out(o, welcome()); // as the game does: every connection, seated ones too
        return publish();
      }
      case 'move':
        if (!c.seat) return err(c, 'no-seat', 'watchers cannot play');
        if (c.seat !== g.turn) return err(c, 'not-your-turn', 'not your turn');
        if (m.rev !== g.rev) return err(c, 'stale', 'the table changed');
        if (!legal(c.seat).includes(m.move)) return err(c, 'illegal', `illegal move: ${m.move}`);
        apply(c.seat, m.move);
        publish();
        if (f.ends) {
          g.over = true;
          publish();
          const result = g.names.map((name, i) => ({ seat: i + 1, name, rank: i + 1, score: g.priv[i].cards.length }));
          for (const o of g.conns) out(o, { v: 1, t: 'end', result });
        }
        return;
      case 'pad':
        if (!c.seat) return err(c, 'no-seat', 'watchers have no pad');
        g.pads.push(`${c.seat} ${m.b} ${m.down ? 'down' : 'up'}`);
        return;
      case 'leave':
        if (!c.seat) return err(c, 'no-seat', 'no seat to leave');
        g.tokens[c.seat - 1] = null;
        c.seat = 0;
        for (const o of g.conns) if (!o.seat) out(o, welcome());
        return;
      case 'ping':
        return out(c, { v: 1, t: 'pong', id: m.id });
      default:
        return err(c, 'type', 'unknown message type');
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const art = url.pathname.startsWith('/art/');
    const base = path.join(ROOT, 'assets', art ? '' : 'web');
    const rel = decodeURIComponent(art ? url.pathname.slice(5) : url.pathname === '/' ? 'index.html' : url.pathname.slice(1));
    const file = path.resolve(base, rel);
    if (!file.startsWith(base + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  const wss = new WebSocketServer({
    server, path: '/ws', maxPayload: 4096, handleProtocols: p => (p.has('stackhouse.v1') ? 'stackhouse.v1' : false),
    verifyClient: () => !g.full, // a full server refuses the upgrade: the page sees only a close
  });
  wss.on('connection', c => {
    c.seat = 0;
    g.arrivals.push(Date.now());
    if (g.kick) return void c.close(g.kick, 'closed by the guard');
    g.conns.add(c);
    c.on('message', d => onMessage(c, d.toString()));
    c.on('close', () => g.conns.delete(c));
  });
  return new Promise(resolve => server.listen(port, '127.0.0.1', () => resolve({
    port: server.address().port, room, state: g,
    // the match starts (a table after setup), the TV's menu opens or closes,
    // the match is left unfinished (Save & quit: an end without a ranking)
    start: () => { g.started = true; publish(); },
    pause: on => { g.paused = on; publish(); },
    quit: () => { for (const c of g.conns) out(c, { v: 1, t: 'end', result: [] }); },
    // every socket goes, idle HTTP keep-alives and pages reconnecting included
    close: () => new Promise(r => {
      server.close(() => r());
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.closeAllConnections();
    }),
  })));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const m = await startMock({ fixture: process.argv[2] || 'nine', port: +(process.argv[3] || 7312) });
  console.log(`url=http://127.0.0.1:${m.port}/?room=${m.room}`);
}
