/** The longest key a content entry may have (contract/hotel-content-file.ts: `key`). */
const KEY_MAX_LENGTH = 64;

/**
 * A key for a new reward or dish (docs/behaviour.md#rewards): its name in lower-case letters, digits and
 * hyphens (accents dropped), `fallback` when nothing of the name is left (an Arabic name), then -2, -3… until no
 * other entry has it.
 */
export function keyFromName(name: string, taken: readonly string[], fallback: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Room is left for the number that makes it unique.
  const base = words.slice(0, KEY_MAX_LENGTH - 6).replace(/-+$/, '') || fallback;
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let number = 2;
  while (used.has(`${base}-${number}`)) number += 1;
  return `${base}-${number}`;
}
