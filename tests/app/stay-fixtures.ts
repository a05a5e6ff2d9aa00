import type { Action, HotelReply, Language, Stay } from '../../contract/schemas.ts';

/** Test data shaped like the API's answers (contract/schemas.ts). */

export const STAY_ID = 'stay-1';
export const PROFILE_ID = 'profile-1';

export function makeStay(overrides: Partial<Stay> = {}): Stay {
  return {
    sUUID: STAY_ID,
    hId: 1,
    rId: 3,
    roomNb: '101',
    hotelName: 'Hôtel Les Tilleuls',
    codePrefix: 'TIL',
    greenMiles: 40,
    profile: { firstName: null, lastName: null },
    profileUUID: PROFILE_ID,
    status: 'active',
    remainingDays: null,
    endDate: null,
    // Far away: the end-date window decides, whatever day the tests run.
    lastDay: '2099-12-31',
    earnedGreenMiles: 40,
    timeZone: 'Europe/Paris',
    // The server's hotel-local date; the tests' reward dates are far from it either way unless a test says otherwise.
    today: '2026-11-22',
    // Before 11:00 at the hotel: skipping the cleaning speaks of today's.
    cleaningDate: '2026-11-22',
    ...overrides,
  };
}

export function makeLanguage(code: string, name: string, position: number, enabled: 0 | 1 = 1): Language {
  return { code, name, enabled, direction: code === 'ar' ? 'rtl' : 'ltr', flagUrl: null, isPrimary: 0, position };
}

export function makeHotel(
  hotel: Partial<HotelReply['hotel']> = {},
  languages: Partial<Omit<HotelReply, 'hotel'>> = {},
): HotelReply {
  return {
    hotel: {
      hId: 1,
      name: 'Hôtel Les Tilleuls',
      isDemo: false,
      hGreenMilesName: 'GreenMiles',
      timeZone: 'Europe/Paris',
      ...hotel,
    },
    languagesSupported: [],
    primaryLanguage: 'fr',
    emailEnabled: true,
    ...languages,
  };
}

export function makeAction(overrides: Partial<Action> = {}): Action {
  return {
    actId: 7,
    actType: 'REVIEW',
    actScope: 'ROOM',
    actPeriod: 'STAY',
    aadName: 'Votre avis',
    aadDescription: '',
    aadQuestion: null,
    actReward: 15,
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
    ...overrides,
  };
}
