import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '../../contract/content-editor.ts';
import { contentEditorMachine } from '../../machines/contentEditor.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { ContentEditor } from '../../src/views/staff/console/content/ContentEditor.tsx';
import { withoutLanguage } from '../../src/views/staff/console/content/languages/languageList.ts';
import { DOCUMENT } from './content-fixtures.ts';
import { controlledActors } from './controlled-actors.ts';
import { renderStaffSection } from './staff-section-host.tsx';

/** The Programme tab loaded with DOCUMENT; its calls under the test's control. */
async function renderEditor() {
  const controlled = controlledActors(['loadContent', 'checkContent', 'saveContent', 'importYaml', 'exportYaml']);
  const { user } = renderStaffSection(controlled.provideTo(contentEditorMachine), (actorRef) => (
    <ContentEditor actorRef={actorRef} />
  ));
  await screen.findByRole('status');
  await act(async () => controlled.resolve('loadContent', { version: 'v1', number: 1, document: DOCUMENT }));
  return { controlled, user };
}

/** The document the save sends. */
async function saved(
  user: Awaited<ReturnType<typeof renderEditor>>['user'],
  controlled: Awaited<ReturnType<typeof renderEditor>>['controlled'],
) {
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  const call = controlled.calls.findLast((made) => made.name === 'saveContent');
  if (!call) throw new Error('Nothing was saved');
  return (call.input as { document: ContentDocument }).document;
}

describe('the Settings section', () => {
  it('changes every setting of the hotel by its field, an emptied optional one leaving the document', async () => {
    const { controlled, user } = await renderEditor();
    const field = (label: string) => screen.getByLabelText(label);
    await user.clear(field("Nom de l'hôtel"));
    await user.type(field("Nom de l'hôtel"), 'Les Tilleuls rénovés');
    await user.clear(field('Nom des points'));
    await user.selectOptions(field('Fuseau horaire'), 'America/New_York');
    fireEvent.change(field('Heure de départ'), { target: { value: '10:30' } });
    await user.clear(field('Adresse e-mail du rapport'));
    fireEvent.change(field('Heure du rapport'), { target: { value: '06:15' } });
    await user.clear(field('Préfixe des codes'));
    await user.type(field('Préfixe des codes'), 'TLR');
    await user.selectOptions(field("QR code de l'hôtel"), 'open');
    await user.clear(field('Fois où une récompense peut être débloquée par chambre et par nuit'));
    await user.type(field('Fois où une récompense peut être débloquée par chambre et par nuit'), '3');
    await user.clear(field("Codes tirés des réserves de l'hôtel par jour"));
    await user.type(field("Codes tirés des réserves de l'hôtel par jour"), '50');
    await user.clear(field("Nuits d'un séjour sans date de départ"));
    await user.type(field("Nuits d'un séjour sans date de départ"), '30');
    await user.clear(field('Séjours en cours par chambre'));
    expect(screen.getByText('Hôtel réel, pas de démonstration.')).toBeInTheDocument();

    const { greenMilesName: _name, reportEmail: _email, roomCapacity: _capacity, ...kept } = DOCUMENT.hotel;
    expect(await saved(user, controlled)).toEqual({
      ...DOCUMENT,
      hotel: {
        ...kept,
        name: 'Les Tilleuls rénovés',
        timeZone: 'America/New_York',
        checkoutTime: '10:30',
        reportHour: '06:15',
        codePrefix: 'TLR',
        hotelQrEntry: 'open',
        maxClaimsPerRoomNight: 3,
        maxPoolCodesPerDay: 50,
        maxStayNights: 30,
      },
    });
  }, 30_000);
});

