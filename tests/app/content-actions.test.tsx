import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { ContentProblem, ContentReply } from '../../contract/content-editor.ts';
import type { ActionEntry } from '../../contract/hotel-content-file.ts';
import {
  type CheckContentInput,
  contentEditorMachine,
  type SaveContentInput,
} from '../../machines/contentEditor.machine.ts';
import type { StaffSectionInput } from '../../machines/staffConsole.machine.ts';
import { contentProblems } from '../../server/content/validate.ts';
import { ActionsSection } from '../../src/views/staff/console/content/actions/ActionsSection.tsx';
import type { ContentEditorRef } from '../../src/views/staff/console/content/draftField.ts';
import { contentReply, tilleulsDocument } from './content-fixtures.ts';
import { renderStaffSection } from './staff-section-host.tsx';

/**
 * The Actions section over a real content editor: the sample hotel's content loaded, the draft checked by the server's
 * own validator (what POST …/content/check answers), so each problem lands where the real one would.
 */
function renderActions(reply: ContentReply = contentReply(tilleulsDocument())) {
  const machine = contentEditorMachine.provide({
    actors: {
      loadContent: fromPromise<ContentReply, StaffSectionInput>(async () => reply),
      checkContent: fromPromise<ContentProblem[], CheckContentInput>(async ({ input }) =>
        contentProblems(input.document),
      ),
      saveContent: fromPromise<ContentReply, SaveContentInput>(async ({ input }) => contentReply(input.document, 'v2')),
    },
  });
  let editor: ContentEditorRef | undefined;
  const { user } = renderStaffSection(machine, (actorRef) => {
    editor = actorRef;
    return <ActionsSection actorRef={actorRef} />;
  });
  const actions = (): ActionEntry[] => editor?.getSnapshot().context.draft?.actions ?? [];
  const save = () => editor?.send({ type: 'draft.save' });
  const savedVersion = () => editor?.getSnapshot().context.saved?.version;
  return { user, actions, save, savedVersion };
}

