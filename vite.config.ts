import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [reactRouter()],
  define: {
    __BRAND__: JSON.stringify(process.env.BRAND || 'Ferrybox'),
  },
  server: {
    // `npm run dev`: the API runs beside Vite and is reached through the same origin.
    proxy: { '/public': apiTarget, '/api': apiTarget },
  },
  build: { assetsInlineLimit: 0 },
});
