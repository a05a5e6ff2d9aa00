/**
 * Staff accounts on both databases (docs/behaviour.md#staff-accounts): managing people (add, rename, change the role,
 * reset the PIN, disable and enable), revocation (a change ends that person's sessions at once), the last-manager
 * rule under concurrent changes, sign-in by name and PIN only, and the audit row of each change.
 */
import { expect, it } from 'vitest';
import type { StaffAccountPinReply } from '../../contract/schemas.ts';
import type { StaffRole } from '../../contract/staff-roles.ts';
import { appSharing, describeEachDialect, type Harness, staffHeaders, TEST_FRONT_TOKEN } from './harness.ts';

type App = Harness['app'];

function openSession(app: App, payload: { hId: number; pin: string; name?: string }, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/staff/sessions', payload, remoteAddress });
}

/** Signs in by name and PIN; the headers of that person's staff calls. */
async function signIn(app: App, hId: number, name: string, pin: string): Promise<Record<string, string>> {
  const response = await openSession(app, { hId, name, pin });
  if (response.statusCode !== 201) throw new Error(`sign-in of ${name}: ${response.body}`);
  return { 'x-front-token': TEST_FRONT_TOKEN, authorization: `Bearer ${response.json().token}` };
}

/** A call any signed-in account may make: 200 while the session is open, 401 once it ended. */
const whoAmI = (app: App, headers: Record<string, string>) =>
  app.inject({ url: '/api/staff/sessions/current', headers });

/** A manager of a sample hotel, signed in by PIN only (the sample PIN is a manager's). */
const managerOf = (app: App, hId = 1) => staffHeaders(app, hId);

async function nameOf(app: App, headers: Record<string, string>): Promise<string> {
  return (await whoAmI(app, headers)).json().account.name;
}

function addAccount(app: App, headers: Record<string, string>, hId: number, name: string, role: StaffRole) {
  return app.inject({ method: 'POST', url: `/api/staff/hotels/${hId}/accounts`, headers, payload: { name, role } });
}

async function added(app: App, headers: Record<string, string>, hId: number, name: string, role: StaffRole) {
  const response = await addAccount(app, headers, hId, name, role);
  if (response.statusCode !== 201) throw new Error(`add ${name}: ${response.body}`);
  return response.json() as StaffAccountPinReply;
}

function change(app: App, headers: Record<string, string>, hId: number, accountId: number, payload: object) {
  return app.inject({ method: 'PATCH', url: `/api/staff/hotels/${hId}/accounts/${accountId}`, headers, payload });
}

function resetPin(app: App, headers: Record<string, string>, hId: number, accountId: number) {
  return app.inject({ method: 'POST', url: `/api/staff/hotels/${hId}/accounts/${accountId}/pin-reset`, headers });
}

