// Serves web/dist/ (built by web/build.sh) the way the page is meant to be served: each file
// in the precompressed form the browser accepts (NAME.br, else NAME.gz, as web/build.sh
// writes them), with its type, `Vary: Accept-Encoding`, an ETag (of the form's size and time,
// as web servers make them: nothing is read or hashed to answer) and Last-Modified (a request
// that has them as they are gets "304 Not Modified", no body), and for the files named by
// their content (NAME.HASH.EXT) a year's immutable caching; the rest are checked each time.
// Used by web/serve.sh and by the page's test (web/test/browser.mjs), which passes extra
// files (its reference picture) and sets `server.sent` to an array, to have each response's
// path, status and body bytes kept there.
//
//   node web/serve.mjs [PORT]     # http://127.0.0.1:PORT/ (default 8080)
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript',
  '.wasm': 'application/wasm', '.png': 'image/png', '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json' };

// A file named by its content, as web/build.sh names them: `data.0123456789ab.bin`.
const hashedName = /\.[0-9a-f]{12}\.[a-z]+$/;

/// An HTTP server of `root`; `extra` maps other paths (`/reference.png`) to files.
export function server(root = dist, extra = {}) {
  const served = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = extra[name] || path.join(root, name === '/' ? 'index.html' : path.normalize(name));
    const answer = (status, headers, body) => {
      served.sent?.push({ path: name, status, bytes: body ? body.length : 0 });
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (!extra[name] && !file.startsWith(root + path.sep)) { answer(403, {}); return; }
    const accepts = String(req.headers['accept-encoding'] || '');
    const forms = [['br', '.br'], ['gzip', '.gz']].filter(([coding]) => accepts.includes(coding));
    const caching = hashedName.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
    const headers = { 'content-type': types[path.extname(file)] || 'application/octet-stream',
      'vary': 'Accept-Encoding', 'cache-control': caching };
    for (const [coding, ext] of [...forms, [null, '']]) {
      let stat;
      try {
        stat = fs.statSync(file + ext);
      } catch { continue; }
      if (!stat.isFile()) continue;
      const modified = stat.mtime;
      if (coding) headers['content-encoding'] = coding;
      headers.etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${coding ? `-${coding}` : ''}"`;
      headers['last-modified'] = modified.toUTCString();
      const matches = req.headers['if-none-match'];
      const since = Date.parse(req.headers['if-modified-since'] || '');
      const same = matches !== undefined
        ? matches.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(headers.etag)
        : since >= Math.floor(modified.getTime() / 1000) * 1000;
      if (same) { answer(304, headers); return; }
      let data;
      try {
        data = fs.readFileSync(file + ext);
      } catch { break; }
      headers['content-length'] = data.length;
      answer(200, headers, data);
      return;
    }
    answer(404, {});
  });
  served.sent = null;
  return served;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] || process.env.PORT || 8080);
  server().listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${port}/`));
}
