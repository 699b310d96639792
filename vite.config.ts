import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { loadConfig } from './server/config.ts';
import { injectClientConfig } from './forms/contracts/client-config.ts';
import { readLabRecord } from './server/lab/test-paths.ts';

/** In development the Vite server writes the same client configuration the product server does. */
const devClientConfig = (): Plugin => ({
  name: 'dev-client-config',
  apply: 'serve',
  transformIndexHtml: (html) => injectClientConfig(html, loadConfig().client),
});

/**
 * In development the machine lab's test paths are answered here, before the proxy, from the same
 * reader the server's staff-only GET /api/laboratorio/rutas-de-prueba uses: `npm run dev` needs no sign-in for the lab.
 */
const devTestPaths = (): Plugin => ({
  name: 'dev-test-paths',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use('/api/laboratorio/rutas-de-prueba', (request, response, next) => {
      if (request.method !== 'GET' || (request.url !== '/' && !request.url?.startsWith('/?'))) return next();
      const machine = new URLSearchParams(request.url.slice(1)).get('maquina')?.trim();
      if (!machine) {
        response.statusCode = 400;
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(JSON.stringify({ message: 'Indica la máquina (maquina).' }));
        return;
      }
      readLabRecord(loadConfig().labPathsDir, machine).then(
        (record) => {
          response.setHeader('content-type', 'application/json; charset=utf-8');
          response.setHeader('cache-control', 'no-store');
          response.end(JSON.stringify(record));
        },
        (error: unknown) => next(error),
      );
    });
  },
});

/** Writes .br and .gz beside each built asset; the server sends them to browsers that accept them. */
const precompress = (): Plugin => {
  let dir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      // The build's own assets folder (`--outDir` included), not the default one under the working folder.
      dir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      if (!fs.existsSync(dir)) return;
      for (const name of fs.readdirSync(dir)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(dir, name);
        const data = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
};

/** Where the development server sends API, staff-portal and storage requests: a running `npm start`. */
const apiOrigin = process.env.DEV_API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), devClientConfig(), devTestPaths(), precompress()],
  // The development server's pre-bundled dependencies; the dev browser test keeps its own.
  cacheDir: process.env.VITE_CACHE_DIR ?? 'node_modules/.vite',
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
  server: {
    proxy: { '/api': apiOrigin, '/staff': apiOrigin, '/storage': apiOrigin },
  },
});
