import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { LanguageProvider } from '../../src/i18n/LanguageProvider.tsx';
import { modeParams, validateActionsSearch } from '../../src/routes/-params.ts';

/** The pages a test renders; any page left out is a stand-in paragraph (`welcome page`, `actions page`, …). */
export interface StayRoutePages {
  /** The layout of every page (the app's AppShell); none by default. */
  shell?: () => ReactNode;
  /** /{-$mode}/ */
  home?: () => ReactNode;
  /** /{-$mode}/stay/$sUUID (search: proof_success). */
  actions?: (params: { sUUID: string; proofSuccessPoints?: number }) => ReactNode;
  /** /{-$mode}/stay/$sUUID/finished */
  finished?: (params: { sUUID: string }) => ReactNode;
  /** /{-$mode}/rewards/$sUUID */
  rewards?: (params: { sUUID: string }) => ReactNode;
}

/**
 * Renders the stay pages under a memory router whose paths, params and search match the app's route tree
 * (optional /demo segment, home and finished pages), so views navigate and link exactly as in the app.
 */
export function renderStayRoutes(url: string, pages: StayRoutePages) {
  const rootRoute = createRootRoute({
    component: () => (
      <LanguageProvider>
        <Outlet />
      </LanguageProvider>
    ),
  });
  const modeRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '{-$mode}',
    params: modeParams,
    ...(pages.shell ? { component: pages.shell } : {}),
  });
  const homeRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: '/',
    component: () => pages.home?.() ?? <p>welcome page</p>,
  });
  const actionsRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'stay/$sUUID/',
    validateSearch: validateActionsSearch,
    component: function ActionsRoute() {
      const { sUUID } = actionsRoute.useParams();
      const { proof_success } = actionsRoute.useSearch();
      return pages.actions?.({ sUUID, proofSuccessPoints: proof_success }) ?? <p>actions page</p>;
    },
  });
  /** A page whose only param is the stay's sUUID. */
  const stayPageRoute = (path: 'stay/$sUUID/finished' | 'rewards/$sUUID', page: 'finished' | 'rewards') => {
    const route = createRoute({
      getParentRoute: () => modeRoute,
      path,
      component: function StayPage() {
        const { sUUID } = route.useParams();
        return pages[page]?.({ sUUID }) ?? <p>{`${page} page`}</p>;
      },
    });
    return route;
  };
  const finishedRoute = stayPageRoute('stay/$sUUID/finished', 'finished');
  const rewardsRoute = stayPageRoute('rewards/$sUUID', 'rewards');
  const router = createRouter({
    routeTree: rootRoute.addChildren([modeRoute.addChildren([homeRoute, actionsRoute, finishedRoute, rewardsRoute])]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { router, user, ...view };
}
