import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/sph': 'http://localhost:3000', '/sandbox': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: false },
  test: { environment: 'jsdom', globals: false, include: ['src/**/*.test.{ts,tsx}'] },
});
