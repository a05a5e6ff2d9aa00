/**
 * A page of the dev server that shows the content editor's Rewards, Menu and Impact figures sections over a real
 * editor actor with the sample content below, for screenshots (tests/visual/content-sections.screens.ts):
 * `/tests/visual/content-sections.html?lang=ar&section=rewards&open=1`.
 */

import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ContentProblem, ContentReply } from '../../contract/content-editor.ts';
import { contentEditorMachine } from '../../machines/contentEditor.machine.ts';
import { activateLanguage, withStaffCatalog } from '../../src/i18n/activate.ts';
import { ImpactSection } from '../../src/views/staff/console/content/impact/ImpactSection.tsx';
import { MenuSection } from '../../src/views/staff/console/content/menu/MenuSection.tsx';
import { RewardsSection } from '../../src/views/staff/console/content/rewards/RewardsSection.tsx';
import '../../src/styles/theme.css';
import '../../src/views/staff/console/StaffConsolePage.css';

const SAMPLE: ContentReply = {
  version: 'sample',
  number: 1,
  document: {
    hotel: { id: 1, name: 'Hôtel Les Tilleuls', isDemo: false, timeZone: 'Europe/Paris' },
    languages: [
      { code: 'fr', name: 'Français', enabled: true, isPrimary: true, position: 0 },
      { code: 'en', name: 'English', enabled: true, position: 1 },
      { code: 'ar', name: 'العربية', enabled: true, direction: 'rtl', position: 2 },
    ],
    rewards: [
      {
        key: 'cafe-offert',
        type: 'CODE',
        cost: 30,
        position: 1,
        validUntil: '2027-12-31',
        titleColor: '#1F6F4A',
        codePool: ['TIL-0001', 'TIL-0002', 'TIL-0003'],
        texts: {
          fr: { name: 'Café offert', description: 'Un café au bar de l’hôtel.' },
          en: { name: 'Free coffee', description: 'A coffee at the hotel bar.' },
          ar: { name: 'قهوة مجانية', description: 'قهوة في بار الفندق.' },
        },
      },
      {
        key: 'don-eau',
        type: 'EAU',
        cost: 50,
        position: 2,
        waterVolume: 100,
        texts: { fr: { name: "Don de 100 litres d'eau", description: "De l'eau potable offerte." } },
      },
      {
        key: 'remise-spa',
        type: 'SLIDER',
        cost: 120,
        position: 3,
        texts: { fr: { name: 'Remise de 10 % au spa', description: 'Validée à la réception.' } },
      },
    ],
    menu: [
      {
        key: 'poulet-roti',
        names: { fr: 'Poulet rôti et frites', en: 'Roast chicken and fries', ar: 'دجاج مشوي وبطاطس' },
        ingredients: [
          { food: 'poultry', grams: 180 },
          { food: 'potatoes', grams: 150 },
        ],
      },
    ],
    impactFactors: { cleaning: { waterLitres: 100 } },
  },
};

const params = new URLSearchParams(location.search);
const language = params.get('lang') ?? 'fr';
const section = params.get('section') ?? 'rewards';
const problems: ContentProblem[] =
  section === 'impact'
    ? [
        {
          path: ['impactFactors', 'cleaning', 'source'],
          rule: 'impactSource',
          values: {},
          message: 'a figure of the hotel names its source',
        },
      ]
    : [];

const editor = createActor(
  contentEditorMachine.provide({
    actors: {
      loadContent: fromPromise(async () => SAMPLE),
      checkContent: fromPromise(async () => problems),
    },
  }),
  { input: { hId: 1, token: 'sample', timeZone: 'Europe/Paris' } },
).start();
// A change makes the editor check the draft, so the sample's problems show by their fields.
await waitFor(editor, (snapshot) => snapshot.matches('editing'));
editor.send({ type: 'draft.change', path: ['hotel', 'name'], value: 'Hôtel Les Tilleuls' });

const Section = { rewards: RewardsSection, menu: MenuSection, impact: ImpactSection }[section] ?? RewardsSection;

await activateLanguage(language);
await withStaffCatalog(async () => null)();
createRoot(document.getElementById('root') as HTMLElement).render(
  <I18nProvider i18n={i18n}>
    <main className="staff-console__main" style={{ padding: 16 }}>
      <Section actorRef={editor} />
    </main>
  </I18nProvider>,
);
if (params.get('open'))
  setTimeout(() => (document.querySelector('.content-item__open') as HTMLElement | null)?.click(), 100);