describe('the Languages section', () => {
  it('moves, makes primary, disables, renames and adds languages; the list keeps its order, positions give the guests’', async () => {
    const { controlled, user } = await renderEditor();
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Langues' }));
    const region = screen.getByRole('region', { name: 'Langues' });
    await user.click(within(region).getByRole('button', { name: 'Descendre English' }));
    expect(
      within(region)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Français fr', 'العربية ar', 'English en', 'Ajouter une langue']);
    // The first can go no higher, the last no lower.
    expect(within(region).getByRole('button', { name: 'Monter Français' })).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Descendre English' })).toBeDisabled();
    await user.click(within(region).getByRole('radio', { name: 'English' }));
    const arabic = within(region).getByRole('listitem', { name: 'العربية ar' });
    await user.click(within(arabic).getByLabelText('Proposée aux clients'));
    await user.type(within(arabic).getByLabelText('Nom affiché aux clients'), ' (arabe)');
    await user.type(within(region).getByLabelText('Code de la langue'), 'de');
    await user.type(within(region).getByLabelText('Nom de la langue'), 'Deutsch');
    await user.click(within(region).getByRole('button', { name: 'Ajouter la langue' }));

    expect((await saved(user, controlled)).languages).toEqual([
      { code: 'fr', name: 'Français', enabled: true, direction: 'ltr', isPrimary: false, position: 0 },
      { code: 'en', name: 'English', enabled: true, direction: 'ltr', isPrimary: true, position: 2 },
      { code: 'ar', name: 'العربية (arabe)', enabled: false, direction: 'rtl', isPrimary: false, position: 1 },
      { code: 'de', name: 'Deutsch', enabled: true, direction: 'ltr', isPrimary: false, position: 3 },
    ]);
  });

  it('removes a language with its texts everywhere', async () => {
    const { controlled, user } = await renderEditor();
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Langues' }));
    await user.click(screen.getByRole('button', { name: 'Retirer English' }));
    expect((await saved(user, controlled)).languages.map((language) => language.code)).toEqual(['fr', 'ar']);

    const texts = { fr: 'Texte', en: 'Text' };
    const raw: ContentDocument = {
      ...DOCUMENT,
      actions: [
        {
          key: 'quiz',
          type: 'QUIZ',
          scope: 'STAY',
          period: 'STAY',
          reward: 5,
          position: 0,
          texts: { fr: { name: 'Quiz', description: 'Quiz' }, en: { name: 'Quiz', description: 'Quiz' } },
          tags: { fr: ['eau'], en: ['water'] },
          quiz: {
            texts: { fr: { question: 'Q ?' }, en: { question: 'Q?' } },
            answers: [{ correct: true, texts }, { texts }],
          },
        },
      ],
      rewards: [
        {
          key: 'cafe',
          type: 'CODE',
          cost: 10,
          texts: { fr: { name: 'Café', description: 'Café' }, en: { name: 'Coffee', description: 'Coffee' } },
        },
      ],
      menu: [{ key: 'soupe', names: texts, ingredients: [{ food: 'carrot', grams: 100 }] }],
    };
    const without = withoutLanguage(raw, 'en');
    expect(JSON.stringify(without)).not.toContain('"en"');
    expect(without.actions?.[0]?.quiz?.answers[0]?.texts).toEqual({ fr: 'Texte' });
    expect(without.rewards?.[0]?.texts).toEqual({ fr: { name: 'Café', description: 'Café' } });
    expect(without.menu?.[0]?.names).toEqual({ fr: 'Texte' });
  });
});

describe('the save bar', () => {
  it('lists each problem of a refused save, leads to its section and focuses its field', async () => {
    const { controlled, user } = await renderEditor();
    await user.type(screen.getByLabelText("Nom de l'hôtel"), '!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const problem = {
      path: ['languages', 1, 'name'],
      rule: 'tooLong' as const,
      values: { max: '60' },
      message: 'must be at most 60 characters',
    };
    await act(async () =>
      controlled.reject('saveContent', new ApiError(422, 'content_invalid', 'invalid', { problems: [problem] })),
    );
    const bar = screen.getByRole('region', { name: 'Enregistrement du programme' });
    expect(within(bar).getByRole('status')).toHaveTextContent('1 problème à corriger');
    await user.click(within(bar).getByRole('button', { name: 'Langues Au plus 60 caractères' }));
    const english = within(screen.getByRole('region', { name: 'Langues' })).getByRole('listitem', {
      name: 'English en',
    });
    const name = within(english).getByLabelText('Nom affiché aux clients');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Au plus 60 caractères');
  });
});
