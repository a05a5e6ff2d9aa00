import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ProofReply } from '../../contract/schemas.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { ContentError } from '../../server/content/validate.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { createStore } from '../../server/db/store.ts';
import { proofQrUrl, QR_ID_LENGTH, rotateProofCodes } from '../../server/domain/qr-codes.ts';
import { SERVER_COMMAND } from '../../server/domain/staff-audit.ts';
import { qrSheetOf } from '../../server/qr-sheet.ts';
import { actionOfType, actionsOf, expectConsistentBalance, ledgerRows, newStay } from './actions-support.ts';
import { describeEachDialect, newHotelStay, stayIdOf, writableCounts } from './harness.ts';

/** The printed codes of the sample hotels' PROOF action (server/content/hotels/*.yaml). */
const TILLEULS_CODE = 'tilleuls-garden-gate';
const DEMO_CODE = 'demo-garden-gate';

function prove(app: FastifyInstance, actId: number, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/actions/${actId}/proof`, payload: body });
}

/** The PROOF action of hotel `hotelId`, read through a throwaway stay. */
async function proofActionOf(app: FastifyInstance, handle: DatabaseHandle, hotelId = 1) {
  return actionOfType(app, await newStay(app, handle, hotelId), 'PROOF');
}

async function staysOfProfile(handle: DatabaseHandle, profileUUID: string) {
  return handle.db.selectFrom('stays').select(['s_uuid', 'hotel_id']).where('profile_uuid', '=', profileUUID).execute();
}

const tilleulsText = readFileSync(SAMPLE_HOTEL_FILES[0] as string, 'utf8');

function problemsOf(doc: unknown): string[] {
  try {
    parseContent(stringify(doc), 'test.yaml');
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error('expected a ContentError');
}

describe('proof codes in hotel content files', () => {
  it('a PROOF action may list readable codes (else one is generated), only PROOF actions do, a code names one spot', () => {
    const doc = parse(tilleulsText);
    const proofIndex = doc.actions.findIndex((a: { type: string }) => a.type === 'PROOF');
    const proof = doc.actions[proofIndex];
    const withoutCodes = structuredClone(doc);
    delete withoutCodes.actions[proofIndex].proofQrIds;
    expect(() => parseContent(stringify(withoutCodes))).not.toThrow();
    const misplaced = structuredClone(doc);
    misplaced.actions[0].proofQrIds = ['somewhere'];
    misplaced.actions.push({ ...structuredClone(proof), key: 'second-proof', proofQrIds: [proof.proofQrIds[0]] });
    expect(problemsOf(misplaced)).toEqual([
      expect.stringMatching(
        /^line \d+: actions\[0\]\.proofQrIds \(action "[a-z-]+"\): only PROOF actions have proofQrIds$/,
      ),
      expect.stringMatching(
        new RegExp(
          `actions\\[${doc.actions.length}\\]\\.proofQrIds\\[0\\] \\(action "second-proof"\\): proof QR id ${proof.proofQrIds[0]} appears twice$`,
        ),
      ),
    ]);
    const empty = structuredClone(doc);
    empty.actions[proofIndex].proofQrIds = [];
    expect(problemsOf(empty)).toEqual([expect.stringContaining(`actions[${proofIndex}].proofQrIds`)]);
  });
});

describeEachDialect('on-site proofs', (get) => {
  it('a guest with a stay: credited once per stay; a second validation answers 409 already completed', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const proof = await actionOfType(app, stay, 'PROOF');
    expect(proof.alreadyCompleted).toBe(false);
    const body = { uuid: stay.profileUUID, sUUID: stay.sUUID, qrId: TILLEULS_CODE };

    const first = await prove(app, proof.actId, { ...body, lang: 'en' });
    expect(first.statusCode).toBe(200);
    expect(Value.Check(ProofReply, first.json())).toBe(true);
    expect(first.json()).toEqual({
      profileUUID: stay.profileUUID,
      sUUID: stay.sUUID,
      message: 'Action confirmed, thank you!',
      greenMilesChange: proof.actReward,
      greenMiles: proof.actReward,
    });
    const listed = (await actionsOf(app, stay)).find((a) => a.actId === proof.actId);
    expect(listed).toMatchObject({ alreadyCompleted: true, earnedGreenMiles: proof.actReward });

    const before = await writableCounts(handle);
    // Another printed code of the same action does not count twice either.
    for (const qrId of [TILLEULS_CODE, 'tilleuls-garden-greenhouse']) {
      const again = await prove(app, proof.actId, { ...body, qrId });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('already_completed');
      expect(again.json().message).toContain('already completed');
    }
    expect(await writableCounts(handle)).toEqual(before);
    expect(await ledgerRows(handle, stay.id)).toEqual([
      {
        amount: proof.actReward,
        reason: 'action',
        action_id: proof.actId,
        night_id: 'STAY',
        idempotency_key: `action:${stay.id}:${proof.actId}:STAY:1`,
      },
    ]);
    expect(await expectConsistentBalance(app, handle, stay)).toBe(proof.actReward);
  });

  it('a new guest (no profile) scanning the printed code gets a profile and a stay, credited', async () => {
    const { app, handle } = get();
    const proof = await proofActionOf(app, handle);
    const reply = await prove(app, proof.actId, { hId: 1, qrId: TILLEULS_CODE });
    expect(reply.statusCode).toBe(200);
    const { profileUUID, sUUID, greenMiles } = reply.json() as ProofReply;
    expect(greenMiles).toBe(proof.actReward);
    expect(await staysOfProfile(handle, profileUUID)).toEqual([{ s_uuid: sUUID, hotel_id: 1 }]);
    const stay = await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` });
    expect(stay.json().stay).toMatchObject({ hId: 1, greenMiles: proof.actReward, status: 'active' });
  });

  it('a known profile without a stay at the hotel gets one; with one, that stay is credited', async () => {
    const { app, handle } = get();
    const proof = await proofActionOf(app, handle);
    const profileUUID = randomUUID();
    // A stay at the other hotel does not count.
    await newHotelStay(app, 2, profileUUID);
    const created = await prove(app, proof.actId, { uuid: profileUUID, hId: 1, qrId: TILLEULS_CODE });
    expect(created.statusCode).toBe(200);
    expect(created.json().profileUUID).toBe(profileUUID);
    const stays = await staysOfProfile(handle, profileUUID);
    expect(stays.map((s) => s.hotel_id).sort()).toEqual([1, 2]);
    expect(stays.find((s) => s.hotel_id === 1)?.s_uuid).toBe(created.json().sUUID);

    const existing = await newStay(app, handle);
    const credited = await prove(app, proof.actId, { uuid: existing.profileUUID, hId: 1, qrId: TILLEULS_CODE });
    expect(credited.json()).toMatchObject({ sUUID: existing.sUUID, greenMiles: proof.actReward });
    expect(await staysOfProfile(handle, existing.profileUUID)).toHaveLength(1);
  });

  it('refuses a code that is not one of the action’s, a non-PROOF action and another hotel, writing nothing', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const proof = await actionOfType(app, stay, 'PROOF');
    const claim = await actionOfType(app, stay, 'CLAIM');
    const demoProof = await proofActionOf(app, handle, 2);
    const body = { uuid: stay.profileUUID, sUUID: stay.sUUID };
    const before = await writableCounts(handle);
    const cases: Array<[number, Record<string, unknown>, number, string]> = [
      [proof.actId, { ...body, qrId: 'tilleuls-101' }, 400, 'unknown_proof_code'],
      [proof.actId, { ...body, qrId: DEMO_CODE }, 400, 'unknown_proof_code'],
      [proof.actId, body, 400, 'unknown_proof_code'],
      [proof.actId, { hId: 1, qrId: 'unknown-code' }, 400, 'unknown_proof_code'],
      [claim.actId, { ...body, qrId: TILLEULS_CODE }, 400, 'wrong_action_type'],
      [proof.actId, { ...body, hId: 2, qrId: TILLEULS_CODE }, 404, 'not_found'],
      // The demo hotel's action with its own code, on a stay of hotel 1.
      [demoProof.actId, { ...body, qrId: DEMO_CODE }, 404, 'not_found'],
      [999999, { ...body, qrId: TILLEULS_CODE }, 404, 'not_found'],
      [proof.actId, { ...body, qrId: 'bad code!' }, 400, 'bad_request'],
      [proof.actId, { ...body, hId: 'one', qrId: TILLEULS_CODE }, 400, 'bad_request'],
    ];
    for (const [actId, payload, status, error] of cases) {
      const refused = await prove(app, actId, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      expect(refused.json().error, JSON.stringify(payload)).toBe(error);
    }
    expect(await writableCounts(handle)).toEqual(before);
  });

  it('a foreign stay (or a stay without its profile) is an unknown stay: 404, nothing written', async () => {
    const { app, handle } = get();
    const owner = await newStay(app, handle);
    const other = await newStay(app, handle);
    const proof = await actionOfType(app, owner, 'PROOF');
    const before = await writableCounts(handle);
    for (const payload of [
      { uuid: other.profileUUID, sUUID: owner.sUUID, qrId: TILLEULS_CODE },
      { sUUID: owner.sUUID, qrId: TILLEULS_CODE },
    ]) {
      const refused = await prove(app, proof.actId, payload);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'not_found', message: 'Stay not found' });
    }
    expect(await writableCounts(handle)).toEqual(before);
  });

  it('a finished stay refuses the proof (409 stay_finished)', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const proof = await actionOfType(app, stay, 'PROOF');
    await handle.db.updateTable('stays').set({ status: 'finished' }).where('id', '=', stay.id).execute();
    const refused = await prove(app, proof.actId, { uuid: stay.profileUUID, sUUID: stay.sUUID, qrId: TILLEULS_CODE });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('stay_finished');
    expect(await ledgerRows(handle, await stayIdOf(handle, stay.sUUID))).toEqual([]);
  });

  it('concurrent validations of one stay credit once', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const proof = await actionOfType(app, stay, 'PROOF');
    const body = { uuid: stay.profileUUID, sUUID: stay.sUUID, qrId: TILLEULS_CODE };
    const replies = await Promise.all(Array.from({ length: 5 }, () => prove(app, proof.actId, body)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await expectConsistentBalance(app, handle, stay)).toBe(proof.actReward);
  });

  it('a re-import replaces the action’s codes: a code that left the file no longer validates', async () => {
    const { app, handle } = get();
    const proof = await proofActionOf(app, handle);
    const doc = parse(tilleulsText);
    const entry = doc.actions.find((a: { type: string }) => a.type === 'PROOF');
    entry.proofQrIds = ['tilleuls-garden-new'];
    await importContent(handle.db, parseContent(stringify(doc)));
    try {
      const stay = await newStay(app, handle);
      const body = { uuid: stay.profileUUID, sUUID: stay.sUUID };
      const old = await prove(app, proof.actId, { ...body, qrId: TILLEULS_CODE });
      expect([old.statusCode, old.json().error]).toEqual([400, 'unknown_proof_code']);
      expect((await prove(app, proof.actId, { ...body, qrId: 'tilleuls-garden-new' })).statusCode).toBe(200);
    } finally {
      await importContent(handle.db, parseContent(tilleulsText));
    }
  });
});

