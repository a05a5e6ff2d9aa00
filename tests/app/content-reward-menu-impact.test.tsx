/**
 * The content editor's Rewards, Menu and Impact figures sections (docs/behaviour.md#content-editor) over a real
 * content editor actor: what the manager does in each, and the content document it makes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { ContentDocument, ContentProblem, ContentReply } from '../../contract/content-editor.ts';
import { type CheckContentInput, contentEditorMachine } from '../../machines/contentEditor.machine.ts';
import { contentProblems } from '../../server/content/validate.ts';
import type { ContentEditorRef } from '../../src/views/staff/console/content/draftField.ts';
import { ImpactSection } from '../../src/views/staff/console/content/impact/ImpactSection.tsx';
import { MenuSection } from '../../src/views/staff/console/content/menu/MenuSection.tsx';
import { RewardsSection } from '../../src/views/staff/console/content/rewards/RewardsSection.tsx';
import { renderStaffSection } from './staff-section-host.tsx';

const SAVED: ContentDocument = {
  hotel: { id: 1, name: 'Hôtel Les Tilleuls', isDemo: false, timeZone: 'Europe/Paris' },
  languages: [
    { code: 'fr', name: 'Français', enabled: true, isPrimary: true, position: 0 },
    { code: 'ar', name: 'العربية', enabled: true, direction: 'rtl', position: 1 },
  ],
  rewards: [
    {
      key: 'petit-dejeuner',
      type: 'GENERIC',
      cost: 80,
      position: 1,
      texts: { fr: { name: 'Petit-déjeuner offert', description: 'Un petit-déjeuner pour deux.' } },
    },
  ],
};

/** The editor over SAVED; its check is the server's own validator, so a problem shows as the server would say it. */
function renderSection(view: (actorRef: ContentEditorRef) => React.ReactNode) {
  const reply: ContentReply = { version: 'v1', number: 1, document: SAVED };
  const machine = contentEditorMachine.provide({
    actors: {
      loadContent: fromPromise(async () => reply),
      checkContent: fromPromise<ContentProblem[], CheckContentInput>(async ({ input }) =>
        contentProblems(input.document),
      ),
    },
  });
  let editor: ContentEditorRef | undefined;
  const rendered = renderStaffSection(machine, (actorRef) => {
    editor = actorRef;
    return view(actorRef);
  });
  const draft = () => {
    const document = editor?.getSnapshot().context.draft;
    if (!document) throw new Error('The editor has no draft');
    return document;
  };
  return { ...rendered, draft };
}

/** Fills the Rewards section's add form with a reward's type, name and cost (if given), and adds it. */
async function addReward(
  user: ReturnType<typeof renderSection>['user'],
  reward: { type: string; name: string; cost?: string },
) {
  const form = await screen.findByRole('form', { name: 'Ajouter une récompense' });
  await user.selectOptions(within(form).getByLabelText('Type'), reward.type);
  await user.type(within(form).getByLabelText('Nom'), reward.name);
  if (reward.cost !== undefined) await user.type(within(form).getByLabelText('Coût (points)'), reward.cost);
  await user.click(within(form).getByRole('button', { name: 'Ajouter la récompense' }));
}

describe('Rewards section', () => {
  it('adds a CODE reward with its pool from a file (blanks dropped, repeats flagged) and a water donation', {
    timeout: 30_000,
  }, async () => {
    const { user, draft } = renderSection((actorRef) => <RewardsSection actorRef={actorRef} />);
    await addReward(user, { type: 'Code promo', name: 'Café offert', cost: '30' });

    const codeReward = screen.getAllByRole('listitem').find((item) => within(item).queryByText('Café offert'));
    if (!codeReward) throw new Error('The new reward is not listed');
    // New: its key and type may still change; the pool starts empty.
    expect(within(codeReward).getByLabelText('Clé')).toHaveValue('cafe-offert');
    expect(within(codeReward).getByText('La réserve est vide.')).toBeInTheDocument();
    await user.type(within(codeReward).getAllByLabelText('Description')[0] as HTMLElement, 'Un café au bar.');
    const file = new File(['TIL-0001\n\n  TIL-0002  \r\nTIL-0001\n"TIL-0003",lot 2\n'], 'codes.csv', {
      type: 'text/csv',
    });
    await user.upload(within(codeReward).getByLabelText('Importer un fichier (texte ou CSV)'), file);
    expect(await within(codeReward).findByText('3 codes dans la réserve')).toBeInTheDocument();
    expect(within(codeReward).getByText('3 codes ajoutés.')).toBeInTheDocument();
    expect(within(codeReward).getByText('TIL-0001')).toBeInTheDocument();

    await addReward(user, { type: "Don d'eau", name: "Don d'eau potable", cost: '50' });
    const volume = screen.getByLabelText("Volume d'eau (litres)");
    expect(volume).toHaveValue(50);
    await user.clear(volume);
    await user.type(volume, '100');

    expect(draft().rewards).toEqual([
      SAVED.rewards?.[0],
      {
        key: 'cafe-offert',
        type: 'CODE',
        cost: 30,
        position: 2,
        codePool: ['TIL-0001', 'TIL-0002', 'TIL-0003'],
        texts: { fr: { name: 'Café offert', description: 'Un café au bar.' } },
      },
      {
        key: 'don-d-eau-potable',
        type: 'EAU',
        cost: 50,
        position: 3,
        waterVolume: 100,
        texts: { fr: { name: "Don d'eau potable", description: '' } },
      },
    ]);
  });

  it("names a water donation's partner, refuses an address that is not https, and removes the partner", {
    timeout: 30_000,
  }, async () => {
    const { user, draft } = renderSection((actorRef) => <RewardsSection actorRef={actorRef} />);
    await addReward(user, { type: "Don d'eau", name: 'Eau' });
    const partner = screen.getByRole('region', { name: 'Partenaire' });
    await user.type(within(partner).getByLabelText('Nom du partenaire'), 'Eau Vive');
    const site = within(partner).getByLabelText('Site du partenaire');
    await user.type(site, 'http://eau.example.org');
    expect(await within(partner).findByText('Une adresse web commençant par https://')).toBeInTheDocument();
    await user.clear(site);
    await user.type(site, 'https://eau.example.org');
    await user.type(within(partner).getByLabelText('Ce que le partenaire garantit (Français)'), 'Le don entier.');
    await waitFor(() =>
      expect(within(partner).queryByText('Une adresse web commençant par https://')).not.toBeInTheDocument(),
    );
    expect(draft().rewards?.[1]?.partner).toEqual({
      name: 'Eau Vive',
      url: 'https://eau.example.org',
      guarantee: { fr: 'Le don entier.' },
    });
    await user.click(within(partner).getByRole('button', { name: 'Retirer le partenaire' }));
    expect(draft().rewards?.[1]?.partner).toBeUndefined();
  });

  it('shows a saved reward’s key and type read-only, and retires it with what that means for guests', async () => {
    const { user, draft } = renderSection((actorRef) => <RewardsSection actorRef={actorRef} />);
    await user.click(await screen.findByRole('button', { name: /Petit-déjeuner offert/ }));
    const item = screen.getByRole('listitem');
    expect(within(item).queryByRole('textbox', { name: 'Clé' })).toBeNull();
    expect(within(item).getByText('petit-dejeuner')).toBeInTheDocument();
    expect(within(item).queryByRole('combobox', { name: 'Type' })).toBeNull();
    expect(
      within(item).getByText(/Les clients qui l'ont déjà débloquée la gardent et peuvent toujours l'utiliser/),
    ).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Retirer' }));
    expect(draft().rewards).toEqual([]);
    expect(screen.getByText("Aucune récompense pour l'instant.")).toBeInTheDocument();
  });
});

