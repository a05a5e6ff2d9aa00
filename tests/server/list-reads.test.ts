/**
 * The guests' lists read fast and never stale (docs/performance.md#api-reads, docs/server.md#etag): the hotel's
 * content is cached by content version, so an import shows at the next read, and the stay's own answers and claims
 * are read per request (a submission, a claim, a demo reset show at once); an unchanged list is answered 304.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Action, Reward } from '../../contract/schemas.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { prepared } from '../../server/db/prepared.ts';
import { createStore } from '../../server/db/store.ts';
import { actionsOfStay } from '../../server/domain/actions-list.ts';
import { withTypeLists } from '../../server/response-serializer.ts';
import { actionOfType, newStay, submit, type TestStay } from './actions-support.ts';
import { credit, describeEachDialect, TEST_FRONT_TOKEN } from './harness.ts';

const DEMO_HOTEL = 2;

describeEachDialect('actions and rewards lists: cache and revalidation', (get) => {
  const listUrl = (stay: TestStay, list: 'actions' | 'rewards', lang = 'fr') =>
    `/api/stays/${stay.sUUID}/${list}?lang=${lang}&uuid=${stay.profileUUID}`;

  async function importDemo(change: (content: { actions: ContentItem[]; rewards: ContentItem[] }) => void) {
    const content = parse(readFileSync(SAMPLE_HOTEL_FILES[DEMO_HOTEL - 1] as string, 'utf8'));
    change(content);
    await importContent(get().handle.db, parseContent(stringify(content)));
  }

  it('shows an import at the next read: a renamed action and reward, a removed action', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle, DEMO_HOTEL);
    const before = (await app.inject({ url: listUrl(stay, 'actions') })).json() as Action[];
    const rewardsBefore = (await app.inject({ url: listUrl(stay, 'rewards') })).json() as Reward[];
    await importDemo((content) => {
      const [first] = content.actions;
      if (first?.texts.fr) first.texts.fr.name = 'Nom importé';
      content.actions.splice(1, 1);
      const [reward] = content.rewards;
      if (reward?.texts.fr) reward.texts.fr.name = 'Récompense importée';
    });
    const after = (await app.inject({ url: listUrl(stay, 'actions') })).json() as Action[];
    expect(after[0]?.aadName).toBe('Nom importé');
    expect(after.map((a) => a.actId)).toEqual(before.filter((_, i) => i !== 1).map((a) => a.actId));
    const rewardsAfter = (await app.inject({ url: listUrl(stay, 'rewards') })).json() as Reward[];
    expect(rewardsAfter.map((r) => r.radName)).toContain('Récompense importée');
    expect(rewardsAfter.map((r) => r.radName)).not.toEqual(rewardsBefore.map((r) => r.radName));
    // Back to the sample content for the other tests.
    await importDemo(() => undefined);
  });

  it("shows the stay's own answers, claims and a demo reset at the next read", async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle, DEMO_HOTEL);
    const yesNo = await actionOfType(app, stay, 'YESNO');
    expect((await submit(app, stay, yesNo.actId, 'yesno', { response: true })).statusCode).toBe(200);
    const answered = (await app.inject({ url: listUrl(stay, 'actions') })).json() as Action[];
    expect(answered.find((a) => a.actId === yesNo.actId)).toMatchObject({
      alreadyCompleted: true,
      earnedGreenMiles: yesNo.actReward,
    });
    await credit(get(), stay.sUUID, 1000);
    const [reward] = (await app.inject({ url: listUrl(stay, 'rewards') })).json() as Reward[];
    if (!reward) throw new Error('the demo hotel has rewards');
    const claim = await app.inject({
      method: 'POST',
      url: `/api/rewards/${reward.rwId}/claim`,
      payload: { uuid: stay.profileUUID, sUUID: stay.sUUID },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const claimed = (await app.inject({ url: listUrl(stay, 'rewards') })).json() as Reward[];
    expect(claimed.find((r) => r.rwId === reward.rwId)).toMatchObject({ isClaimed: 1 });

    const reset = await app.inject({
      method: 'POST',
      url: `/api/demo/stays/${stay.sUUID}/reset`,
      payload: { uuid: stay.profileUUID },
      headers: { 'x-front-token': TEST_FRONT_TOKEN },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = (await app.inject({ url: listUrl(stay, 'actions') })).json() as Action[];
    expect(fresh.every((a) => !a.alreadyCompleted && a.earnedGreenMiles === 0)).toBe(true);
    const unclaimed = (await app.inject({ url: listUrl(stay, 'rewards') })).json() as Reward[];
    expect(unclaimed.every((r) => r.isClaimed === 0 && r.code === null)).toBe(true);
  });

  it.each(['actions', 'rewards'] as const)(
    '%s: ETag, 304 to If-None-Match while unchanged, 200 once changed',
    async (list) => {
      const { app, handle } = get();
      const stay = await newStay(app, handle, DEMO_HOTEL);
      const first = await app.inject({ url: listUrl(stay, list) });
      expect(first.statusCode).toBe(200);
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`]) {
        const again = await app.inject({ url: listUrl(stay, list), headers: { 'if-none-match': ifNoneMatch } });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(tag);
      }
      // Another language is another answer.
      const english = await app.inject({ url: listUrl(stay, list, 'en'), headers: { 'if-none-match': tag } });
      expect(english.statusCode).toBe(200);
      expect(english.headers.etag).not.toBe(tag);

      if (list === 'actions') {
        const yesNo = await actionOfType(app, stay, 'YESNO');
        await submit(app, stay, yesNo.actId, 'yesno', { response: true });
      } else {
        await importDemo((content) => {
          const [reward] = content.rewards;
          if (reward) reward.cost += 1;
        });
      }
      const changed = await app.inject({ url: listUrl(stay, list), headers: { 'if-none-match': tag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(tag);
      if (list === 'rewards') await importDemo(() => undefined);
    },
  );

  it('sees a new end date and a new night at once', async () => {
    const { app, handle, clock } = get();
    const stay = await newStay(app, handle, DEMO_HOTEL);
    const store = createStore(handle.db, handle.kind);
    const input = { sUUID: stay.sUUID, profileUUID: stay.profileUUID, lang: 'fr' };
    // 20:00 in Paris: the night of 1 June.
    clock.current = new Date('2026-06-01T18:00:00Z');
    try {
      const first = await actionsOfStay(store, input, clock.current);
      expect(first[0]?.currentNightId).toBe('2026-06-01');

      const endDate = await app.inject({
        method: 'PUT',
        url: `/api/stays/${stay.sUUID}/endDate`,
        payload: { endDate: '2026-06-05', uuid: stay.profileUUID },
      });
      expect(endDate.statusCode, endDate.body).toBe(200);
      const ending = await actionsOfStay(store, input, clock.current);
      expect(ending[0]?.endDate).toBe('2026-06-05');

      // 06:00 in Paris the next day: the night of 2 June.
      clock.current = new Date('2026-06-02T04:00:00Z');
      const nextNight = await actionsOfStay(store, input, clock.current);
      expect(nextNight[0]?.currentNightId).toBe('2026-06-02');
      expect(ending[0]?.currentNightId).toBe('2026-06-01');
    } finally {
      clock.current = null;
    }
  });

  it("a prepared read never runs inside another request's open transaction: it waits, and sees committed rows only", async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle, DEMO_HOTEL);
    const ledgerRead = prepared((db, values: { stayId: number }) =>
      db.selectFrom('ledger_entries').select('amount').where('stay_id', '=', values.stayId),
    );
    let pending: Promise<{ amount: number }[]> = Promise.resolve([]);
    const outcome = await createStore(handle.db, handle.kind)
      .write(async (tx) => {
        await tx.db
          .insertInto('ledger_entries')
          .values({
            stay_id: stay.id,
            amount: 500,
            reason: 'test',
            idempotency_key: `uncommitted-${stay.id}`,
            created_at: new Date().toISOString(),
          })
          .execute();
        pending = ledgerRead(handle.db, { stayId: stay.id });
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe('rolled back');
    expect(await pending).toEqual([]);
  });

  it('tags only successful answers: an error carries no ETag', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle, DEMO_HOTEL);
    const foreign = await app.inject({ url: `/api/stays/${stay.sUUID}/actions?lang=fr&uuid=${randomUUID()}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers.etag).toBeUndefined();
  });
});

interface ContentItem {
  cost: number;
  texts: Record<string, { name: string } | undefined>;
}

describe('the content cache', () => {
  const CONTENT_TABLES = [
    'hotels',
    'hotel_languages',
    'actions',
    'action_translations',
    'action_tags',
    'custom_options',
    'custom_option_translations',
    'quiz_answers',
    'quiz_answer_translations',
    'rewards',
    'reward_translations',
  ];
  /** The files allowed to write the cached content: the import renews content_version in the same transaction. */
  const CONTENT_WRITERS = ['server/content/import.ts'];
  /** Hotel columns the lists do not cache (read with each request, or not read by them). */
  const UNCACHED_HOTEL_WRITERS = ['server/domain/qr-codes.ts'];

  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return entry.name.endsWith('.ts') ? [path] : [];
    });
  }

  it('is written by the import only (which renews content_version), outside migrations', () => {
    const pattern = new RegExp(`(insertInto|updateTable|deleteFrom)\\('(${CONTENT_TABLES.join('|')})'`);
    const writers = sources('server')
      .filter((path) => !path.startsWith('server/db/migration'))
      .filter((path) => pattern.test(readFileSync(path, 'utf8')));
    expect(writers.sort()).toEqual([...CONTENT_WRITERS, ...UNCACHED_HOTEL_WRITERS].sort());
    const qrCodes = readFileSync('server/domain/qr-codes.ts', 'utf8');
    // The QR keys and ids it writes are not part of what the lists cache; a rotation renews the content version, so
    // an editor's draft made before it is refused rather than bringing the old code back.
    expect(qrCodes.match(/\.set\(\{[^}]*\}\)/g)?.every((set) => /qr_|content_version/.test(set))).toBe(true);
  });
});

describe('the response serialiser', () => {
  it('writes unions of plain types, and of an object with null, as type lists; leaves other unions', () => {
    const object = { type: 'object', properties: { a: { type: 'string' } } };
    expect(withTypeLists({ anyOf: [{ type: 'string', pattern: 'x' }, { type: 'null' }] })).toEqual({
      type: ['string', 'null'],
    });
    expect(withTypeLists({ anyOf: [{ const: 'YES', type: 'string' }, { type: 'boolean' }, { type: 'null' }] })).toEqual(
      {
        type: ['string', 'boolean', 'null'],
      },
    );
    expect(withTypeLists({ anyOf: [object, { type: 'null' }] })).toEqual({ ...object, type: ['object', 'null'] });
    const mixed = { anyOf: [object, { type: 'string' }] };
    expect(withTypeLists(mixed)).toEqual(mixed);
  });
});
