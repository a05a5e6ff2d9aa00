import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLanguage } from './i18n/activate.ts';
import { initialLanguage } from './i18n/LanguageProvider.tsx';
import { routeTree } from './routeTree.gen.ts';
import './styles/theme.css';
import './styles/boot-screen.css';

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
if (root) {
  // The first screen's catalog and route chunks (preloaded with the page) are ready before the first render, so the
  // boot screen stays until the page replaces it (docs/performance.md#time-what-the-main-thread-does). Rendered
  // whatever they gave: the language provider and the router load again on mount when they have to.
  void Promise.allSettled([activateLanguage(initialLanguage()), router.load()]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}
