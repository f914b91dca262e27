// The phone page's connection and screens (docs/phones.md, protocol v1):
// room code -> hello (with the seat's token when this phone has one) ->
// pick a seat -> join; then every `view` is drawn by games.js, or the game
// pad is shown. A lost connection comes back by itself and takes the seat
// back with its token.
import { h, img } from './art.js';
import { renderGame } from './games.js';

const PROTO = 'stackhouse.v1';
const PING_EVERY = 10000, PING_WAIT = 6000, BACKOFF_MAX = 8000;
const $ = id => document.getElementById(id);
const els = {
  bar: $('bar'),
  enter: $('enter'), seats: $('seats'), game: $('game'), pad: $('pad'), over: $('over'),
  status: $('status'), conn: $('conn'), who: $('who'), room: $('room'), toast: $('toast'),
  seatList: $('seat-list'), name: $('name'), leave: $('leave'), notice: $('notice'), enterWhy: $('enter-why'),
  waiting: $('waiting'), waitingSeats: $('waiting-seats'), pausenote: $('pausenote'),
};
const gameEls = { table: $('table'), prompt: $('prompt'), hand: $('hand'), moves: $('moves') };

const st = {
  room: '', token: null, ws: null, seat: 0, name: '', welcome: null, view: null, ended: false,
  backoff: 500, retry: 0, ping: 0, pingId: 0, pingWait: 0, waiting: false, sel: {}, watch: false,
  greeted: false, refusal: '', shown: '', lock: 0,
};

const tokenKey = () => `stackhouse.token.${st.room}`;
const gameKey = () => `stackhouse.game.${st.room}`;
const store = {
  get: k => { try { return localStorage.getItem(k); } catch { return null; } },
  set: (k, v) => { try { localStorage.setItem(k, v); } catch { /* private mode: the seat lasts this page */ } },
  del: k => { try { localStorage.removeItem(k); } catch { /* ignore */ } },
};

function send(msg) {
  if (!st.ws || st.ws.readyState !== WebSocket.OPEN) return false;
  st.ws.send(JSON.stringify({ v: 1, ...msg }));
  return true;
}

let toastTimer = 0;
function toast(text) {
  els.toast.textContent = text;
  els.toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { els.toast.hidden = true; }, 3500);
}

// A note under the bar that stays while the page cannot reach the table,
// saying why (the red dot alone tells a guest nothing); '' hides it.
function setNotice(text) {
  els.notice.textContent = text;
  els.notice.hidden = !text;
}

// The game's guard closes with these statuses (docs/phones.md, "Strangers");
// the page words them itself, the close frame's reason is not for guests.
const CLOSED = {
  4002: 'Too many connections from this device or network: close other tabs of the game.',
  4003: 'The game is full right now. Retrying\u2026',
};
const ASK_CODE = 'Type the room code shown on the TV.';

// Why the socket closed, in words: the guard's status, what the game said
// before closing it (a close frame's reason or an `error`), else what the
// page can tell.
function closedWhy(e, opened) {
  if (e && CLOSED[e.code]) return CLOSED[e.code];
  // the socket never opened: the upgrade was refused (this page is not the
  // game's own address), another Wi-Fi, or the game is closed
  if (!opened) return 'Cannot reach the game: open the address shown on the TV.';
  const said = (e && e.reason) || st.refusal;
  if (said) return `${said} Trying again\u2026`;
  if (!st.greeted) return 'The TV closed the connection before letting this phone in. Trying again\u2026';
  return 'Lost the connection to the TV. Reconnecting\u2026';
}

function setConn(state) {
  els.conn.className = 'dot ' + state;
  els.conn.title = { open: 'Connected', connecting: 'Connecting…', closed: 'Reconnecting…' }[state] || state;
}

/* ------------------------------------------------------------ connection */

