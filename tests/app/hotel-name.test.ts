import { describe, expect, it } from 'vitest';
import { nameStartsWithHotelWord } from '../../src/views/stay/hotelLanguages.ts';
import { makeHotel, makeLanguage } from './stay-fixtures.ts';

const withLanguages = (...codes: string[]) =>
  makeHotel({}, { languagesSupported: codes.map((code, index) => makeLanguage(code, code, index + 1)) });

describe('nameStartsWithHotelWord', () => {
  it.each([
    ['Hôtel Les Tilleuls'],
    ['hotel du Lac'],
    ['HÔTEL DU LAC'],
    ['Hotel'],
    ['  Hôtel  du Parc'],
    ['Hotel-Restaurant du Port'],
  ])('finds the word in %j', (name) => {
    expect(nameStartsWithHotelWord(name, withLanguages('fr', 'en'))).toBe(true);
  });

  it('finds the Arabic word, with or without short vowels', () => {
    expect(nameStartsWithHotelWord('فندق الزيزفون', withLanguages('ar'))).toBe(true);
    expect(nameStartsWithHotelWord('فُنْدُق الزيزفون', withLanguages('ar'))).toBe(true);
  });

  it("finds the word of a hotel language that has no interface catalog, and only the hotel's", () => {
    expect(nameStartsWithHotelWord('Otel Lale', withLanguages('tr'))).toBe(true);
    expect(nameStartsWithHotelWord('Otel Lale', withLanguages('fr', 'de'))).toBe(false);
    expect(nameStartsWithHotelWord('Albergo Roma', makeHotel({}, { primaryLanguage: 'it-IT' }))).toBe(true);
  });

  it('knows the interface words when the hotel call failed', () => {
    expect(nameStartsWithHotelWord('Hôtel Les Tilleuls', null)).toBe(true);
    expect(nameStartsWithHotelWord('فندق الزيزفون', null)).toBe(true);
  });

  it.each([['Les Tilleuls'], ['Hotelia'], ['Hôtellerie du Bois'], ['Le Grand Hôtel']])(
    'leaves %j to the template',
    (name) => {
      expect(nameStartsWithHotelWord(name, withLanguages('fr', 'en', 'ar'))).toBe(false);
    },
  );
});
