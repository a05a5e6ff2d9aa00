import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { ContentDocument, ContentReply } from '../../contract/content-editor.ts';

/**
 * The sample hotel Les Tilleuls as the content editor reads it (server/content/hotels/les-tilleuls.yaml without its
 * staff): one action of every type, in fr, en and ar, with de enabled and translated nowhere.
 */
export function tilleulsDocument(): ContentDocument {
  const { staff: _staff, ...document } = parse(
    readFileSync('server/content/hotels/les-tilleuls.yaml', 'utf8'),
  ) as ContentDocument & { staff?: unknown };
  return document;
}

export const contentReply = (document: ContentDocument, version = 'v1'): ContentReply => ({
  version,
  number: 1,
  document,
});

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