async function auditOf(h: Harness, hotelId: number, kind: string) {
  return h.handle.db
    .selectFrom('staff_audit')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

async function enabledManagers(h: Harness, hotelId: number): Promise<number> {
  const rows = await h.handle.db
    .selectFrom('staff_accounts')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('role', '=', 'manager')
    .where('enabled', '=', 1)
    .execute();
  return rows.length;
}

/** Every enabled manager of the hotel but `keep` steps down to front desk, the one signed in (`headers`) last. */
async function leaveOnlyManagers(app: App, headers: Record<string, string>, hId: number, keep: number[]) {
  const ownId = (await whoAmI(app, headers)).json().account.id;
  const accounts = (await app.inject({ url: `/api/staff/hotels/${hId}/accounts`, headers })).json().accounts as Array<{
    id: number;
    role: string;
    enabled: boolean;
  }>;
  const others = accounts.filter(
    (account) => account.role === 'manager' && account.enabled && ![ownId, ...keep].includes(account.id),
  );
  for (const account of [...others, { id: ownId }])
    expect((await change(app, headers, hId, account.id, { role: 'frontDesk' })).statusCode).toBe(200);
}

let names = 0;
/** A name no earlier test used (suites share their database). */
const freshName = (base: string) => `${base} ${++names}`;

describeEachDialect('managing staff accounts', (get) => {
  it('a manager adds a person: 201 with a 6-digit PIN shown once (only its Argon2id hash is kept), the list has them by name', async () => {
    const h = get();
    const manager = await managerOf(h.app);
    const name = freshName('Amina');
    const response = await addAccount(h.app, manager, 1, `  ${name}  `, 'frontDesk');
    expect(response.statusCode, response.body).toBe(201);
    const { account, pin } = response.json() as StaffAccountPinReply;
    expect(pin).toMatch(/^\d{6}$/);
    expect(account).toMatchObject({ name, role: 'frontDesk', enabled: true });
    const stored = await h.handle.db
      .selectFrom('staff_accounts')
      .select('pin_hash')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.pin_hash).toMatch(/^argon2id\$/);
    expect(stored.pin_hash).not.toContain(pin);
    const list = await h.app.inject({ url: '/api/staff/hotels/1/accounts', headers: manager });
    expect(list.statusCode).toBe(200);
    const listed = list.json().accounts as Array<{ name: string }>;
    expect(listed.map((a) => a.name)).toContain(name);
    expect(listed.map((a) => a.name.toLowerCase())).toEqual(listed.map((a) => a.name.toLowerCase()).sort());
    // The person signs in by name, in any case and spacing.
    const session = await openSession(h.app, { hId: 1, name: `  ${name.toUpperCase()} `, pin });
    expect(session.statusCode).toBe(201);
    expect(session.json().account).toEqual({ id: account.id, name, role: 'frontDesk' });
    const [row] = (await auditOf(h, 1, 'accountAdded')).filter((entry) => entry.target_account_id === account.id);
    expect(row).toMatchObject({
      actor_name: await nameOf(h.app, manager),
      role: 'manager',
      detail: `${name} (frontDesk)`,
    });
  });

  it('refuses a name the hotel already has, in any case (409 staff_account_name_taken), and bad bodies (400)', async () => {
    const h = get();
    const manager = await managerOf(h.app);
    const name = freshName('Jean');
    await added(h.app, manager, 1, name, 'housekeeping');
    const taken = await addAccount(h.app, manager, 1, name.toUpperCase().replace(' ', '  '), 'frontDesk');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('staff_account_name_taken');
    // Another hotel may have the same name.
    expect((await addAccount(h.app, await managerOf(h.app, 2), 2, name, 'frontDesk')).statusCode).toBe(201);
    for (const payload of [{}, { name }, { name: '', role: 'manager' }, { name: 'X', role: 'owner' }])
      expect(
        (await h.app.inject({ method: 'POST', url: '/api/staff/hotels/1/accounts', headers: manager, payload }))
          .statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    expect((await addAccount(h.app, manager, 1, '   ', 'frontDesk')).statusCode).toBe(400);
    expect((await change(h.app, manager, 1, 1, {})).statusCode).toBe(400);
  });

  it('rename, role change, disable and enable: each one audit row; a role change and disabling end the sessions at once; a disabled account cannot sign in', async () => {
    const h = get();
    const manager = await managerOf(h.app);
    const name = freshName('Léa');
    const { account, pin } = await added(h.app, manager, 1, name, 'frontDesk');
    const renamed = freshName('Léa B');
    const first = await signIn(h.app, 1, name, pin);
    const rename = await change(h.app, manager, 1, account.id, { name: renamed });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json()).toMatchObject({ id: account.id, name: renamed, role: 'frontDesk', enabled: true });
    // A rename keeps the session; the new name signs in, the old one no more.
    expect((await whoAmI(h.app, first)).json().account.name).toBe(renamed);
    expect((await openSession(h.app, { hId: 1, name, pin })).json().error).toBe('staff_pin_invalid');

    const promote = await change(h.app, manager, 1, account.id, { role: 'manager' });
    expect(promote.json().role).toBe('manager');
    expect((await whoAmI(h.app, first)).statusCode).toBe(401);

    const second = await signIn(h.app, 1, renamed, pin);
    const disable = await change(h.app, manager, 1, account.id, { enabled: false });
    expect(disable.json().enabled).toBe(false);
    expect((await whoAmI(h.app, second)).statusCode).toBe(401);
    const refused = await openSession(h.app, { hId: 1, name: renamed, pin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('staff_pin_invalid');
    // Not by PIN only either.
    expect((await openSession(h.app, { hId: 1, pin })).statusCode).toBe(403);

    expect((await change(h.app, manager, 1, account.id, { enabled: true })).json().enabled).toBe(true);
    expect((await openSession(h.app, { hId: 1, name: renamed, pin })).statusCode).toBe(201);
    // Nothing changed: no row.
    expect((await change(h.app, manager, 1, account.id, { role: 'manager', enabled: true })).statusCode).toBe(200);

    const by = await nameOf(h.app, manager);
    const trail = await h.handle.db
      .selectFrom('staff_audit')
      .select(['kind', 'detail', 'actor_name'])
      .where('target_account_id', '=', account.id)
      .where('kind', 'like', 'account%')
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { kind: 'accountAdded', detail: `${name} (frontDesk)`, actor_name: by },
      { kind: 'accountRenamed', detail: `${name} → ${renamed}`, actor_name: by },
      { kind: 'accountRoleChanged', detail: 'frontDesk → manager', actor_name: by },
      { kind: 'accountDisabled', detail: renamed, actor_name: by },
      { kind: 'accountEnabled', detail: renamed, actor_name: by },
    ]);
  });

  it('renaming to a name another account has is refused (409); a change of case of one’s own name is not', async () => {
    const h = get();
    const manager = await managerOf(h.app);
    const one = await added(h.app, manager, 1, freshName('Ana'), 'housekeeping');
    const other = await added(h.app, manager, 1, freshName('Bruno'), 'housekeeping');
    const taken = await change(h.app, manager, 1, one.account.id, { name: other.account.name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('staff_account_name_taken');
    const recased = await change(h.app, manager, 1, one.account.id, { name: one.account.name.toUpperCase() });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().name).toBe(one.account.name.toUpperCase());
  });

  it('a PIN reset answers a new PIN once: the old PIN is refused, the account’s sessions end, others stay', async () => {
    const h = get();
    const manager = await managerOf(h.app);
    const { account, pin } = await added(h.app, manager, 1, freshName('Omar'), 'frontDesk');
    const before = await signIn(h.app, 1, account.name, pin);
    const reset = await resetPin(h.app, manager, 1, account.id);
    expect(reset.statusCode, reset.body).toBe(200);
    const { pin: newPin } = reset.json() as StaffAccountPinReply;
    expect(newPin).toMatch(/^\d{6}$/);
    expect(newPin).not.toBe(pin);
    expect((await whoAmI(h.app, before)).statusCode).toBe(401);
    expect((await whoAmI(h.app, manager)).statusCode).toBe(200);
    expect((await openSession(h.app, { hId: 1, name: account.name, pin })).statusCode).toBe(403);
    expect((await openSession(h.app, { hId: 1, name: account.name, pin: newPin })).statusCode).toBe(201);
    const [row] = (await auditOf(h, 1, 'accountPinReset')).filter((entry) => entry.target_account_id === account.id);
    expect(row).toMatchObject({ actor_name: await nameOf(h.app, manager), detail: account.name });
  });

  it('an account of another hotel is 404 on this hotel’s address, and another hotel’s address is 403', async () => {
    const h = get();
    const manager = await managerOf(h.app);
    const otherHotels = await added(h.app, await managerOf(h.app, 2), 2, freshName('Zoé'), 'frontDesk');
    expect((await change(h.app, manager, 1, otherHotels.account.id, { enabled: false })).statusCode).toBe(404);
    expect((await resetPin(h.app, manager, 1, otherHotels.account.id)).statusCode).toBe(404);
    const wrongHotel = await change(h.app, manager, 2, otherHotels.account.id, { enabled: false });
    expect(wrongHotel.statusCode).toBe(403);
    expect(wrongHotel.json().error).toBe('staff_session_wrong_hotel');
    expect((await change(h.app, manager, 1, 2147483647, { enabled: false })).statusCode).toBe(404);
  });

  it('sign-in: a name that is no account is staff_pin_invalid like a wrong PIN; PIN only is refused for a housekeeping account’s PIN', async () => {
    const h = get();
    const manager = await managerOf(h.app);
    const cleaner = await added(h.app, manager, 1, freshName('Mei'), 'housekeeping');
    const unknown = await openSession(h.app, { hId: 1, name: 'Nobody at all', pin: cleaner.pin }, '10.9.0.1');
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().error).toBe('staff_pin_invalid');
    const pinOnly = await openSession(h.app, { hId: 1, pin: cleaner.pin }, '10.9.0.1');
    expect(pinOnly.statusCode).toBe(403);
    expect(pinOnly.json().error).toBe('staff_pin_invalid');
    const byName = await openSession(h.app, { hId: 1, name: cleaner.account.name, pin: cleaner.pin });
    expect(byName.json().account.role).toBe('housekeeping');
    // The refusals are in the trail with the name typed and the client address; the sign-in with the account.
    const failed = (await auditOf(h, 1, 'signInFailed')).filter((row) => row.detail === '10.9.0.1');
    expect(failed.map((row) => [row.actor_name, row.account_id])).toEqual([
      ['Nobody at all', null],
      [null, null],
    ]);
    const signedIn = (await auditOf(h, 1, 'signIn')).filter((row) => row.account_id === cleaner.account.id);
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]).toMatchObject({ actor_name: cleaner.account.name, role: 'housekeeping' });
  });

  it('signing out and signing out everywhere are in the trail; everywhere ends every session of the account only', async () => {
    const h = get();
    const manager = await managerOf(h.app);
    const { account, pin } = await added(h.app, manager, 1, freshName('Paul'), 'frontDesk');
    const phone = await signIn(h.app, 1, account.name, pin);
    const desk = await signIn(h.app, 1, account.name, pin);
    const tablet = await signIn(h.app, 1, account.name, pin);
    expect(
      (await h.app.inject({ method: 'DELETE', url: '/api/staff/sessions/current', headers: phone })).statusCode,
    ).toBe(204);
    expect((await whoAmI(h.app, desk)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'DELETE', url: '/api/staff/sessions/mine', headers: desk })).statusCode).toBe(
      204,
    );
    expect((await whoAmI(h.app, tablet)).statusCode).toBe(401);
    expect((await whoAmI(h.app, manager)).statusCode).toBe(200);
    const kinds = await h.handle.db
      .selectFrom('staff_audit')
      .select('kind')
      .where('account_id', '=', account.id)
      .where('kind', 'like', 'signOut%')
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(['signOut', 'signOutEverywhere']);
  });
});

