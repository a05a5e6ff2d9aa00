import { createRootRoute, Outlet } from '@tanstack/react-router';
import { LanguageProvider } from '../i18n/LanguageProvider.tsx';
import { NotFoundPage } from '../views/shell/NotFoundPage.tsx';

export const Route = createRootRoute({
  component: () => (
    <LanguageProvider>
      <Outlet />
    </LanguageProvider>
  ),
  notFoundComponent: NotFoundPage,
});
