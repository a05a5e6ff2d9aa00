/**
 * /api/staff/hotels/:hId/accounts: the hotel's managers manage its staff accounts (docs/behaviour.md#staff-accounts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  StaffAccount,
  StaffAccountBody,
  StaffAccountChangeBody,
  StaffAccountParams,
  StaffAccountPinReply,
  StaffAccountsReply,
  StaffHotelParams,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import {
  addStaffAccountAsStaff,
  changeStaffAccount,
  listStaffAccounts,
  resetStaffAccountPin,
} from '../domain/staff-accounts.ts';
import { staffSessionOf } from '../staff-auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const staffAccountsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const preHandler = deps.staffAuth.allowed('accounts');

  app.get(
    '/hotels/:hId/accounts',
    { preHandler, schema: { params: StaffHotelParams, response: { 200: StaffAccountsReply, ...errors } } },
    async (request) => listStaffAccounts(deps.store.db, staffSessionOf(request), request.params.hId),
  );

  app.post(
    '/hotels/:hId/accounts',
    {
      preHandler,
      schema: { params: StaffHotelParams, body: StaffAccountBody, response: { 201: StaffAccountPinReply, ...errors } },
    },
    async (request, reply) => {
      const added = await addStaffAccountAsStaff(
        deps.store,
        staffSessionOf(request),
        request.params.hId,
        request.body,
        deps.now(),
      );
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/hotels/:hId/accounts/:accountId',
    {
      preHandler,
      schema: { params: StaffAccountParams, body: StaffAccountChangeBody, response: { 200: StaffAccount, ...errors } },
    },
    async (request) =>
      changeStaffAccount(deps.store, staffSessionOf(request), request.params, request.body, deps.now()),
  );

  // The new PIN is in the answer, once: the manager hands it over.
  app.post(
    '/hotels/:hId/accounts/:accountId/pin-reset',
    { preHandler, schema: { params: StaffAccountParams, response: { 200: StaffAccountPinReply, ...errors } } },
    async (request) => resetStaffAccountPin(deps.store, staffSessionOf(request), request.params, deps.now()),
  );
};
