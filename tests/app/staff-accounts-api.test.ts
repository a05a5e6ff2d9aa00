import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http.ts';
import {
  addStaffAccount,
  changeStaffAccount,
  getStaffAudit,
  getStaffAuditCsv,
  resetStaffAccountPin,
} from '../../src/api/staffAccounts.ts';
import { answering, json } from './fetch-stub.ts';

/** The manager calls of the People and Trail tabs, as the server sees them (docs/behaviour.md#people-tab). */

afterEach(() => vi.unstubAllGlobals());

describe('staff account calls', () => {
  it('adds, changes and resets with the session token, each on its own address', async () => {
    const requests = answering(() => json({ account: {}, pin: '48291307' }, 201));
    await addStaffAccount(1, 'tok', { name: 'Chloé', role: 'housekeeping' });
    await changeStaffAccount(1, 'tok', 4, { enabled: false });
    await resetStaffAccountPin(1, 'tok', 4);
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /api/staff/hotels/1/accounts',
      'PATCH /api/staff/hotels/1/accounts/4',
      'POST /api/staff/hotels/1/accounts/4/pin-reset',
    ]);
    expect(requests.every((request) => request.authorization === 'Bearer tok')).toBe(true);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ name: 'Chloé', role: 'housekeeping' });
    expect(JSON.parse(requests[1]?.body ?? '')).toEqual({ enabled: false });
  });

  it('turns a refusal into its error code', async () => {
    answering(() => json({ error: 'last_manager', message: 'The last manager' }, 409));
    const refusal = changeStaffAccount(1, 'tok', 1, { role: 'frontDesk' });
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ status: 409, code: 'last_manager' });
  });

  it('asks the trail with only the filters given, and reads the CSV as text', async () => {
    const requests = answering(() => json({ entries: [], nextBefore: null }));
    await getStaffAudit(1, 'tok', { kind: 'codeRedeemed', before: 40, limit: 50 });
    expect(new URL(requests[0]?.url ?? '').search).toBe('?kind=codeRedeemed&before=40&limit=50');
    // The server's byte order mark is kept (reading the answer as text drops it).
    answering(() => new Response('\uFEFFat,kind\r\n', { headers: { 'content-type': 'text/csv' } }));
    expect(await getStaffAuditCsv(1, 'tok', { from: '2026-11-20' })).toBe('\uFEFFat,kind\r\n');
  });
});
