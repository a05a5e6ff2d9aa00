import { describe, expect, it } from 'vitest';
import { SOURCE_LANGUAGE } from '../../contract/text-language.ts';
import { BoundedCache } from '../../server/bounded-cache.ts';
import { primaryLanguageOf } from '../../server/domain/hotels.ts';

describe('BoundedCache', () => {
  it('creates an entry once and serves it afterwards', () => {
    const cache = new BoundedCache<number>(2);
    let created = 0;
    const create = () => ++created;
    expect(cache.getOrAdd('a', create)).toBe(1);
    expect(cache.getOrAdd('a', create)).toBe(1);
    expect(created).toBe(1);
  });

  it('forgets the oldest insertion when full', () => {
    const cache = new BoundedCache<string>(2);
    cache.getOrAdd('a', () => 'a1');
    cache.getOrAdd('b', () => 'b1');
    cache.getOrAdd('c', () => 'c1');
    expect(cache.getOrAdd('b', () => 'b2')).toBe('b1');
    expect(cache.getOrAdd('c', () => 'c2')).toBe('c1');
    expect(cache.getOrAdd('a', () => 'a2')).toBe('a2');
  });

  it('forgets a load that failed, so the next call loads again', async () => {
    const cache = new BoundedCache<Promise<string>>(2);
    await expect(cache.getOrAdd('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    await expect(cache.getOrAdd('k', () => Promise.resolve('loaded'))).resolves.toBe('loaded');
    await expect(cache.getOrAdd('k', () => Promise.resolve('again'))).resolves.toBe('loaded');
  });
});

describe('primaryLanguageOf', () => {
  it('is the language marked primary, else the first in display order, else the source language', () => {
    const fr = { code: 'fr', is_primary: 0 };
    const en = { code: 'en', is_primary: 0 };
    expect(primaryLanguageOf([fr, { ...en, is_primary: 1 }])).toBe('en');
    expect(primaryLanguageOf([en, fr])).toBe('en');
    expect(primaryLanguageOf([])).toBe(SOURCE_LANGUAGE);
    expect(SOURCE_LANGUAGE).toBe('fr');
  });
});