/** The hotel's entry rule (content `hotelQrEntry`), set directly: the sample Les Tilleuls is `open`. */
async function setHotelEntry(handle: DatabaseHandle, hotelId: number, entry: 'open' | 'key' | 'off') {
  await handle.db.updateTable('hotels').set({ hotel_qr_entry: entry }).where('id', '=', hotelId).execute();
}

describeEachDialect('proof entry (docs/trust-model.md#proof-codes)', (get) => {
  it('at a hotel whose entry is off or key, a printed proof code opens no stay for a new profile: 403, nothing written', async () => {
    const { app, handle } = get();
    const proof = await proofActionOf(app, handle);
    try {
      for (const entry of ['off', 'key'] as const) {
        await setHotelEntry(handle, 1, entry);
        const before = await writableCounts(handle);
        // The farm of the issue: fresh profiles, each asking the printed code for a stay and its points.
        for (const payload of [
          { hId: 1, qrId: TILLEULS_CODE },
          { uuid: randomUUID(), hId: 1, qrId: TILLEULS_CODE },
          { uuid: randomUUID(), qrId: 'tilleuls-garden-greenhouse' },
        ]) {
          const refused = await prove(app, proof.actId, payload);
          expect(refused.statusCode, entry).toBe(403);
          expect(refused.json().error).toBe('proof_entry_closed');
          expect(refused.json().message).toContain('room QR code');
        }
        expect(await writableCounts(handle)).toEqual(before);
      }
    } finally {
      await setHotelEntry(handle, 1, 'open');
    }
  });

  it('at a closed hotel, a guest with a current stay scans the printed code: that stay is credited; a finished one is not taken back', async () => {
    const { app, handle } = get();
    const proof = await proofActionOf(app, handle);
    const entered = await app.inject({ method: 'POST', url: '/api/rooms/tilleuls-201/stays', payload: {} });
    const { sUUID, profileUUID } = entered.json() as { sUUID: string; profileUUID: string };
    const left = await newStay(app, handle);
    await handle.db.updateTable('stays').set({ status: 'finished' }).where('id', '=', left.id).execute();
    try {
      await setHotelEntry(handle, 1, 'off');
      // The printed code's address names no stay: the app sends the profile of the device.
      const credited = await prove(app, proof.actId, { uuid: profileUUID, hId: 1, qrId: TILLEULS_CODE });
      expect(credited.statusCode).toBe(200);
      expect(credited.json()).toMatchObject({ sUUID, profileUUID, greenMiles: proof.actReward });
      expect(await staysOfProfile(handle, profileUUID)).toEqual([{ s_uuid: sUUID, hotel_id: 1 }]);

      const before = await writableCounts(handle);
      const refused = await prove(app, proof.actId, { uuid: left.profileUUID, hId: 1, qrId: TILLEULS_CODE });
      expect([refused.statusCode, refused.json().error]).toEqual([403, 'proof_entry_closed']);
      expect(await writableCounts(handle)).toEqual(before);
    } finally {
      await setHotelEntry(handle, 1, 'open');
    }
  });
});

