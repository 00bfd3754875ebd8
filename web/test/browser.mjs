// The browser game, played in headless Chromium (Debian's, driven by playwright-core): the
// page shows frames, its first frame is `tilecaster render`'s at the same place, keys move
// the player, and the console stays free of errors. Also prints frames per second at two
// sizes (a browser figure on a software GPU, not the engine's speed) and saves a screenshot.
//
// Needs web/dist (web/build.sh) and the native binary (TILECASTER_BIN, default
// target/debug/tilecaster). Prints "N passed, N failed"; exits 1 when any failed.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'web', 'dist');
const bin = path.resolve(process.env.TILECASTER_BIN || path.join(root, 'target', 'debug', 'tilecaster'));
const out = path.join(root, 'target', 'web-test');
fs.mkdirSync(out, { recursive: true });

// The reference: the native renderer at the start of e1m1, at the page's default size.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tilecaster-web-'));
const reference = path.join(scratch, 'reference.png');
execFileSync(bin, ['render', '--level', path.join(root, 'levels', 'e1m1.toml'),
  '--size', '640x400', '-o', reference], { stdio: 'inherit' });

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.png': 'image/png' };
const server = http.createServer((req, res) => {
  const name = new URL(req.url, 'http://x').pathname;
  const file = name === '/reference.png' ? reference
    : path.join(dist, name === '/' ? 'index.html' : path.normalize(name));
  if (!file.startsWith(dist) && file !== reference) { res.writeHead(403); res.end(); return; }
  fs.readFile(file, (err, data) => {
    if (err) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(data);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--use-angle=swiftshader-webgl', '--enable-unsafe-swiftshader'],
});
const errors = [];
async function open(query, size = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport: size });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + query);
  return page;
}
const frames = (page) => page.$eval('#tilecaster', (c) => Number(c.dataset.frames || 0));
async function waitFrames(page, n, seconds = 90) {
  await page.waitForFunction((n) => Number(document.getElementById('tilecaster').dataset.frames || 0) >= n,
    n, { timeout: seconds * 1000, polling: 100 });
}

