import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // Order matters: the router plugin generates routeTree.gen.ts before React compiles routes.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  resolve: { dedupe: ['apexcharts', 'react', 'react-dom'] },
  server: { proxy: { '/api': api, '/trpc': api } },
  build: { sourcemap: false },
});
