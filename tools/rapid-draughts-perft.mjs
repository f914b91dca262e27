// English draughts perft with rapid-draughts' move generator, counted the
// way `stackhouse-cli bench stax` counts STAX: leaves of the move tree, the
// last ply counted in bulk (the length of the move list, no moves played).
// Used by tools/bench-vs-rapid-draughts.sh, which installs rapid-draughts
// next to a copy of this file; not part of the build.
//
//   node rapid-draughts-perft.mjs counts DEPTH   one line "D N" per depth 1..DEPTH
//   node rapid-draughts-perft.mjs time DEPTH     one untimed warm-up run (lets V8
//                                                tier up), then one timed run:
//                                                "nodes N seconds S nodes_per_s R"
import { EnglishDraughtsEngineFactory } from 'rapid-draughts/english';

// The engine API as rapid-draughts' own alpha-beta uses it: moves, clone, move.
// The start position is its default: dark (to move) and light men on the
// dark squares of the first three ranks of each side, 12 each.
function perft(engine, depth) {
    const moves = engine.moves;
    if (depth <= 1)
        return depth <= 0 ? 1 : moves.length;
    let total = 0;
    for (const m of moves) {
        const child = engine.clone();
        child.move(m);
        total += perft(child, depth - 1);
    }
    return total;
}

const [mode, depthArg] = process.argv.slice(2);
const depth = Number.parseInt(depthArg ?? '', 10);
if (!['counts', 'time'].includes(mode) || !(depth >= 1 && depth <= 12)) {
    console.error('usage: node rapid-draughts-perft.mjs counts|time DEPTH(1..12)');
    process.exit(2);
}
if (mode === 'counts') {
    for (let d = 1; d <= depth; d++)
        console.log(`${d} ${perft(EnglishDraughtsEngineFactory.setup(), d)}`);
} else {
    perft(EnglishDraughtsEngineFactory.setup(), depth);
    const t0 = process.hrtime.bigint();
    const nodes = perft(EnglishDraughtsEngineFactory.setup(), depth);
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    console.log(`nodes ${nodes} seconds ${s.toFixed(6)} nodes_per_s ${Math.round(nodes / s)}`);
}