function connect() {
  clearTimeout(st.retry);
  if (st.ended || !st.room) return;
  if (st.ws && st.ws.readyState <= WebSocket.OPEN) return;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  let ws;
  try { ws = new WebSocket(url, PROTO); } catch { retryLater(); return; }
  st.ws = ws;
  setConn('connecting');
  let opened = false;
  st.greeted = false;
  st.refusal = '';
  ws.onopen = () => {
    opened = true; // the backoff starts again once let in (handle): a full game opens and closes at once
    setConn('open');
    st.token = store.get(tokenKey()) || st.token; // without storage, the token lives as long as the page
    send(st.token ? { t: 'hello', room: st.room, token: st.token } : { t: 'hello', room: st.room });
    heartbeat();
  };
  ws.onmessage = e => {
    let m;
    try { m = JSON.parse(e.data); } catch { return; }
    if (m && typeof m === 'object') handle(m);
  };
  ws.onclose = e => {
    if (st.ws !== ws) return;
    st.ws = null;
    clearTimeout(st.ping);
    clearTimeout(st.pingWait);
    setConn('closed');
    if (e.code === 4001 && st.room && !st.ended) {
      // no hello with the right code in time: the code, not the network, is
      // what is missing, so the page waits for one before it connects again
      st.room = '';
      askRoom(ASK_CODE);
      return;
    }
    if (st.room && !st.ended) setNotice(closedWhy(e, opened));
    retryLater();
  };
}

function retryLater() {
  if (st.ended) return;
  clearTimeout(st.retry);
  st.retry = setTimeout(connect, st.backoff);
  st.backoff = Math.min(st.backoff * 2, BACKOFF_MAX);
}

// A phone that slept can hold a socket that is dead without knowing it: a
// ping that gets no pong in time closes it, and the close reconnects.
function probe() {
  const ws = st.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  clearTimeout(st.ping);
  clearTimeout(st.pingWait);
  send({ t: 'ping', id: ++st.pingId });
  st.pingWait = setTimeout(() => { if (st.ws === ws) ws.close(); }, PING_WAIT);
}

function heartbeat() {
  clearTimeout(st.ping);
  st.ping = setTimeout(probe, PING_EVERY);
}

// Back on screen or on the network: reconnect now, or check the socket still lives.
function wake() {
  if (document.hidden || st.ended) return;
  st.backoff = 500;
  if (!st.ws) connect();
  else probe();
}
document.addEventListener('visibilitychange', wake);
window.addEventListener('online', wake);
window.addEventListener('pageshow', wake);

/* ------------------------------------------------------------ messages */

function handle(m) {
  if (m.t === 'welcome' || m.t === 'joined' || m.t === 'view') {
    st.greeted = true; // let in: whatever kept this phone out is over
    st.backoff = 500;
    setNotice('');
  }
  switch (m.t) {
    case 'welcome':
      st.welcome = m;
      // a phone that comes back with its token gets no welcome: remember how this room plays
      store.set(gameKey(), JSON.stringify({ game: m.game, mode: m.mode, controls: m.controls }));
      show();
      break;
    case 'joined':
      st.seat = m.seat | 0;
      st.name = m.name || '';
      if (m.token) { st.token = m.token; store.set(tokenKey(), m.token); }
      // the name as the game cleaned it, for this page and the next seat it picks
      if (st.name) { store.set('stackhouse.name', st.name); els.name.value = st.name; }
      show();
      break;
    case 'view':
      // a buzz when the decision comes to this phone, for a player looking at the TV
      if (m.you && st.seat && !(st.view && st.view.you) && navigator.vibrate) navigator.vibrate([60, 40, 60]);
      st.view = m;
      st.waiting = false;
      if (m.seat) st.seat = m.seat;
      show();
      break;
    case 'pong':
      clearTimeout(st.pingWait);
      heartbeat();
      break;
    case 'error':
      onError(m);
      break;
    case 'end':
      st.ended = true;
      showEnd(m);
      break;
    default:
      break;
  }
}

function onError(m) {
  st.waiting = false;
  const code = m.code || '';
  if (code === 'token') {
    // the seat was given back or the game is a new one: start over as a watcher
    store.del(tokenKey());
    st.token = null;
    st.seat = 0;
    send({ t: 'hello', room: st.room });
  } else if (code === 'room' || code === 'locked') {
    // no reconnection after either: the same code would only be refused again
    const tried = st.room, wait = Math.ceil(+m.wait || 0);
    if (code === 'room') store.del(tokenKey()); // `locked` never compared the code: its seat may still be good
    st.room = '';
    if (st.ws) st.ws.close();
    if (wait > 0) lockOut(wait, code === 'locked' ? tried : '');
    else askRoom(`\u201C${tried}\u201D is not this table\u2019s room code. Check the code on the TV (its pause menu shows it during a game).`);
    return;
  } else if (!st.greeted) {
    // turned away before being let in (too many tries, no room): the
    // server's words stay on the page while it tries again
    st.refusal = m.msg || `The TV refused this phone (${code || 'error'}).`;
    setNotice(st.refusal);
    return;
  }
  toast(m.msg || `Refused (${code || 'error'})`);
  show();
}

