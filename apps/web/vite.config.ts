import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The toasts' styles come from a stylesheet file (shell/toast/toaster.tsx): the default entry
    // would inject them as a <style> element, which the Content-Security-Policy refuses.
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for bench/web-bundle.ts but not referenced from the code, and the server
    // never hands them out (core/web-app.ts).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: which chunks each entry and lazy route loads (bench/web-bundle.ts).
    manifest: true,
  },
});
