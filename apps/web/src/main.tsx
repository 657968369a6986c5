import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { initI18n } from './lib/i18n';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Rendered once the texts have loaded (no key shows untranslated). Not a top-level await: one
// disables the bundler's chunk merging, and the login route loaded 33 files instead of a few.
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  ),
);
