import { i18n } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import {
  type ActionsListInput,
  actionsListMachine,
  fallbackLanguages,
  TRANSLATIONS_UNAVAILABLE,
} from '../../machines/actionsList.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { languageName } from '../../src/components/LanguageNotice.tsx';
import { dataStateOf } from '../../src/views/binding/dataState.ts';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { makeAction, makeHotel, makeLanguage, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const S = STAY_ID;
const PROFILE = PROFILE_ID;

/** Primary ar; enabled by position it, en, ar, de; es disabled; fr not offered by the hotel. */
const hotel = makeHotel(
  {},
  {
    languagesSupported: [
      makeLanguage('de', 'Deutsch', 4),
      makeLanguage('ar', 'العربية', 3),
      makeLanguage('es', 'Español', 0, 0),
      makeLanguage('it', 'Italiano', 1),
      makeLanguage('en', 'English', 2),
    ],
    primaryLanguage: 'ar',
  },
);

const actionList = [
  makeAction({ actId: 1, aadName: 'Serviettes', actType: 'YESNO' }),
  makeAction({ actId: 2, aadName: 'Sans type', actType: null }),
  makeAction({ actId: 3, aadName: 'Avis', actType: 'REVIEW' }),
];

type ActionsSnapshot = SnapshotFrom<typeof actionsListMachine>;

const modelInput: ActionsListInput = { sUUID: S, profileUUID: PROFILE, language: 'de', hotel };

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadActions', output: actionList },
  { type: 'xstate.done.actor.loadActions', output: [] },
  { type: 'xstate.error.actor.loadActions', error: new ApiError(500, 'x', 'y') },
  { type: 'actions.retry' },
  { type: 'language.change', language: 'it' },
];