const PROOF_HOTEL = 61;
const RANDOM_ID = new RegExp(`^[0-9a-hjkmnp-tv-z]{${QR_ID_LENGTH}}$`);

/** A hotel whose PROOF action lists `proofQrIds` (YAML flow list) or, when absent, none. */
function proofHotel(options: { hotelId?: number; proofQrIds?: string; rotateQrIds?: boolean } = {}) {
  return parseContent(`
hotel:
  id: ${options.hotelId ?? PROOF_HOTEL}
  name: Hôtel Preuve
  isDemo: false
  timeZone: Europe/Paris
  staffPin: "583921"
  hotelQrEntry: open
${options.rotateQrIds ? '  rotateQrIds: true\n' : ''}
languages:
  - { code: fr, name: Français, enabled: true, isPrimary: true, position: 0 }
actions:
  - key: garden-visit
    type: PROOF
    scope: HOTEL
    period: STAY
    reward: 15
    position: 1
${options.proofQrIds ? `    proofQrIds: ${options.proofQrIds}\n` : ''}
    texts:
      fr: { name: Potager, description: Scannez le QR code du potager. }
`);
}

async function proofCodes(handle: DatabaseHandle, hotelId = PROOF_HOTEL) {
  return handle.db
    .selectFrom('proof_codes')
    .innerJoin('actions', 'actions.id', 'proof_codes.action_id')
    .select(['proof_codes.action_id', 'proof_codes.qr_id', 'proof_codes.generated'])
    .where('actions.hotel_id', '=', hotelId)
    .orderBy('proof_codes.qr_id')
    .execute();
}

