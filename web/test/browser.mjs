// The browser game, played in headless Chromium (Debian's, driven by playwright-core), served
// as web/serve.sh serves it: the loading screen, the first frame against `tilecaster render`,
// the WebAssembly SIMD loops against their baseline, keys, the mouse and touch (a touch laptop
// too), phone layouts, sound, dropped levels and recordings, shared links (damaged ones too),
// saves and settings, a page that loads once and plays offline, a device pixel ratio of 2,
// network play in rooms of `tilecaster serve-signalling` (page and page, a spectator page,
// page and a native player), and a console free of errors. Also prints the frame's work in
// the page beside the native renderer's on one thread, and saves screenshots in
// target/web-test/.
//
// Needs web/dist (web/build.sh) and the native binary (TILECASTER_BIN, default
// target/debug/tilecaster; target/release/tilecaster too for the native frame time; a build
// with `--features webrtc` as TILECASTER_WEBRTC_BIN for the native player in a room). Prints
// "N passed, N failed"; exits 1 when any failed. WEB_TEST_ONLY=TEXT runs only the checks
// whose names hold TEXT (TEXT|TEXT: either).
import { chromium } from 'playwright-core';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { server as serve } from '../serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'web', 'dist');
const bin = path.resolve(process.env.TILECASTER_BIN || path.join(root, 'target', 'debug', 'tilecaster'));
const out = path.join(root, 'target', 'web-test');
fs.mkdirSync(out, { recursive: true });

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tilecaster-web-'));

