/** Every /api group, mounted by buildApp under /api (and listed alone by the docs test). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../deps.ts';
import { actionsRoutes } from './actions.ts';
import { demoRoutes } from './demo.ts';
import { greenRoutes } from './green.ts';
import { housekeepingRoutes } from './housekeeping.ts';
import { mealsRoutes } from './meals.ts';
import { proofsRoutes } from './proofs.ts';
import { qrScansRoutes } from './qr-scans.ts';
import { rewardsRoutes } from './rewards.ts';
import { roomsRoutes } from './rooms.ts';
import { staffRoutes } from './staff.ts';
import { staffAccountsRoutes } from './staff-accounts.ts';
import { staffAuditRoutes } from './staff-audit.ts';
import { staffContentRoutes } from './staff-content.ts';
import { staffDeskRoutes } from './staff-desk.ts';
import { staffImpactRoutes } from './staff-impact.ts';
import { staysRoutes } from './stays.ts';

export const apiRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (api, { deps }) => {
  await api.register(staysRoutes, { prefix: '/stays', deps });
  await api.register(roomsRoutes, { prefix: '/rooms', deps });
  await api.register(qrScansRoutes, { prefix: '/qr-scans', deps });
  await api.register(greenRoutes, { prefix: '/green', deps });
  await api.register(rewardsRoutes, { prefix: '/rewards', deps });
  await api.register(actionsRoutes, { prefix: '/actions', deps });
  await api.register(staffRoutes, { prefix: '/staff', deps });
  await api.register(staffDeskRoutes, { prefix: '/staff', deps });
  await api.register(housekeepingRoutes, { prefix: '/staff', deps });
  await api.register(staffImpactRoutes, { prefix: '/staff', deps });
  await api.register(staffAuditRoutes, { prefix: '/staff', deps });
  await api.register(staffAccountsRoutes, { prefix: '/staff', deps });
  await api.register(staffContentRoutes, { prefix: '/staff', deps });
  await api.register(demoRoutes, { prefix: '/demo', deps });
  await api.register(mealsRoutes, { prefix: '/actions', deps });
  await api.register(proofsRoutes, { prefix: '/actions', deps });
};