/* ------------------------------------------------------------ screens */

// Too many wrong codes from this address: the game answers nothing for
// secs seconds, so the code field stays shut while a countdown runs, then
// opens again (with the untested code still in it when `locked` came).
function lockOut(secs, code) {
  askRoom('');
  const input = $('enter-room'), button = $('enter-form').querySelector('button');
  const end = Date.now() + secs * 1000;
  input.value = code;
  input.disabled = button.disabled = true;
  const tick = () => {
    const left = Math.ceil((end - Date.now()) / 1000);
    if (left <= 0) {
      endLock();
      setWhy(ASK_CODE);
      input.focus();
      return;
    }
    setWhy(`Too many wrong codes: try again in ${left} s`);
    st.lock = setTimeout(tick, (end - Date.now()) % 1000 || 1000);
  };
  tick();
}

// The note above the code field ('' hides it); the standing line under it
// goes when the note already says the same.
function setWhy(why) {
  els.enterWhy.textContent = why || '';
  els.enterWhy.hidden = !why;
  $('enter-hint').hidden = why === ASK_CODE;
}

function endLock() {
  clearTimeout(st.lock);
  st.lock = 0;
  $('enter-room').disabled = $('enter-form').querySelector('button').disabled = false;
}

function askRoom(why) {
  endLock();
  for (const s of [els.seats, els.game, els.pad, els.over, els.waiting]) s.hidden = true;
  els.enter.hidden = false;
  els.room.textContent = ''; // a wrong code is not this page's room
  els.who.replaceChildren('Stackhouse');
  els.leave.hidden = true;
  setNotice('');
  setWhy(why);
  $('enter-room').focus();
}

// A seat's colour and shape mark, as on the TV (core/seat.h), from the
// server's `colour`, `shape` and `hex`; an empty span for anything else.
const SHAPES = {
  circle: '<circle cx="50" cy="50" r="40"/>',
  square: '<rect x="14" y="14" width="72" height="72" rx="6"/>',
  triangle: '<path d="M50 8 L93 86 H7 Z"/>',
  diamond: '<path d="M50 4 L94 50 L50 96 L6 50 Z"/>',
};
function seatMark(s) {
  const span = h('span.seatmark', {});
  if (!s || !Object.hasOwn(SHAPES, s.shape) || !/^#[0-9a-f]{6}$/i.test(s.hex || '') ||
      !/^[A-Za-z]{1,12}$/.test(s.colour || '')) return span;
  span.innerHTML = `<svg viewBox="0 0 100 100" role="img" aria-label="${s.colour} ${s.shape}">` +
    `<g fill="${s.hex}" stroke="#1e140c" stroke-width="8" stroke-linejoin="round">${SHAPES[s.shape]}</g></svg>`;
  span.dataset.colour = s.colour;
  return span;
}
const seatInfo = n => ((st.welcome && st.welcome.seats) || []).find(s => s.seat === n);

function seatPicker() {
  const w = st.welcome;
  const open = w ? (w.seats || []).filter(s => s.open) : [];
  els.seats.hidden = st.seat > 0 || !w || st.watch;
  if (els.seats.hidden) return;
  $('seats-title').textContent = open.length ? 'Pick your seat' : 'No seat is free';
  els.name.parentElement.hidden = !open.length;
  els.seatList.replaceChildren(...(w.seats || []).map(s => {
    const state = s.kind === 'computer' ? 'computer' : s.open ? 'free' : s.phone ? 'on a phone' : 'taken';
    return h(`button.seatbtn${s.open ? '.open' : ''}`, {
      type: 'button', disabled: !s.open, 'data-seat': s.seat,
      on: { click: () => join(s) },
    }, h('b', {}, seatMark(s), `Seat ${s.seat}`), h('span', {}, s.name || ''), h('small', {}, state));
  }), h('button.seatbtn.watch', { type: 'button', on: { click: () => { st.watch = true; show(); } } },
    h('b', {}, 'Just watch')));
}

