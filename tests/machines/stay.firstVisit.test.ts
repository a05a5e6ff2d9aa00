import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { actionsListMachine } from '../../machines/actionsList.machine.ts';
import { firstVisitLanguageOf, type StayInput, stayMachine } from '../../machines/stay.machine.ts';
import { staySessionMachine } from '../../machines/staySession.machine.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeHotel, makeLanguage, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

const actionsInput = (calls: Array<{ name: string; input: unknown }>) =>
  calls.filter((call) => call.name === 'loadActions').map((call) => call.input);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const tilleuls = makeHotel(
  {},
  {
    languagesSupported: [
      makeLanguage('fr', 'Français', 1),
      makeLanguage('ar', 'العربية', 2),
      makeLanguage('en', 'English', 3, 0),
    ],
  },
);

/** The root until its page's flows start, with the given first-visit candidates. */
async function openActionsPage(input: Partial<StayInput>) {
  const calls = controlledActors(['loadStay', 'loadHotel', 'loadActions']);
  const followLanguage = vi.fn();
  const logic = stayMachine.provide({
    actions: {
      followLanguage: (_, language: string) => followLanguage(language),
      rememberStay: () => {},
      rememberWelcomeShown: () => {},
    },
    actors: {
      staySession: calls.provideTo(staySessionMachine),
      actionsList: calls.provideTo(actionsListMachine),
    },
  });
  const stay = createActor(logic, {
    input: {
      sUUID: STAY_ID,
      profileUUID: PROFILE_ID,
      isDemoPath: false,
      page: 'actions',
      language: 'en',
      welcomeShown: true,
      ...input,
    },
  }).start();
  calls.resolve('loadStay', makeStay());
  await settle();
  calls.resolve('loadHotel', tilleuls);
  await settle();
  return { stay, calls, followLanguage };
}

describe('first visit language', () => {
  it('takes the first candidate the hotel enables, by base language, else the last one', () => {
    expect(firstVisitLanguageOf(['en', 'ar', 'fr'], tilleuls)).toBe('ar');
    expect(firstVisitLanguageOf(['en', 'fr'], tilleuls)).toBe('fr');
    expect(
      firstVisitLanguageOf(['en', 'fr'], makeHotel({}, { languagesSupported: [makeLanguage('fr-FR', 'Français', 1)] })),
    ).toBe('fr');
    expect(
      firstVisitLanguageOf(['en'], makeHotel({}, { languagesSupported: [makeLanguage('de', 'Deutsch', 1)] })),
    ).toBe('en');
    expect(firstVisitLanguageOf(['en', 'fr'], null)).toBe('en');
    expect(firstVisitLanguageOf([], tilleuls)).toBeNull();
  });

  it('settles before the flows start: the actions load in that language and the interface follows', async () => {
    const { stay, calls, followLanguage } = await openActionsPage({ firstVisitLanguages: ['en', 'ar', 'fr'] });
    expect(stay.getSnapshot().context.language).toBe('ar');
    expect(actionsInput(calls.calls)).toEqual([expect.objectContaining({ language: 'ar' })]);
    expect(followLanguage).toHaveBeenCalledExactlyOnceWith('ar');
  });

  it("keeps the guest's choice", async () => {
    const { stay, calls, followLanguage } = await openActionsPage({ language: 'en' });
    expect(stay.getSnapshot().context.language).toBe('en');
    expect(actionsInput(calls.calls)).toEqual([expect.objectContaining({ language: 'en' })]);
    expect(followLanguage).not.toHaveBeenCalled();
  });
});
