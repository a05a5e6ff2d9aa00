import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activateLanguage, loadDialogsCatalog } from '../../src/i18n/activate.ts';

describe('catalog loading', () => {
  it('loads a lazy catalog asked for during the first activation in the locale being activated', async () => {
    const { messages: englishDialogs } = await import('../../locales/en/dialogs.po');
    const [id, english] = Object.entries(englishDialogs)[0] ?? [];
    if (id === undefined) throw new Error('the English dialogs catalog is empty');

    // As src/main.tsx does: a route's loader asks for the dialogs catalog while the first language still loads.
    await Promise.all([activateLanguage('en'), loadDialogsCatalog()]);

    expect(i18n.locale).toBe('en');
    expect(i18n.messages[id]).toEqual(english);
  });
});
