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
import { modeParams, proofActionIdOf, validateActionsSearch, validateProofSearch } from '../../src/routes/-params.ts';

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
  /** /{-$mode}/stay/$sUUID/proof/$actionId (sUUID given) and /{-$mode}/proof/$actionId (sUUID null); search hId, qrId. */
  proof?: (params: { sUUID: string | null; actionId: number; hId: number | null; qrId: string | null }) => ReactNode;
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
  /** The proof pages' action id rule (a malformed id matches no page). */
  const parseActionId = (actionId: string) => proofActionIdOf(actionId) ?? false;
  const proofPage = (sUUID: string | null, actionId: number, search: { hId?: number; qrId?: string }) =>
    pages.proof?.({ sUUID, actionId, hId: search.hId ?? null, qrId: search.qrId ?? null }) ?? <p>proof page</p>;
  const stayProofRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'stay/$sUUID/proof/$actionId',
    params: {
      parse: ({ sUUID, actionId }) => {
        const id = parseActionId(actionId);
        return id === false ? false : { sUUID, actionId: id };
      },
      stringify: ({ sUUID, actionId }) => ({ sUUID, actionId: String(actionId) }),
    },
    validateSearch: validateProofSearch,
    component: function StayProofRoute() {
      const { sUUID, actionId } = stayProofRoute.useParams();
      return proofPage(sUUID, actionId, stayProofRoute.useSearch());
    },
  });
  const printedProofRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'proof/$actionId',
    params: {
      parse: ({ actionId }) => {
        const id = parseActionId(actionId);
        return id === false ? false : { actionId: id };
      },
      stringify: ({ actionId }) => ({ actionId: String(actionId) }),
    },
    validateSearch: validateProofSearch,
    component: function PrintedProofRoute() {
      const { actionId } = printedProofRoute.useParams();
      return proofPage(null, actionId, printedProofRoute.useSearch());
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      modeRoute.addChildren([homeRoute, actionsRoute, finishedRoute, rewardsRoute, stayProofRoute, printedProofRoute]),
    ]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { router, user, ...view };
}
