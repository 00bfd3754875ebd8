// Writes NAME.gz (gzip -9) and NAME.br (brotli, quality 11) beside each file of the folder
// given (web/build.sh's web/dist), for web/serve.mjs to send to browsers that accept them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = process.argv[2];
for (const name of fs.readdirSync(dir)) {
  if (/\.(gz|br)$/.test(name)) continue;
  const file = path.join(dir, name);
  const data = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }));
}
