import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { inlineThemeScript, prerenderLogin } from './vite-prerender.ts';

// The API behind the dev server: the local one (npm run dev) or the live function (sst dev).
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * The proxy rewrites Host to the API's; the API refuses writes whose Origin differs from the host
 * it sees. A request from this dev page is same-origin to the browser, so its Origin follows the
 * rewrite; any other origin is passed through unchanged and still refused.
 */
const proxy: ProxyOptions = {
  target: api,
  changeOrigin: true,
  configure: (server) =>
    server.on('proxyReq', (out, req) => {
      const origin = req.headers.origin;
      if (origin && new URL(origin).host === req.headers.host) out.setHeader('origin', new URL(api).origin);
    }),
};

export default defineConfig({
  // Order matters: the router plugin generates routeTree.gen.ts before React compiles routes.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), inlineThemeScript(), prerenderLogin()],
  // The sign-in screen's copyright year: login.html is rendered with it, so main.tsx hydrates against it too.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: { dedupe: ['apexcharts', 'react', 'react-dom'] },
  server: { proxy: { '/api': proxy, '/trpc': proxy } },
  build: { sourcemap: false },
});
