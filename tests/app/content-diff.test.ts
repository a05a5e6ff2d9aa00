import { describe, expect, it } from 'vitest';
import { contentChanges } from '../../machines/contentDiff.ts';

// Plain objects: the comparison reads any two documents.
const action = (key: string, name: string, fields: Record<string, unknown> = {}) => ({
  key,
  type: 'CUSTOM',
  scope: 'ROOM',
  period: 'NIGHT',
  reward: 10,
  position: 1,
  texts: { fr: { name, description: 'Un geste pour la planète' } },
  options: [{ labels: { fr: 'Oui' } }, { labels: { fr: 'Non' } }],
  ...fields,
});

const reward = (key: string, cost: number) => ({
  key,
  type: 'CODE',
  cost,
  texts: { fr: { name: `Récompense ${key}`, description: 'Une récompense' } },
});

const document = (fields: Record<string, unknown> = {}) => ({
  hotel: { id: 1, name: 'Les Tilleuls', isDemo: false, timeZone: 'Europe/Paris' },
  languages: [{ code: 'fr', name: 'Français', enabled: true, isPrimary: true, position: 1 }],
  actions: [action('skip-cleaning', 'Pas de ménage'), action('towels', 'Serviettes')],
  rewards: [reward('coffee', 50)],
  ...fields,
});

describe('the changes between two versions of the content', () => {
  it('says nothing of two equal documents, whatever the order of their fields', () => {
    const { hotel, ...rest } = document();
    const { timeZone, ...hotelRest } = hotel;
    expect(contentChanges(document(), { ...rest, hotel: { timeZone, ...hotelRest } })).toEqual([]);
  });

  it('names a changed text by its action, not by its place in the list', () => {
    const before = document();
    // Moved second and renamed: one change, not two actions changed.
    const after = document({ actions: [action('towels', 'Serviettes'), action('skip-cleaning', 'Sans ménage')] });
    expect(contentChanges(before, after)).toEqual([
      {
        path: ['actions', 1, 'texts', 'fr', 'name'],
        label: [{ list: 'actions', key: 'skip-cleaning' }, 'texts', 'fr', 'name'],
        kind: 'changed',
        before: 'Pas de ménage',
        after: 'Sans ménage',
      },
    ]);
  });

  it('says an added or removed action or reward as such, once', () => {
    const before = document();
    const after = document({
      actions: [action('skip-cleaning', 'Pas de ménage'), action('plastic', 'Sans plastique')],
      rewards: [],
    });
    const changes = contentChanges(before, after);
    expect(changes.map(({ label, kind }) => ({ label, kind }))).toEqual([
      { label: [{ list: 'actions', key: 'plastic' }], kind: 'added' },
      { label: [{ list: 'actions', key: 'towels' }], kind: 'removed' },
      { label: [{ list: 'rewards', key: 'coffee' }], kind: 'removed' },
    ]);
    expect(changes[0]?.after).toEqual(action('plastic', 'Sans plastique'));
    expect(changes[1]).toMatchObject({
      path: ['actions', 1],
      before: action('towels', 'Serviettes'),
      after: undefined,
    });
  });

  it('lists a new translation field by field, an option by its place, plain lists as one value', () => {
    const before = document();
    const translated = action('skip-cleaning', 'Pas de ménage', {
      texts: {
        fr: { name: 'Pas de ménage', description: 'Un geste pour la planète' },
        en: { name: 'No cleaning', description: 'Skip it' },
      },
      options: [{ labels: { fr: 'Oui' } }, { labels: { fr: 'Jamais' } }, { labels: { fr: 'Peut-être' } }],
      tags: { fr: ['eau', 'énergie'] },
    });
    const after = document({ actions: [translated, action('towels', 'Serviettes')], rewards: [reward('coffee', 40)] });
    expect(
      contentChanges(before, after).map(({ label, kind, before: was, after: is }) => [label, kind, was, is]),
    ).toEqual([
      [[{ list: 'actions', key: 'skip-cleaning' }, 'texts', 'en', 'name'], 'added', undefined, 'No cleaning'],
      [[{ list: 'actions', key: 'skip-cleaning' }, 'texts', 'en', 'description'], 'added', undefined, 'Skip it'],
      [[{ list: 'actions', key: 'skip-cleaning' }, 'options', 1, 'labels', 'fr'], 'changed', 'Non', 'Jamais'],
      [[{ list: 'actions', key: 'skip-cleaning' }, 'options', 2, 'labels', 'fr'], 'added', undefined, 'Peut-être'],
      [[{ list: 'actions', key: 'skip-cleaning' }, 'tags', 'fr'], 'added', undefined, ['eau', 'énergie']],
      [[{ list: 'rewards', key: 'coffee' }, 'cost'], 'changed', 50, 40],
    ]);
  });

  it('matches languages by code and rooms by number', () => {
    const before = document({ rooms: [{ number: '101' }, { number: '102', qrId: 'q-102' }] });
    const after = document({
      languages: [
        { code: 'en', name: 'English', enabled: true, position: 0 },
        { code: 'fr', name: 'Français', enabled: true, isPrimary: true, position: 1 },
      ],
      rooms: [{ number: '102', qrId: 'q-102-new' }],
    });
    expect(contentChanges(before, after).map(({ label, kind }) => ({ label, kind }))).toEqual([
      { label: [{ list: 'languages', key: 'en' }], kind: 'added' },
      { label: [{ list: 'rooms', key: '102' }, 'qrId'], kind: 'changed' },
      { label: [{ list: 'rooms', key: '101' }], kind: 'removed' },
    ]);
  });
});
