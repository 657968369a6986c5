import react from '@vitejs/plugin-react';
import { createLogger, defineConfig, type Logger } from 'vite';

/**
 * A warning in the production build is a defect (one hid that CSS modules composing another file
 * were re-parsed without their file name): the build fails on it instead of scrolling past.
 */
function failingOnWarnings(): Logger {
  const logger = createLogger();
  const fail = (message: string) => {
    logger.error(message);
    throw new Error(`the build warned: ${message.trim()}`);
  };
  return { ...logger, warn: fail, warnOnce: fail };
}

export default defineConfig(({ command }) => ({
  plugins: [react()],
  customLogger: command === 'build' ? failingOnWarnings() : undefined,
  // Lightning CSS compiles the CSS modules: PostCSS's modules plugin pasted each composed file
  // into its importer as text, without its file name (the build's warning about `from`).
  css: { transformer: 'lightningcss' },
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
}));
