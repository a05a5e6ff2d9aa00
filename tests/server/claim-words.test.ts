/**
 * The content check's claim words (docs/behaviour.md#claims, contract/claim-words.ts) on the validator: a hotel's
 * text in French, English or Arabic is warned on for its language's generic claims and legal requirements presented
 * as a merit, on whole words whatever the case and accents; food, brand names and plain facts are not; a text in
 * another language is read against every list; a warning never refuses the document.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GENERIC_CLAIMS, genericClaimsIn, legalRequirementClaimsIn } from '../../contract/claim-words.ts';
import { parseContent } from '../../server/content/import.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { contentProblems } from '../../server/content/validate.ts';

const tilleulsText = readFileSync(SAMPLE_HOTEL_FILES[0] as string, 'utf8');

describe('the claim words', () => {
  it.each([
    ['fr', 'Mes gestes ÉCO-RESPONSABLES', ['éco-responsable']],
    ['fr', 'Un hôtel vert, neutre en carbone et ecologique', ['écologique', 'neutre en carbone', 'hôtel vert']],
    ['en', 'A Sustainable, carbon-neutral stay', ['sustainable', 'carbon neutral']],
    ['en', 'Our eco friendly rooms', ['eco-friendly']],
    ['ar', 'إقامة صديقة للبيئة', ['صديقة للبيئة']],
    ['ar', 'فندقنا مُسْتَدَام ومحايد الكربون', ['محايد الكربون', 'مستدام']],
    ['ar', 'خياراتنا المستدامة', ['مستدامة']],
  ])('%s: %s', (language, text, words) => {
    expect(genericClaimsIn(text, language).sort()).toEqual([...words].sort());
  });

  it.each([
    ['fr', 'Poulet rôti et haricots verts'],
    ['fr', 'Un matelas durable et une serviette verte'],
    ['fr', 'Renoncer au ménage économise environ 20 L d’eau (estimation).'],
    ['en', 'Welcome to GreenMiles: roast chicken with green beans'],
    ['en', 'Skipping the cleaning saves about 20 L of water (estimate).'],
    ['ar', 'دجاج مشوي مع فاصوليا خضراء'],
  ])('%s: no claim in %s', (language, text) => {
    expect(genericClaimsIn(text, language)).toEqual([]);
  });

  it("reads a text against its own language's list, and one in another language against every list", () => {
    expect(genericClaimsIn('eco-friendly', 'fr')).toEqual([]);
    expect(genericClaimsIn('Unser eco-friendly Hotel', 'de')).toEqual(['eco-friendly']);
    expect(genericClaimsIn('Hôtel écologique', '')).toEqual(['écologique']);
  });

  it('finds legal requirements presented as a merit, not a guest’s own gesture nor the law named as such', () => {
    expect(legalRequirementClaimsIn('Nous pratiquons le tri sélectif', 'fr')).toEqual(['tri sélectif']);
    expect(legalRequirementClaimsIn('Our single-use plastic ban', 'en')).toEqual(['single-use plastic ban']);
    expect(legalRequirementClaimsIn('نفرز نفاياتنا', 'ar')).toEqual(['نفرز نفاياتنا']);
    expect(legalRequirementClaimsIn('Séjour sans plastique jetable', 'fr')).toEqual([]);
    expect(legalRequirementClaimsIn('A stay without disposable plastic, as required by law', 'en')).toEqual([]);
  });

  it('every entry finds itself, and only itself: no two entries of a list read the same', () => {
    for (const [language, entries] of Object.entries(GENERIC_CLAIMS))
      for (const entry of entries) expect(genericClaimsIn(entry, language), entry).toEqual([entry]);
  });
});

describe('the content check warns on claims in every language of the hotel', () => {
  const withTexts = () => {
    const doc = parse(tilleulsText);
    doc.actions[1].texts.fr.description = 'Un geste éco-responsable.';
    doc.actions[1].texts.en.description = 'A carbon neutral gesture.';
    doc.actions[1].texts.ar.description = 'بادرة صديقة للبيئة.';
    doc.rewards[0].texts.fr.name = 'Cadeau pour la planète';
    doc.hotel.name = 'Eco-friendly Tilleuls';
    return doc;
  };

  it('at each text, in its language, as warnings', () => {
    const warnings = contentProblems(withTexts()).map(({ path, rule, values, severity }) => ({
      path: path.join('.'),
      rule,
      values,
      severity,
    }));
    expect(warnings).toEqual([
      {
        path: 'actions.1.texts.fr.description',
        rule: 'genericClaim',
        values: { words: 'éco-responsable', language: 'fr' },
        severity: 'warning',
      },
      {
        path: 'actions.1.texts.en.description',
        rule: 'genericClaim',
        values: { words: 'carbon neutral', language: 'en' },
        severity: 'warning',
      },
      {
        path: 'actions.1.texts.ar.description',
        rule: 'genericClaim',
        values: { words: 'صديقة للبيئة', language: 'ar' },
        severity: 'warning',
      },
      {
        path: 'rewards.0.texts.fr.name',
        rule: 'genericClaim',
        values: { words: 'pour la planète', language: 'fr' },
        severity: 'warning',
      },
      {
        path: 'hotel.name',
        rule: 'genericClaim',
        values: { words: 'eco-friendly', language: '' },
        severity: 'warning',
      },
    ]);
  });

  it('the import reads the file and hands each warning on, with its line; nothing is refused', () => {
    const warned: string[] = [];
    const file = parseContent(JSON.stringify(withTexts()), 'claims.yaml', (warning) => warned.push(warning));
    expect(file.hotel.name).toBe('Eco-friendly Tilleuls');
    expect(warned).toHaveLength(5);
    expect(warned[0]).toMatch(
      /^line \d+: actions\[1\]\.texts\.fr\.description \(action "[a-z-]+"\): warning: the fr text makes a generic environmental claim \("éco-responsable"\)/,
    );
  });
});