/** Types a text into a field at once (a keystroke at a time is slow in jsdom, and changes nothing here). */
async function write(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const nameOf = (key: string) => tilleulsDocument().actions?.find((action) => action.key === key)?.texts.fr?.name ?? '';

const list = () => screen.findByRole('region', { name: 'Actions proposées aux clients' });
const editor = () => screen.getByRole('region', { name: (name) => name !== 'Actions proposées aux clients' });
const group = (name: string) => screen.getByRole('group', { name });
/** The options or answers of a group (its problems are list items too). */
const items = (within: HTMLElement, part: 'option' | 'answer') =>
  Array.from(within.querySelectorAll<HTMLElement>(`[data-part="${part}"]`));
const cardNames = () =>
  Array.from(document.querySelectorAll('[data-part="list"] li .content-actions__card-name')).map(
    (element) => element.textContent,
  );

/** The names of the sample's twelve actions, in their order (position 1 to 12). */
const SAMPLE_NAMES = (tilleulsDocument().actions ?? []).map((action) => action.texts.fr?.name);

// Each test walks a manager through many fields: more than the default 5 s on a loaded 2-core machine.
describe('content editor: the Actions section', { timeout: 30_000 }, () => {
  it('lists the actions in their order with type and points; adds a CUSTOM action written in two languages', async () => {
    const { user, actions } = renderActions();
    await list();
    expect(cardNames()).toEqual(SAMPLE_NAMES);
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(first).toHaveTextContent('Renoncer au ménage');
    expect(first).toHaveTextContent('20 points');

    const add = screen.getByRole('form', { name: 'Ajouter une action' });
    await user.selectOptions(within(add).getByLabelText('Type'), 'Choix');
    await write(user, within(add).getByLabelText('Nom'), 'Venir en train');
    await user.click(within(add).getByRole('button', { name: 'Ajouter une action' }));

    const heading = await screen.findByRole('heading', { name: 'Venir en train' });
    // The focus moves in an effect after the heading renders.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(group('Réglages')).getByLabelText('Clé')).toHaveValue('venir-en-train');
    await write(user, within(group('Français (fr)')).getByLabelText('Description'), 'Le train émet peu.');
    const options = () => items(group('Options'), 'option');
    await write(user, within(options()[0] as HTMLElement).getByLabelText('Libellé (Français)'), 'En train');
    await write(user, within(options()[1] as HTMLElement).getByLabelText('Libellé (Français)'), 'En car');
    await user.click(within(group('Options')).getByRole('button', { name: 'Ajouter une option' }));
    await write(user, within(options()[2] as HTMLElement).getByLabelText('Libellé (Français)'), 'À vélo');
    // The bike first, then the car gone.
    await user.click(within(group('Options')).getByRole('button', { name: "Monter l'option 3" }));
    await user.click(within(group('Options')).getByRole('button', { name: "Monter l'option 2" }));
    await user.click(within(group('Options')).getByRole('button', { name: "Retirer l'option 3" }));

    await user.click(within(group('English (en)')).getByRole('button', { name: 'Traduire en English' }));
    await write(user, within(group('English (en)')).getByLabelText('Nom'), 'Come by train');
    await write(user, within(group('English (en)')).getByLabelText('Description'), 'Trains emit little.');
    await write(user, within(group('English (en)')).getByLabelText('Thèmes'), 'Travel, Low carbon');
    await write(user, within(options()[0] as HTMLElement).getByLabelText('Libellé (English)'), 'By bike');
    await write(user, within(options()[1] as HTMLElement).getByLabelText('Libellé (English)'), 'By train');

    expect(actions()[12]).toEqual({
      key: 'venir-en-train',
      type: 'CUSTOM',
      scope: 'STAY',
      period: 'STAY',
      reward: 10,
      position: 13,
      tags: { en: ['Travel', 'Low carbon'] },
      texts: {
        fr: { name: 'Venir en train', description: 'Le train émet peu.' },
        en: { name: 'Come by train', description: 'Trains emit little.' },
      },
      options: [{ labels: { fr: 'À vélo', en: 'By bike' } }, { labels: { fr: 'En train', en: 'By train' } }],
    });
    // Written in full: the validator finds nothing left to fix in it.
    await waitFor(() => expect(screen.queryByText(/Les problèmes de cette action/)).toBeNull(), { timeout: 3000 });

    await user.click(screen.getByRole('button', { name: 'Toutes les actions' }));
    expect(await list()).toBeVisible();
    expect(cardNames().at(-1)).toBe('Venir en train');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Modifier Venir en train' })).toHaveFocus());
  });

  it('adds a QUIZ with its question, explanation and answers, the right one checked', async () => {
    const { user, actions } = renderActions();
    await list();
    const add = screen.getByRole('form', { name: 'Ajouter une action' });
    await user.selectOptions(within(add).getByLabelText('Type'), 'Quiz');
    await write(user, within(add).getByLabelText('Nom'), 'Le quiz du tri');
    await user.click(within(add).getByRole('button', { name: 'Ajouter une action' }));
    await screen.findByRole('heading', { name: 'Le quiz du tri' });

    const quiz = () => group('Quiz');
    await write(user, within(quiz()).getByLabelText('Question (Français)'), 'Où va le verre ?');
    await write(user, within(quiz()).getByLabelText('Explication (Français)'), 'Le verre se recycle sans fin.');
    await user.click(within(quiz()).getByRole('button', { name: 'Ajouter une réponse' }));
    const answers = () => items(quiz(), 'answer');
    const texts = ['Poubelle jaune', 'Conteneur à verre', 'Poubelle grise'];
    for (const [at, text] of texts.entries())
      await write(user, within(answers()[at] as HTMLElement).getByLabelText('Texte (Français)'), text);
    await user.click(within(answers()[0] as HTMLElement).getByLabelText('Bonne réponse'));
    await user.click(within(answers()[1] as HTMLElement).getByLabelText('Bonne réponse'));
    await write(user, within(group('Français (fr)')).getByLabelText('Description'), 'Trois questions sur le tri.');
    // A quiz asks its own question: no separate one among its texts.
    expect(within(group('Français (fr)')).queryByLabelText('Question')).toBeNull();

    expect(actions()[12]).toEqual({
      key: 'le-quiz-du-tri',
      type: 'QUIZ',
      scope: 'STAY',
      period: 'STAY',
      reward: 10,
      position: 13,
      texts: { fr: { name: 'Le quiz du tri', description: 'Trois questions sur le tri.' } },
      quiz: {
        texts: { fr: { question: 'Où va le verre ?', explanation: 'Le verre se recycle sans fin.' } },
        answers: [
          { correct: false, texts: { fr: 'Poubelle jaune' } },
          { correct: true, texts: { fr: 'Conteneur à verre' } },
          { texts: { fr: 'Poubelle grise' } },
        ],
      },
    });
    // Two answers at least: with three, one may go; with two, neither.
    await user.click(within(answers()[2] as HTMLElement).getByRole('button', { name: 'Retirer la réponse C' }));
    expect(actions()[12]?.quiz?.answers).toHaveLength(2);
    for (const answer of answers()) expect(within(answer).getByRole('button', { name: /^Retirer/ })).toBeDisabled();
  });

  it('lets a new action change its key and type until it is saved', async () => {
    const { user, actions, save } = renderActions();
    await list();
    const add = screen.getByRole('form', { name: 'Ajouter une action' });
    await write(user, within(add).getByLabelText('Nom'), 'Serviettes');
    await user.click(within(add).getByRole('button', { name: 'Ajouter une action' }));
    await screen.findByRole('heading', { name: 'Serviettes' });
    const settings = () => group('Réglages');
    expect(within(settings()).getByLabelText('Type')).toHaveDisplayValue('Oui ou non');
    expect(within(settings()).getByLabelText('Réponse qui rapporte les points')).toHaveValue('YES');
    await user.clear(within(settings()).getByLabelText('Clé'));
    await write(user, within(settings()).getByLabelText('Clé'), 'serviettes-vertes');
    await user.selectOptions(within(settings()).getByLabelText('Type'), 'Choix');
    expect(within(settings()).queryByLabelText('Réponse qui rapporte les points')).toBeNull();
    expect(items(group('Options'), 'option')).toHaveLength(2);
    expect(actions()[12]).toMatchObject({ key: 'serviettes-vertes', type: 'CUSTOM', scope: 'STAY', period: 'STAY' });
    expect(actions()[12]).not.toHaveProperty('positiveResponse');

    save();
    // Saved: a new key would make a new action, so both stay as they are.
    expect(await within(settings()).findByText('serviettes-vertes')).toBeVisible();
    expect(within(settings()).queryByLabelText('Clé')).toBeNull();
    expect(within(settings()).queryByRole('combobox', { name: 'Type' })).toBeNull();
    expect(within(settings()).getByText('Choix')).toBeVisible();
  });

  it('moves an action up and down, numbering the positions again', async () => {
    const { user, actions } = renderActions();
    await list();
    expect(screen.getByRole('button', { name: 'Monter Renoncer au ménage' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descendre Visitez notre potager' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Monter Visitez notre potager' }));
    await user.click(screen.getByRole('button', { name: 'Descendre Renoncer au ménage' }));
    const expected = [...SAMPLE_NAMES];
    expected.splice(10, 2, SAMPLE_NAMES[11], SAMPLE_NAMES[10]);
    expected.splice(0, 2, SAMPLE_NAMES[1], SAMPLE_NAMES[0]);
    expect(cardNames()).toEqual(expected);
    expect(actions().map((action) => [action.texts.fr?.name, action.position])).toEqual(
      expected.map((name, at) => [name, at + 1]),
    );
  });

  // Testing Library reads the French no-break spaces as plain ones.
  it('retires an action after saying what it means for guests', async () => {
    const { user, actions } = renderActions();
    await list();
    await user.click(screen.getByRole('button', { name: "Modifier Le quiz de l'eau" }));
    const retire = () => within(editor()).getByRole('button', { name: "Retirer l'action" });
    expect(
      screen.getByText(
        "Les clients qui l'ont déjà faite gardent leurs points et la voient comme faite ; elle n'est plus proposée.",
      ),
    ).toBeVisible();
    await user.click(retire());
    expect(screen.getByText("Retirer « Le quiz de l'eau » ?")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(actions()).toHaveLength(12);
    await user.click(retire());
    await user.click(retire());
    await list();
    expect(actions().map((action) => action.key)).not.toContain('shower-quiz');
    expect(cardNames()).toEqual(SAMPLE_NAMES.filter((name) => name !== "Le quiz de l'eau"));
  });

  it('opens each of the twelve types with the fields it needs', async () => {
    const { user } = renderActions();
    const sample = tilleulsDocument().actions ?? [];
    const yesNo = ['YESNO', 'YESNOSTAY', 'YESNOMAIL'];
    const asked = ['LUNICLEAN', 'LUNISHOWER', 'HEATING', ...yesNo, 'REVIEW', 'CUSTOM'];
    for (const action of sample) {
      const name = action.texts.fr?.name ?? '';
      await list();
      await user.click(screen.getByRole('button', { name: `Modifier ${name}` }));
      await screen.findByRole('heading', { name });
      const settings = group('Réglages');
      // Saved: its key and type are shown, not edited.
      expect(within(settings).getByText(action.key)).toBeVisible();
      expect(within(settings).queryByLabelText('Clé')).toBeNull();
      expect(within(settings).queryByRole('combobox', { name: 'Type' })).toBeNull();
      expect(within(settings).getByLabelText('Points')).toHaveValue(action.reward);
      expect(within(settings).getByLabelText('Portée')).toHaveValue(action.scope);
      expect(within(settings).getByLabelText('Fréquence')).toHaveValue(action.period);
      expect(within(settings).getByLabelText('Couleur du titre')).toHaveValue('#ffffff');
      expect(within(settings).getByLabelText("Adresse de l'image")).toHaveValue(action.picture);
      expect(within(settings).queryByLabelText('Réponse qui rapporte les points') !== null).toBe(
        yesNo.includes(action.type),
      );
      for (const [code, language] of [
        ['fr', 'Français'],
        ['en', 'English'],
        ['ar', 'العربية'],
      ] as const) {
        const block = group(`${language} (${code})`);
        expect(within(block).getByLabelText('Nom')).toHaveValue(action.texts[code]?.name);
        expect(within(block).getByLabelText('Description')).toHaveValue(action.texts[code]?.description);
        expect(within(block).getByLabelText('Thèmes')).toHaveValue(
          action.tags?.[code]?.join(code === 'ar' ? '، ' : ', '),
        );
        expect(within(block).queryByLabelText('Question') !== null).toBe(asked.includes(action.type));
      }
      expect(within(group('Deutsch (de)')).getByRole('button', { name: 'Traduire en Deutsch' })).toBeEnabled();
      expect(screen.queryByRole('group', { name: 'Options' }) !== null).toBe(action.type === 'CUSTOM');
      expect(screen.queryByRole('group', { name: 'Quiz' }) !== null).toBe(action.type === 'QUIZ');
      expect(screen.queryByRole('group', { name: 'Codes de preuve' }) !== null).toBe(action.type === 'PROOF');
      if (action.type === 'CUSTOM') expect(items(group('Options'), 'option')).toHaveLength(action.options?.length ?? 0);
      if (action.type === 'QUIZ') {
        const answers = items(group('Quiz'), 'answer');
        for (const [at, answer] of answers.entries()) {
          const box = within(answer).getByLabelText('Bonne réponse');
          if (action.quiz?.answers[at]?.correct) expect(box).toBeChecked();
          else expect(box).not.toBeChecked();
        }
      }
      if (action.type === 'PROOF')
        expect(
          within(group('Codes de preuve'))
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual(action.proofQrIds);
      await user.click(screen.getByRole('button', { name: 'Toutes les actions' }));
    }
  });

  it('shows the validator’s problems at their field, and counts them on the card', async () => {
    const { user } = renderActions();
    await list();
    await user.click(screen.getByRole('button', { name: `Modifier ${nameOf('travel-mode')}` }));
    const french = () => group('Français (fr)');
    await user.clear(within(french()).getByLabelText('Nom'));
    await user.clear(within(group('English (en)')).getByLabelText('Description'));
    await user.click(within(group('Options')).getByRole('button', { name: "Retirer l'option 3" }));
    await user.click(within(group('Options')).getByRole('button', { name: "Retirer l'option 2" }));
    fireEvent.change(within(group('Réglages')).getByLabelText('Points'), { target: { value: '-5' } });

    const name = within(french()).getByLabelText('Nom');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'), { timeout: 3000 });
    expect(name).toHaveAccessibleDescription('Obligatoire');
    expect(within(group('English (en)')).getByLabelText('Description')).toHaveAccessibleDescription('Obligatoire');
    expect(within(group('English (en)')).getByLabelText('Nom')).not.toHaveAttribute('aria-invalid');
    expect(within(group('Réglages')).getByLabelText('Points')).toHaveAccessibleDescription('Au moins 0');
    expect(screen.getByText('Les problèmes de cette action sont indiqués sous leur champ.')).toBeVisible();

    // The type's own rule (checked once the shape is right): two options at least, said at the options.
    await write(user, within(french()).getByLabelText('Nom'), nameOf('travel-mode'));
    await write(user, within(group('English (en)')).getByLabelText('Description'), 'Tell us.');
    fireEvent.change(within(group('Réglages')).getByLabelText('Points'), { target: { value: '15' } });
    expect(await within(group('Options')).findByText('Au moins 2 choix', {}, { timeout: 3000 })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Toutes les actions' }));
    const card = (await list()).querySelector('[data-key="travel-mode"]') as HTMLElement;
    expect(within(card).getByText('1 problème')).toBeVisible();
    expect(document.querySelectorAll('[data-part="problems"]')).toHaveLength(1);
  });

  it('says a generic claim at its field as a warning, in that text’s language; the action counts no problem and saves', async () => {
    const { user, actions, save, savedVersion } = renderActions();
    await list();
    await user.click(screen.getByRole('button', { name: `Modifier ${nameOf('skip-cleaning')}` }));
    const frenchName = within(group('Français (fr)')).getByLabelText('Nom');
    await user.clear(frenchName);
    await write(user, frenchName, 'Un ménage éco-responsable');
    const arabicName = within(group('العربية (ar)')).getByLabelText('Nom');
    await user.clear(arabicName);
    await write(user, arabicName, 'خيار صديق للبيئة');

    const warning =
      'À vérifier\u00a0: «\u00a0éco-responsable\u00a0» est une allégation environnementale générale. Dites plutôt ce qu’un geste économise, estimé.';
    await waitFor(() => expect(frenchName).toHaveAccessibleDescription(warning), { timeout: 3000 });
    expect(arabicName).toHaveAccessibleDescription(expect.stringContaining('«\u00a0صديق للبيئة\u00a0»'));
    // A warning is not an error: the field is not invalid, its note is drawn as a warning.
    expect(frenchName).not.toHaveAttribute('aria-invalid');
    expect(frenchName.closest('.content-field')?.querySelector('[data-part="problems"]')).toHaveAttribute(
      'data-severity',
      'warning',
    );
    expect(screen.queryByText('Les problèmes de cette action sont indiqués sous leur champ.')).not.toBeInTheDocument();

    save();
    await waitFor(() => expect(savedVersion()).toBe('v2'));
    expect(actions()[0]?.texts.fr?.name).toBe('Un ménage éco-responsable');
    await user.click(screen.getByRole('button', { name: 'Toutes les actions' }));
    const card = (await list()).querySelector('[data-key="skip-cleaning"]') as HTMLElement;
    expect(within(card).queryByText(/problème/)).not.toBeInTheDocument();
  });
});
