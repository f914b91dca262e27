// Shared by the browser tests: Debian's chromium through puppeteer-core, one
// browser context per phone (each its own localStorage, as separate phones
// are), and a page that records every message the game sends it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import puppeteer from 'puppeteer-core';
import { startMock } from './mock_game.mjs';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const PORTRAIT = { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
export const LANDSCAPE = { width: 844, height: 390, deviceScaleFactor: 1, isMobile: true, hasTouch: true, isLandscape: true };

export function launch() {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // --no-sandbox: CI runs as root, where chromium's sandbox refuses to start
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

// A phone: a fresh browser context (closed when test t ends, if given) and a
// page in it that keeps the text of every frame it receives in window.__rx
// (and its sockets in __sockets).
export async function phone(browser, url, viewport = PORTRAIT, t = null) {
  const ctx = await browser.createBrowserContext();
  if (t) t.after(() => ctx.close());
  const page = await ctx.newPage();
  await page.setViewport(viewport);
  page.on('pageerror', e => { page.errors.push(String(e)); });
  page.on('console', m => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.errors = [];
  await page.evaluateOnNewDocument(() => {
    const Native = window.WebSocket;
    window.__rx = [];
    window.__sockets = [];
    window.WebSocket = class extends Native {
      constructor(...a) {
        super(...a);
        window.__sockets.push(this);
        this.addEventListener('message', e => window.__rx.push(String(e.data)));
      }
    };
  });
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

// The messages this page received, parsed.
export async function received(page) {
  return (await page.evaluate(() => window.__rx)).map(t => JSON.parse(t));
}

// Sends a raw message on the page's live socket (what a tampered page could do).
export function force(page, msg) {
  return page.evaluate(m => {
    const s = window.__sockets.filter(x => x.readyState === 1).pop();
    s.send(JSON.stringify(m));
  }, msg);
}

export async function waitFor(what, fn, ms = 15000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 100));
  }
}

// Waits for a received message that satisfies pred; returns it.
export function waitMsg(page, what, pred, ms) {
  return waitFor(what, async () => (await received(page)).find(pred), ms);
}

// The codes of the cards (or tiles, blocks) in the page's own hand.
export function handCodes(page) {
  return page.$$eval('#hand [data-code]', els => els.map(e => e.dataset.code));
}

// Joins the seat with a name, from the seat picker.
export async function join(page, seat, name) {
  await page.waitForSelector(`#seat-list button[data-seat="${seat}"]:not([disabled])`, { visible: true });
  await page.$eval('#name', (e, n) => { e.value = n; }, name);
  await page.click(`#seat-list button[data-seat="${seat}"]`);
  await waitMsg(page, `joined seat ${seat}`, m => m.t === 'joined' && m.seat === seat);
  await waitMsg(page, `a view of seat ${seat}`, m => m.t === 'view' && m.seat === seat);
}

// The move controls a page offers: tappable pieces and move buttons.
export function moveControls(page) {
  return page.$$eval('[data-move], .playable, #moves button', els => els.length);
}


// A stand-in game (mock_game.mjs) for test t, closed when it ends (passed or not).
export async function mockTable(t, fixture) {
  const m = await startMock({ fixture });
  t.after(() => m.close());
  return { m, url: `http://127.0.0.1:${m.port}/?room=${m.room}` };
}

// A screenshot to look at, when WEB_SHOTS names a folder: the whole page, or
// only what a phone shows (full = false).
export async function shoot(page, name, full = true) {
  const dir = process.env.WEB_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: full });
}

// The real game (STACKHOUSE_BIN) at a table with phones on, on run.sh's Xvfb:
// startGame(seats, game) runs it with its own preferences, phones info and
// trace in a temporary folder; g.listening() waits for its port and room;
// g.trace() reads the trace; g.stop() ends it and removes the folder (and
// prints the game's output when the test failed).
export function startGame(gameId, seats) {
  const bin = process.env.STACKHOUSE_BIN;
  assert.ok(bin && fs.existsSync(bin), `the game binary (STACKHOUSE_BIN=${bin})`);
  const tmp = fs.mkdtempSync(`${os.tmpdir()}/stackhouse-web-`);
  const info = `${tmp}/phones.txt`, trace = `${tmp}/trace.txt`;
  let out = '';
  const proc = spawn(bin, ['--scene', 'table', '--game', gameId, '--seats', seats, '--window', '1280x720',
    '--phones', '--phones-port', '0', '--phones-info', info, '--trace', trace], {
    env: { ...process.env, SDL_AUDIODRIVER: 'dummy', STACKHOUSE_HEADLESS: '1', STACKHOUSE_PREF_DIR: `${tmp}/pref` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', d => { out += d; });
  proc.stderr.on('data', d => { out += d; });
  proc.on('exit', code => { out += `\n[game exited: ${code}]`; });
  return {
    // The url=, room= and port= lines the game writes once it listens.
    async listening() {
      const text = await waitFor('the game to write --phones-info', () => {
        if (proc.exitCode !== null) assert.fail(`the game exited (${proc.exitCode}):\n${out}`);
        const t = fs.existsSync(info) ? fs.readFileSync(info, 'utf8') : '';
        return /^port=\d+$/m.test(t) && /^room=[A-Z]{4}$/m.test(t) ? t : null;
      }, 60000);
      const get = k => new RegExp(`^${k}=(.*)$`, 'm').exec(text)[1];
      assert.match(get('url'), /^http:\/\/[0-9.]+:\d+\/$/);
      return { port: +get('port'), room: get('room') };
    },
    trace: () => (fs.existsSync(trace) ? fs.readFileSync(trace, 'utf8') : ''),
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise(r => { proc.on('exit', r); setTimeout(r, 5000); });
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      }
      if (process.exitCode && out) console.error(`--- the game's output:\n${out}`);
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
