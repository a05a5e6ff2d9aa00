/**
 * The content editor's rooms and QR codes (docs/behaviour.md#rooms-and-qr-codes) on both databases: a manager renews a
 * PROOF action's printed codes (the audit trail says who), a rotation refuses a document opened before it and a save
 * never brings an old printed id back, and the printable sheet comes as a PDF — whole, one room's card, one action's
 * codes.
 */
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { expect, it } from 'vitest';
import type { ContentDocument } from '../../contract/content-editor.ts';
import { cellOf } from '../../server/qr-sheet.ts';
import { describeEachDialect, type Harness, staffHeaders } from './harness.ts';

/** The sample hotel's printed proof codes (server/content/hotels/les-tilleuls.yaml). */
const TILLEULS_PROOF_CODES = ['tilleuls-garden-gate', 'tilleuls-garden-greenhouse'];

async function call(h: Harness, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return h.app.inject({ method, url, payload, headers: await staffHeaders(h.app, 1) });
}

async function readContent(h: Harness): Promise<{ version: string; document: ContentDocument }> {
  const answer = await call(h, 'GET', '/api/staff/hotels/1/content');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function roomQrId(h: Harness, number: string) {
  const rows = await h.handle.db
    .selectFrom('rooms')
    .select('qr_id')
    .where('hotel_id', '=', 1)
    .where('number', '=', number)
    .execute();
  return rows.map((row) => row.qr_id);
}

async function proofCodes(h: Harness, actionKey: string) {
  const rows = await h.handle.db
    .selectFrom('proof_codes')
    .innerJoin('actions', 'actions.id', 'proof_codes.action_id')
    .select('proof_codes.qr_id')
    .where('actions.hotel_id', '=', 1)
    .where('actions.key', '=', actionKey)
    .execute();
  return rows.map((row) => row.qr_id);
}

function prove(h: Harness, actionId: number, qrId: string) {
  return h.app.inject({ method: 'POST', url: `/api/actions/${actionId}/proof`, payload: { hId: 1, qrId } });
}

/** The PDF's pages as text, and what the code of each of its first `count` cells decodes to. */
function readPdf(pdf: Buffer, count: number) {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages = Array.from({ length: document.countPages() }, (_, index) => document.loadPage(index));
  const urls = Array.from({ length: count }, (_, index) => {
    const cell = cellOf(index);
    const page = pages[cell.page];
    if (!page) return `no page ${cell.page}`;
    const pixmap = page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, true, true);
    const width = pixmap.getWidth();
    const pixels = new Uint8ClampedArray(pixmap.getPixels());
    const [x0, y0, w, h] = [cell.x, cell.y, cell.width, cell.height].map(Math.round) as [
      number,
      number,
      number,
      number,
    ];
    const crop = new Uint8ClampedArray(w * h * 4);
    for (let row = 0; row < h; row++) {
      const from = ((y0 + row) * width + x0) * 4;
      crop.set(pixels.subarray(from, from + w * 4), row * w * 4);
    }
    return jsQR(crop, w, h)?.data ?? `no code in cell ${index}`;
  });
  return {
    pages: pages.length,
    text: pages.map((page) => page.toStructuredText('preserve-whitespace').asText()).join('\n'),
    urls,
  };
}

