/**
 * The skip-cleaning sheet's figures (docs/behaviour.md#skip-cleaning): the guest's LUNICLEAN action carries what one
 * skipped cleaning saves by the hotel's own factor table, the very figures the staff page's summary counts for it;
 * a re-import that changes the hotel's figure renews the content version, so the guest's list shows the new one at
 * once. No other action carries them.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { impactFactorsOf } from '../../contract/impact-factors.ts';
import type { ImpactSummaryReply } from '../../contract/schemas.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { actionOfType, actionsOf, newStay, submit } from './actions-support.ts';
import { describeEachDialect, staffHeaders } from './harness.ts';

const DEMO_YAML = readFileSync(new URL('../../server/content/hotels/demo-hotel.yaml', import.meta.url), 'utf8');

describeEachDialect('the skip-cleaning estimate', (get) => {
  it('is the hotel’s factor table’s, the same the staff summary counts for one skipped cleaning', async () => {
    const h = get();
    h.clock.current = new Date('2026-07-01T08:00:00Z');
    const stay = await newStay(h.app, h.handle, 2);
    const actions = await actionsOf(h.app, stay);
    const cleaning = await actionOfType(h.app, stay, 'LUNICLEAN');
    const table = impactFactorsOf(parseContent(DEMO_YAML).impactFactors ?? null);
    expect(cleaning.cleaningEstimate).toEqual({
      waterLitres: table.cleaning.water.perUnit,
      co2eGrams: table.cleaning.co2e.perUnit,
    });
    expect(actions.filter((action) => action.cleaningEstimate !== undefined)).toEqual([cleaning]);

    const skipped = await submit(h.app, stay, cleaning.actId, 'luniclean', { skipCleaning: true, endDate: null });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const summary = await h.app.inject({
      url: '/api/staff/hotels/2/summary?from=2026-07-01&to=2026-07-01',
      headers: await staffHeaders(h.app, 2),
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const row = (summary.json() as ImpactSummaryReply).impact.find((entry) => entry.category === 'cleaning');
    expect(row).toMatchObject({
      units: 1,
      water: { saved: cleaning.cleaningEstimate?.waterLitres },
      co2e: { saved: cleaning.cleaningEstimate?.co2eGrams },
    });
  });

  it('follows a re-import of the hotel’s figures at once (the content version renews)', async () => {
    const h = get();
    const stay = await newStay(h.app, h.handle, 2);
    const withFigures = (water: number, co2e: number) =>
      `${DEMO_YAML}\nimpactFactors:\n  cleaning: { waterLitres: ${water}, co2eGrams: ${co2e}, source: Relevé de l'hôtel }\n`;
    await importContent(h.handle.db, parseContent(withFigures(42.5, 310)));
    expect((await actionOfType(h.app, stay, 'LUNICLEAN')).cleaningEstimate).toEqual({
      waterLitres: 42.5,
      co2eGrams: 310,
    });
    await importContent(h.handle.db, parseContent(DEMO_YAML));
    const table = impactFactorsOf(parseContent(DEMO_YAML).impactFactors ?? null);
    expect((await actionOfType(h.app, stay, 'LUNICLEAN')).cleaningEstimate?.waterLitres).toBe(
      table.cleaning.water.perUnit,
    );
  });
});
