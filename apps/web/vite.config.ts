import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.PARLEY_DEV_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/config.json': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
