import { describe, expect, it } from 'vitest';
import { firstVisitCandidates } from '../../contract/locales.ts';

describe('firstVisitCandidates', () => {
  it('keeps the browser languages with a catalog, by base language, in order, then French', () => {
    expect(firstVisitCandidates(['en-GB', 'de-DE', 'ar', 'en-US'])).toEqual(['en', 'ar', 'fr']);
    expect(firstVisitCandidates(['AR_ma'])).toEqual(['ar', 'fr']);
  });

  it('is French alone when no preferred language has a catalog, or the browser says nothing', () => {
    expect(firstVisitCandidates(['de-DE', 'es'])).toEqual(['fr']);
    expect(firstVisitCandidates([])).toEqual(['fr']);
  });

  it('does not repeat French', () => {
    expect(firstVisitCandidates(['fr-CA', 'en'])).toEqual(['fr', 'en']);
  });
});
