// The game's pieces as HTML, built from the same SVG art the TV draws with
// (served at /art/): 9 STAX cards, Stakz tiles and Stack-A-Track blocks.
// Each mirrors its game view's draw code (src/games/*/view/*_draw.c).

const ART = '/art/';

// h('div.card.red', {title: 'x'}, child, 'text'): a small element builder.
export function h(sel, attrs, ...kids) {
  const [tag, ...classes] = sel.split('.');
  const el = document.createElement(tag || 'div');
  if (classes.length) el.className = classes.join(' ');
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'on') for (const [ev, fn] of Object.entries(v)) el.addEventListener(ev, fn);
    else if (k === 'style') el.style.cssText = v;
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false)
    el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return el;
}

export function img(path, cls = '') {
  return h('img' + (cls ? '.' + cls : ''), { src: ART + path, alt: '', draggable: 'false' });
}

/* ------------------------------------------------------------ 9 STAX */

export const NINE_COLOURS = { R: 'red', B: 'blue', G: 'green', P: 'purple' };
const NINE_SHAPES = { R: 'circle', B: 'square', G: 'hexagon', P: 'diamond' };
const NINE_FACES = {
  A: ['Attack', 'attack'], S: ['Swap', 'swap'], D: ['Discard', 'discard'], R: ['Reverse', 'reverse'],
  P: ['Peek', 'peek'], V: ['Reveal', 'reveal'], CS: ['Color Shift', 'shift'], FD: ['Free Discard', 'free'],
};

// Splits a 9 STAX card code ("R7", "BA", "CS") into its colour letter and face.
export function nineParse(code) {
  code = String(code || '');
  if (code === 'CS' || code === 'FD') return { col: '', face: code };
  return { col: code[0] in NINE_COLOURS ? code[0] : '', face: code.slice(1) };
}

// A card's name in words: "red 7", "blue Attack", "Color Shift".
export function nineName(code) {
  const { col, face } = nineParse(code);
  const f = NINE_FACES[face] ? NINE_FACES[face][0] : face;
  return (col ? NINE_COLOURS[col] + ' ' : '') + f;
}

// A face-up card: cream rim, the colour, its colour-blind shape, then the
// number or the action's icon (and its name), and the corner index.
export function nineCard(code) {
  const { col, face } = nineParse(code);
  const act = NINE_FACES[face];
  const inner = h('span.in',
    {},
    col ? img(`nine/${NINE_SHAPES[col]}.svg`, 'shape') : null,
    act ? img(`nine/${act[1]}.svg`, 'icon' + (face === 'CS' || face === 'FD' ? '.wide' : '')) : h('span.num', {}, face),
    act ? h('span.word', {}, act[0]) : null,
    h('span.idx', {}, face));
  return h(`span.card.nine.${col ? NINE_COLOURS[col] : 'none'}`,
    { 'data-code': code, title: nineName(code), 'aria-label': nineName(code) }, inner);
}

export function nineBack() {
  return h('span.card.nine.back', { 'aria-label': 'face down' }, img('nine/back.svg', 'full'));
}

/* ------------------------------------------------------------ Stakz */

export const STAKZ_COLOURS = { r: 'red', o: 'orange', g: 'green', b: 'blue', p: 'purple' };
const STAKZ_SYMBOLS = ['', 'circle', 'triangle', 'diamond', 'star', 'cross'];

export function stakzName(code) {
  return `${STAKZ_COLOURS[code[0]] || '?'} ${STAKZ_SYMBOLS[+code[1]] || '?'}`;
}

// A tile: cream rim, its colour, the symbol with a soft shadow.
export function stakzTile(code) {
  const col = STAKZ_COLOURS[code[0]] || 'none', sym = STAKZ_SYMBOLS[+code[1]];
  return h(`span.tile.stakz.${col}`, { 'data-code': code, title: stakzName(code), 'aria-label': stakzName(code) },
    h('span.in', {}, sym ? img(`stakz/${sym}.svg`, 'sym') : img('stakz/back.svg', 'sym.dim')));
}

/* ------------------------------------------------------------ Stack-A-Track */

const TURN = { T: 'R', R: 'B', B: 'L', L: 'T' };

// One arc ("RB", "T", "RBL") as the sprite and its quarter turns clockwise,
// as arc_sprite in track_view_draw.c.
function arcSprite(arc) {
  const has = c => arc.includes(c);
  switch (arc.length) {
    case 1: return ['end', { B: 0, L: 1, T: 2, R: 3 }[arc]];
    case 2:
      if (has('T') && has('B')) return ['straight', 0];
      if (has('R') && has('L')) return ['straight', 1];
      if (has('R') && has('B')) return ['curve', 0];
      if (has('B') && has('L')) return ['curve', 1];
      if (has('T') && has('L')) return ['curve', 2];
      return ['curve', 3];
    case 3: return ['three', { T: 0, R: 1, B: 2, L: 3 }[['T', 'R', 'B', 'L'].find(c => !has(c))]];
    default: return ['four', 0];
  }
}

// A face ("TB+RL") turned q quarter turns clockwise, letters in T R B L order.
export function trackTurn(face, q) {
  let arcs = String(face).split('+');
  for (let i = 0; i < ((q % 4) + 4) % 4; i++) arcs = arcs.map(a => [...a].map(c => TURN[c] || c).join(''));
  const order = 'TRBL';
  return arcs.map(a => [...a].sort((x, y) => order.indexOf(x) - order.indexOf(y)).join(''))
    .sort((x, y) => order.indexOf(x[0]) - order.indexOf(y[0])).join('+');
}

// A block seen face on: the wooden block and one sprite per arc.
export function trackBlock(face) {
  const el = h('span.block.track', { 'data-face': face, title: face }, img('stackatrack/block.svg', 'full'));
  if (!face || face === '?') {
    el.replaceChildren(img('stackatrack/back.svg', 'full'));
    return el;
  }
  for (const arc of String(face).split('+')) {
    if (!/^[TRBL]{1,4}$/.test(arc)) continue;
    const [name, q] = arcSprite(arc);
    const a = img(`stackatrack/${name}.svg`, 'full');
    a.style.transform = `rotate(${q * 90}deg)`;
    el.append(a);
  }
  return el;
}

// A block's face after an orientation: F, F2, B, B2 (F1, F3, B1, B3 with quarter turns).
export function trackOriented(block, orient) {
  const [front, back] = String(block).split(':');
  const side = orient[0] === 'B' ? back : front;
  return trackTurn(side, orient.length > 1 ? +orient.slice(1) : 0);
}

export function trackOrientName(o) {
  const side = o[0] === 'B' ? 'Back' : 'Front';
  const q = o.length > 1 ? +o.slice(1) : 0;
  return side + ['', ', ¼ turn', ', upside down', ', ¾ turn'][q];
}