/** The list's model from one input: the guest can only pick a language other than the current one. */
function modelOf(input: ActionsListInput) {
  return new TestModel(actionsListMachine as unknown as ActorLogic<ActionsSnapshot, AnyEventObject, ActionsListInput>, {
    input,
    events: (snapshot) =>
      events.filter(
        (event) =>
          canTake(snapshot, event) &&
          !(event.type === 'language.change' && event.language === snapshot.context.language),
      ),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

const model = modelOf(modelInput);

const [listed, empty, failing, retry] = events as [AnyEventObject, AnyEventObject, AnyEventObject, AnyEventObject];

// getPathsFromEvents ignores `input` (@xstate/graph 3.0.4): start it from the initial snapshot instead.
const fromState = createActor(actionsListMachine, { input: modelInput }).getSnapshot() as ActionsSnapshot;

/** Shortest paths, plus journeys they merge away: failed answers (same next state as empty ones) and a retry. */
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([failing, empty, failing, listed], { fromState }),
  ...model.getPathsFromEvents([failing, failing, failing, failing, failing, retry, listed], { fromState }),
];

/**
 * docs/frontend.md#qr-scan-to-actions: the QR scan's stay creation answered the list in the guest's language, which
 * the page shows at once; a list in another language, or an empty one, is dropped and the list loads.
 */
const seededInputs: Array<{ name: string; input: ActionsListInput }> = [
  { name: 'seeded in the first language', input: { ...modelInput, seed: { language: 'de', actions: actionList } } },
  { name: 'seeded in another language', input: { ...modelInput, seed: { language: 'fr', actions: actionList } } },
  { name: 'seeded with an empty list', input: { ...modelInput, seed: { language: 'de', actions: [] } } },
];

function seededPaths(input: ActionsListInput) {
  return modelOf(input).getShortestPaths();
}

const scenarios = [
  { name: 'loaded', seed: undefined, paths },
  ...seededInputs.map(({ name, input }) => ({
    name,
    seed: input.seed ? { actions: input.seed.actions, lang: input.seed.language } : undefined,
    paths: seededPaths(input),
  })),
];

describe.each(scenarios)('actionsList drives the actions page, $name', ({ seed, paths }) => {
  it('starts from the seed without a call when it is in the first language', async () => {
    localStorage.setItem('langue', 'de');
    localStorage.setItem('welcomeShown', 'true');
    const { actions: controlled } = await renderLoadedActionsPage({ hotel, seed });
    if (seed?.lang === 'de' && seed.actions.length > 0) {
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
      expect(controlled.calls).toEqual([]);
    } else {
      await waitFor(() => expect(controlled.isPending('loadActions')).toBe(true));
    }
  });

  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      localStorage.setItem('langue', 'de');
      localStorage.setItem('welcomeShown', 'true');
      const { user, actions: controlled } = await renderLoadedActionsPage({ hotel, seed });

      const root = () => document.querySelector('[data-scope="actions-list"]');
      const loadActionsPending = () => waitFor(() => expect(controlled.isPending('loadActions')).toBe(true));

      await path.test({
        states: {
          loading: async (snapshot) => {
            const { languages, attempt } = (snapshot as ActionsSnapshot).context;
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loading'));
            await waitFor(() =>
              expect(controlled.calls.at(-1)?.input).toEqual({
                sUUID: S,
                profileUUID: PROFILE,
                language: languages[attempt],
              }),
            );
            expect(within(root() as HTMLElement).getByRole('status')).toBeInTheDocument();
            expect(screen.queryByRole('article')).not.toBeInTheDocument();
          },
          ready: async (snapshot) => {
            const { actions, language: requested, shownLanguage } = (snapshot as ActionsSnapshot).context;
            await waitFor(() => expect(root()).toHaveAttribute('data-state', dataStateOf(snapshot as ActionsSnapshot)));
            const titles = screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'));
            expect(titles.map((id) => document.getElementById(id ?? '')?.textContent)).toEqual(
              actions.filter((item) => item.actType).map((item) => item.aadName),
            );
            const notice = document.querySelector('[data-part="language-notice"]');
            if (shownLanguage !== requested) {
              expect(notice).toHaveAttribute('role', 'status');
              // Languages by name, as their speakers write them ('it' → Italiano), in the interface's words.
              expect(notice?.textContent).toContain(languageName(requested));
              expect(notice?.textContent).toContain(languageName(shownLanguage ?? ''));
            } else {
              expect(notice).toBeNull();
            }
            // No launch runs: no card is marked as open.
            expect(document.querySelector('[data-selected]')).toBeNull();
          },
          failed: async () => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent(i18n._(TRANSLATIONS_UNAVAILABLE));
            expect(within(alert).getByRole('button')).toBeInTheDocument();
            expect(root()).toHaveAttribute('data-state', 'failed');
            expect(screen.queryByRole('article')).not.toBeInTheDocument();
          },
        },
        events: {
          'xstate.done.actor.loadActions': async (step) => {
            await loadActionsPending();
            controlled.resolve('loadActions', (step.event as AnyEventObject).output);
          },
          'xstate.error.actor.loadActions': async (step) => {
            await loadActionsPending();
            controlled.reject('loadActions', (step.event as AnyEventObject).error);
          },
          'actions.retry': async () => {
            await user.click(within(screen.getByRole('alert')).getByRole('button'));
          },
          'language.change': async () => {
            await user.click(within(screen.getByRole('banner')).getByRole('button', { name: /Langu/ }));
            await user.click(screen.getByRole('option', { name: 'Italiano' }));
          },
        },
      });
    });
  }
});

describe('fallbackLanguages', () => {
  it('tries the chosen language, en, the primary language, the enabled ones by position, then fr', () => {
    expect(fallbackLanguages('de', hotel)).toEqual(['de', 'en', 'ar', 'it', 'fr']);
    expect(fallbackLanguages('it', hotel)).toEqual(['it', 'en', 'ar', 'de', 'fr']);
  });

  it('never repeats a language and skips disabled ones', () => {
    expect(fallbackLanguages('en', hotel)).toEqual(['en', 'ar', 'it', 'de', 'fr']);
    expect(fallbackLanguages('fr', hotel)).not.toContain('es');
  });

  it('without a hotel: the chosen language, en, fr', () => {
    expect(fallbackLanguages('de', null)).toEqual(['de', 'en', 'fr']);
    expect(fallbackLanguages('fr', null)).toEqual(['fr', 'en']);
  });
});