describeEachDialect('the last enabled manager', (get) => {
  it('can be neither disabled nor given another role (409 last_manager); another enabled manager makes it possible', async () => {
    const h = get();
    const manager = await managerOf(h.app, 2);
    const { id } = (await whoAmI(h.app, manager)).json().account;
    for (const payload of [{ enabled: false }, { role: 'frontDesk' }, { role: 'housekeeping', name: 'Anyone' }]) {
      const refused = await change(h.app, manager, 2, id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(409);
      expect(refused.json().error).toBe('last_manager');
    }
    // A disabled manager does not count.
    const other = await added(h.app, manager, 2, freshName('Sam'), 'manager');
    await change(h.app, manager, 2, other.account.id, { enabled: false });
    expect((await change(h.app, manager, 2, id, { role: 'frontDesk' })).statusCode).toBe(409);
    await change(h.app, manager, 2, other.account.id, { enabled: true });
    const demoted = await change(h.app, manager, 2, id, { role: 'frontDesk' });
    expect(demoted.statusCode).toBe(200);
    expect(await enabledManagers(h, 2)).toBe(1);
    expect((await auditOf(h, 2, 'accountRoleChanged')).map((row) => row.detail)).toEqual(['manager → frontDesk']);
    // The demoted person's session ended with the role change.
    expect((await whoAmI(h.app, manager)).statusCode).toBe(401);
    const sam = await signIn(h.app, 2, other.account.name, other.pin);
    expect((await change(h.app, sam, 2, id, { role: 'manager' })).statusCode).toBe(200);
  });

  it('two managers demoting themselves at once on two server processes: one succeeds, the other is 409; a manager remains', async () => {
    const h = get();
    const first = await managerOf(h.app);
    const second = await appSharing(h);
    try {
      for (let round = 0; round < 4; round++) {
        // Hotel 1 has two enabled managers, each signed in.
        const a = await added(h.app, first, 1, freshName('Alix'), 'manager');
        const b = await added(h.app, first, 1, freshName('Basile'), 'manager');
        await leaveOnlyManagers(h.app, first, 1, [a.account.id, b.account.id]);
        expect(await enabledManagers(h, 1)).toBe(2);
        const aHeaders = await signIn(h.app, 1, a.account.name, a.pin);
        const bHeaders = await signIn(h.app, 1, b.account.name, b.pin);
        const answers = await Promise.all([
          change(h.app, aHeaders, 1, a.account.id, { role: 'frontDesk' }),
          change(second, bHeaders, 1, b.account.id, { enabled: false }),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toBe('last_manager');
        expect(await enabledManagers(h, 1)).toBe(1);
        // The one who stayed manager goes on (and makes the next round's managers).
        const survivor = answers[0]?.statusCode === 409 ? aHeaders : bHeaders;
        expect((await whoAmI(h.app, survivor)).statusCode).toBe(200);
        Object.assign(first, survivor);
      }
    } finally {
      await second.close();
    }
  });

  it('two managers demoting each other at once: never both; a manager remains', async () => {
    const h = get();
    const boss = await managerOf(h.app, 2);
    const second = await appSharing(h);
    try {
      for (let round = 0; round < 4; round++) {
        const a = await added(h.app, boss, 2, freshName('Chloé'), 'manager');
        const b = await added(h.app, boss, 2, freshName('Driss'), 'manager');
        const bossId = (await whoAmI(h.app, boss)).json().account.id;
        await leaveOnlyManagers(h.app, boss, 2, [a.account.id, b.account.id]);
        const aHeaders = await signIn(h.app, 2, a.account.name, a.pin);
        const bHeaders = await signIn(h.app, 2, b.account.name, b.pin);
        const answers = await Promise.all([
          change(h.app, aHeaders, 2, b.account.id, { role: 'frontDesk' }),
          change(second, bHeaders, 2, a.account.id, { role: 'housekeeping' }),
        ]);
        const statuses = answers.map((answer) => answer.statusCode);
        // The later one finds itself the last manager (409), or already signed out by the role change (401).
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect(statuses.filter((status) => status === 409 || status === 401)).toHaveLength(1);
        expect(await enabledManagers(h, 2)).toBe(1);
        const survivor = statuses[0] === 200 ? aHeaders : bHeaders;
        // The survivor makes the boss a manager again for the next round.
        expect((await change(h.app, survivor, 2, bossId, { role: 'manager' })).statusCode).toBe(200);
        Object.assign(boss, await managerOf(h.app, 2));
      }
    } finally {
      await second.close();
    }
  });
});
