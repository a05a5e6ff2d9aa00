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
import { staySessionMachine } from '../../machines/staySession.machine.ts';
import type { Action, HotelReply, Language, Stay } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { ActionsPage } from '../../src/views/actions/ActionsPage.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { renderStayRoutes } from '../app/stay-routes.tsx';

const S = 'stay-1';
const PROFILE = 'profile-1';

const stay: Stay = {
  sUUID: S,
  hId: 1,
  rId: 3,
  roomNb: '101',
  hotelName: 'Hôtel Les Tilleuls',
  greenMiles: 40,
  profile: { firstName: null, lastName: null },
  profileUUID: PROFILE,
  status: 'active',
  remainingDays: null,
  endDate: null,
};

function language(code: string, name: string, position: number, enabled: 0 | 1 = 1): Language {
  return { code, name, enabled, direction: code === 'ar' ? 'rtl' : 'ltr', flagUrl: null, isPrimary: 0, position };
}

/** Primary ar; enabled by position it, en, ar, de; es disabled; fr not offered by the hotel. */
const hotel: HotelReply = {
  hotel: { hId: 1, name: 'Hôtel Les Tilleuls', isDemo: false, hGreenMilesName: 'GreenMiles', timeZone: 'Europe/Paris' },
  languagesSupported: [
    language('de', 'Deutsch', 4),
    language('ar', 'العربية', 3),
    language('es', 'Español', 0, 0),
    language('it', 'Italiano', 1),
    language('en', 'English', 2),
  ],
  primaryLanguage: 'ar',
};

function action(actId: number, aadName: string, actType: string | null): Action {
  return {
    actId,
    actType,
    actScope: 'ROOM',
    actPeriod: 'STAY',
    aadName,
    aadDescription: '',
    aadQuestion: null,
    actReward: 10,
    actPictureURL: null,
    actTitleColor: null,
    tags: [],
    alreadyCompleted: false,
    endDate: null,
    currentNightId: '2026-11-21',
    response: null,
    actPositiveResponse: null,
    selectedOption: null,
    temperature: null,
    options: [],
    quiz: null,
    selectedPosition: null,
    isCorrect: null,
    wasCorrect: null,
    earnedGreenMiles: 0,
  };
}

const actionList = [action(1, 'Serviettes', 'YESNO'), action(2, 'Sans type', null), action(3, 'Avis', 'REVIEW')];

type ActionsSnapshot = SnapshotFrom<typeof actionsListMachine>;

const modelInput: ActionsListInput = { sUUID: S, profileUUID: PROFILE, language: 'de', hotel };

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadActions', output: actionList },
  { type: 'xstate.done.actor.loadActions', output: [] },
  { type: 'xstate.error.actor.loadActions', error: new ApiError(500, 'x', 'y') },
  { type: 'actions.retry' },
  { type: 'language.change', language: 'it' },
  { type: 'action.open', actId: 1 },
];

const model = new TestModel(
  actionsListMachine as unknown as ActorLogic<ActionsSnapshot, AnyEventObject, ActionsListInput>,
  {
    input: modelInput,
    events: (snapshot) =>
      events.filter(
        (event) =>
          snapshot.can(event as never) &&
          // The guest can only pick a language other than the current one.
          !(event.type === 'language.change' && event.language === snapshot.context.language),
      ),
    stateMatcher: (snapshot, key) => snapshot.matches(key as never),
  },
);

const [listed, empty, failing, retry, , open] = events as [
  AnyEventObject,
  AnyEventObject,
  AnyEventObject,
  AnyEventObject,
  AnyEventObject,
  AnyEventObject,
];

// getPathsFromEvents ignores `input` (@xstate/graph 3.0.4): start it from the initial snapshot instead.
const fromState = createActor(actionsListMachine, { input: modelInput }).getSnapshot() as ActionsSnapshot;

/** Shortest paths, plus journeys they merge away: failed answers (same next state as empty ones) and a retry. */
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([failing, empty, failing, listed], { fromState }),
  ...model.getPathsFromEvents([failing, failing, failing, failing, failing, retry, listed, open], { fromState }),
];

describe('actionsList drives the actions page', () => {
  for (const path of paths) {
    it(path.description, async () => {
      localStorage.setItem('profileUUID', PROFILE);
      localStorage.setItem('langue', 'de');
      localStorage.setItem('welcomeShown', 'true');
      const session = controlledActors(['loadStay', 'loadHotel']);
      const controlled = controlledActors(['loadActions']);
      const logic = {
        staySession: staySessionMachine.provide({ actors: session.actors as never }),
        actionsList: actionsListMachine.provide({ actors: controlled.actors as never }),
      };
      const { user } = renderStayRoutes(`/stay/${S}`, {
        actions: ({ sUUID, proofSuccessPoints }) => (
          <ActionsPage sUUID={sUUID} proofSuccessPoints={proofSuccessPoints} logic={logic} />
        ),
      });
      await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
      session.resolve('loadStay', stay);
      await waitFor(() => expect(session.isPending('loadHotel')).toBe(true));
      session.resolve('loadHotel', hotel);

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
            const {
              actions,
              language: requested,
              shownLanguage,
              selectedActionId,
            } = (snapshot as ActionsSnapshot).context;
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'));
            const titles = screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'));
            expect(titles.map((id) => document.getElementById(id ?? '')?.textContent)).toEqual(
              actions.filter((item) => item.actType).map((item) => item.aadName),
            );
            const notice = document.querySelector('[data-part="language-notice"]');
            if (shownLanguage !== requested) {
              expect(notice).toHaveAttribute('role', 'status');
              expect(notice?.textContent).toContain(`'${requested.toUpperCase()}'`);
              expect(notice?.textContent).toContain(`'${shownLanguage?.toUpperCase()}'`);
            } else {
              expect(notice).toBeNull();
            }
            const selected = document.querySelector('[data-selected]');
            if (selectedActionId === null) expect(selected).toBeNull();
            else expect(selected).toHaveTextContent('Serviettes');
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
          'action.open': async () => {
            const card = screen.getByRole('article', { name: 'Serviettes' });
            await user.click(within(card).getByRole('button'));
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