describeEachDialect('proof codes: generated, kept, rotated', (get) => {
  it('generates a random proof id at import, keeps it on re-import; rotation replaces it and the old id stops working', async () => {
    const { app, handle } = get();
    await importContent(handle.db, proofHotel());
    const [first, ...others] = await proofCodes(handle);
    expect(others).toEqual([]);
    expect(first).toEqual({ action_id: expect.any(Number), qr_id: expect.stringMatching(RANDOM_ID), generated: 1 });
    if (!first) return;
    await importContent(handle.db, proofHotel());
    expect(await proofCodes(handle)).toEqual([first]);
    const actionId = first.action_id;
    expect((await prove(app, actionId, { hId: PROOF_HOTEL, qrId: first.qr_id })).statusCode).toBe(200);

    const store = createStore(handle.db, handle.kind);
    const rotate = (hotelId: number, keyOrId: string) =>
      rotateProofCodes(store, hotelId, keyOrId, SERVER_COMMAND, new Date());
    const rotated = await rotate(PROOF_HOTEL, 'garden-visit');
    expect(rotated).toEqual({ hId: PROOF_HOTEL, actionId, actionKey: 'garden-visit', qrIds: [expect.any(String)] });
    const [fresh = ''] = rotated.qrIds;
    expect(fresh).toMatch(RANDOM_ID);
    expect(fresh).not.toBe(first.qr_id);
    const old = await prove(app, actionId, { hId: PROOF_HOTEL, qrId: first.qr_id });
    expect([old.statusCode, old.json().error]).toEqual([400, 'unknown_proof_code']);
    expect((await prove(app, actionId, { hId: PROOF_HOTEL, qrId: fresh })).statusCode).toBe(200);

    // A re-import keeps the rotated id, and the QR sheet prints it.
    await importContent(handle.db, proofHotel());
    expect(await proofCodes(handle)).toEqual([{ action_id: actionId, qr_id: fresh, generated: 1 }]);
    const sheet = await qrSheetOf(handle.db, { hotelId: PROOF_HOTEL, baseUrl: 'https://gm.example' });
    expect(sheet.entries.map((entry) => entry.url)).toContain(
      proofQrUrl('https://gm.example', { actionId, hotelId: PROOF_HOTEL, qrId: fresh }),
    );

    // By its id too; only the hotel's own active PROOF actions.
    const byId = await rotate(PROOF_HOTEL, String(actionId));
    expect(byId.qrIds[0]).not.toBe(fresh);
    await expect(rotate(PROOF_HOTEL, 'no-such-action')).rejects.toMatchObject({ code: 'not_found' });
    await expect(rotate(1, String(actionId))).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps readable ids from the file until rotateQrIds replaces them with random ones, one each, then keeps those', async () => {
    const { handle } = get();
    await importContent(handle.db, proofHotel({ hotelId: 62, proofQrIds: '[gate-62, greenhouse-62]' }));
    expect((await proofCodes(handle, 62)).map((c) => [c.qr_id, c.generated])).toEqual([
      ['gate-62', 0],
      ['greenhouse-62', 0],
    ]);
    await importContent(
      handle.db,
      proofHotel({ hotelId: 62, proofQrIds: '[gate-62, greenhouse-62]', rotateQrIds: true }),
    );
    const random = await proofCodes(handle, 62);
    expect(random.map((c) => [c.qr_id, c.generated])).toEqual([
      [expect.stringMatching(RANDOM_ID), 1],
      [expect.stringMatching(RANDOM_ID), 1],
    ]);
    await importContent(handle.db, proofHotel({ hotelId: 62, proofQrIds: '[gate-62, greenhouse-62]' }));
    expect(await proofCodes(handle, 62)).toEqual(random);
  });
});

