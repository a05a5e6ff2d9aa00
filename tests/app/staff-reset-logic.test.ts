import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { staffResetLogic } from '../../src/views/staff/staffReset.logic.ts';
import { answering, json } from './fetch-stub.ts';

afterEach(() => vi.unstubAllGlobals());

/** The staff reset on a guest's device (docs/behaviour.md#staff-reset): the session it opens does nothing else. */
describe('staff reset logic', () => {
  const session = {
    token: 'reset-token',
    expiresAt: '2099-01-01T00:00:00.000Z',
    account: { id: 1, name: 'Hugo', role: 'frontDesk' },
  };
  const stay = { sUUID: 's-1', profileUUID: '00000000-0000-4000-8000-000000000001' };

  async function reset(terminateStatus: number) {
    const requests = answering((path) => {
      if (path === '/api/staff/sessions') return json(session, 201);
      if (path.endsWith('/terminate'))
        return terminateStatus === 200 ? json({ stay: {} }) : json({ error: 'internal_error', message: 'x' }, 500);
      return new Response(null, { status: 204 });
    });
    const actor = createActor(staffResetLogic, { input: { hId: 1, ...stay } }).start();
    actor.send({ type: 'staffPin.submit', pin: '582064' });
    if (terminateStatus === 200) await toPromise(actor);
    else await vi.waitFor(() => expect(actor.getSnapshot().matches('askingPin') && requests.length >= 3).toBe(true));
    return requests.map((request) =>
      `${request.method} ${new URL(request.url).pathname} ${request.authorization ?? ''}`.trim(),
    );
  }

  it('ends the session it opened once the stay is reset', async () => {
    expect(await reset(200)).toEqual([
      'POST /api/staff/sessions',
      `PUT /api/stays/${stay.sUUID}/terminate Bearer ${session.token}`,
      `DELETE /api/staff/sessions/current Bearer ${session.token}`,
    ]);
  });

  it('ends it too when the reset failed', async () => {
    expect((await reset(500)).at(-1)).toBe(`DELETE /api/staff/sessions/current Bearer ${session.token}`);
  });
});
