// Packs the bundled levels and textures into one file for the page (web/dist/data.bin), which
// the game takes with `provide_data` (src/files/bundled.rs reads the format): "TC1", then for
// each file its key's length (2 bytes, big endian), its key (`levels/e1m1.toml`), its length
// (4 bytes) and its bytes. The same folders and extensions as build.rs embeds natively.
//
//   node web/pack-data.mjs OUT
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = [
  ['levels', ['toml', 'tmx', 'tsx', 'tmj', 'tsj', 'json']],
  ['textures', ['png']],
  ['textures/sprites', ['png']],
];
const parts = [Buffer.from('TC1')];
let count = 0;
for (const [folder, extensions] of folders) {
  const names = fs.readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((e) => e.isFile() && extensions.includes(path.extname(e.name).slice(1)))
    .map((e) => e.name)
    .sort();
  for (const name of names) {
    const key = Buffer.from(`${folder}/${name}`);
    const bytes = fs.readFileSync(path.join(root, folder, name));
    const head = Buffer.alloc(6 + key.length);
    head.writeUInt16BE(key.length, 0);
    key.copy(head, 2);
    head.writeUInt32BE(bytes.length, 2 + key.length);
    parts.push(head, bytes);
    count += 1;
  }
}
const out = process.argv[2];
fs.writeFileSync(out, Buffer.concat(parts));
console.log(`${out}: ${count} files, ${fs.statSync(out).size} bytes`);
