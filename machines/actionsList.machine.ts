import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import type { Action, HotelReply } from '../contract/schemas.ts';
import { actionListLanguages } from '../contract/text-language.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The actions list with the language fallback (docs/behaviour.md#language-fallback): the chosen language first, then
 * en, the hotel's primary language, the hotel's enabled languages by position, fr; the first non-empty list wins.
 */

export interface ActionsListInput {
  sUUID: string;
  profileUUID: string;
  language: string;
  hotel: HotelReply | null;
  /**
   * The list the QR scan's stay creation answered a moment ago, in `language`: shown at once when `language` is the
   * first one to try (docs/frontend.md#qr-scan-to-actions), dropped otherwise. Absent or null: loaded.
   */
  seed?: ActionsSeed | null;
}

export interface ActionsSeed {
  language: string;
  actions: Action[];
}

export interface ActionsListContext extends ActionsListInput {
  /** The languages to try, in order; `attempt` indexes the one being loaded. */
  languages: string[];
  attempt: number;
  actions: Action[];
  /** The language whose list is shown. */
  shownLanguage: string | null;
  error: MessageDescriptor | null;
}

export interface LoadActionsInput {
  sUUID: string;
  profileUUID: string;
  language: string;
}

export type ActionsListEvent =
  | { type: 'actions.retry' }
  | { type: 'language.change'; language: string }
  | { type: 'actions.reload' };

export const TRANSLATIONS_UNAVAILABLE = msg`Traductions indisponibles pour cet hôtel. Réessayez plus tard.`;

/** The order in which languages are tried, without repeats (contract/text-language.ts). */
export function fallbackLanguages(chosen: string, hotel: HotelReply | null): string[] {
  const enabled = (hotel?.languagesSupported ?? [])
    .filter((language) => language.enabled === 1)
    .sort((a, b) => a.position - b.position)
    .map((language) => language.code);
  return actionListLanguages(chosen, hotel?.primaryLanguage, enabled);
}

function actionsRequest(context: ActionsListContext, language: string): LoadActionsInput {
  return { sUUID: context.sUUID, profileUUID: context.profileUUID, language };
}

/** The list in the language this attempt of the fallback tries. */
function attemptedLanguageRequest({ context }: { context: ActionsListContext }): LoadActionsInput {
  return actionsRequest(context, context.languages[context.attempt] ?? context.language);
}

/** A reload keeps the language whose list is on screen. */
function shownLanguageRequest({ context }: { context: ActionsListContext }): LoadActionsInput {
  return actionsRequest(context, context.shownLanguage ?? context.language);
}

export const actionsListMachine = setup({
  types: {
    input: {} as ActionsListInput,
    context: {} as ActionsListContext,
    events: {} as ActionsListEvent,
  },
  actors: {
    loadActions: viewProvidedActor<Action[], LoadActionsInput>('loadActions'),
  },
  guards: {
    hasActions: (_, actions: Action[]) => actions.length > 0,
    hasMoreLanguages: ({ context }) => context.attempt + 1 < context.languages.length,
    isSeedInFirstLanguage: ({ context }) =>
      context.seed != null && context.seed.actions.length > 0 && context.seed.language === context.languages[0],
  },
  actions: {
    startFromChosenLanguage: assign({
      attempt: 0,
      error: null,
      languages: ({ context }) => fallbackLanguages(context.language, context.hotel),
    }),
    changeLanguage: assign({ language: (_, language: string) => language }),
    tryNextLanguage: assign({ attempt: ({ context }) => context.attempt + 1 }),
    showActions: assign({
      actions: (_, actions: Action[]) => actions,
      shownLanguage: ({ context }) => context.languages[context.attempt] ?? null,
    }),
    showSeed: assign({
      actions: ({ context }) => context.seed?.actions ?? [],
      shownLanguage: ({ context }) => context.languages[0] ?? null,
    }),
    // Used once: a language change or a retry loads.
    forgetSeed: assign({ seed: null }),
    reportTranslationsUnavailable: assign({ actions: [], shownLanguage: null, error: TRANSLATIONS_UNAVAILABLE }),
  },
}).createMachine({
  id: 'actionsList',
  context: ({ input }) => ({
    ...input,
    languages: [],
    attempt: 0,
    actions: [],
    shownLanguage: null,
    error: null,
  }),
  initial: 'starting',
  on: {
    'language.change': {
      // Through `starting`, so a load in flight for the old language is dropped.
      target: '.starting',
      actions: { type: 'changeLanguage', params: ({ event }) => event.language },
    },
  },
  states: {
    starting: {
      tags: 'loading',
      entry: 'startFromChosenLanguage',
      always: [
        { guard: 'isSeedInFirstLanguage', target: 'ready', actions: ['showSeed', 'forgetSeed'] },
        { target: 'loading', actions: 'forgetSeed' },
      ],
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadActions',
        src: 'loadActions',
        input: attemptedLanguageRequest,
        onDone: [
          {
            guard: { type: 'hasActions', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'showActions', params: ({ event }) => event.output },
          },
          { target: 'nextLanguage' },
        ],
        // docs/behaviour.md#language-fallback: a failed answer, like an empty one, leads to the next language.
        onError: { target: 'nextLanguage' },
      },
    },
    nextLanguage: {
      always: [
        { guard: 'hasMoreLanguages', target: 'loading', actions: 'tryNextLanguage' },
        { target: 'failed', actions: 'reportTranslationsUnavailable' },
      ],
    },
    ready: {
      initial: 'shown',
      states: {
        shown: {
          on: { 'actions.reload': { target: 'reloading' } },
        },
        // After a submission: the list on screen stays until the fresh one arrives (a failure keeps it).
        reloading: {
          invoke: {
            id: 'loadActions',
            src: 'loadActions',
            input: shownLanguageRequest,
            onDone: [
              {
                guard: { type: 'hasActions', params: ({ event }) => event.output },
                target: 'shown',
                actions: { type: 'showActions', params: ({ event }) => event.output },
              },
              { target: 'shown' },
            ],
            onError: { target: 'shown' },
          },
        },
      },
    },
    failed: {
      on: {
        'actions.retry': { target: 'starting' },
      },
    },
  },
});