let passed = 0;
let failed = 0;
async function check(name, body) {
  try {
    await body();
    passed += 1;
    console.log(`ok: ${name}`);
  } catch (e) {
    failed += 1;
    console.log(`FAILED: ${name}: ${e.message || e}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const page = await open('?nohud');
await check('the page shows frames', async () => {
  await waitFrames(page, 10);
  assert((await frames(page)) >= 10, 'fewer than 10 frames');
});

await check('the first frame is the native render at the same place', async () => {
  const result = await page.evaluate(async () => {
    const [w, h] = window.tilecaster.first_frame_size();
    const ours = window.tilecaster.first_frame();
    const image = new Image();
    image.src = '/reference.png';
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const theirs = context.getImageData(0, 0, image.width, image.height).data;
    let differing = 0;
    for (let i = 0; i < theirs.length; i += 4) {
      for (let c = 0; c < 4; c++) {
        if (Math.abs(ours[i + c] - theirs[i + c]) > 2) { differing += 1; break; }
      }
    }
    return { w, h, rw: image.width, rh: image.height, differing, pixels: theirs.length / 4 };
  });
  assert(result.w === result.rw && result.h === result.rh,
    `sizes ${result.w}x${result.h} and ${result.rw}x${result.rh}`);
  console.log(`  first frame: ${result.differing} of ${result.pixels} pixels differ`);
  assert(result.differing === 0, `${result.differing} pixels differ`);
});

await check('keys move the player and the view', async () => {
  await page.click('#start');
  const place = () => page.$eval('#tilecaster', (c) => [c.dataset.x, c.dataset.y, c.dataset.angle].join(' '));
  const before = await place();
  const shotBefore = await page.screenshot();
  await page.keyboard.down('KeyW');
  await page.waitForTimeout(700);
  await page.keyboard.up('KeyW');
  await page.keyboard.down('ArrowLeft');
  await page.waitForTimeout(500);
  await page.keyboard.up('ArrowLeft');
  await waitFrames(page, (await frames(page)) + 3);
  const after = await place();
  const shotAfter = await page.screenshot({ path: path.join(out, 'moved.png') });
  console.log(`  place: ${before} -> ${after}`);
  assert(before !== after, 'the player did not move');
  assert(!shotBefore.equals(shotAfter), 'the picture did not change');
});

await check('the click to play takes the mouse (the bar steps aside), which turns the view; Escape gives it back and pauses', async () => {
  const locked = await page.evaluate(() => document.pointerLockElement && document.pointerLockElement.id);
  assert(locked === 'tilecaster', `the canvas does not hold the mouse (${locked})`);
  // The page's bar steps aside for the game's messages while the game has the mouse.
  const barShown = () => page.$eval('#bar', (b) => getComputedStyle(b).display !== 'none');
  assert(!(await barShown()), 'the bar covers the game while it has the mouse');
  const angle = () => page.$eval('#tilecaster', (c) => Number(c.dataset.angle));
  const before = await angle();
  await page.mouse.move(640, 400);
  await page.mouse.move(740, 400, { steps: 5 });
  await waitFrames(page, (await frames(page)) + 3);
  const after = await angle();
  console.log(`  angle ${before} -> ${after}`);
  assert(before !== after, 'the mouse did not turn the view');
  await page.evaluate(() => document.exitPointerLock());
  await waitFrames(page, (await frames(page)) + 3);
  assert(await barShown(), 'the bar did not come back with the mouse');
  const ticks = await page.$eval('#tilecaster', (c) => c.dataset.ticks);
  await page.waitForTimeout(300);
  await waitFrames(page, (await frames(page)) + 3);
  const later = await page.$eval('#tilecaster', (c) => c.dataset.ticks);
  assert(ticks === later, `not paused: ${ticks} -> ${later} ticks`);
  await page.keyboard.press('Escape');
  await page.click('#tilecaster');
});

await check('the game\'s sound reaches the page\'s audio output after the click', async () => {
  await page.keyboard.press('ControlLeft');
  await page.waitForTimeout(500);
  const audio = await page.evaluate(() => ({
    state: window.tilecasterAudio.context && window.tilecasterAudio.context.state,
    played: window.tilecasterAudio.played,
    peak: window.tilecasterAudio.peak,
  }));
  console.log(`  audio context ${audio.state}, ${audio.played} ticks queued, peak ${audio.peak.toFixed(3)}`);
  assert(audio.state === 'running' && audio.played > 10, 'no sound queued');
  // The music made by code peaks at 0.4 x the music volume (0.6): 0.24; the shot at about 0.8.
  assert(audio.peak > 0.5, 'the shot was not heard');
});

await check('a dropped broken level shows its error with line and column', async () => {
  const broken = fs.readFileSync(path.join(root, 'tests', 'bad_levels', 'bad_colour.toml'), 'utf8');
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'bad_colour.toml'));
    document.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true }));
  }, broken);
  await page.waitForFunction(() => document.getElementById('error').textContent.length > 0,
    null, { timeout: 30000 });
  const shown = await page.$eval('#error', (e) => e.textContent);
  console.log(`  shown: ${shown}`);
  assert(shown.includes('bad_colour.toml:12:10:'), `no file:line:col in '${shown}'`);
});

await check('a recording replays in the page to the state it reaches natively', async () => {
  // Walk, turn, fire: 160 ticks on e1m1.
  // Under today's rules (the header names them; `level-hash unknown`: any bundled e1m1).
  const rules = execFileSync(bin, ['--version'], { encoding: 'utf8' }).match(/game rules (\d+)/)[1];
  const lines = ['tilecaster-replay 3', `rules ${rules}`, 'level levels/e1m1.toml',
    'level-hash unknown'];
  for (let i = 0; i < 160; i++) {
    const fire = i % 20 === 0 ? 1 : 0;
    lines.push(i < 70 ? `1.0 0.0 0.0 0 0 ${fire} 0` : `0.5 -0.5 2.5 1 0 ${fire} 0`);
  }
  const text = lines.join('\n') + '\n';
  const file = path.join(scratch, 'walk.txt');
  fs.writeFileSync(file, text);
  const native = execFileSync(bin, ['replay', file], { cwd: scratch, encoding: 'utf8' }).trim();
  await page.evaluate((text) => window.tilecaster.open([new File([text], 'walk.txt')]), text);
  await page.waitForFunction(() => document.getElementById('tilecaster').dataset.final,
    null, { timeout: 60000 });
  const inPage = await page.$eval('#tilecaster', (c) => c.dataset.final);
  console.log(`  native: ${native}; page: ${inPage}`);
  assert(native === inPage, 'the final states differ');
});

await check('a recording saved in the page replays natively to the page\'s state', async () => {
  const page2 = await open('?nohud');
  await waitFrames(page2, 3);
  await page2.click('#start');
  await page2.keyboard.down('KeyW');
  await page2.keyboard.down('ArrowRight');
  await page2.waitForTimeout(900);
  await page2.keyboard.up('ArrowRight');
  await page2.keyboard.press('ControlLeft');
  await page2.waitForTimeout(400);
  await page2.keyboard.up('KeyW');
  await waitFrames(page2, (await frames(page2)) + 2);
  // The recording and the page's state read in one go (ticks run only in the page's
  // frames, never in the middle of this), and the download the button makes.
  const { text, hash, ticks } = await page2.evaluate(() => {
    const c = document.getElementById('tilecaster');
    return { text: window.tilecaster.recording_text(), hash: c.dataset.hash, ticks: c.dataset.ticks };
  });
  // (A player lets the mouse go first: while the canvas holds it, clicks go to the game.)
  await page2.evaluate(() => document.exitPointerLock());
  const [download] = await Promise.all([page2.waitForEvent('download'),
    page2.click('#save-recording')]);
  const downloaded = path.join(scratch, 'downloaded.txt');
  await download.saveAs(downloaded);
  await page2.close();
  const more = fs.readFileSync(downloaded, 'utf8');
  assert(more.startsWith(text), 'the download is not the game so far');
  const saved = path.join(scratch, 'saved.txt');
  fs.writeFileSync(saved, text);
  const inputs = text.trim().split('\n').filter((l) => /^[-0-9]/.test(l)).length;
  const native = execFileSync(bin, ['replay', saved], { cwd: scratch, encoding: 'utf8' }).trim();
  console.log(`  page: state ${hash} after ${ticks} ticks (${inputs} recorded); native: ${native}`);
  assert(Number(ticks) > 20, 'too few ticks played');
  assert(native === `final state ${hash} after ${ticks} ticks`, 'the states differ');
});

await check('every level of the picker plays (?level=NAME)', async () => {
  const names = await page.$$eval('#level option', (options) => options.map((o) => o.value));
  for (const name of [...names, 'e1m2']) {
    const other = await open(`?level=${name}&nohud`);
    await waitFrames(other, 3);
    const error = await other.$eval('#error', (e) => e.textContent);
    await other.close();
    assert(error === '', `${name}: ${error}`);
  }
  console.log(`  played: ${names.join(', ')}, e1m2`);
});

await check('the pause menu\'s options are kept in the page\'s localStorage; damaged ones are put aside', async () => {
  const page4 = await open('?nohud');
  await waitFrames(page4, 3);
  await page4.evaluate(() => localStorage.setItem('tilecaster.settings', '[video]\nfov = "wide"\n'));
  await page4.reload();
  await waitFrames(page4, 3);
  const stored = () => page4.evaluate(() => ({
    settings: localStorage.getItem('tilecaster.settings'),
    damaged: localStorage.getItem('tilecaster.settings.damaged'),
  }));
  const first = await stored();
  assert(first.settings === null && first.damaged === '[video]\nfov = "wide"\n',
    `the damaged settings were not put aside: ${JSON.stringify(first)}`);
  // Options, one step of mouse sensitivity up, from the pause menu (the mouse given back).
  const sensitivityUp = async () => {
    await page4.click('#start');
    await page4.waitForTimeout(200);
    await page4.evaluate(() => document.exitPointerLock());
    await waitFrames(page4, (await frames(page4)) + 3);
    for (const key of ['ArrowDown', 'Enter', 'ArrowRight', 'Escape', 'Escape']) {
      await page4.keyboard.press(key);
      await waitFrames(page4, (await frames(page4)) + 2);
    }
    return (await stored()).settings || '';
  };
  const once = await sensitivityUp();
  assert(once.includes('mouse_sensitivity = 0.2\n'), `after one step: ${once}`);
  // Read back by the next page: a second step goes on from 0.2.
  await page4.reload();
  await waitFrames(page4, 3);
  const twice = await sensitivityUp();
  await page4.close();
  assert(twice.includes('mouse_sensitivity = 0.25\n'), `after a reload and a second step: ${twice}`);
});

await check('a quick save (F6) is kept in the page\'s localStorage and quick loads (F9) on the next visit', async () => {
  const page5 = await open('?nohud');
  await waitFrames(page5, 3);
  await page5.evaluate(() => localStorage.removeItem('tilecaster.save.quicksave.json'));
  await page5.click('#start');
  const place = () => page5.$eval('#tilecaster', (c) => [c.dataset.x, c.dataset.y, c.dataset.angle].join(' '));
  await page5.keyboard.down('KeyW');
  await page5.waitForTimeout(500);
  await page5.keyboard.up('KeyW');
  await page5.waitForTimeout(300);
  await waitFrames(page5, (await frames(page5)) + 3);
  const saved = await place();
  await page5.keyboard.press('F6');
  await waitFrames(page5, (await frames(page5)) + 3);
  const kept = await page5.evaluate(() => localStorage.getItem('tilecaster.save.quicksave.json'));
  assert(kept && kept.includes('"level_file"'), `no save kept: ${kept && kept.slice(0, 80)}`);
  await page5.reload();
  await waitFrames(page5, 3);
  const fresh = await place();
  await page5.click('#start');
  await page5.keyboard.press('F9');
  await page5.waitForTimeout(300);
  await waitFrames(page5, (await frames(page5)) + 3);
  const loaded = await place();
  await page5.evaluate(() => localStorage.removeItem('tilecaster.save.quicksave.json'));
  await page5.close();
  console.log(`  place: saved ${saved}, next visit ${fresh}, quick loaded ${loaded}`);
  assert(fresh !== saved, 'the next visit started where the save was before loading it');
  assert(loaded === saved, 'the quick load did not bring the saved place back');
});

await check('a hidden tab pauses the game', async () => {
  const page3 = await open('?nohud');
  await waitFrames(page3, 3);
  await page3.click('#start');
  const ticks = () => page3.$eval('#tilecaster', (c) => Number(c.dataset.ticks));
  await page3.waitForTimeout(300);
  const running = await ticks();
  // The browser's own signal, as when the player switches tabs.
  await page3.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('visibilitychange'));
  });
  await page3.waitForTimeout(200);
  const hidden = await ticks();
  await page3.waitForTimeout(500);
  const later = await ticks();
  await page3.close();
  console.log(`  ticks: ${running} playing, ${hidden} when hidden, ${later} half a second on`);
  assert(hidden > 0 && later === hidden, 'the game went on in a hidden tab');
});

// One page at a time from here: two games in one browser share its time.
await page.close();
for (const size of ['640x400', '1280x800']) {
  const [w, h] = size.split('x').map(Number);
  const timed = await open(`?size=${size}`, { width: w, height: h });
  await waitFrames(timed, 5);
  const first = await frames(timed);
  const started = Date.now();
  await timed.waitForTimeout(3000);
  const fps = ((await frames(timed)) - first) / ((Date.now() - started) / 1000);
  console.log(`frames per second in headless Chromium (SwiftShader) at ${size}: ${fps.toFixed(1)}`);
  if (size === '1280x800') {
    await timed.click('#start');
    await timed.waitForTimeout(300);
    await timed.screenshot({ path: path.join(out, 'browser.png') });
    console.log(`screenshot: ${path.join(out, 'browser.png')}`);
  }
  await timed.close();
}

await check('the console has no errors', async () => {
  assert(errors.length === 0, errors.join(' | '));
});

await browser.close();
server.close();
fs.rmSync(scratch, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
