/**
 * The back office's content editor on both databases (docs/behaviour.md#content-editor): the document reads back what
 * the import wrote (the YAML export re-imports to the very same content), a save takes effect at once and is kept in
 * the history with who saved it, a save from an older version is refused, an invalid document changes nothing, and a
 * restore brings an earlier version back as a new one.
 */
import { expect, it } from 'vitest';
import type { ContentDocument, ContentReply } from '../../contract/content-editor.ts';
import { exportContent } from '../../server/content/export.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { appSharing, describeEachDialect, type Harness, newHotelStay, staffHeaders } from './harness.ts';

type App = Harness['app'];

async function current(app: App, headers: Record<string, string>, hId = 1): Promise<ContentReply> {
  const response = await app.inject({ url: `/api/staff/hotels/${hId}/content`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function save(app: App, headers: Record<string, string>, baseVersion: string, document: unknown, hId = 1) {
  return app.inject({
    method: 'PUT',
    url: `/api/staff/hotels/${hId}/content`,
    headers,
    payload: { baseVersion, document },
  });
}

const renamed = (document: ContentDocument, name: string): ContentDocument => ({
  ...document,
  hotel: { ...document.hotel, name },
});

describeEachDialect('the content editor', (get) => {
  it('the YAML export re-imports to the very same content (the round trip), sample hotels included', async () => {
    const h = get();
    for (const hId of [1, 2]) {
      const before = await exportContent(h.handle.db, hId);
      const yaml = await h.app.inject({
        url: `/api/staff/hotels/${hId}/content.yaml`,
        headers: await staffHeaders(h.app, hId),
      });
      expect(yaml.statusCode).toBe(200);
      expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
      await importContent(h.handle.db, parseContent(yaml.body));
      expect(await exportContent(h.handle.db, hId)).toEqual(before);
    }
  });

  it("a reward's partner (name, https address, guarantee per language) reads back as written", async () => {
    const h = get();
    const before = await exportContent(h.handle.db, 1);
    const water = before.rewards?.find((reward) => reward.type === 'EAU');
    expect(water?.partner?.name).toBe('Partenaire eau (exemple)');
    const partner = {
      name: 'Water Partner',
      url: 'https://water.example.org/projects',
      guarantee: { fr: 'Le don entier va au projet.', ar: 'يذهب التبرّع كله إلى المشروع.' },
    };
    const changed = {
      ...before,
      rewards: before.rewards?.map((reward) => (reward === water ? { ...reward, partner } : reward)),
    };
    await importContent(h.handle.db, changed);
    const after = await exportContent(h.handle.db, 1);
    expect(after.rewards?.find((reward) => reward.type === 'EAU')?.partner).toEqual(partner);
    expect(after).toEqual(changed);
  });

  it('a save takes effect at once, names who saved it in the history and the trail, and a stale save is refused 409', async () => {
    const h = get();
    const manager = await staffHeaders(h.app);
    const opened = await current(h.app, manager);
    const first = await save(h.app, manager, opened.version, renamed(opened.document, 'Hôtel des Tilleuls'));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json() as ContentReply;
    expect(saved.document.hotel.name).toBe('Hôtel des Tilleuls');
    expect(saved.version).not.toBe(opened.version);
    // A second manager who opened the same version does not overwrite the first silently.
    const stale = await save(h.app, manager, opened.version, renamed(opened.document, 'Other name'));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('content_version_conflict');
    expect((await current(h.app, manager)).document.hotel.name).toBe('Hôtel des Tilleuls');
    const history = (await h.app.inject({ url: '/api/staff/hotels/1/content/versions', headers: manager })).json();
    expect(history.versions[0]).toMatchObject({ number: saved.number, kind: 'saved', restoredFrom: null });
    expect(history.versions[0].actorName).toEqual(expect.any(String));
    const trail = await h.handle.db
      .selectFrom('staff_audit')
      .select(['kind', 'actor_name'])
      .where('hotel_id', '=', 1)
      .where('kind', '=', 'contentSaved')
      .execute();
    expect(trail.length).toBeGreaterThan(0);
  });

  it('an invalid document is refused 422 with each problem at its field, and nothing changes', async () => {
    const h = get();
    const manager = await staffHeaders(h.app);
    const opened = await current(h.app, manager);
    const broken = { ...opened.document, hotel: { ...opened.document.hotel, timeZone: 'Mars/Olympus' } };
    const response = await save(h.app, manager, opened.version, broken);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'content_invalid',
      problems: [expect.objectContaining({ path: ['hotel', 'timeZone'] })],
    });
    expect(await current(h.app, manager)).toEqual(opened);
    const staff = await save(h.app, manager, opened.version, { ...opened.document, staff: [] });
    expect(staff.statusCode).toBe(422);
    const other = await save(h.app, manager, opened.version, {
      ...opened.document,
      hotel: { ...opened.document.hotel, id: 2 },
    });
    expect(other.statusCode).toBe(422);
    expect(await current(h.app, manager)).toEqual(opened);
  });

  it('a generic claim is a warning: the check says it at its field, the save and the YAML import still land', async () => {
    const h = get();
    const manager = await staffHeaders(h.app);
    const opened = await current(h.app, manager);
    const claimed = structuredClone(opened.document);
    const action = claimed.actions?.[0];
    if (!action?.texts.en) throw new Error('the sample hotel has an English action');
    action.texts.en.name = 'An eco-friendly stay';
    const check = await h.app.inject({
      method: 'POST',
      url: '/api/staff/hotels/1/content/check',
      headers: manager,
      payload: { document: claimed },
    });
    expect(check.json().problems).toEqual([
      expect.objectContaining({
        path: ['actions', 0, 'texts', 'en', 'name'],
        rule: 'genericClaim',
        values: { words: 'eco-friendly', language: 'en' },
        severity: 'warning',
      }),
    ]);
    const saved = await save(h.app, manager, opened.version, claimed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as ContentReply).document.actions?.[0]?.texts.en?.name).toBe('An eco-friendly stay');
    // An error beside a warning still refuses the document, and the 422 lists both.
    const broken = { ...claimed, hotel: { ...claimed.hotel, timeZone: 'Mars/Olympus' } };
    const refused = await save(h.app, manager, (saved.json() as ContentReply).version, broken);
    expect(refused.statusCode).toBe(422);
    expect(
      refused
        .json()
        .problems.map((problem: { rule: string }) => problem.rule)
        .sort(),
    ).toEqual(['genericClaim', 'unknownTimeZone']);
    // The next tests edit the sample hotel as it ships.
    const restored = await save(h.app, manager, (saved.json() as ContentReply).version, opened.document);
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it("the editor's own rules: this hotel's document, no staff, what only the database knows, a YAML text", async () => {
    const h = get();
    const manager = await staffHeaders(h.app);
    const opened = await current(h.app, manager);
    const problemsOf = async (response: Promise<{ statusCode: number; json: () => { problems: unknown[] } }>) => {
      const answer = await response;
      expect(answer.statusCode).toBe(422);
      return answer.json().problems;
    };
    expect(await problemsOf(save(h.app, manager, opened.version, { ...opened.document, staff: [] }))).toEqual([
      expect.objectContaining({ rule: 'staffInContent', path: ['staff'], values: {} }),
    ]);
    const otherHotel = { ...opened.document, hotel: { ...opened.document.hotel, id: 2 } };
    expect(await problemsOf(save(h.app, manager, opened.version, otherHotel))).toEqual([
      expect.objectContaining({ rule: 'otherHotel', path: ['hotel', 'id'], values: { hotelId: '1' } }),
    ]);
    // The demo hotel's room QR id: only the database knows it is taken.
    const rooms = [{ number: '999', qrId: 'demo-101' }];
    expect(await problemsOf(save(h.app, manager, opened.version, { ...opened.document, rooms }))).toEqual([
      expect.objectContaining({
        rule: 'database',
        path: [],
        values: { detail: expect.stringContaining('demo-101') },
      }),
    ]);
    const yaml = (text: string) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/staff/hotels/1/content.yaml?baseVersion=${encodeURIComponent(opened.version)}`,
        headers: { ...manager, 'content-type': 'application/yaml' },
        payload: text,
      });
    expect(await problemsOf(yaml('hotel:\n  id: 1\n  name: [unclosed\n'))).toEqual([
      expect.objectContaining({ rule: 'yaml', path: [], values: { detail: expect.stringMatching(/^line \d+/) } }),
    ]);
    // A value that holds itself, and aliases that would expand to millions of values.
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x]']
      .concat(['b', 'c', 'd', 'e'].map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcd'[i]}`).join(', ')}]`))
      .join('\n');
    for (const [text, detail] of [
      ['hotel: &h\n  self: *h\n', 'YAML: an alias is inside its own anchor'],
      ['&l [*l]', 'YAML: an alias is inside its own anchor'],
      [
        '%YAML 1.1\n---\nhotel: !!set { x }\n',
        'YAML: a value of a YAML type other than a map, a list, a text, a number, yes/no or nothing',
      ],
      [laughs, expect.stringMatching(/^YAML: Excessive alias count/)],
    ] as const)
      expect(await problemsOf(yaml(text)), text).toEqual([
        expect.objectContaining({ rule: 'yaml', path: [], values: { detail } }),
      ]);
    expect(await current(h.app, manager)).toEqual(opened);
  });

  it('a NUL character is refused on both databases, in a JSON body, a YAML text or an address; an escaped one is text', async () => {
    const h = get();
    const manager = await staffHeaders(h.app);
    const opened = await current(h.app, manager);
    const nul = await save(h.app, manager, opened.version, renamed(opened.document, 'Tilleuls\u0000'));
    expect([nul.statusCode, nul.json().message]).toEqual([400, 'A text of the JSON body holds a NUL character']);
    const yaml = await h.app.inject({
      method: 'PUT',
      url: `/api/staff/hotels/1/content.yaml?baseVersion=${encodeURIComponent(opened.version)}`,
      headers: { ...manager, 'content-type': 'application/yaml' },
      payload: 'hotel:\n  name: "Tilleuls\\0"\n',
    });
    expect([yaml.statusCode, yaml.json().problems]).toEqual([
      422,
      [expect.objectContaining({ rule: 'yaml', values: { detail: 'YAML: a text holds a NUL character' } })],
    ]);
    const address = await h.app.inject({ url: '/api/staff/hotels/1/content/versions/1%00', headers: manager });
    expect([address.statusCode, address.json().message]).toEqual([400, 'The address holds a NUL character']);
    // An encoded percent sign before "00" is text.
    const encoded = await h.app.inject({ url: '/api/staff/hotels/1/content/versions/1?x=%2500', headers: manager });
    expect(encoded.statusCode).toBe(200);
    expect(await current(h.app, manager)).toEqual(opened);
    // A backslash before "u0000" is text, saved and read back as it was written.
    const text = 'Tilleuls \\u0000';
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/staff/hotels/1/content',
      headers: { ...manager, 'content-type': 'application/json' },
      payload: JSON.stringify({ baseVersion: opened.version, document: renamed(opened.document, text) }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await current(h.app, manager)).document.hotel.name).toBe(text);
  });

  it('a restore saves an earlier version again as a new one', async () => {
    const h = get();
    const manager = await staffHeaders(h.app);
    const opened = await current(h.app, manager);
    const changed = (await save(h.app, manager, opened.version, renamed(opened.document, 'Tilleuls II'))).json();
    const before = opened.number ?? 0;
    expect(before).toBeGreaterThan(0);
    const restored = await h.app.inject({
      method: 'POST',
      url: `/api/staff/hotels/1/content/versions/${before}/restore`,
      headers: manager,
      payload: { baseVersion: changed.version },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().document).toEqual(opened.document);
    expect(restored.json().number).toBe(changed.number + 1);
    const version = await h.app.inject({
      url: `/api/staff/hotels/1/content/versions/${changed.number}`,
      headers: manager,
    });
    expect(version.json().document.hotel.name).toBe('Tilleuls II');
    // A number past what the database's integers hold is a bad request on both databases, not a database error.
    const huge = await h.app.inject({ url: '/api/staff/hotels/1/content/versions/99999999999', headers: manager });
    expect([huge.statusCode, huge.json().error]).toEqual([400, 'bad_request']);
  });

  it('a save on one server process is what the guests of another read next, without a restart', async () => {
    const h = get();
    const other = await appSharing(h);
    try {
      const stay = await newHotelStay(other);
      const listed = async () => {
        const response = await other.inject({
          url: `/api/stays/${stay.sUUID}/actions?lang=fr&uuid=${stay.profileUUID}`,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as Array<{ aadName: string; actReward: number }>;
      };
      const before = await listed();
      const manager = await staffHeaders(h.app);
      const opened = await current(h.app, manager);
      const [first] = opened.document.actions ?? [];
      if (!first) throw new Error('the sample hotel has actions');
      const changed = {
        ...opened.document,
        actions: (opened.document.actions ?? []).map((action, index) =>
          index === 0
            ? {
                ...action,
                reward: action.reward + 7,
                texts: {
                  ...action.texts,
                  fr: { ...action.texts.fr, name: 'Geste renommé', description: action.texts.fr?.description ?? 'x' },
                },
              }
            : action,
        ),
      };
      expect((await save(h.app, manager, opened.version, changed)).statusCode).toBe(200);
      const after = await listed();
      expect(after.map((action) => action.aadName)).toContain('Geste renommé');
      expect(after.map((action) => action.aadName)).not.toEqual(before.map((action) => action.aadName));
    } finally {
      await other.close();
    }
  });

  it('two managers saving from one version at once: exactly one save lands, the other is refused 409', async () => {
    const h = get();
    const manager = await staffHeaders(h.app);
    const opened = await current(h.app, manager);
    const other = await appSharing(h);
    try {
      const answers = await Promise.all([
        save(h.app, manager, opened.version, renamed(opened.document, 'Version A')),
        save(other, manager, opened.version, renamed(opened.document, 'Version B')),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json() as ContentReply;
      expect((await current(h.app, manager)).document.hotel.name).toBe(winner.document.hotel.name);
      const versions = await h.handle.db
        .selectFrom('content_versions')
        .select('content_version')
        .where('hotel_id', '=', 1)
        .where('content_version', '=', winner.version)
        .execute();
      expect(versions).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('a hotel imported before the history existed: its content as it was is version 1, the first save version 2', async () => {
    const h = get();
    await h.handle.db.deleteFrom('content_versions').where('hotel_id', '=', 2).execute();
    const manager = await staffHeaders(h.app, 2);
    const opened = await current(h.app, manager, 2);
    expect(opened.number).toBeNull();
    const saved = await save(h.app, manager, opened.version, renamed(opened.document, 'Demo renamed'), 2);
    expect(saved.statusCode, saved.body).toBe(200);
    const { versions } = (await h.app.inject({ url: '/api/staff/hotels/2/content/versions', headers: manager })).json();
    expect(versions.map((version: { number: number; kind: string }) => [version.number, version.kind])).toEqual([
      [2, 'saved'],
      [1, 'imported'],
    ]);
    const first = await h.app.inject({ url: '/api/staff/hotels/2/content/versions/1', headers: manager });
    expect(first.json().document).toEqual(opened.document);
  });
});