function join(s) {
  const name = [...(els.name.value.trim() || s.name || `Player ${s.seat}`)].slice(0, 16).join('');
  store.set('stackhouse.name', name);
  send({ t: 'join', room: st.room, seat: s.seat, name });
}

function remembered() {
  try { return JSON.parse(store.get(gameKey()) || '{}') || {}; } catch { return {}; }
}

function show() {
  els.enter.hidden = true;
  els.enterWhy.hidden = true;
  els.room.textContent = st.room;
  const w = st.welcome, v = st.view;
  // the pad: as the welcome said, or (back with a token) as this room was
  // remembered, or a seat's view with no private part (docs/phones.md)
  const pad = w ? w.controls === 'pad' : remembered().controls === 'pad' || !!(st.seat && v && !('private' in v));
  els.who.replaceChildren(...(st.seat ? [seatMark(seatInfo(st.seat)), `${st.name || 'Seat ' + st.seat} \u00B7 seat ${st.seat}`]
    : [w ? `${w.mode || w.game || ''} \u00B7 watching` : 'Stackhouse']));
  els.leave.hidden = !st.seat || st.ended;
  seatPicker();
  if (st.ended) return;
  els.pad.hidden = !(pad && st.seat);
  els.game.hidden = !v;
  document.body.classList.toggle('padmode', !!(pad && st.seat));
  waitingRoom(!v && !pad && (st.seat > 0 || st.watch));
  els.pausenote.hidden = true;
  if (!v) return;
  // the TV's menu is open: nothing can be played until it closes (docs/phones.md, `paused`)
  const paused = v.paused === true;
  els.pausenote.hidden = !paused;
  els.status.textContent = v.status || (paused ? 'The game is paused on the TV.' : v.over ? 'The game is over.'
    : v.you ? 'Your turn.' : v.turn ? `Waiting for seat ${v.turn}.` : '');
  els.status.className = paused ? 'paused' : v.you && st.seat ? 'you' : '';
  const moves = st.seat && v.you && !paused && !st.waiting && Array.isArray(v.moves) ? v.moves.filter(m => typeof m === 'string') : [];
  renderGame({
    view: v, seat: st.seat, moves, els: gameEls, sel: st.sel, rerender: show,
    send: move => {
      if (st.waiting) return;
      if (send({ t: 'move', move, rev: v.rev })) {
        st.waiting = true;
        document.body.classList.add('sent');
        setTimeout(() => document.body.classList.remove('sent'), 200);
        st.sel = {};
        show();
      } else toast('Not connected: reconnecting\u2026');
    },
  });
  els.game.classList.toggle('asking', !gameEls.prompt.hidden);
  document.body.classList.toggle('myturn', !!(st.seat && v.you));
  reveal(moves.length ? `${v.rev}|${JSON.stringify(st.sel)}` : '');
}

// Seated (or watching) before the match has started: the page says so and
// lists the seats as the welcome has them, instead of an empty table.
function waitingRoom(on) {
  els.waiting.hidden = !on;
  if (!on) return;
  const seats = (st.welcome && st.welcome.seats) || [];
  els.waitingSeats.replaceChildren(...seats.map(s => {
    const state = s.seat === st.seat ? 'you' : s.kind === 'computer' ? 'computer'
      : s.open ? 'free seat' : s.phone ? 'on a phone' : 'at the TV';
    return h(`li${s.seat === st.seat ? '.me' : ''}`, { 'data-seat': s.seat },
      h('b', {}, seatMark(s), (s.seat === st.seat && st.name) || s.name || `Seat ${s.seat}`), h('small', {}, state));
  }));
}

