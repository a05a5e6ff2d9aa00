import type { I18n } from '@lingui/core';

/** Numbers in the interface language's style with Latin digits (docs/behaviour.md#impact-tab). */
export function numberFormat(i18n: I18n, maximumFractionDigits = 2): Intl.NumberFormat {
  return new Intl.NumberFormat(`${i18n.locale || 'fr'}-u-nu-latn`, { maximumFractionDigits });
}

/** A calendar date (YYYY-MM-DD) in the interface language, read at UTC so no device zone moves it. */
export function formatDate(i18n: I18n, date: string): string {
  return new Intl.DateTimeFormat(`${i18n.locale || 'fr'}-u-nu-latn`, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A calendar date with its month's name ('21 novembre 2026', '21 نوفمبر 2026'): never ambiguous, read at UTC. */
export function formatLongDate(i18n: I18n, date: string): string {
  return new Intl.DateTimeFormat(`${i18n.locale || 'fr'}-u-nu-latn`, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A calendar date as a chart tick: day and short month ('12 nov.'), read at UTC like `formatDate`. */
export function formatDayTick(i18n: I18n, date: string): string {
  return new Intl.DateTimeFormat(`${i18n.locale || 'fr'}-u-nu-latn`, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
