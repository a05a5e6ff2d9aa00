import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activateLanguage, loadDialogsCatalog } from '../../src/i18n/activate.ts';

describe('catalog loading', () => {
  it('loads a lazy catalog asked for while a language loads in that language', async () => {
    const { messages: englishDialogs } = await import('../../locales/en/dialogs.po');
    const [id, english] = Object.entries(englishDialogs)[0] ?? [];
    if (id === undefined) throw new Error('the English dialogs catalog is empty');

    // A dialog opened while the guest's new language still loads.
    await Promise.all([activateLanguage('en'), loadDialogsCatalog()]);

    expect(i18n.locale).toBe('en');
    expect(i18n.messages[id]).toEqual(english);
  });
});
