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
  const modeRoute = createRoute({ getParentRoute: () => rootRoute, path: '{-$mode}', params: modeParams });
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
  const finishedRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'stay/$sUUID/finished',
    component: function FinishedRoute() {
      const { sUUID } = finishedRoute.useParams();
      return pages.finished?.({ sUUID }) ?? <p>finished page</p>;
    },
  });
  const rewardsRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'rewards/$sUUID',
    component: function RewardsRoute() {
      const { sUUID } = rewardsRoute.useParams();
      return pages.rewards?.({ sUUID }) ?? <p>rewards page</p>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([modeRoute.addChildren([homeRoute, actionsRoute, finishedRoute, rewardsRoute])]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { router, user, ...view };
}
