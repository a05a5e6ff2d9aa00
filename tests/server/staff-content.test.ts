/**
 * Staff accounts in a hotel content file (docs/server.md#hotel-content-files): what the validator refuses, and how an
 * import brings the listed accounts to what the file says — by name, leaving unlisted accounts alone, keeping an
 * unchanged PIN's hash, ending the sessions of an account whose PIN, role or state changed — on both databases.
 */
import { describe, expect, it } from 'vitest';
import { importContent, parseContent } from '../../server/content/import.ts';
import { hashPin, verifyPin } from '../../server/content/pin.ts';
import { ContentError } from '../../server/content/validate.ts';
import { describeEachDialect, type Harness, TEST_FRONT_TOKEN } from './harness.ts';

/** A small hotel file: `hotel` lines and a `staff` list as YAML flow maps. */
function hotelText(
  id: number,
  { isDemo = false, staffPin, staff }: { isDemo?: boolean; staffPin?: string; staff?: string[] },
) {
  return `hotel: { id: ${id}, name: Staff Inn ${id}, isDemo: ${isDemo}, timeZone: Europe/Paris${staffPin ? `, staffPin: "${staffPin}"` : ''} }
languages:
  - { code: en, name: English, enabled: true, isPrimary: true, position: 1 }
${staff ? `staff:\n${staff.map((entry) => `  - ${entry}`).join('\n')}\n` : ''}`;
}

