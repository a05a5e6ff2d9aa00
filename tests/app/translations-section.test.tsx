import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import type { ContentDocument, ContentReply } from '../../contract/content-editor.ts';
import { contentEditorMachine } from '../../machines/contentEditor.machine.ts';
import { TranslationsSection } from '../../src/views/staff/console/content/translations/TranslationsSection.tsx';
import { controlledActors } from './controlled-actors.ts';
import { renderStaffSection } from './staff-section-host.tsx';

const texts = (name: string, description: string) => ({ name, description });

/** contract/hotel-content-file.ts types an action's `type` as never (its union of literals is built from a list). */
function content(): ContentDocument {
  const document: unknown = {
    hotel: { id: 1, name: 'Les Tilleuls', isDemo: false, timeZone: 'Europe/Paris' },
    languages: [
      { code: 'ar', name: 'العربية', enabled: true, direction: 'rtl', position: 3 },
      { code: 'fr', name: 'Français', enabled: true, isPrimary: true, position: 1 },
      { code: 'en', name: 'English', enabled: true, position: 2 },
    ],
    actions: [
      {
        key: 'skip-cleaning',
        type: 'LUNICLEAN',
        scope: 'ROOM',
        period: 'NIGHT',
        reward: 20,
        position: 1,
        texts: {
          fr: texts('Pas de ménage', 'Gardez votre chambre telle quelle.'),
          en: texts('No cleaning', 'Keep your room as it is.'),
          ar: texts('بدون تنظيف', 'اترك غرفتك كما هي.'),
        },
      },
      {
        key: 'towels',
        type: 'CUSTOM',
        scope: 'ROOM',
        period: 'NIGHT',
        reward: 10,
        position: 2,
        texts: { fr: texts('Serviettes', 'Réutilisez vos serviettes.') },
        tags: { fr: ['eau'] },
      },
    ],
    rewards: [{ key: 'coffee', type: 'OTHER', cost: 50, texts: { fr: texts('Café offert', 'Au bar.') } }],
  };
  return document as ContentDocument;
}

const REPLY: ContentReply = { version: 'v-1', number: 1, document: content() };

async function renderTranslations() {
  const controlled = controlledActors(['loadContent', 'checkContent']);
  let editor: ActorRefFrom<typeof contentEditorMachine> | undefined;
  const rendered = renderStaffSection(controlled.provideTo(contentEditorMachine), (actorRef) => {
    editor = actorRef;
    return <TranslationsSection actorRef={actorRef} />;
  });
  await act(async () => controlled.resolve('loadContent', REPLY));
  if (!editor) throw new Error('The editor runs');
  const draftRef = editor;
  return { ...rendered, draft: () => draftRef.getSnapshot().context.draft };
}

const rowsOf = () => within(screen.getByRole('table', { name: 'Textes par langue' })).getAllByRole('row');
const cell = (name: string) => screen.getByRole('textbox', { name });

describe('translations side by side', () => {
  it('shows one column per language in the order guests see them, one row per text', async () => {
    await renderTranslations();
    const [head, ...rows] = rowsOf();
    expect(
      within(head as HTMLElement)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Texte', 'Français', 'English', 'العربية']);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Action skip-cleaningNom',
      'Action skip-cleaningDescription',
      'Action towelsNom',
      'Action towelsDescription',
      'Action towelsÉtiquettes (séparées par des virgules)',
      'Récompense coffeeNom',
      'Récompense coffeeDescription',
    ]);
    expect(cell('Nom, Action skip-cleaning, en العربية')).toHaveValue('بدون تنظيف');
    expect(cell('Nom, Action skip-cleaning, en العربية')).toHaveAttribute('dir', 'rtl');
  });

  it('flags a missing text with what a guest of that language reads instead', async () => {
    await renderTranslations();
    // English guests have a list of actions in English, without this one.
    expect(cell('Nom, Action towels, en English')).toHaveAccessibleDescription(
      'Manquant Un client en English ne voit pas cette action.',
    );
    // A reward falls back text by text: English, then French.
    expect(cell('Nom, Récompense coffee, en العربية')).toHaveAccessibleDescription(
      'Manquant Un client en العربية lit, en Français : Café offert',
    );
    expect(cell('Nom, Action skip-cleaning, en English')).not.toHaveAttribute('aria-describedby');
  });

  it('keeps only the rows with a missing text when asked', async () => {
    const { user } = await renderTranslations();
    await user.click(screen.getByRole('checkbox', { name: 'Seulement les textes manquants' }));
    expect(
      rowsOf()
        .slice(1)
        .map((row) => within(row).getByRole('rowheader').textContent),
    ).toEqual([
      'Action towelsNom',
      'Action towelsDescription',
      'Action towelsÉtiquettes (séparées par des virgules)',
      'Récompense coffeeNom',
      'Récompense coffeeDescription',
    ]);
  });

  it('writes an edited cell into the draft, and an emptied language leaves it whole', async () => {
    const { user, draft } = await renderTranslations();
    await user.type(cell('Nom, Action towels, en English'), 'Towels');
    expect(draft()?.actions?.[1]?.texts).toEqual({
      fr: texts('Serviettes', 'Réutilisez vos serviettes.'),
      en: { name: 'Towels' },
    });
    await user.clear(cell('Nom, Action towels, en English'));
    expect(draft()?.actions?.[1]?.texts).toEqual({ fr: texts('Serviettes', 'Réutilisez vos serviettes.') });

    const tags = cell('Étiquettes (séparées par des virgules), Action towels, en العربية');
    await user.type(tags, 'ماء, طاقة ,');
    fireEvent.blur(tags);
    expect(draft()?.actions?.[1]?.tags).toEqual({ fr: ['eau'], ar: ['ماء', 'طاقة'] });
    await user.clear(cell('Étiquettes (séparées par des virgules), Action towels, en Français'));
    fireEvent.blur(cell('Étiquettes (séparées par des virgules), Action towels, en Français'));
    expect(draft()?.actions?.[1]?.tags).toEqual({ ar: ['ماء', 'طاقة'] });

    await user.type(cell('Description, Récompense coffee, en English'), 'At the bar.');
    expect(draft()?.rewards?.[0]?.texts.en).toEqual({ description: 'At the bar.' });
  });

  it('shows what a guest choosing a language reads of each text, and in which language', async () => {
    const { user } = await renderTranslations();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Voir comme un client en' }), 'English');
    const [head, ...rows] = rowsOf();
    expect(head).toHaveTextContent('TexteCe que lit un client en English');
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(rows.map((row) => within(row).getByRole('cell').textContent)).toEqual([
      'No cleaning',
      'Keep your room as it is.',
      'Un client en English ne voit pas cette action.',
      'Un client en English ne voit pas cette action.',
      'Un client en English ne voit pas cette action.',
      'Un client en English lit, en Français : Café offert',
      'Un client en English lit, en Français : Au bar.',
    ]);
  });
});
