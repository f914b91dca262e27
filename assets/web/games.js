// Per-game rendering of a `view` (docs/phones.md): the public table, the
// seat's private hand, and its legal moves as things to tap. Every field is
// read defensively: a missing one draws less, never throws.
import {
  h, img, nineCard, nineBack, nineName, stakzTile, stakzName, STAKZ_COLOURS,
  trackBlock, trackOriented, trackOrientName,
} from './art.js';

const list = x => (Array.isArray(x) ? x : []);
const nameOf = (ctx, seat) => list(ctx.view.public && ctx.view.public.names)[seat - 1] || `Player ${seat}`;

// A move button with words; `move` is sent as is.
function moveButton(ctx, move, words, cls = '') {
  return h('button.move' + (cls ? '.' + cls : ''), { type: 'button', 'data-move': move, on: { click: () => ctx.send(move) } }, words);
}

// "1 card", "4 cards": a count with its word, so no number stands alone.
export const count = (n, one, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;
// A seat's score with what it measures (docs/phones.md: the rules' result).
const scoreText = (page, n) => (page === 'nine' ? `${count(n, 'card')} left` : count(n, 'point'));

// Seats around the table: name, score, whose turn, and a game's own extras.
function seatsRow(ctx, extra, wide = false) {
  const pub = ctx.view.public || {};
  const n = pub.players || list(pub.names).length;
  const row = h(`div.seats${wide ? '.wide' : ''}`); // wide: the extras get a line of their own
  for (let s = 1; s <= n; s++) {
    const score = list(pub.scores)[s - 1];
    row.append(h(`div.seat${ctx.view.turn === s ? '.turn' : ''}${ctx.seat === s ? '.me' : ''}`, { 'data-seat': s },
      h('span.sname', {}, nameOf(ctx, s), ctx.seat === s ? ' (you)' : ''),
      h('span.extra', {}, extra ? extra(s) : null),
      score !== undefined ? h('span.score', {}, scoreText(ctx.view.page, score)) : null));
  }
  return row;
}

// Moves nobody drew a control for: shown as plain buttons, so the seat can always act.
function leftover(ctx, used) {
  return ctx.moves.filter(m => !used.has(m)).map(m => moveButton(ctx, m, m, 'raw'));
}

/* ------------------------------------------------------------ 9 STAX */

const NINE_WORDS = {
  draw: 'Draw a card', pass: 'Pass', keep: 'Keep it', return: 'Hand it back',
  immune: 'Use Immunity', accept: 'Let it happen',
};
const NINE_TARGET = { peek: 'Peek at which stack?', swap: 'Swap which stack?', with: 'Swap it with which stack?', discard: 'Throw away which stack?' };
const NINE_ACTION = { attack: 'an Attack', peek: 'a Peek', swap: 'a Swap', reveal: 'a Reveal' };

function nine(ctx) {
  const { view, els } = ctx;
  const pub = view.public || {}, priv = view.private || null;
  const moves = ctx.moves, used = new Set();
  const has = m => moves.includes(m);

  // the table: active card, direction, piles, then each seat's stacks
  const act = pub.act === 'any' || !pub.act ? h('span.any', {}, 'Any card') : nineCard(pub.act);
  els.table.append(h('div.centre', {},
    h('div.pile', {}, h('span.lab', {}, 'To match'), act),
    h('div.pile', {}, h('span.lab', {}, 'Discard'), pub.discard ? nineCard(pub.discard) : h('span.any', {}, 'empty')),
    h('div.pile', {}, h('span.lab', {}, 'Draw'), h('span.count', {}, nineBack(), h('b', {}, String(pub.draw ?? '?')))),
    h('div.pile', {}, h('span.lab', {}, 'Play goes'), h('span.dir', { title: pub.dir }, pub.dir === 'ccw' ? '\u21BA' : '\u21BB'))));
  const rev = pub.reveal && typeof pub.reveal === 'object' ? pub.reveal : null;
  // the chips explained once, on the page (phones show no tooltips)
  const first = list(list(pub.stacks)[(ctx.seat || 1) - 1])[0];
  if (first !== undefined)
    els.table.append(h('p.legend', {}, h('span.stk', {}, h('i', {}, '1'), String(first)),
      ` is stack 1, with ${count(first, 'card')}; `, h('span.stk.held', {}, h('i', {}, '#')), ' the stack held'));
  els.table.append(seatsRow(ctx, s => {
    const stacks = list(list(pub.stacks)[s - 1]);
    const held = s === ctx.seat && priv ? priv.held : list(pub.held)[s - 1];
    const imm = list(pub.immunity)[s - 1];
    const shown = rev ? list(rev.stacks)[s - 1] : null;
    return [
      typeof imm === 'boolean' ? h(`span.imm${imm ? '' : '.used'}`, { title: imm ? 'Immunity: still held' : 'Immunity: used' }, img('nine/shield.svg', 'pico')) : null,
      h('span.stacks', {}, stacks.map((c, k) => h(`span.stk${held === k + 1 ? '.held' : ''}`,
        { title: `stack ${k + 1}: ${count(c, 'card')}${held === k + 1 ? ' (held)' : ''}` }, h('i', {}, String(k + 1)), String(c)))),
      Array.isArray(shown) && shown.length
        ? h('div.revealed', {}, h('span.lab', {}, `Stack ${rev.number}, revealed`), h('div.cards', {}, shown.map(nineCard)))
        : null,
    ];
  }, true));
  if (!priv) return;

  // an Immunity question or a Peeked stack
  const pr = priv.prompt;
  if (pr && pr.kind === 'immune') {
    els.prompt.hidden = false;
    els.prompt.append(img('nine/shield.svg', 'pico'),
      h('p', {}, `${nameOf(ctx, pr.by)} plays ${NINE_ACTION[pr.action] || pr.action || 'a card'} against you. Use your Immunity?`));
  } else if (pr && (pr.kind === 'take' || pr.kind === 'give')) {
    els.prompt.hidden = false;
    els.prompt.append(h('p', {}, `${nameOf(ctx, pr.seat)}'s stack ${pr.stack}: `,
      pr.kind === 'take' ? 'take a card, or hand it back' : `you took ${pr.took ? nineName(pr.took) : 'a card'}; give one of yours back`));
    const row = h('div.cards.peeked');
    for (const c of list(pr.cards)) {
      const card = nineCard(c);
      if (has(`take ${c}`)) tappable(card, ctx, `take ${c}`, used);
      row.append(card);
    }
    els.prompt.append(row);
  }

  // the held stack, and the card just drawn
  // while choosing, the card to match sits by the hand: the table may be scrolled away
  const match = moves.length && pub.act ? h('span.tomatch', { 'data-match': pub.act }, 'to match ',
    pub.act === 'any' ? h('b', {}, 'any card') : nineCard(pub.act)) : null;
  if (match) { const c = match.querySelector('[data-code]'); if (c) delete c.dataset.code; }
  const head = h('div.handhead', {},
    h('span', {}, priv.held ? `Your stack ${priv.held}` : 'Your hand', ` \u00B7 ${count(list(priv.cards).length, 'card')}`),
    match,
    h(`span.imm${priv.immunity ? '' : '.used'}`, { title: priv.immunity ? 'Immunity: still yours' : 'Immunity: used' },
      img('nine/shield.svg', 'pico'), priv.immunity ? 'Immunity' : 'Used'));
  els.hand.append(head);
  if (priv.drawn) {
    const card = nineCard(priv.drawn);
    if (has(`play ${priv.drawn}`)) tappable(card, ctx, `play ${priv.drawn}`, used);
    els.hand.append(h('div.drawn', {}, h('span.lab', {}, `You drew ${nineName(priv.drawn)}`), card));
  }
  const verb = moves.some(m => m.startsWith('give ')) ? 'give' : 'play';
  const row = h('div.cards.held');
  for (const c of list(priv.cards)) {
    const card = nineCard(c);
    if (has(`${verb} ${c}`)) tappable(card, ctx, `${verb} ${c}`, used);
    row.append(card);
  }
  if (moves.length && row.querySelector('.playable')) row.classList.add('choosing');
  els.hand.append(row);
  if (verb === 'give') els.hand.insertBefore(h('p.hint', {}, 'Tap the card to give back'), row);

  // buttons: plain words, players, stacks, numbers
  for (const m of moves) if (NINE_WORDS[m]) { els.moves.append(moveButton(ctx, m, NINE_WORDS[m], m === 'draw' || m === 'immune' ? 'gold' : '')); used.add(m); }
  const attacks = moves.filter(m => /^attack p\d+$/.test(m));
  if (attacks.length) {
    els.moves.append(h('p.ask', {}, 'Attack whom?'));
    for (const m of attacks) { els.moves.append(moveButton(ctx, m, `Attack ${nameOf(ctx, +m.slice(8))}`, 'gold')); used.add(m); }
  }
  const reveals = moves.filter(m => /^reveal \d+$/.test(m));
  if (reveals.length) {
    els.moves.append(h('p.ask', {}, 'Reveal which stack number?'));
    els.moves.append(h('div.chips', {}, reveals.map(m => { used.add(m); return moveButton(ctx, m, m.slice(7), 'chip'); })));
  }
  for (const verbT of Object.keys(NINE_TARGET)) {
    const re = new RegExp(`^${verbT} (?:p(\\d+) ?)?s(\\d+)$`);
    const ts = moves.map(m => [m, re.exec(m)]).filter(x => x[1]);
    if (!ts.length) continue;
    const first = verbT === 'with' && pub.pending && pub.pending.first;
    els.moves.append(h('p.ask', {}, first && first.seat
      ? `Swap ${first.seat === ctx.seat ? 'your' : `${nameOf(ctx, first.seat)}'s`} stack ${first.stack} with which stack?`
      : NINE_TARGET[verbT]));
    const bySeat = new Map();
    for (const [m, r] of ts) {
      const p = r[1] ? +r[1] : ctx.seat;
      if (!bySeat.has(p)) bySeat.set(p, []);
      bySeat.get(p).push([m, +r[2]]);
      used.add(m);
    }
    for (const [p, arr] of bySeat) {
      const counts = list(list(pub.stacks)[p - 1]);
      els.moves.append(h('div.target', {}, h('span.sname', {}, p === ctx.seat ? 'Yours' : nameOf(ctx, p)),
        h('div.chips', {}, arr.map(([m, s]) => moveButton(ctx, m, [h('b', {}, String(s)), counts[s - 1] !== undefined ? h('small', {}, count(counts[s - 1], 'card')) : null], 'chip')))));
    }
  }
  els.moves.append(...leftover(ctx, used));
}

function tappable(el, ctx, move, used) {
  el.classList.add('playable');
  el.setAttribute('role', 'button');
  el.setAttribute('data-move', move);
  el.addEventListener('click', () => ctx.send(move));
  used.add(move);
}

/* ------------------------------------------------------------ Stakz */

function stakz(ctx) {
  const { view, els, sel } = ctx;
  const pub = view.public || {}, priv = view.private || null, moves = ctx.moves, used = new Set();
  const place = moves.map(m => /^([a-z]\d)>(\d+)$/.exec(m)).filter(Boolean);
  if (sel.tile && !place.some(r => r[1] === sel.tile)) sel.tile = null;
  const bonus = new Set(list(pub.bonus).map(Number));

  const stacks = h('div.stakz-stacks');
  list(pub.stacks).forEach((tiles, i) => {
    const k = i + 1, move = sel.tile ? `${sel.tile}>${k}` : null;
    const st = h(`div.stack${bonus.has(k) ? '.bonus' : ''}`, { 'data-stack': k },
      h('div.tiles', {}, list(tiles).map(stakzTile)),
      h('span.num', {}, bonus.has(k) ? img('stakz/star.svg', 'pico') : null, String(k)));
    if (move && moves.includes(move)) tappable(st, ctx, move, used);
    stacks.append(st);
  });
  els.table.append(stacks);
  const pile = list(pub.pile);
  els.table.append(h('div.pilebar', {}, h('span.lab', {}, 'Left to draw, by colour'),
    ['r', 'o', 'g', 'b', 'p'].map((c, i) => h(`span.dotc.${STAKZ_COLOURS[c]}`, { title: STAKZ_COLOURS[c] }, String(pile[i] ?? '?')))));
  els.table.append(seatsRow(ctx, s => {
    const cols = list(list(pub.colours)[s - 1]);
    // the hand's colours are public: its count per colour, said as such
    return [h('span.small', {}, count(list(pub.hands)[s - 1] ?? '?', 'tile'), cols.length ? ' in hand, by colour:' : ''), cols.length
      ? h('span.backs', {}, ['r', 'o', 'g', 'b', 'p'].map((c, i) => (cols[i]
        ? h(`span.dotc.${STAKZ_COLOURS[c]}`, { title: STAKZ_COLOURS[c] }, String(cols[i])) : null)))
      : null];
  }, true));
  if (!priv) return;

  els.hand.append(h('div.handhead', {}, h('span', {}, `Your ${count(list(priv.hand).length, 'tile')}`)));
  const row = h('div.cards.held');
  for (const t of list(priv.hand)) {
    const tile = stakzTile(t);
    if (place.some(r => r[1] === t)) {
      tile.classList.add('playable');
      if (sel.tile === t) tile.classList.add('chosen');
      tile.setAttribute('role', 'button');
      tile.addEventListener('click', () => { sel.tile = sel.tile === t ? null : t; ctx.rerender(); });
    }
    row.append(tile);
  }
  if (place.length) row.classList.add('choosing');
  els.hand.append(row);
  for (const r of place) used.add(r[0]);
  if (place.length)
    els.moves.append(h('p.ask', {}, sel.tile ? `Tap a glowing stack for the ${stakzName(sel.tile)}` : 'Tap a tile, then a stack'));
  if (sel.tile) {
    els.moves.append(h('div.chips', {}, place.filter(r => r[1] === sel.tile)
      .map(r => moveButton(ctx, r[0], [stakzTile(sel.tile), ` on ${r[2]}`], 'chip.wide'))));
  }
  // ending the turn: one button, or one per colour the next tile may be drawn in
  const draws = moves.filter(m => /^end:[a-z]$/.test(m));
  if (draws.length) {
    els.moves.append(h('p.ask', {}, 'Or end your turn and draw a tile of:'));
    els.moves.append(h('div.chips', {}, draws.map(m => {
      used.add(m);
      const c = STAKZ_COLOURS[m[4]] || m.slice(4);
      return moveButton(ctx, m, [h(`span.dotc.${c}`), h('small', {}, c)], 'chip.draw');
    })));
  }
  if (moves.includes('end')) { used.add('end'); els.moves.append(moveButton(ctx, 'end', 'End turn', 'gold')); }
  els.moves.append(...leftover(ctx, used));
}

/* ------------------------------------------------------------ Stack-A-Track */

function track(ctx) {
  const { view, els, sel } = ctx;
  const pub = view.public || {}, priv = view.private || null, moves = ctx.moves, used = new Set();
  const place = moves.map(m => /^([^@]+)@(\d)([FB]\d?)$/.exec(m)).filter(Boolean);
  if (sel.block && !place.some(r => r[1] === sel.block)) sel.block = sel.orient = null;
  if (sel.orient && !place.some(r => r[1] === sel.block && r[3] === sel.orient)) sel.orient = null;

  const frame = h('div.frame');
  list(pub.columns).forEach((faces, i) => {
    const k = i + 1, move = sel.block && sel.orient ? `${sel.block}@${k}${sel.orient}` : null;
    const col = h('div.col', { 'data-col': k }, h('div.blocks', {}, list(faces).map(trackBlock)), h('span.num', {}, String(k)));
    if (move && moves.includes(move)) tappable(col, ctx, move, used);
    frame.append(col);
  });
  els.table.append(frame);
  // open blocks (no hidden-blocks rule): everyone's hand is on the table
  els.table.append(seatsRow(ctx, s => [h('span.small', {}, count(list(pub.hands)[s - 1] ?? '?', 'block')),
    s !== ctx.seat && Array.isArray(list(pub.blocks)[s - 1])
      ? h('details.open-blocks', {}, h('summary', {}, 'their blocks'),
        pub.blocks[s - 1].map(b => h('span.pair', { title: b }, String(b).split(':').map(trackBlock))))
      : null]));
  if (!priv) return;

  els.hand.append(h('div.handhead', {}, h('span', {}, `Your ${count(list(priv.blocks).length, 'block')}`),
    pub.hidden ? h('span.small', {}, 'hidden from the others') : null));
  const row = h('div.cards.held.blocks');
  // a hand holds up to 18 blocks, often twins: each kind once, with its count
  const kinds = new Map();
  for (const b of list(priv.blocks)) kinds.set(b, (kinds.get(b) || 0) + 1);
  for (const [b, n] of kinds) {
    const [front, back] = String(b).split(':');
    const el = h('span.pair', { 'data-code': b, 'data-count': n, title: b }, trackBlock(front), trackBlock(back),
      n > 1 ? h('span.twins', {}, `\u00D7${n}`) : null);
    if (place.some(r => r[1] === b)) {
      el.classList.add('playable');
      if (sel.block === b) el.classList.add('chosen');
      el.setAttribute('role', 'button');
      el.addEventListener('click', () => { sel.block = sel.block === b ? null : b; sel.orient = null; ctx.rerender(); });
    }
    row.append(el);
  }
  if (place.length) row.classList.add('choosing');
  els.hand.append(row);
  for (const r of place) used.add(r[0]);
  if (place.length && !sel.block) els.moves.append(h('p.ask', {}, 'Tap a block to place it'));
  if (sel.block) {
    const orients = [...new Set(place.filter(r => r[1] === sel.block).map(r => r[3]))];
    els.moves.append(h('p.ask', {}, 'Which way up?'));
    els.moves.append(h('div.chips', {}, orients.map(o => h(`button.move.chip.orient${sel.orient === o ? '.chosen' : ''}`,
      { type: 'button', title: trackOrientName(o), on: { click: () => { sel.orient = o; ctx.rerender(); } } },
      trackBlock(trackOriented(sel.block, o)), h('small', {}, trackOrientName(o))))));
  }
  if (sel.block && sel.orient) {
    els.moves.append(h('p.ask', {}, 'Drop it in which column?'));
    els.moves.append(h('div.chips', {}, place.filter(r => r[1] === sel.block && r[3] === sel.orient)
      .map(r => moveButton(ctx, r[0], r[2], 'chip'))));
  }
  if (moves.includes('pass')) { used.add('pass'); els.moves.append(moveButton(ctx, 'pass', 'Pass')); }
  els.moves.append(...leftover(ctx, used));
}

/* ------------------------------------------------------------ any other game */

function plain(ctx) {
  ctx.els.table.append(seatsRow(ctx));
  ctx.els.moves.append(...leftover(ctx, new Set()));
}

// By the view's `page`: the renderer its mode's row names (core/modelist.h).
const RENDER = { nine, stakz, track };

// Draws ctx.view into ctx.els (emptied first).
export function renderGame(ctx) {
  for (const el of Object.values(ctx.els)) el.replaceChildren();
  ctx.els.prompt.hidden = true;
  (RENDER[ctx.view.page] || plain)(ctx);
}