function problemsOf(text: string): string[] {
  try {
    parseContent(text, 'staff.yaml');
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

describe('the staff list of a content file', () => {
  it('accepts named accounts with plain or hashed PINs, a passphrase, and a disabled one', async () => {
    const pinHash = await hashPin('605182');
    const file = parseContent(
      hotelText(70, {
        staff: [
          '{ name: Amina, role: manager, pin: "482913" }',
          `{ name: Bo, role: frontDesk, pinHash: "${pinHash}" }`,
          '{ name: Chen, role: housekeeping, pin: "tilleul vert" }',
          '{ name: Dora, role: frontDesk, pin: "482913", enabled: false }',
        ],
      }),
    );
    expect(file.staff?.map((entry) => entry.name)).toEqual(['Amina', 'Bo', 'Chen', 'Dora']);
  });

  it('refuses names repeated in any case, unknown roles, a PIN both plain and hashed or neither, weak PINs outside a demo, staffPin beside a list', () => {
    const problems = problemsOf(
      hotelText(71, {
        staffPin: '731946',
        staff: [
          '{ name: Amina, role: manager, pin: "482913" }',
          '{ name: " AMINA ", role: frontDesk, pin: "482914" }',
          '{ name: Bo, role: owner, pin: "482915" }',
        ],
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^line \d+: staff\[2\]\.role: "owner" is not a staff role; allowed: manager, frontDesk, housekeeping$/,
      ),
    ]);
    const rules = problemsOf(
      hotelText(71, {
        staffPin: '731946',
        staff: [
          '{ name: Amina, role: manager, pin: "482913" }',
          '{ name: " AMINA ", role: frontDesk, pin: "482914" }',
          '{ name: Bo, role: frontDesk }',
          `{ name: Cy, role: frontDesk, pin: "1234", pinHash: "argon2id$m=19456,t=2,p=1$c2FsdA==$aGFzaA==" }`,
          '{ name: Di, role: housekeeping, pin: "12345" }',
          `{ name: Ed, role: frontDesk, pinHash: "argon2id$m=1,t=1,p=1$c2FsdA==$aGFzaA==" }`,
        ],
      }),
    );
    expect(rules).toEqual([
      expect.stringMatching(/hotel\.staffPin: a file with a staff list declares its first manager there/),
      expect.stringMatching(/staff\[1\]\.name: name " AMINA " appears twice \(names are told apart in any case\)/),
      expect.stringMatching(/staff\[2\]: "Bo" needs exactly one of pin and pinHash/),
      expect.stringMatching(/staff\[3\]: "Cy" needs exactly one of pin and pinHash/),
      expect.stringMatching(/staff\[3\]\.pin: the PIN must be at least 6 digits, or a passphrase/),
      expect.stringMatching(/staff\[4\]\.pin: the PIN must be at least 6 digits/),
      expect.stringMatching(/staff\[5\]\.pinHash: "Ed": a pinHash must be argon2id\$m=19456,t=2,p=1\$…/),
    ]);
    // A demo hotel may keep short PINs.
    expect(problemsOf(hotelText(72, { isDemo: true, staff: ['{ name: Demo, role: manager, pin: "2468" }'] }))).toEqual(
      [],
    );
  });

  it('refuses two enabled accounts that may reset a stay with one plain PIN (PIN-only sign-in could not tell them apart); housekeeping or disabled ones may share it', () => {
    expect(
      problemsOf(
        hotelText(73, {
          staff: ['{ name: Amina, role: manager, pin: "482913" }', '{ name: Bo, role: frontDesk, pin: "482913" }'],
        }),
      ),
    ).toEqual([expect.stringMatching(/staff\[1\]\.pin: "Bo" has the PIN of another account that may reset a stay/)]);
    expect(
      problemsOf(
        hotelText(73, {
          staff: [
            '{ name: Amina, role: manager, pin: "482913" }',
            '{ name: Bo, role: housekeeping, pin: "482913" }',
            '{ name: Cy, role: frontDesk, pin: "482913", enabled: false }',
          ],
        }),
      ),
    ).toEqual([]);
  });
});

function openSession(app: Harness['app'], payload: { hId: number; pin: string; name?: string }) {
  return app.inject({ method: 'POST', url: '/api/staff/sessions', payload });
}

async function signIn(app: Harness['app'], hId: number, name: string, pin: string) {
  const response = await openSession(app, { hId, name, pin });
  if (response.statusCode !== 201) throw new Error(`sign-in of ${name}: ${response.body}`);
  return { 'x-front-token': TEST_FRONT_TOKEN, authorization: `Bearer ${response.json().token}` };
}

const whoAmI = (app: Harness['app'], headers: Record<string, string>) =>
  app.inject({ url: '/api/staff/sessions/current', headers });

describeEachDialect(
  'importing a content file’s staff',
  (get) => {
    const accountsOf = (h: Harness, hotelId: number) =>
      h.handle.db
        .selectFrom('staff_accounts')
        .select(['id', 'name', 'role', 'enabled', 'pin_hash'])
        .where('hotel_id', '=', hotelId)
        .orderBy('id')
        .execute();

    it('makes the listed accounts the hotel does not have; a re-import adds new names and leaves every existing account, its PIN and its sessions as the staff page left them', async () => {
      const h = get();
      const first = parseContent(
        hotelText(60, {
          staff: [
            '{ name: Amina, role: manager, pin: "482913" }',
            '{ name: Bo, role: frontDesk, pin: "605182" }',
            '{ name: "Chen  Li", role: frontDesk, pin: "771203" }',
            '{ name: Dora, role: housekeeping, pin: "904417", enabled: false }',
          ],
        }),
      );
      await importContent(h.handle.db, first, 'hotel-60.yaml');
      const made = await accountsOf(h, 60);
      expect(made.map(({ name, role, enabled }) => [name, role, enabled])).toEqual([
        ['Amina', 'manager', 1],
        ['Bo', 'frontDesk', 1],
        ['Chen Li', 'frontDesk', 1],
        ['Dora', 'housekeeping', 0],
      ]);
      expect(await verifyPin('605182', made[1]?.pin_hash ?? '')).toBe(true);
      const trail = await h.handle.db
        .selectFrom('staff_audit')
        .select(['kind', 'target_account_id', 'detail'])
        .where('hotel_id', '=', 60)
        .where('kind', '=', 'accountAdded')
        .orderBy('id')
        .execute();
      expect(trail.map((row) => row.detail)).toEqual([
        'Amina (manager), hotel-60.yaml',
        'Bo (frontDesk), hotel-60.yaml',
        'Chen Li (frontDesk), hotel-60.yaml',
        'Dora (housekeeping), hotel-60.yaml',
      ]);
      // On the staff page: Bo gets a new PIN, Chen becomes housekeeping.
      const amina = await signIn(h.app, 60, 'Amina', '482913');
      const reset = await h.app.inject({
        method: 'POST',
        url: `/api/staff/hotels/60/accounts/${made[1]?.id}/pin-reset`,
        headers: amina,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const changed = await h.app.inject({
        method: 'PATCH',
        url: `/api/staff/hotels/60/accounts/${made[2]?.id}`,
        headers: amina,
        payload: { role: 'housekeeping' },
      });
      expect(changed.statusCode).toBe(200);
      const sessions = {
        amina,
        bo: await signIn(h.app, 60, 'Bo', reset.json().pin),
        chen: await signIn(h.app, 60, 'chen li', '771203'),
      };

      // The same file again, and a new name: only Eve is made; nobody's PIN, role or session changes.
      await importContent(h.handle.db, {
        ...first,
        staff: [...(first.staff ?? []), { name: 'Eve', role: 'frontDesk', pin: '330958' }],
      });
      const after = await accountsOf(h, 60);
      expect(after.map(({ id, name, role, enabled, pin_hash }) => [id, name, role, enabled, pin_hash])).toEqual([
        ...made.map(({ id, name, role, enabled }, index) => [
          id,
          name,
          index === 2 ? 'housekeeping' : role,
          enabled,
          expect.any(String),
        ]),
        [expect.any(Number), 'Eve', 'frontDesk', 1, expect.any(String)],
      ]);
      expect(after[0]?.pin_hash).toBe(made[0]?.pin_hash);
      expect(after[2]?.pin_hash).toBe(made[2]?.pin_hash);
      expect((await openSession(h.app, { hId: 60, name: 'Bo', pin: '605182' })).statusCode).toBe(403);
      expect((await openSession(h.app, { hId: 60, name: 'Bo', pin: reset.json().pin })).statusCode).toBe(201);
      const statuses = Object.fromEntries(
        await Promise.all(
          Object.entries(sessions).map(async ([who, headers]) => [who, (await whoAmI(h.app, headers)).statusCode]),
        ),
      );
      expect(statuses).toEqual({ amina: 200, bo: 200, chen: 200 });
    });

    it('takes a pinHash as it is; a legacy staffPin makes a first manager of a hotel without accounts, and nothing after', async () => {
      const h = get();
      const pinHash = await hashPin('318846');
      await importContent(
        h.handle.db,
        parseContent(hotelText(61, { staff: [`{ name: Fa, role: manager, pinHash: "${pinHash}" }`] })),
      );
      expect((await accountsOf(h, 61))[0]?.pin_hash).toBe(pinHash);
      expect((await openSession(h.app, { hId: 61, name: 'fa', pin: '318846' })).statusCode).toBe(201);
      await importContent(h.handle.db, parseContent(hotelText(62, { staffPin: '552910' })));
      expect((await accountsOf(h, 62)).map(({ name, role }) => [name, role])).toEqual([['Manager', 'manager']]);
      expect((await openSession(h.app, { hId: 62, pin: '552910' })).json().account.name).toBe('Manager');
      // Another staffPin later changes nobody's PIN: PINs are managed on the staff page once the account exists.
      await importContent(h.handle.db, parseContent(hotelText(62, { staffPin: '552911' })));
      expect((await openSession(h.app, { hId: 62, pin: '552910' })).statusCode).toBe(201);
    });

    it('refuses an import that would leave the hotel without an enabled manager, changing nothing', async () => {
      const h = get();
      const noManager = parseContent(hotelText(63, { staff: ['{ name: Gil, role: frontDesk, pin: "448120" }'] }));
      await expect(importContent(h.handle.db, noManager)).rejects.toThrow(/no enabled manager/);
      expect(
        await h.handle.db.selectFrom('hotels').select('id').where('id', '=', 63).executeTakeFirst(),
      ).toBeUndefined();
      // A hotel that has a manager (made by an earlier import) may import a file listing none.
      await importContent(
        h.handle.db,
        parseContent(hotelText(63, { staff: ['{ name: Hana, role: manager, pin: "448121" }'] })),
      );
      await importContent(h.handle.db, noManager);
      expect((await accountsOf(h, 63)).map(({ name }) => name)).toEqual(['Hana', 'Gil']);
    });
  },
  { seed: false },
);