// What the player must act on now (a question, its buttons, the playable
// pieces) is brought on screen when it appears: each new decision and each
// step of a choice (key) scrolls once, as little as it takes, below the bar.
function reveal(key) {
  if (!key || key === st.shown) { st.shown = key; return; }
  st.shown = key;
  const targets = [...document.querySelectorAll('#prompt:not([hidden]), #moves > *, #hand .playable')]
    .filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect());
  if (!targets.length) return;
  const top = Math.min(...targets.map(r => r.top)), bottom = Math.max(...targets.map(r => r.bottom));
  const above = els.bar.getBoundingClientRect().bottom + 8, below = innerHeight - 8;
  let dy = 0;
  if (top < above || bottom - top > below - above) dy = top - above; // too tall: from its start
  else if (bottom > below) dy = bottom - below;
  if (Math.abs(dy) < 1) return;
  const calm = matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollBy({ top: dy, behavior: calm ? 'auto' : 'smooth' });
}

function showEnd(m) {
  // the last view's turn and hand are over too: only the result stays
  for (const s of [els.seats, els.pad, els.enter, els.leave, els.game, els.waiting, els.pausenote]) s.hidden = true;
  els.over.hidden = false;
  setNotice('');
  document.body.classList.remove('padmode', 'myturn');
  const res = Array.isArray(m.result) ? [...m.result].sort((a, b) => (a.rank | 0) - (b.rank | 0)) : [];
  $('results').replaceChildren(...res.map(r => h(`li${r.seat === st.seat ? '.me' : ''}`, {},
    h('span.rank', {}, r.rank === 1 ? img('icons/trophy.svg', 'pico') : `${r.rank ?? ''}.`),
    h('b', {}, seatMark(r), r.name || `Seat ${r.seat}`), h('span', {}, String(r.score ?? '')))));
  // an end without a ranking: the match was left on the TV (Save & quit, or the table closed)
  $('over-title').textContent = res.length ? 'Game over' : 'The match has ended';
  $('why').textContent = typeof m.why === 'string' ? m.why
    : res.length ? '' : 'It was stopped on the TV before its end.';
  store.del(tokenKey());
  store.del(gameKey());
}

/* ------------------------------------------------------------ the game pad */

// Each button is held while any finger is on it; fingers are tracked by
// pointer id, so the d-pad and A can be held at once.
for (const b of document.querySelectorAll('.pad-btn')) {
  const fingers = new Set();
  const press = down => {
    b.classList.toggle('pressed', down);
    send({ t: 'pad', b: b.dataset.b, down });
    if (down && navigator.vibrate) navigator.vibrate(12);
  };
  b.addEventListener('pointerdown', e => {
    e.preventDefault();
    b.setPointerCapture(e.pointerId);
    if (fingers.size === 0) press(true);
    fingers.add(e.pointerId);
  });
  const lift = e => {
    if (!fingers.delete(e.pointerId)) return;
    if (fingers.size === 0) press(false);
  };
  for (const ev of ['pointerup', 'pointercancel', 'lostpointercapture']) b.addEventListener(ev, lift);
  b.addEventListener('contextmenu', e => e.preventDefault());
}

/* ------------------------------------------------------------ start */

// Gives the seat back (its token stops working) and stays as a watcher.
els.leave.addEventListener('click', () => {
  if (!st.seat || !confirm(`Give seat ${st.seat} back? Someone else can take it.`)) return;
  if (!send({ t: 'leave' })) { toast('Not connected: reconnecting\u2026'); return; }
  store.del(tokenKey());
  st.token = null;
  st.seat = 0;
  st.view = null;
  st.watch = false;
  send({ t: 'hello', room: st.room });
  show();
});

$('enter-form').addEventListener('submit', e => {
  e.preventDefault();
  if (st.lock) return; // locked out: the countdown says when
  const r = $('enter-room').value.trim().toUpperCase();
  if (!/^[A-Z]{4}$/.test(r)) { toast('The room code is 4 letters.'); return; }
  st.room = r;
  history.replaceState(null, '', `?room=${r}`);
  show();
  connect();
});
$('enter-room').addEventListener('input', e => { e.target.value = e.target.value.toUpperCase().replace(/[^A-Z]/g, ''); });

els.name.value = store.get('stackhouse.name') || '';
const q = (new URLSearchParams(location.search).get('room') || '').trim().toUpperCase();
if (/^[A-Z]{4}$/.test(q)) {
  st.room = q;
  show();
  connect();
} else askRoom();