describe('Menu section', () => {
  it('adds a dish with two ingredients of the factor table and their grams', { timeout: 30_000 }, async () => {
    const { user, draft } = renderSection((actorRef) => <MenuSection actorRef={actorRef} />);
    const form = await screen.findByRole('form', { name: 'Ajouter un plat' });
    await user.type(within(form).getByLabelText('Nom du plat'), 'Poulet rôti et frites');
    await user.click(within(form).getByRole('button', { name: 'Ajouter le plat' }));
    const dish = screen.getByRole('heading', { name: 'Poulet rôti et frites' }).closest('li') as HTMLElement;
    await user.click(within(dish).getByRole('button', { name: 'Ajouter un ingrédient' }));
    await user.click(within(dish).getByRole('button', { name: 'Ajouter un ingrédient' }));
    const [first, second] = within(dish).getAllByLabelText('Aliment');
    await user.selectOptions(first as HTMLElement, 'Volaille');
    await user.selectOptions(second as HTMLElement, 'Pommes de terre');
    const [firstGrams, secondGrams] = within(dish).getAllByLabelText('Grammes');
    await user.clear(firstGrams as HTMLElement);
    await user.type(firstGrams as HTMLElement, '180');
    await user.clear(secondGrams as HTMLElement);
    await user.type(secondGrams as HTMLElement, '150');
    await user.type(within(dish).getByLabelText('Nom (العربية)'), 'دجاج مشوي');

    expect(draft().menu).toEqual([
      {
        key: 'poulet-roti-et-frites',
        names: { fr: 'Poulet rôti et frites', ar: 'دجاج مشوي' },
        ingredients: [
          { food: 'poultry', grams: 180 },
          { food: 'potatoes', grams: 150 },
        ],
      },
    ]);
    await user.click(within(dish).getByRole('button', { name: "Retirer l'ingrédient 1" }));
    expect(draft().menu?.[0]?.ingredients).toEqual([{ food: 'potatoes', grams: 150 }]);
  });
});

describe('Impact figures section', () => {
  it('shows the shipped figure, flags a hotel figure without its source, and keeps the figure with its source', {
    timeout: 30_000,
  }, async () => {
    const { user, draft } = renderSection((actorRef) => <ImpactSection actorRef={actorRef} />);
    const cleaning = await screen.findByRole('region', { name: /Ménages évités/ });
    const water = within(cleaning).getByLabelText('Eau (L)');
    expect(within(cleaning).getByText(/^Par défaut\s:\s20 \(estimation\)$/)).toBeInTheDocument();
    expect(within(cleaning).getByText(/^Booking\.com Partner Hub/)).toBeInTheDocument();
    await user.type(water, '100');
    expect(draft().impactFactors).toEqual({ cleaning: { waterLitres: 100 } });
    expect(
      await within(cleaning).findByText('Indiquez la source de ces chiffres', {}, { timeout: 3000 }),
    ).toBeInTheDocument();

    await user.type(within(cleaning).getByLabelText("Source des chiffres de l'hôtel"), 'Contrat blanchisserie 2026');
    expect(draft().impactFactors).toEqual({ cleaning: { waterLitres: 100, source: 'Contrat blanchisserie 2026' } });
    await waitFor(() => expect(within(cleaning).queryByText('Indiquez la source de ces chiffres')).toBeNull(), {
      timeout: 3000,
    });

    // Emptying every field of a category gives the shipped figures back (no empty override left behind).
    await user.clear(water);
    await user.clear(within(cleaning).getByLabelText("Source des chiffres de l'hôtel"));
    expect(draft().impactFactors).toEqual({});
  });
});