// Served as web/serve.sh serves it: each file precompressed (brotli or gzip).
const server = serve(dist);
server.sent = [];
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--use-angle=swiftshader-webgl', '--enable-unsafe-swiftshader',
    // WebRTC's host candidates as addresses, not mDNS names (which loopback cannot resolve).
    '--disable-features=WebRtcHideLocalIpsWithMdns'],
});
const errors = [];
// A page of the game at `query`, in its own browser context (`options`: a phone's touch
// screen, a device pixel ratio).
async function open(query, size = { width: 1280, height: 800 }, options = {}) {
  const context = await browser.newContext({ viewport: size, ...options });
  // For the checks on pictures: a PNG (base64) as the page's ImageData.
  await context.addInitScript(() => {
    window.decodePng = async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, image.width, image.height);
    };
  });
  const page = await context.newPage();
  page.on('close', () => context.close());
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
// WEB_TEST_ONLY=TEXT runs only the checks whose names hold TEXT (or one of TEXT|TEXT...), while
// working on them (a check may need the ones before it).
const only = process.env.WEB_TEST_ONLY;
async function check(name, body) {
  if (only && !only.split('|').some((text) => name.includes(text))) return;
  // (Each check's seconds, so that a slow run shows where its time went.)
  const started = Date.now();
  const took = () => `(${((Date.now() - started) / 1000).toFixed(1)} s)`;
  try {
    await body();
    passed += 1;
    console.log(`ok: ${name} ${took()}`);
  } catch (e) {
    failed += 1;
    console.log(`FAILED: ${name}: ${e.message || e} ${took()}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// The first frame a page showed against `tilecaster render` of the level at `level`: how many
// pixels differ (-1: the sizes differ).
let references = 0;
async function firstFrameDiffers(page, level) {
  references += 1;
  const picture = path.join(scratch, `reference-${references}.png`);
  execFileSync(bin, ['render', '--level', level, '--size', '640x400', '-o', picture], { stdio: 'inherit' });
  const png = fs.readFileSync(picture).toString('base64');
  return page.evaluate(async (png) => {
    const ours = window.tilecaster.first_frame();
    const theirs = (await window.decodePng(png)).data;
    if (ours.length !== theirs.length) return -1;
    let differing = 0;
    for (let i = 0; i < theirs.length; i += 4) {
      if ([0, 1, 2].some((c) => Math.abs(ours[i + c] - theirs[i + c]) > 2)) differing += 1;
    }
    return differing;
  }, png);
}

const page = await open('?nohud');
await check('while it loads the page shows its progress, and nothing can be clicked', async () => {
  // Straight after the page opens, before the game's first frame.
  const early = await page.evaluate(() => ({
    frames: Number(document.getElementById('tilecaster').dataset.frames || 0),
    loading: !document.getElementById('loading').classList.contains('hidden'),
    start: !document.getElementById('start').classList.contains('hidden'),
    menu: !document.getElementById('menu-button').disabled,
  }));
  console.log(`  at once: ${JSON.stringify(early)}`);
  assert(early.frames > 0 || (early.loading && !early.start && !early.menu),
    'something can be clicked before the game is ready');
  // A click on the loading screen does nothing (it used to give a black screen): one in the
  // middle of the page, where "Click to play" comes, while it still loads (a fast load may be
  // over already; then the click is not made, as it would start the game).
  const clickedEarly = await page.evaluate(() => {
    if (document.getElementById('loading').classList.contains('hidden')) return false;
    document.elementFromPoint(innerWidth / 2, innerHeight / 2).click();
    return true;
  });
  console.log(`  clicked while loading: ${clickedEarly}`);
  await waitFrames(page, 1);
  await page.waitForSelector('#start:not(.hidden)');
  const later = await page.evaluate(() => ({
    progress: Number(document.getElementById('progress').value),
    loading: !document.getElementById('loading').classList.contains('hidden'),
    menu: !document.getElementById('menu-button').disabled,
  }));
  assert(later.progress === 1 && !later.loading && later.menu, `when ready: ${JSON.stringify(later)}`);
});

await check('the page shows frames', async () => {
  await waitFrames(page, 10);
  assert((await frames(page)) >= 10, 'fewer than 10 frames');
});

await check('the first frame is the native render at the same place', async () => {
  const differing = await firstFrameDiffers(page, path.join(root, 'levels', 'e1m1.toml'));
  console.log(`  first frame: ${differing} of 256000 pixels differ`);
  assert(differing === 0, `${differing} pixels differ (-1: not the same size)`);
});

await check('the renderer\'s WebAssembly SIMD loops draw what their baseline draws', async () => {
  const name = await page.evaluate(() => window.tilecaster.check_vector_loops(20000));
  console.log(`  20,000 random floor, fog and wall column runs, 400 tints: ${name} and the baseline agree; fills of 0-69 pixels set their run alone`);
  assert(name === 'WebAssembly SIMD', `the vector loops here: ${name}`);
});

await check('the game does not tick before the player starts it', async () => {
  await waitFrames(page, (await frames(page)) + 10);
  const ticks = await page.$eval('#tilecaster', (c) => Number(c.dataset.ticks));
  const recorded = (await page.evaluate(() => window.tilecaster.recording_text()))
    .split('\n').filter((l) => /^[-0-9]/.test(l)).length;
  console.log(`  ${await frames(page)} frames shown, ${ticks} ticks, ${recorded} inputs recorded`);
  assert(ticks === 0 && recorded === 0, 'the game ran behind "Click to play"');
});

await check('"GET PSYCHED!" waits for the click: never under the "Click to play" cover, shown after it', async () => {
  const withHud = await open('');
  try {
    await waitFrames(withHud, 5);
    // The banner's top edge is the one place of its blue, (0, 90, 160): its pixels counted in
    // the page, in the first frame (null) or a screenshot (a PNG in base64). (A frame's
    // million numbers carried out through the DevTools protocol to be counted here took most
    // of a minute.)
    const bannerPixels = (source) => withHud.evaluate(async (png) => {
      const rgba = png === null ? window.tilecaster.first_frame() : (await window.decodePng(png)).data;
      let n = 0;
      for (let i = 0; i < rgba.length; i += 4) {
        if (rgba[i] < 6 && Math.abs(rgba[i + 1] - 90) < 6 && Math.abs(rgba[i + 2] - 160) < 6) n += 1;
      }
      return n;
    }, source);
    const covered = await bannerPixels(null);
    await withHud.click('#start');
    const shot = await withHud.screenshot({ path: path.join(out, 'psyched.png') });
    const after = await bannerPixels(shot.toString('base64'));
    console.log(`  the banner's pixels: ${covered} under the cover, ${after} after the click`);
    assert(covered === 0, `the banner was drawn under the cover (${covered} pixels)`);
    assert(after > 200, 'no banner after the click');
  } finally {
    await withHud.close();
  }
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

await check('the click to play takes the mouse (the bar steps aside), which turns the view; Escape gives it back and pauses; resuming takes it again', async () => {
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
  // Resuming (Escape leaves the pause menu) takes the mouse back without a click.
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.pointerLockElement?.id === 'tilecaster', null, { timeout: 10000 })
    .catch(() => { throw new Error('resuming did not take the mouse back'); });
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

await check('a slow frame leaves a gap in the sound, and the queue deepens so that the next ones do not', async () => {
  // A game running (its ticks make the sound), then a stall of 300 ms and seven of 120 ms (slow
  // frames on a busy machine), half a second apart.
  const playing = await open('?nohud');
  await waitFrames(playing, 3);
  await playing.click('#start');
  await playing.waitForTimeout(500);
  const result = await playing.evaluate(async () => {
    const audio = window.tilecasterAudio;
    // From the first depth, as a page that has run smoothly so far.
    audio.lead = 0.06;
    const stall = (ms) => { const until = performance.now() + ms; while (performance.now() < until) { /* busy */ } };
    const gaps = [];
    for (let i = 0; i < 8; i++) {
      const before = audio.underruns;
      // The first stall outlasts any queue at the first depth (at most 170 ms ahead).
      stall(i === 0 ? 300 : 120);
      await new Promise((r) => setTimeout(r, 500));
      gaps.push(audio.underruns - before);
    }
    return { gaps, lead: audio.lead, played: audio.played };
  });
  const menu = await playing.$eval('#tilecaster', (c) => c.dataset.menu);
  await playing.close();
  console.log(`  ${result.played} ticks of sound queued, menu ${menu}`);
  console.log(`  gaps after each stall: ${result.gaps.join(' ')}; the queue now ${(result.lead * 1000).toFixed(0)} ms deep`);
  // (How many gaps the later stalls leave depends on the machine's load: only the deepening
  // after the first is asserted.)
  assert(result.gaps[0] > 0 && result.lead > 0.06, 'the queue did not deepen after a gap');
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
  // The page goes on after the replay: frames, the pause menu, and the player takes over.
  await waitFrames(page, (await frames(page)) + 5);
  assert(await page.$eval('#tilecaster', (c) => c.dataset.menu === '1'), 'no menu after the replay');
  await page.keyboard.press('Enter');
  await waitFrames(page, (await frames(page)) + 3);
  const place = () => page.$eval('#tilecaster', (c) => [c.dataset.x, c.dataset.y, c.dataset.angle].join(' '));
  const before = await place();
  await page.keyboard.down('ArrowLeft');
  await page.waitForTimeout(400);
  await page.keyboard.up('ArrowLeft');
  await waitFrames(page, (await frames(page)) + 3);
  const after = await place();
  console.log(`  after the replay: resumed, place ${before} -> ${after}`);
  assert(before !== after, 'the keys do nothing after the replay');
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
  await page2.click('#menu-button');
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

// A modder's level with its own texture (brick's picture under another name), beside it.
const sharedLevel = `name = "Shared"
format = 1
grid = '''
#######
#.....#
#..#..#
#.....#
#..@..#
#######
'''
[defaults]
floor = "paint"
ceiling = "paint"

[legend]
"#" = { wall = "paint" }
"@" = { player = "north" }
`;
const paint = fs.readFileSync(path.join(root, 'textures', 'brick.png'));
const modder = path.join(scratch, 'modder');
fs.mkdirSync(modder);
fs.writeFileSync(path.join(modder, 'share_me.toml'), sharedLevel);
fs.writeFileSync(path.join(modder, 'paint.png'), paint);
// Gives files to a page as a drop does.
async function drop(page, files) {
  await page.evaluate((files) => window.tilecaster.open(files.map(([name, bytes]) =>
    new File([new Uint8Array(bytes)], name))), files.map(([name, bytes]) => [name, [...bytes]]));
}
// A share link opened in a fresh page (with ?nohud, as the reference picture is drawn
// without the HUD): the level it plays, the page's error, and how many pixels of its first
// frame differ from `tilecaster render` of `reference`; a screenshot kept as `shot` if named.
async function playShared(link, reference, shot) {
  const receiver = await open(link.slice(base.length).replace('#play=', '?nohud#play='));
  await waitFrames(receiver, 3);
  const level = await receiver.$eval('#tilecaster', (c) => c.dataset.level);
  const error = await receiver.$eval('#error', (e) => e.textContent);
  const differing = await firstFrameDiffers(receiver, reference);
  if (shot) await receiver.screenshot({ path: path.join(out, shot) });
  await receiver.close();
  return { level, error, differing };
}
await check('a dropped level with its texture is shared by a link, which plays it as tilecaster render draws it', async () => {
  const sender = await open('?nohud');
  await waitFrames(sender, 3);
  await sender.waitForSelector('#start:not(.hidden)');
  await drop(sender, [['share_me.toml', Buffer.from(sharedLevel)], ['paint.png', paint]]);
  await sender.waitForFunction(() => document.getElementById('tilecaster').dataset.level === '<page>/share_me.toml');
  // The button, as a player uses it.
  await sender.evaluate(() => document.exitPointerLock());
  await sender.click('#menu-button');
  await sender.click('#share');
  await sender.waitForSelector('#share-box:not(.hidden)');
  const link = await sender.$eval('#share-link', (i) => i.value);
  const note = await sender.$eval('#share-note', (n) => n.textContent);
  await sender.screenshot({ path: path.join(out, 'share.png') });
  await sender.close();
  console.log(`  ${note} ${link.length} characters`);
  assert(/#play=[0-9a-f]{8}\./.test(link) && note.includes('with paint.png'), `no link with a checksum: ${note}`);
  const { level, error, differing } = await playShared(link, path.join(modder, 'share_me.toml'), 'shared.png');
  console.log(`  the link plays ${level}; ${differing} pixels differ from tilecaster render of the files in one folder`);
  assert(level === '<page>/share_me.toml' && error === '', `${level}: ${error}`);
  assert(differing === 0, `${differing} pixels differ`);
});

await check('a share link packs only the files the level uses; one too large says which files and offers no link', async () => {
  const sender = await open('?nohud');
  await waitFrames(sender, 3);
  await sender.waitForSelector('#start:not(.hidden)');
  const big = fs.readFileSync(path.join(root, 'textures', 'sprites', 'boss.png'));
  // A picture the level never names is left out: the link plays the level with its texture.
  await drop(sender, [['share_me.toml', Buffer.from(sharedLevel)], ['paint.png', paint], ['huge.png', big]]);
  await sender.waitForFunction(() => document.getElementById('tilecaster').dataset.level === '<page>/share_me.toml');
  const used = await sender.evaluate(() => window.tilecaster.level_files());
  const unrelated = await sender.evaluate(() => window.tilecaster.shareLink());
  console.log(`  the level uses ${used.join(', ')}; ${unrelated.note}`);
  assert(used.join() === 'share_me.toml,paint.png', `the files used: ${used}`);
  assert(unrelated.link && unrelated.note.includes('with paint.png') && unrelated.link.length < 65536 + 200,
    `an unrelated picture changed the link: ${unrelated.note}`);
  // A level whose own texture is too large: no link, and the file named.
  const hugeLevel = sharedLevel.replace('"#" = { wall = "paint" }', '"#" = { wall = "huge" }');
  await drop(sender, [['huge_level.toml', Buffer.from(hugeLevel)]]);
  await sender.waitForFunction(() => document.getElementById('tilecaster').dataset.level === '<page>/huge_level.toml');
  const { link, note } = await sender.evaluate(() => window.tilecaster.shareLink());
  await sender.close();
  console.log(`  ${note}`);
  assert(!link && note.includes('too large for a link') && note.includes('huge.png'), `${link ? 'a link' : 'no link'}: ${note}`);
});

await check('a damaged share link plays its level when it can be mended, and says what is wrong when not', async () => {
  const sender = await open('?nohud');
  await waitFrames(sender, 3);
  await drop(sender, [['share_me.toml', Buffer.from(sharedLevel)], ['paint.png', paint]]);
  await sender.waitForFunction(() => document.getElementById('tilecaster').dataset.level === '<page>/share_me.toml');
  const { link } = await sender.evaluate(() => window.tilecaster.shareLink());
  await sender.close();
  const fragment = link.slice(link.indexOf('#play=') + '#play='.length);
  const [checksum, packed] = fragment.split('.');
  const other = packed[5] === 'A' ? 'B' : 'A';
  const cases = [
    ['a trailing parenthesis', `${fragment})`, true],
    ['a trailing full stop', `${fragment}.`, true],
    ['percent-encoded', `${checksum}%2E${encodeURIComponent(packed[0]).replace(/./, (c) => `%${c.charCodeAt(0).toString(16)}`)}${packed.slice(1)}`, true],
    ['empty', '', false],
    ['cut short', fragment.slice(0, fragment.length - 40), false],
    ['a character changed', `${checksum}.${packed.slice(0, 5)}${other}${packed.slice(6)}`, false],
  ];
  for (const [what, damaged, plays] of cases) {
    const page = await open(`?nohud#play=${damaged}`);
    await waitFrames(page, 3);
    const level = await page.$eval('#tilecaster', (c) => c.dataset.level);
    const error = await page.$eval('#error', (e) => e.textContent);
    await page.close();
    console.log(`  ${what}: ${plays ? level : error}`);
    if (plays) assert(level === '<page>/share_me.toml' && !error, `${what}: ${level} ${error}`);
    else assert(error.includes('cannot be played') && !/fetch/i.test(error), `${what}: ${level} said "${error}"`);
  }
});

// The page's point (CSS pixels) of cell (x, y)'s centre on the editor's map, from where the
// game says its map lies (`data-edit-map`: the frame's size, the map's rectangle on it, the
// level's columns and rows); the frame is drawn as large as the canvas allows, centred.
async function editorCell(page, x, y) {
  return page.$eval('#tilecaster', (c, [x, y]) => {
    const [fw, fh, mx, my, mw, mh, cols, rows] = c.dataset.editMap.split(' ').map(Number);
    const scale = Math.min(mw / (cols + 1), mh / (rows + 1));
    const [px, py] = [mx + mw / 2 + (x + 0.5 - cols / 2) * scale, my + mh / 2 + (y + 0.5 - rows / 2) * scale];
    const r = c.getBoundingClientRect();
    const shown = Math.min(r.width / fw, r.height / fh);
    return [r.left + (r.width - fw * shown) / 2 + px * shown, r.top + (r.height - fh * shown) / 2 + py * shown];
  }, [x, y]);
}
// The rows of a level's grid in its TOML text (between `grid = '''` and `'''`).
function mapRows(text) {
  const lines = text.split('\n');
  const first = lines.indexOf("grid = '''") + 1;
  return lines.slice(first, lines.indexOf("'''", first));
}
const cellsDiffering = (a, b) => a.reduce((n, row, y) => n + [...row].filter((ch, x) => (b[y] || '')[x] !== ch).length, 0);

await check('the editor in the page (?edit): the mouse paints a line, a finger paints a cell and undoes and redoes it on the editor bar and drags a filled rectangle, Ctrl+S downloads the level, Share gives a link that plays it', async () => {
  const editor = await open('?edit', { width: 1280, height: 800 }, { hasTouch: true });
  await waitFrames(editor, 3);
  await editor.click('#start');
  await editor.waitForFunction(() => document.getElementById('tilecaster').dataset.edit === '<page>/my-level.toml');
  const touchShown = await editor.$eval('#touch', (t) => !t.classList.contains('hidden'));
  const locked = await editor.evaluate(() => document.pointerLockElement !== null);
  const text = async () => (await editor.evaluate(() => window.tilecaster.edited_level()))[1];
  const before = mapRows(await text());
  // The next swatch after the floor is a wall (the palette's order); a drag with the pencil
  // across five cells of the new level's room.
  await editor.keyboard.press('Tab');
  const [x0, y0] = await editorCell(editor, 8, 10);
  const [x1, y1] = await editorCell(editor, 12, 10);
  await editor.mouse.move(x0, y0);
  await editor.mouse.down();
  for (let k = 1; k <= 8; k += 1) await editor.mouse.move(x0 + ((x1 - x0) * k) / 8, y0 + ((y1 - y0) * k) / 8);
  await editor.mouse.up();
  await waitFrames(editor, (await frames(editor)) + 3);
  const painted = mapRows(await text());
  const byMouse = cellsDiffering(before, painted);
  const row = painted[10].slice(8, 13);
  // A finger: one cell.
  const [tx, ty] = await editorCell(editor, 20, 5);
  await editor.touchscreen.tap(tx, ty);
  await waitFrames(editor, (await frames(editor)) + 3);
  const tapped = mapRows(await text());
  const byFinger = cellsDiffering(painted, tapped);
  const fingerCell = tapped[5][20];
  // A finger has no keys: the editor bar's undo and redo.
  const bar = await editor.$eval('#edit-bar', (b) => !b.classList.contains('hidden'));
  await editor.screenshot({ path: path.join(out, 'editor.png') });
  const tapBar = async (tool) => {
    await editor.tap(`#edit-bar [data-tool="${tool}"]`);
    await waitFrames(editor, (await frames(editor)) + 3);
    return mapRows(await text());
  };
  const undone = cellsDiffering(painted, await tapBar('undo'));
  const redone = cellsDiffering(tapped, await tapBar('redo'));
  // A finger's drag with the filled rectangle (real touch events: start, moves, end) from
  // cell (3, 2) to (6, 4).
  await tapBar('filled');
  const cdp = await editor.context().newCDPSession(editor);
  const touch = (type, at) => cdp.send('Input.dispatchTouchEvent',
    { type, touchPoints: at ? [{ x: at[0], y: at[1], id: 1 }] : [] });
  const [from, to] = [await editorCell(editor, 3, 2), await editorCell(editor, 6, 4)];
  await touch('touchStart', from);
  await waitFrames(editor, (await frames(editor)) + 1);
  for (let k = 1; k <= 6; k += 1) {
    await touch('touchMove', [from[0] + ((to[0] - from[0]) * k) / 6, from[1] + ((to[1] - from[1]) * k) / 6]);
    await waitFrames(editor, (await frames(editor)) + 1);
  }
  await touch('touchEnd');
  await waitFrames(editor, (await frames(editor)) + 3);
  const dragged = mapRows(await text());
  const byDrag = cellsDiffering(tapped, dragged);
  const block = dragged.slice(2, 5).map((r) => r.slice(3, 7)).join('');
  // Ctrl+S downloads the level as it stands.
  const [download] = await Promise.all([editor.waitForEvent('download'), editor.keyboard.press('Control+KeyS')]);
  const saved = path.join(scratch, 'my-level.toml');
  await download.saveAs(saved);
  const savedText = fs.readFileSync(saved, 'utf8');
  const standing = await text();
  const said = execFileSync(bin, ['check', saved], { encoding: 'utf8' });
  const { link, note } = await editor.evaluate(() => window.tilecaster.shareLink());
  await editor.close();
  console.log(`  the mouse changed ${byMouse} cells (row 10: "${row}"), a finger ${byFinger} ("${fingerCell}"), a finger's rectangle ${byDrag}; downloaded ${download.suggestedFilename()} (${savedText.length} bytes); ${note}`);
  assert(!touchShown && !locked, `the touch controls shown (${touchShown}) or the pointer locked (${locked}) in the editor`);
  assert(byMouse === 5 && new Set(row).size === 1 && row[0] !== before[10][8], `the mouse's line: ${byMouse} cells, "${row}"`);
  assert(byFinger === 1 && fingerCell === row[0], `a finger changed ${byFinger} cells`);
  assert(bar && undone === 0 && redone === 0, `the editor bar shown (${bar}); after undo ${undone} cells differ, after redo ${redone}`);
  assert(byDrag === 12 && block === row[0].repeat(12), `a finger's drag of the filled rectangle changed ${byDrag} cells: "${block}"`);
  assert(download.suggestedFilename() === 'my-level.toml' && savedText === standing, 'the download is not the level as it stands');
  assert(/my-level\.toml/.test(said), `check says: ${said}`);
  assert(/#play=[0-9a-f]{8}\./.test(link || ''), `no link: ${note}`);
  // The link in a fresh page plays the level edited, as tilecaster render draws the download.
  const { level, error, differing } = await playShared(link, saved);
  console.log(`  the link plays ${level}; ${differing} pixels differ from tilecaster render of the download`);
  assert(level === '<page>/my-level.toml' && error === '', `${level}: ${error}`);
  assert(differing === 0, `${differing} pixels differ`);
});

await check('?edit=e1m2 edits the bundled level; a level dropped on the editor opens in it, and Share packs its texture, not a picture it never names', async () => {
  const editor = await open('?edit=e1m2');
  await waitFrames(editor, 3);
  await editor.click('#start');
  await editor.waitForFunction(() => document.getElementById('tilecaster').dataset.edit === '<built-in>/levels/e1m2.toml');
  const bundled = (await editor.evaluate(() => window.tilecaster.edited_level()))[1];
  await drop(editor, [['share_me.toml', Buffer.from(sharedLevel)], ['paint.png', paint], ['unrelated.png', paint]]);
  await editor.waitForFunction(() => document.getElementById('tilecaster').dataset.edit === '<page>/share_me.toml');
  await waitFrames(editor, (await frames(editor)) + 2);
  const dropped = (await editor.evaluate(() => window.tilecaster.edited_level()))[1];
  // (The game behind the editor plays another level: the files packed are the edited one's.)
  const { link, note } = await editor.evaluate(() => window.tilecaster.shareLink());
  await editor.close();
  console.log(`  ${note}`);
  assert(/^name = "/m.test(bundled) && mapRows(bundled).length > 10, 'not e1m2 in the editor');
  assert(dropped.includes('name = "Shared"'), 'the dropped level did not open in the editor');
  assert(/#play=[0-9a-f]{8}\./.test(link || '') && note.includes('share_me.toml with paint.png'), `the link's files: ${note}`);
  const { level, error, differing } = await playShared(link, path.join(modder, 'share_me.toml'));
  console.log(`  the link plays ${level}; ${differing} pixels differ from tilecaster render of the files in one folder`);
  assert(level === '<page>/share_me.toml' && error === '', `${level}: ${error}`);
  assert(differing === 0, `${differing} pixels differ`);
});

await check('a level dropped on the editor without its texture shows it magenta, and the texture dropped after mends it', async () => {
  const editor = await open('?edit=e1m2');
  await waitFrames(editor, 3);
  await editor.click('#start');
  await editor.waitForFunction(() => document.getElementById('tilecaster').dataset.edit === '<built-in>/levels/e1m2.toml');
  // The view's (the right half's) pixels of the missing texture's magenta checkerboard.
  const magenta = async () => {
    await waitFrames(editor, (await frames(editor)) + 3);
    const png = (await editor.locator('#tilecaster').screenshot()).toString('base64');
    return editor.evaluate(async (png) => {
      const { width, height, data } = await window.decodePng(png);
      let count = 0;
      for (let y = 0; y < height; y += 1) {
        for (let x = Math.ceil(width / 2); x < width; x += 1) {
          const i = 4 * (y * width + x);
          if (data[i] > 150 && data[i + 2] > 150 && data[i + 1] < 80) count += 1;
        }
      }
      return count;
    }, png);
  };
  await drop(editor, [['mended.toml', Buffer.from(sharedLevel)]]);
  await editor.waitForFunction(() => document.getElementById('tilecaster').dataset.edit === '<page>/mended.toml');
  const before = await magenta();
  await drop(editor, [['paint.png', paint]]);
  const after = await magenta();
  await editor.close();
  console.log(`  magenta pixels in the view: ${before} without paint.png, ${after} with it`);
  assert(before > 10000, `the level without its texture: ${before} magenta pixels`);
  assert(after === 0, `the texture dropped after: ${after} magenta pixels`);
});

await check('a recording of a dropped level replays natively with the level beside it, and in the page dropped with it', async () => {
  const player = await open('?nohud');
  await waitFrames(player, 3);
  await player.waitForSelector('#start:not(.hidden)');
  await drop(player, [['share_me.toml', Buffer.from(sharedLevel)], ['paint.png', paint]]);
  await player.waitForFunction(() => document.getElementById('tilecaster').dataset.level === '<page>/share_me.toml');
  await player.keyboard.down('KeyW');
  await player.keyboard.down('ArrowRight');
  await player.waitForTimeout(600);
  await player.keyboard.up('ArrowRight');
  await player.keyboard.up('KeyW');
  await waitFrames(player, (await frames(player)) + 2);
  const { text, hash, ticks } = await player.evaluate(() => {
    const c = document.getElementById('tilecaster');
    return { text: window.tilecaster.recording_text(), hash: c.dataset.hash, ticks: c.dataset.ticks };
  });
  await player.close();
  assert(text.includes('level <page>/share_me.toml'), text.slice(0, 200));
  // Natively: the level kept under another name beside the recording.
  const kept = path.join(scratch, 'kept');
  fs.mkdirSync(kept);
  fs.writeFileSync(path.join(kept, 'theirs.toml'), sharedLevel);
  fs.writeFileSync(path.join(kept, 'paint.png'), paint);
  fs.writeFileSync(path.join(kept, 'run.txt'), text);
  const native = execFileSync(bin, ['replay', path.join(kept, 'run.txt')], { encoding: 'utf8' }).trim();
  // In a fresh page: the level (renamed) and the recording dropped together.
  const viewer = await open('?nohud');
  await waitFrames(viewer, 3);
  await viewer.waitForSelector('#start:not(.hidden)');
  await drop(viewer, [['theirs.toml', Buffer.from(sharedLevel)], ['paint.png', paint], ['run.txt', Buffer.from(text)]]);
  await viewer.waitForFunction(() => document.getElementById('tilecaster').dataset.final, null, { timeout: 60000 });
  const inPage = await viewer.$eval('#tilecaster', (c) => c.dataset.final);
  await viewer.close();
  console.log(`  played: ${hash} after ${ticks} ticks; native: ${native}; dropped together: ${inPage}`);
  assert(native === `final state ${hash} after ${ticks} ticks`, 'natively the states differ');
  assert(inPage === native, 'in the page the states differ');
});

await check('an unknown ?level= says so and lists the bundled levels', async () => {
  const wrong = await open('?level=nope&nohud');
  await waitFrames(wrong, 3);
  const error = await wrong.$eval('#error', (e) => e.textContent);
  await wrong.close();
  console.log(`  shown: ${error}`);
  assert(error.includes('no such level') && error.includes('e1m1') && error.includes('e1m8.tmx'), error);
});

await check('every level of the picker plays (?level=NAME)', async () => {
  const names = await page.$$eval('#level option', (options) => options.map((o) => o.value));
  // Three pages at a time (each mostly waits for its level to load).
  const plays = async (name) => {
    const other = await open(`?level=${name}&nohud`, { width: 640, height: 400 });
    await waitFrames(other, 3);
    const error = await other.$eval('#error', (e) => e.textContent);
    await other.close();
    return error === '' ? '' : `${name}: ${error}`;
  };
  const all = [...names, 'e1m2'];
  for (let i = 0; i < all.length; i += 3) {
    const errors = (await Promise.all(all.slice(i, i + 3).map(plays))).filter((e) => e);
    assert(errors.length === 0, errors.join('; '));
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

await check('at a device pixel ratio of 2 the frame is drawn at the screen\'s pixels, each a solid block', async () => {
  const sharp = await open('?nohud', { width: 1280, height: 800 }, { deviceScaleFactor: 2 });
  await waitFrames(sharp, 3);
  await sharp.waitForSelector('#start:not(.hidden)');
  await sharp.click('#start');
  await sharp.evaluate(() => document.exitPointerLock());
  await sharp.waitForTimeout(300);
  const size = await sharp.$eval('#tilecaster', (c) => [c.width, c.height, c.clientWidth, c.clientHeight]);
  const shot = await sharp.screenshot({ path: path.join(out, 'dpr2.png') });
  // Blocks of 2x2 screen pixels (the page's CSS pixels), away from the menu button: solid
  // when the browser did not smooth the frame up.
  const solid = await sharp.evaluate(async (png) => {
    const { data, width, height } = await window.decodePng(png);
    let blocks = 0;
    let solidBlocks = 0;
    for (let y = 200; y + 1 < height; y += 2) {
      for (let x = 0; x + 1 < width; x += 2) {
        const at = (dx, dy) => ((y + dy) * width + x + dx) * 4;
        const same = [[1, 0], [0, 1], [1, 1]].every(([dx, dy]) =>
          [0, 1, 2].every((c) => data[at(dx, dy) + c] === data[at(0, 0) + c]));
        blocks += 1;
        if (same) solidBlocks += 1;
      }
    }
    return { blocks, solid: solidBlocks, width, height };
  }, shot.toString('base64'));
  await sharp.close();
  const share = solid.solid / solid.blocks;
  console.log(`  canvas ${size[0]}x${size[1]} for ${size[2]}x${size[3]} CSS pixels; screenshot ${solid.width}x${solid.height}: ${(share * 100).toFixed(1)}% of 2x2 blocks solid`);
  assert(size[0] === 2 * size[2] && size[1] === 2 * size[3], 'the canvas is not at the screen\'s pixels');
  assert(share === 1, 'the frame was smoothed');
});

// A finger on the page: pointer events of type touch, as a phone's browser sends them.
async function finger(page, selector, id, moves, hold = 400) {
  await page.evaluate(async ({ selector, id, moves, hold }) => {
    const target = document.querySelector(selector);
    const r = target.getBoundingClientRect();
    const [x0, y0] = [r.left + r.width / 2, r.top + r.height / 2];
    const send = (type, x, y, on = target) => on.dispatchEvent(new PointerEvent(type, {
      pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x, clientY: y,
      bubbles: true, cancelable: true }));
    send('pointerdown', x0, y0);
    for (const [dx, dy] of moves) {
      await new Promise((r) => setTimeout(r, 30));
      send('pointermove', x0 + dx, y0 + dy);
    }
    await new Promise((r) => setTimeout(r, hold));
    const [dx, dy] = moves.length ? moves[moves.length - 1] : [0, 0];
    send('pointerup', x0 + dx, y0 + dy);
  }, { selector, id, moves, hold });
}

for (const [w, h] of [[844, 390], [390, 844]]) {
  await check(`on a phone (${w}x${h}, touch) the touch controls walk, turn, fire, change weapon, show the map and pause`, async () => {
    const phone = await open('?nohud', { width: w, height: h },
      { deviceScaleFactor: 3, hasTouch: true, isMobile: true });
    await waitFrames(phone, 3);
    await phone.waitForSelector('#start:not(.hidden)');
    const title = await phone.$eval('#start-title', (t) => t.textContent);
    assert(title === 'Tap to play', `the start screen says ${title}`);
    await phone.screenshot({ path: path.join(out, `phone-${w}x${h}-start.png`) });
    await phone.tap('#start');
    await phone.waitForSelector('#touch:not(.hidden)');
    const state = () => phone.$eval('#tilecaster', (c) => ({ ...c.dataset }));
    const before = await state();
    // The stick pushed up: walk forward.
    await finger(phone, '#stick', 2, [[0, -20], [0, -50], [0, -60]], 700);
    await waitFrames(phone, (await frames(phone)) + 2);
    const walked = await state();
    // A drag on the turn area (the middle of the screen): turn.
    await finger(phone, '#touch', 3, [[-40, 0], [-80, 0], [-120, 0]], 100);
    await waitFrames(phone, (await frames(phone)) + 2);
    const turned = await state();
    await finger(phone, '#t-fire', 4, [], 300);
    await finger(phone, '#t-weapon', 5, [], 100);
    await waitFrames(phone, (await frames(phone)) + 3);
    const armed = await state();
    const peak = await phone.evaluate(() => window.tilecasterAudio.peak);
    await finger(phone, '#t-map', 6, [], 100);
    await waitFrames(phone, (await frames(phone)) + 3);
    const mapped = await state();
    await phone.screenshot({ path: path.join(out, `phone-${w}x${h}-map.png`) });
    await finger(phone, '#t-map', 6, [], 100);
    await finger(phone, '#t-menu', 7, [], 100);
    await waitFrames(phone, (await frames(phone)) + 3);
    const paused = await state();
    const backShown = await phone.$eval('#t-back', (b) => !b.classList.contains('hidden'));
    await phone.screenshot({ path: path.join(out, `phone-${w}x${h}-menu.png`) });
    await finger(phone, '#t-back', 8, [], 100);
    await waitFrames(phone, (await frames(phone)) + 3);
    const resumed = await state();
    await finger(phone, '#stick', 2, [[30, -60]], 300);
    await phone.screenshot({ path: path.join(out, `phone-${w}x${h}.png`) });
    await phone.close();
    console.log(`  y ${before.y} -> ${walked.y}; angle ${walked.angle} -> ${turned.angle}; weapon ${turned.weapon} -> ${armed.weapon}, shot peak ${peak.toFixed(2)}; map ${mapped.map}; menu ${paused.menu} (back shown ${backShown}) -> ${resumed.menu}`);
    assert(walked.y !== before.y || walked.x !== before.x, 'the stick did not walk');
    assert(turned.angle !== walked.angle, 'the drag did not turn');
    assert(peak > 0.5, 'FIRE did not fire');
    assert(armed.weapon !== turned.weapon, 'WPN did not change the weapon');
    assert(mapped.map === '1', 'MAP did not show the map');
    assert(paused.menu === '1' && backShown && resumed.menu === '0', 'the pause button and BACK did not pause and resume');
  });
}

for (const [w, h, dpr] of [[844, 390, 2], [844, 390, 3], [390, 844, 2], [390, 844, 3]]) {
  await check(`a phone's layout (${w}x${h} at ${dpr}x): the touch controls never cover the frame's status bar; upright the frame is at the top; menu lines 32 CSS px tall`, async () => {
    const phone = await open('', { width: w, height: h }, { deviceScaleFactor: dpr, hasTouch: true, isMobile: true });
    try {
      await waitFrames(phone, 3);
      await phone.tap('#start');
      await phone.waitForSelector('#touch:not(.hidden)');
      await waitFrames(phone, (await frames(phone)) + 3);
      const layout = await phone.evaluate(() => {
        // The frame (640x400's shape) as large as the canvas allows, centred; its status bar
        // at most its bottom 16%.
        const c = document.getElementById('tilecaster').getBoundingClientRect();
        const height = Math.min(c.height, (c.width * 400) / 640);
        const width = (height * 640) / 400;
        const frame = { left: c.left + (c.width - width) / 2, top: c.top + (c.height - height) / 2, width, height };
        const controls = [...document.querySelectorAll('#stick, #touch .pad')].map((e) => {
          const r = e.getBoundingClientRect();
          return { id: e.id, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        });
        return { frame, barTop: frame.top + 0.84 * frame.height, controls };
      });
      const { frame, barTop, controls } = layout;
      const over = controls.filter((r) => r.bottom > barTop && r.top < frame.top + frame.height
        && r.right > frame.left && r.left < frame.left + frame.width);
      await phone.screenshot({ path: path.join(out, `phone-layout-${w}x${h}-${dpr}x.png`) });
      console.log(`  frame ${Math.round(frame.left)},${Math.round(frame.top)} ${Math.round(frame.width)}x${Math.round(frame.height)}, status bar from ${Math.round(barTop)}; controls' tops ${controls.map((r) => `${r.id} ${Math.round(r.top)}`).join(', ')}`);
      assert(over.length === 0, `over the status bar: ${over.map((r) => r.id).join(', ')}`);
      assert(controls.every((r) => r.top >= 0 && r.bottom <= h && r.left >= 0 && r.right <= w), 'a control is off the screen');
      if (h > w) assert(frame.top < 1, `upright, the frame starts ${frame.top} px down`);
      // Paused: the menu's chosen line (marked red across the frame) is a finger's width tall.
      await finger(phone, '#t-menu', 7, [], 100);
      await phone.waitForFunction(() => document.getElementById('tilecaster').dataset.menu === '1');
      await waitFrames(phone, (await frames(phone)) + 3);
      const shot = await phone.screenshot({ path: path.join(out, `phone-menu-${w}x${h}-${dpr}x.png`) });
      const column = Math.round((frame.left + 3) * dpr);
      const tallest = await phone.evaluate(async ({ png, column }) => {
        const { data, width, height } = await window.decodePng(png);
        let run = 0;
        let most = 0;
        for (let y = 0; y < height; y += 1) {
          const [r, g, b] = data.subarray((y * width + column) * 4, (y * width + column) * 4 + 3);
          run = r > 70 && r > 2 * g && r > 2 * b ? run + 1 : 0;
          most = Math.max(most, run);
        }
        return most;
      }, { png: shot.toString('base64'), column });
      console.log(`  the menu's chosen line: ${(tallest / dpr).toFixed(1)} CSS px tall`);
      assert(tallest / dpr >= 31.5, `a menu line ${tallest / dpr} CSS px tall`);
    } finally {
      await phone.close();
    }
  });
}

await check('a laptop with a touch screen plays with either: a tap shows the touch controls, the mouse hides them and looks', async () => {
  const laptop = await open('?nohud', { width: 1280, height: 800 }, { hasTouch: true });
  try {
    await waitFrames(laptop, 3);
    await laptop.waitForSelector('#start:not(.hidden)');
    // The mouse moved: "Click to play"; then a tap plays by touch.
    await laptop.mouse.move(600, 300);
    await laptop.mouse.move(620, 310);
    const title = await laptop.$eval('#start-title', (t) => t.textContent);
    assert(title === 'Click to play', `with the mouse moved, the start screen says ${title}`);
    await laptop.tap('#start');
    await laptop.waitForSelector('#touch:not(.hidden)', { timeout: 10000 });
    const lockedByTap = await laptop.evaluate(() => Boolean(document.pointerLockElement));
    assert(!lockedByTap, 'a tap took the pointer lock');
    // The mouse: the touch controls go, the mouse is taken at the first click, and looks.
    await laptop.mouse.click(640, 300);
    await laptop.waitForSelector('#touch', { state: 'hidden', timeout: 10000 });
    await laptop.waitForFunction(() => document.pointerLockElement?.id === 'tilecaster', null, { timeout: 10000 });
    const angle = () => laptop.$eval('#tilecaster', (c) => Number(c.dataset.angle));
    const before = await angle();
    await laptop.mouse.move(740, 300, { steps: 5 });
    await waitFrames(laptop, (await frames(laptop)) + 3);
    const after = await angle();
    console.log(`  tapped: touch controls, no lock; clicked: controls hidden, lock taken; angle ${before} -> ${after}`);
    assert(before !== after, 'the mouse did not look');
    // A touch again: the controls come back.
    await laptop.evaluate(() => document.exitPointerLock());
    await finger(laptop, '#tilecaster', 3, [], 50);
    await laptop.waitForFunction(() => document.getElementById('start-title').textContent === 'Tap to play');
  } finally {
    await laptop.close();
  }
});

await check('a tap on a menu line chooses it', async () => {
  const phone = await open('?nohud', { width: 844, height: 390 }, { deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await waitFrames(phone, 3);
  await phone.tap('#start');
  await phone.waitForSelector('#touch:not(.hidden)');
  await finger(phone, '#t-menu', 7, [], 100);
  await phone.waitForFunction(() => document.getElementById('tilecaster').dataset.menu === '1');
  // The pause menu's first line (RESUME): rows from frame row 68 (34 at a scale of 2, a
  // 400-row frame), 18 rows each (src/scene/menu.rs); the frame fills the page's height.
  const [cw, ch] = await phone.$eval('#tilecaster', (c) => [c.clientWidth, c.clientHeight]);
  const scale = Math.min(cw / 640, ch / 400);
  const [x, y] = [cw / 2, (ch - 400 * scale) / 2 + 77 * scale];
  await phone.touchscreen.tap(x, y);
  await waitFrames(phone, (await frames(phone)) + 3);
  const resumed = await phone.$eval('#tilecaster', (c) => c.dataset.menu === '0');
  await phone.close();
  assert(resumed, 'no tap chose RESUME');
});

// One page at a time from here: two games in one browser share its time.
await page.close();

await check("the page's bench (from the console) says what it cannot draw", async () => {
  const benchPage = await open('?nohud', { width: 640, height: 400 });
  await waitFrames(benchPage, 1);
  const said = await benchPage.evaluate(() => [
    ['e1m1', 5, 270], ['nope.toml', 5, 270], ['../levels/e1m1.toml', 5, 270], ['e1m1.toml', 0, 270],
    ['e1m1.toml', 5, NaN], ['e1m1.toml', 5, 270, 0],
  ].map(([level, frames, angle, width = 64]) => {
    try {
      return JSON.parse(window.tilecaster.bench(level, width, 40, frames, 23.5, 36.5, angle));
    } catch (e) {
      return String(e.message || e);
    }
  }));
  await benchPage.close();
  const [drawn, unknown, outside, none, nan, narrow] = said;
  // (A 64x40 frame can take under the page's clock's tenth of a millisecond: 0 ms.)
  assert(drawn.frames === 5 && drawn.width === 64 && drawn.frame_p50_ms >= 0, JSON.stringify(drawn));
  assert(String(unknown).includes('no such level') && String(unknown).includes('e1m2.tmx'), unknown);
  assert(String(outside).includes('no such level'), outside);
  assert(String(none).includes('frames'), none);
  assert(String(nan).includes('numbers'), nan);
  assert(String(narrow).includes('0x40'), narrow);
});
// The frame's work in the page (the median of F3's frame time) against the native renderer
// on one thread at the same place and size (`tilecaster bench --pose`, with the release
// binary when there is one: the debug build's times say nothing), measured once the page is
// closed, so that the two do not share the machine's cores; and the page's own bench (the
// engine drawing the same frame over and over with nothing between, as the native bench
// does: between the game's frames the browser copies each to the screen, which leaves the
// next one's memory out of the caches) against the same native figures, stage by stage.
// Printed, never asserted.
const releaseBin = path.join(root, 'target', 'release', 'tilecaster');
for (const size of ['640x400', '1280x800']) {
  const [w, h] = size.split('x').map(Number);
  const timed = await open(`?size=${size}&nohud`, { width: w, height: h });
  await waitFrames(timed, 5);
  const first = await frames(timed);
  const started = Date.now();
  await timed.waitForTimeout(3000);
  const fps = ((await frames(timed)) - first) / ((Date.now() - started) / 1000);
  const here = await timed.$eval('#tilecaster', (c) => ({ ...c.dataset }));
  const place = [Number(here.x), Number(here.y), Number(here.angle)];
  const benched = JSON.parse(await timed.evaluate(([w, h, [x, y, angle]]) =>
    window.tilecaster.bench('e1m1.toml', w, h, 120, x, y, angle), [w, h, place]));
  if (size === '1280x800') {
    await timed.click('#start');
    await timed.waitForTimeout(300);
    await timed.screenshot({ path: path.join(out, 'browser.png') });
    console.log(`screenshot: ${path.join(out, 'browser.png')}`);
  }
  await timed.close();
  let native = `the page's bench ${benched.frame_p50_ms.toFixed(2)} ms; no release binary (cargo build --release) to compare with`;
  if (fs.existsSync(releaseBin)) {
    const pose = `${here.x},${here.y},${here.angle}`;
    const runs = JSON.parse(execFileSync(releaseBin, ['bench', '--level', path.join(root, 'levels', 'e1m1.toml'),
      '--size', size, '--threads', '1', '--frames', '120', '--pose', pose, '--json'], { encoding: 'utf8' })).runs;
    const ms = runs[0].frame_p50_ms;
    const stages = ['cast', 'floor', 'walls', 'overlays'].map((stage) => {
      const key = `${stage}_ns_per_column`;
      return `${stage} ${(benched[key] / runs[0][key]).toFixed(2)}x`;
    });
    native = `native on one thread ${ms.toFixed(2)} ms: the page takes ${(Number(here.frameMs) / ms).toFixed(2)}x; `
      + `the page's bench ${benched.frame_p50_ms.toFixed(2)} ms, ${(benched.frame_p50_ms / ms).toFixed(2)}x (${stages.join(', ')})`;
  }
  console.log(`frame at ${size}: ${Number(here.frameMs).toFixed(2)} ms of work in the page (median), ${native}; ${fps.toFixed(1)} frames shown a second (headless Chromium)`);
}

await check('the page is served precompressed, the wasm and JS at most 1.3 MB gzipped', async () => {
  // (Named by their content: tilecaster_bg.HASH.wasm, tilecaster.HASH.js.)
  const named = (pattern) => fs.readdirSync(dist).find((n) => pattern.test(n));
  const [wasm, js] = [named(/^tilecaster_bg\.[0-9a-f]{12}\.wasm$/), named(/^tilecaster\.[0-9a-f]{12}\.js$/)];
  const size = (name) => fs.statSync(path.join(dist, name)).size;
  const gz = size(`${wasm}.gz`) + size(`${js}.gz`);
  const br = size(`${wasm}.br`) + size(`${js}.br`);
  const raw = size(wasm) + size(js);
  console.log(`  wasm and JS: ${raw} bytes, ${gz} gzipped, ${br} brotli`);
  const served = await open('?nohud');
  await waitFrames(served, 1);
  const entry = await served.evaluate(() => {
    const e = performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'));
    return e && { encoded: e.encodedBodySize, decoded: e.decodedBodySize };
  });
  await served.close();
  console.log(`  the wasm came as ${entry && entry.encoded} bytes for ${entry && entry.decoded}`);
  assert(entry && entry.encoded < entry.decoded / 2, 'the wasm was not sent compressed');
  assert(gz <= 1.3 * 1024 * 1024, `${gz} bytes gzipped`);
});

await check('the page loads once: nothing twice on the first visit, under 20 KB on the next, its loading bar the bytes on the wire', async () => {
  const context = await browser.newContext({ viewport: { width: 800, height: 500 } });
  // Every text the loading bar shows, as it shows it.
  await context.addInitScript(() => {
    window.barTexts = [];
    new MutationObserver(() => {
      const text = document.getElementById('progress-text')?.textContent;
      if (text && text !== window.barTexts.at(-1)) window.barTexts.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const visit = await context.newPage();
  visit.on('pageerror', (e) => errors.push(String(e)));
  server.sent.length = 0;
  await visit.goto(base + '?nohud');
  await waitFrames(visit, 3);
  const bar = await visit.evaluate(() => window.barTexts.filter((t) => /MB/.test(t)).at(-1));
  // The worker has kept the page's files once it is active.
  await visit.evaluate(() => navigator.serviceWorker.ready);
  const first = server.sent.splice(0);
  await visit.goto(base + '?nohud');
  await waitFrames(visit, 3);
  const second = server.sent.splice(0);
  await context.close();
  const twice = first.map((s) => s.path).filter((p, i, all) => all.indexOf(p) !== i && /\.[0-9a-f]{12}\./.test(p));
  const bytes = (sent) => sent.reduce((sum, s) => sum + s.bytes, 0);
  const wire = fs.readdirSync(dist).filter((n) => /\.[0-9a-f]{12}\.(wasm|bin)\.br$/.test(n))
    .reduce((sum, n) => sum + fs.statSync(path.join(dist, n)).size, 0);
  console.log(`  first visit: ${first.length} responses, ${bytes(first)} bytes (bar: ${bar}); second: ${second.map((s) => `${s.path} ${s.status} ${s.bytes}`).join(', ')}: ${bytes(second)} bytes`);
  assert(twice.length === 0, `downloaded twice on the first visit: ${twice.join(', ')}`);
  assert(bytes(second) < 20 * 1024, `the second visit took ${bytes(second)} bytes`);
  const said = Number(/of ([0-9.]+) MB/.exec(bar)?.[1] || 0);
  assert(Math.abs(said - wire / 1048576) < 0.06, `the loading bar says ${bar}, the wasm and data come as ${(wire / 1048576).toFixed(2)} MB`);
});

await check('after the first visit the page plays offline, saves and settings kept', async () => {
  const context = await browser.newContext({ viewport: { width: 800, height: 500 } });
  const first = await context.newPage();
  first.on('pageerror', (e) => errors.push(String(e)));
  await first.goto(base + '?nohud');
  await waitFrames(first, 3);
  await first.evaluate(() => navigator.serviceWorker.ready);
  await first.evaluate(() => localStorage.setItem('tilecaster.settings', '[video]\nfov = 80.0\n'));
  // The worker controls the page from its next load.
  await first.reload();
  await waitFrames(first, 3);
  await context.setOffline(true);
  await first.reload();
  await waitFrames(first, 3);
  const offline = await first.evaluate(() => ({
    error: document.getElementById('error').textContent,
    settings: localStorage.getItem('tilecaster.settings'),
    manifest: document.querySelector('link[rel=manifest]').href,
  }));
  await context.setOffline(false);
  await context.close();
  console.log(`  offline: error '${offline.error}', settings ${JSON.stringify(offline.settings)}`);
  assert(offline.error === '' && offline.settings.includes('fov'), 'did not play offline');
});

// The signalling server (`tilecaster serve-signalling`) on a free port: its address.
async function startSignalling() {
  const process = spawn(bin, ['serve-signalling', '--bind', '127.0.0.1:0', '--quiet']);
  const addr = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('serve-signalling said nothing in 30 s')), 30000);
    process.stdout.on('data', (d) => {
      const m = /ws:\/\/([0-9.:]+)\//.exec(String(d));
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    process.on('exit', (code) => reject(new Error(`serve-signalling ended (${code})`)));
  });
  return { process, addr };
}

// The seconds at which `pages` said the same state (`data-net-check`: TICK:HASH, the state
// hash after the last whole second every machine played alike), once they have said `count`
// in common (or two minutes have passed); throws where they differ.
async function secondsInStep(pages, count) {
  const said = pages.map(() => new Map());
  const common = () => [...said[0].keys()].filter((t) => t > 0 && said.every((m) => m.has(t)));
  const deadline = Date.now() + 120000;
  while (common().length < count && Date.now() < deadline) {
    for (const [i, page] of pages.entries()) {
      const check = await page.$eval('#tilecaster', (c) => c.dataset.netCheck || '');
      const [tick, hash] = check.split(':');
      if (hash) said[i].set(Number(tick), hash);
    }
    await pages[0].waitForTimeout(250);
  }
  for (const t of common()) {
    const hashes = said.map((m) => m.get(t));
    assert(hashes.every((h) => h === hashes[0]), `the games differ at tick ${t}: ${hashes.join(', ')}`);
  }
  return common();
}
const netState = (pages) => Promise.all(pages.map((p) => p.$eval('#tilecaster', (c) => ({
  seat: c.dataset.netSeat, net: c.dataset.net, error: document.getElementById('error').textContent,
}))));

// The player starts the page ("Click to play"): a room is met only then.
async function begin(page) {
  await page.waitForSelector('#start:not(.hidden)', { timeout: 90000 });
  await page.click('#start');
}

await check('two pages met in a room of the signalling server play one game in step over WebRTC, each once its player started it; a third is told the room is full', async () => {
  const signalling = await startSignalling();
  const pages = [];
  try {
    const query = `?room=test-${process.pid}&players=2&demo&signal=ws://${signalling.addr}`;
    pages.push(await open(query), await open(query));
    // One player starts; the other has not: no game behind its cover, the room not full.
    await begin(pages[0]);
    await pages[0].waitForFunction(() => /WAITING/.test(document.getElementById('tilecaster').dataset.lobby || ''),
      null, { timeout: 60000, polling: 200 });
    await pages[0].waitForTimeout(3000);
    const before = await Promise.all(pages.map((p) => p.$eval('#tilecaster', (c) => ({
      ticks: c.dataset.ticks, seat: c.dataset.netSeat || '', lobby: c.dataset.lobby || '' }))));
    console.log(`  one started: ${JSON.stringify(before)}`);
    assert(before.every((b) => b.ticks === '0' && b.seat === ''), 'a game ran before both players started');
    await begin(pages[1]);
    const seconds = await secondsInStep(pages, 4);
    const state = await netState(pages);
    console.log(`  ${JSON.stringify(state)}; seconds compared: ${seconds.join(', ')}`);
    assert(seconds.length >= 4, `the pages did not play 4 seconds in step (${seconds.length})`);
    assert(new Set(state.map((s) => s.seat)).size === 2, 'both pages took the same seat');
    for (const [i, page] of pages.entries()) {
      await page.screenshot({ path: path.join(out, `room-${i}.png`) });
    }
    // A third comes to the full room: told that two play in it (it waits for a new game).
    const third = await open(query);
    pages.push(third);
    await begin(third);
    await third.waitForFunction(() => /FULL/.test(document.getElementById('tilecaster').dataset.lobby || ''),
      null, { timeout: 30000, polling: 200 });
    const told = await third.$eval('#tilecaster', (c) => c.dataset.lobby);
    await third.screenshot({ path: path.join(out, 'room-full.png') });
    console.log(`  the third page: ${told}`);
    assert(/FULL: 2 PLAYING/.test(told), `the third page was told ${told}`);
  } finally {
    for (const page of pages) await page.close();
    signalling.process.kill();
  }
});

await check('a page hosts a lobby in a new room, another joins it by the room\'s code, and they play in step', async () => {
  const signalling = await startSignalling();
  const pages = [];
  try {
    const signal = `signal=ws://${signalling.addr}`;
    pages.push(await open(`?host=coop&demo&${signal}`));
    // The lobby opens once the host starts the page; its panel names the room's code (the
    // Multiplayer page's JOIN takes it).
    await waitFrames(pages[0], 5);
    const early = await pages[0].$eval('#tilecaster', (c) => c.dataset.lobby || '');
    assert(early === '', `a lobby opened before the player started the page: ${early}`);
    await begin(pages[0]);
    await pages[0].waitForFunction(() => /HOSTING ROOM \d{6}/.test(document.getElementById('tilecaster').dataset.lobby || ''),
      null, { timeout: 60000, polling: 200 });
    const panel = await pages[0].$eval('#tilecaster', (c) => c.dataset.lobby);
    const code = /HOSTING ROOM (\d{6})/.exec(panel)[1];
    await pages[0].screenshot({ path: path.join(out, 'room-lobby.png') });
    pages.push(await open(`?join=${code}&demo&${signal}`));
    await begin(pages[1]);
    const seconds = await secondsInStep(pages, 3);
    const state = await netState(pages);
    console.log(`  host's panel: ${panel}; ${JSON.stringify(state)}; seconds compared: ${seconds.join(', ')}`);
    assert(seconds.length >= 3, `the pages did not play 3 seconds in step (${seconds.length})`);
    assert(state[0].seat === '0' && state[1].seat === '1', 'the host is not seat 0, the joiner seat 1');
  } finally {
    for (const page of pages) await page.close();
    signalling.process.kill();
  }
});

await check('a page watches a room\'s game by its code: in step with the players, hearing their chat', async () => {
  const signalling = await startSignalling();
  const pages = [];
  try {
    const signal = `signal=ws://${signalling.addr}`;
    pages.push(await open(`?host=coop&demo&${signal}`));
    await begin(pages[0]);
    await pages[0].waitForFunction(() => /HOSTING ROOM \d{6}/.test(document.getElementById('tilecaster').dataset.lobby || ''),
      null, { timeout: 60000, polling: 200 });
    const code = /HOSTING ROOM (\d{6})/.exec(await pages[0].$eval('#tilecaster', (c) => c.dataset.lobby))[1];
    // The spectator comes before the game begins (it asks until the host answers), the
    // joiner after it.
    pages.push(await open(`?watch=${code}&${signal}`));
    await begin(pages[1]);
    await pages[1].waitForFunction(() => /WATCHING ROOM/.test(document.getElementById('tilecaster').dataset.lobby || ''),
      null, { timeout: 60000, polling: 200 });
    pages.push(await open(`?join=${code}&demo&${signal}`));
    await begin(pages[2]);
    const seconds = await secondsInStep(pages, 3);
    const state = await netState(pages);
    console.log(`  ${JSON.stringify(state)}; seconds compared: ${seconds.join(', ')}`);
    assert(seconds.length >= 3, `the spectator did not play 3 seconds as the players did (${seconds.length})`);
    assert(state[1].seat === '' && /^WATCHING/.test(state[1].net), `the spectator's page says ${state[1].net}`);
    // The host says a line of chat (T opens it); the spectator shows it with the host's name.
    await pages[0].keyboard.press('KeyT');
    await pages[0].keyboard.type('gg');
    await pages[0].keyboard.press('Enter');
    await pages[1].waitForFunction(() => /: GG/i.test(document.getElementById('tilecaster').dataset.chat || ''),
      null, { timeout: 30000, polling: 200 });
    const chat = await pages[1].$eval('#tilecaster', (c) => c.dataset.chat);
    console.log(`  the spectator's chat: ${chat}`);
    await pages[1].screenshot({ path: path.join(out, 'room-spectator.png') });
  } finally {
    for (const page of pages) await page.close();
    signalling.process.kill();
  }
});

await check('a page and a native player (autoplay --net --room, over WebRTC) play one game in step', async () => {
  // The native side needs a build with the `webrtc` feature (.ci/run builds one).
  const webrtcBin = process.env.TILECASTER_WEBRTC_BIN;
  assert(webrtcBin, 'TILECASTER_WEBRTC_BIN (the game built with --features webrtc) is not set');
  const signalling = await startSignalling();
  const room = `mixed-${process.pid}`;
  const native = spawn(webrtcBin, ['autoplay', '--net', '--room', room, '--signal', `ws://${signalling.addr}`,
    '--players', '2', '--ticks', '600', '--level', path.join(root, 'levels', 'e1m1.toml'), '--wait', '60']);
  let stdout = '';
  let stderr = '';
  native.stdout.on('data', (d) => { stdout += d; });
  native.stderr.on('data', (d) => { stderr += d; });
  const ended = new Promise((resolve) => native.on('exit', resolve));
  const page = await open(`?room=${room}&players=2&demo&signal=ws://${signalling.addr}`);
  await begin(page);
  try {
    // The page's state hash at each whole second both played alike, until the native
    // player has played its 600 ticks and printed its final state.
    const said = new Map();
    let code = null;
    ended.then((c) => { code = c; });
    const deadline = Date.now() + 150000;
    while (code === null && Date.now() < deadline) {
      const check = await page.$eval('#tilecaster', (c) => c.dataset.netCheck || '');
      const [tick, hash] = check.split(':');
      if (hash) said.set(Number(tick), hash);
      await page.waitForTimeout(100);
    }
    const final = /final state ([0-9a-f]{16}) after 600 ticks/.exec(stdout);
    console.log(`  native: ${stdout.trim() || '(nothing)'}; the page at tick 600: ${said.get(600)}; seconds the page said: ${[...said.keys()].join(', ')}`);
    assert(code === 0 && final, `the native player ended with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    assert(said.get(600) === final[1], `the page's state at tick 600 is ${said.get(600)}, the native player's ${final[1]}`);
    await page.screenshot({ path: path.join(out, 'room-mixed.png') });
  } finally {
    native.kill();
    await page.close();
    signalling.process.kill();
  }
});

await check('a room whose signalling server cannot be reached says so on the page', async () => {
  // (A port nothing listens on: the server just started and stopped.)
  const signalling = await startSignalling();
  signalling.process.kill();
  await new Promise((resolve) => signalling.process.on('exit', resolve));
  const page = await open(`?room=nobody&players=2&signal=ws://${signalling.addr}`);
  await begin(page);
  try {
    await page.waitForFunction(() => document.getElementById('error').textContent.includes('room'),
      null, { timeout: 60000, polling: 200 });
    const error = await page.$eval('#error', (e) => e.textContent);
    console.log(`  ${error}`);
    assert(error.includes(signalling.addr), 'the error does not name the server');
    await waitFrames(page, (await frames(page)) + 3);
  } finally {
    await page.close();
    // (Chromium's own console lines for the refused connection are expected here.)
    const refused = `WebSocket connection to 'ws://${signalling.addr}/`;
    errors.splice(0, errors.length, ...errors.filter((e) => !e.startsWith(refused)));
  }
});

await check('the console has no errors', async () => {
  assert(errors.length === 0, errors.join(' | '));
});

// Closing the browser rejects what its pages still had under way (once seen in CI, after
// every check had passed: "Target page, context or browser has been closed"); that is no
// failure of the page. Any other rejection still ends the test with an error.
process.on('unhandledRejection', (e) => {
  if (!String(e?.message ?? e).includes('has been closed')) throw e;
});
await browser.close();
server.close();
fs.rmSync(scratch, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