describeEachDialect('rooms and QR codes on the staff page', (get) => {
  it('a manager renews a PROOF action’s codes, by key or id: the old codes stop validating, the trail says who', async () => {
    const h = get();
    h.clock.current = new Date('2026-06-10T08:00:00Z');
    expect((await proofCodes(h, 'garden-visit')).sort()).toEqual(TILLEULS_PROOF_CODES);
    const rotated = await call(h, 'POST', '/api/staff/hotels/1/actions/garden-visit/proof-rotation');
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { actionId, qrIds } = rotated.json() as { actionId: number; qrIds: string[] };
    // One new code for each printed one.
    expect(rotated.json()).toEqual({
      hId: 1,
      actionId,
      actionKey: 'garden-visit',
      qrIds: [expect.any(String), expect.any(String)],
    });
    expect((await proofCodes(h, 'garden-visit')).sort()).toEqual([...qrIds].sort());
    for (const code of qrIds) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{12}$/);
    for (const code of TILLEULS_PROOF_CODES)
      expect((await prove(h, actionId, code)).json().error).toBe('unknown_proof_code');
    expect((await prove(h, actionId, qrIds[0] ?? '')).statusCode).toBe(200);

    const trail = await h.handle.db
      .selectFrom('staff_audit')
      .select(['kind', 'actor_name', 'role', 'detail', 'at'])
      .where('kind', '=', 'proofCodeRotated')
      .execute();
    expect(trail).toEqual([
      {
        kind: 'proofCodeRotated',
        actor_name: 'Claire',
        role: 'manager',
        detail: 'garden-visit',
        at: '2026-06-10T08:00:00.000Z',
      },
    ]);

    const byId = await call(h, 'POST', `/api/staff/hotels/1/actions/${actionId}/proof-rotation`);
    expect(byId.json().qrIds).not.toEqual(qrIds);
    // Not a PROOF action, or none at all: nothing changes, nothing is recorded.
    for (const action of ['refill-bottle', 'no-such-action']) {
      const refused = await call(h, 'POST', `/api/staff/hotels/1/actions/${action}/proof-rotation`);
      expect([refused.statusCode, refused.json().error]).toEqual([404, 'not_found']);
    }
    expect(
      await h.handle.db.selectFrom('staff_audit').select('id').where('kind', '=', 'proofCodeRotated').execute(),
    ).toHaveLength(2);
  });

  it('a rotation refuses a document opened before it (409); saving an old document again keeps every new id', async () => {
    const h = get();
    const stale = await readContent(h);
    expect(stale.document.rooms?.find((room) => room.number === '102')?.qrId).toBe('tilleuls-102');
    const oldKey = stale.document.hotel.qrKey;

    const room = await call(h, 'POST', '/api/staff/hotels/1/rooms/102/qr-rotation');
    const key = await call(h, 'POST', '/api/staff/hotels/1/qr-key-rotation');
    const proof = await call(h, 'POST', '/api/staff/hotels/1/actions/garden-visit/proof-rotation');
    for (const answer of [room, key, proof]) expect(answer.statusCode, answer.body).toBe(200);
    const newIds = { room: room.json().qrId, key: key.json().key, proof: proof.json().qrIds };
    const expectNewIds = async () => {
      expect(await roomQrId(h, '102')).toEqual([newIds.room]);
      expect((await proofCodes(h, 'garden-visit')).sort()).toEqual([...newIds.proof].sort());
      const hotel = await h.handle.db.selectFrom('hotels').select('qr_key').where('id', '=', 1).executeTakeFirst();
      expect(hotel?.qr_key).toBe(newIds.key);
      const { document } = await readContent(h);
      expect(document.rooms?.find((r) => r.number === '102')?.qrId).toBe(newIds.room);
      expect(document.hotel.qrKey).toBe(newIds.key);
    };

    const refused = await call(h, 'PUT', '/api/staff/hotels/1/content', {
      baseVersion: stale.version,
      document: stale.document,
    });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'content_version_conflict']);
    await expectNewIds();

    // The old document saved on the current version (as a restore does): the rotated ids are kept, never the old ones.
    const current = await readContent(h);
    const saved = await call(h, 'PUT', '/api/staff/hotels/1/content', {
      baseVersion: current.version,
      document: stale.document,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectNewIds();
    expect(await roomQrId(h, '102')).not.toContain('tilleuls-102');
    expect(newIds.key).not.toBe(oldKey);
    const oldRoom = await h.app.inject({ url: '/api/rooms/tilleuls-102/info' });
    expect(oldRoom.statusCode).toBe(404);
  });

  it('prints one room’s card on one page, one action’s codes, or the whole sheet; an unknown room is a 404', async () => {
    const h = get();
    const one = await call(h, 'GET', '/api/staff/hotels/1/qr-sheet.pdf?room=201');
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.headers['content-disposition']).toBe('inline; filename="qr-codes.pdf"');
    expect(one.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const card = readPdf(one.rawPayload, 1);
    expect(card.pages).toBe(1);
    expect(card.urls).toEqual([`http://localhost:80/${(await roomQrId(h, '201'))[0]}`]);
    expect(card.text).toContain('Chambre 201');
    expect(card.text).not.toContain('Chambre 101');

    const proof = await call(h, 'GET', '/api/staff/hotels/1/qr-sheet.pdf?proof=garden-visit');
    expect(proof.statusCode).toBe(200);
    const codes = (await proofCodes(h, 'garden-visit')).sort();
    const proofSheet = readPdf(proof.rawPayload, 3);
    expect(proofSheet.pages).toBe(1);
    expect(proofSheet.urls.slice(0, 2).map((url) => new URL(url).searchParams.get('qrId'))).toEqual(codes);
    expect(proofSheet.urls[2]).toBe('no code in cell 2');

    const whole = await call(h, 'GET', '/api/staff/hotels/1/qr-sheet.pdf');
    const all = readPdf(whole.rawPayload, 0);
    // The hotel code, three rooms, two proof codes: one page of six cards.
    expect(all.pages).toBe(1);
    expect(all.text).toMatch(/Chambre 101[\s\S]*Chambre 102[\s\S]*Chambre 201/);

    const both = await call(h, 'GET', '/api/staff/hotels/1/qr-sheet.pdf?room=101&proof=garden-visit');
    expect([both.statusCode, both.json().error]).toEqual([400, 'bad_request']);
    for (const query of ['room=999', 'proof=refill-bottle']) {
      const missing = await call(h, 'GET', `/api/staff/hotels/1/qr-sheet.pdf?${query}`);
      expect([missing.statusCode, missing.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
    }
  });

  it('the codes keep the address the page is open on, whatever else the query says', async () => {
    const h = get();
    const query = 'room=201&baseUrl=https://elsewhere.example&hotelId=1&language=ar&language=fr';
    const odd = await call(h, 'GET', `/api/staff/hotels/1/qr-sheet.pdf?${query}`);
    expect(odd.statusCode).toBe(200);
    const card = readPdf(odd.rawPayload, 1);
    expect(card.urls).toEqual([`http://localhost:80/${(await roomQrId(h, '201'))[0]}`]);
    expect(card.text).toContain('Chambre 201');
  });
});
