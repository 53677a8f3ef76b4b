import { randomUUID } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Writes dist/build-manifest.json with this build's id; the SPA polls it to detect a new release. */
function buildManifest(buildId: string): Plugin {
  return {
    name: 'missiva-build-manifest',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-manifest.json',
        source: JSON.stringify({ buildId, builtAt: new Date().toISOString() }),
      });
    },
  };
}

const buildId = process.env.BUILD_ID ?? randomUUID();

export default defineConfig({
  plugins: [react(), buildManifest(buildId)],
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
    __PRODUCT_NAME__: JSON.stringify(process.env.PRODUCT_NAME ?? 'Missiva'),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
      '/build-manifest.json': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});