it('npm run qr:rotate -- --proof gives the codes of a PROOF action new ids and prints their addresses', () => {
  const dir = mkdtempSync(join(tmpdir(), 'greenmiles-proof-'));
  const file = join(dir, 'gm.db');
  const env = { ...process.env, DATABASE_URL: `sqlite:${file}` };
  const run = (...args: string[]) => spawnSync(process.execPath, ['server/cli.ts', ...args], { encoding: 'utf8', env });
  const imported = run('hotel:import', 'server/content/hotels/demo-hotel.yaml');
  expect(imported.status, imported.stderr).toBe(0);
  const rotated = run('qr:rotate', '--hotel', '2', '--proof', 'garden-visit');
  expect([rotated.status, rotated.stderr]).toEqual([0, '']);
  // The demo's two printed codes (demo-garden-gate, demo-garden-greenhouse), each replaced.
  const printed = [...rotated.stdout.matchAll(/new proof QR id ([0-9a-z]{12}) \(QR code: \{app address\}(\S+)\)/g)];
  expect(printed).toHaveLength(2);
  for (const [, qrId, path] of printed) expect(path).toMatch(new RegExp(`^/proof/\\d+\\?hId=2&qrId=${qrId}$`));
  expect(rotated.stdout).toContain('the old one no longer works');
  expect(run('qr:rotate', '--hotel', '2', '--proof', 'garden-visit', '--key').status).toBe(2);
  const unknown = run('qr:rotate', '--hotel', '2', '--proof', 'no-such-action');
  expect([unknown.status, unknown.stderr.trim()]).toEqual([1, 'Proof action not found']);
  // Three Node processes, a few seconds each on a busy machine.
}, 60_000);
