// Serves web/dist/ (built by web/build.sh) the way the page is meant to be served: each file
// in the precompressed form the browser accepts (NAME.br, else NAME.gz, as web/build.sh
// writes them), with its type, and `Vary: Accept-Encoding`. Used by web/serve.sh and by the
// page's test (web/test/browser.mjs), which passes extra files (its reference picture).
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

/// An HTTP server of `root`; `extra` maps other paths (`/reference.png`) to files.
export function server(root = dist, extra = {}) {
  return http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = extra[name] || path.join(root, name === '/' ? 'index.html' : path.normalize(name));
    if (!extra[name] && !file.startsWith(root + path.sep)) { res.writeHead(403); res.end(); return; }
    const accepts = String(req.headers['accept-encoding'] || '');
    const forms = [['br', '.br'], ['gzip', '.gz']].filter(([coding]) => accepts.includes(coding));
    const headers = { 'content-type': types[path.extname(file)] || 'application/octet-stream',
      'vary': 'Accept-Encoding', 'cache-control': 'no-cache' };
    for (const [coding, ext] of [...forms, [null, '']]) {
      let data;
      try { data = fs.readFileSync(file + ext); } catch { continue; }
      if (coding) headers['content-encoding'] = coding;
      headers['content-length'] = data.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : data);
      return;
    }
    res.writeHead(404);
    res.end();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] || process.env.PORT || 8080);
  server().listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${port}/`));
}
