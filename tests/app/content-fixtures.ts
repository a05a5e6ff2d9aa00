import type { ContentDocument } from '../../contract/content-editor.ts';

/** A hotel's content as the editor loads it: every setting there, three languages in the guests' order. */
export const DOCUMENT: ContentDocument = {
  hotel: {
    id: 1,
    name: 'Hôtel Les Tilleuls',
    isDemo: false,
    greenMilesName: 'Feuilles',
    timeZone: 'Europe/Paris',
    checkoutTime: '11:00',
    reportEmail: 'direction@tilleuls.example',
    reportHour: '07:00',
    codePrefix: 'TIL',
    maxClaimsPerRoomNight: 2,
    maxPoolCodesPerDay: 20,
    hotelQrEntry: 'key',
    maxStayNights: 14,
    roomCapacity: 4,
  },
  languages: [
    { code: 'fr', name: 'Français', enabled: true, direction: 'ltr', isPrimary: true, position: 0 },
    { code: 'en', name: 'English', enabled: true, direction: 'ltr', isPrimary: false, position: 1 },
    { code: 'ar', name: 'العربية', enabled: true, direction: 'rtl', isPrimary: false, position: 2 },
  ],
};
