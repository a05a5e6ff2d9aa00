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

export interface StayRoutePages {
  /** /{-$mode}/stay/$sUUID (search: proof_success). */
  actions?: (params: { sUUID: string; proofSuccessPoints?: number }) => ReactNode;
  /** /{-$mode}/rewards/$sUUID */
  rewards?: (params: { sUUID: string }) => ReactNode;
}

/**
 * Renders the stay pages under a memory router whose paths match the app's route tree
 * (optional /demo segment, finished page), so views navigate and link exactly as in the app.
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
    params: {
      parse: ({ mode }: { mode?: string }): { mode?: 'demo' } | false =>
        mode === undefined || mode === 'demo' ? { mode } : false,
      stringify: ({ mode }: { mode?: 'demo' }) => ({ mode }),
    },
  });
  const actionsRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'stay/$sUUID/',
    validateSearch: (search: Record<string, unknown>): { proof_success?: number } => {
      const points = Number(search.proof_success);
      return Number.isInteger(points) && points >= 0 ? { proof_success: points } : {};
    },
    component: function ActionsRoute() {
      const { sUUID } = actionsRoute.useParams();
      const { proof_success } = actionsRoute.useSearch();
      return pages.actions?.({ sUUID, proofSuccessPoints: proof_success }) ?? null;
    },
  });
  const finishedRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'stay/$sUUID/finished',
    component: () => <p>finished page</p>,
  });
  const rewardsRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'rewards/$sUUID',
    component: function RewardsRoute() {
      const { sUUID } = rewardsRoute.useParams();
      return pages.rewards?.({ sUUID }) ?? null;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([modeRoute.addChildren([actionsRoute, finishedRoute, rewardsRoute])]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { router, user, ...view };
}
