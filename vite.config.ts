import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { loadConfig } from './server/config.ts';
import { injectClientConfig } from './services/client-config.ts';

/** In development the Vite server writes the same client configuration the product server does. */
const devClientConfig = (): Plugin => ({
  name: 'dev-client-config',
  apply: 'serve',
  transformIndexHtml: (html) => injectClientConfig(html, loadConfig().client),
});

export default defineConfig({
  plugins: [react(), devClientConfig()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900 },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/staff': 'http://localhost:3000' },
  },
});
