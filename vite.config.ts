import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverPort = Number(process.env.PORT ?? 3000);
const serverTarget = `http://127.0.0.1:${serverPort}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/users': serverTarget,
      '/room': serverTarget,
      '/health': serverTarget,
      '/socket.io': { target: serverTarget, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'component', include: ['tests/unit/**/*.test.tsx'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
