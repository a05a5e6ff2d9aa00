import { Value } from 'typebox/value';
import {
  type ContentDocument,
  ContentDocument as ContentDocumentSchema,
  type ContentReply,
} from '../../contract/content-editor.ts';

/** Checked by the content file's schema: a document the server could send. */
export const ROOMS_DOCUMENT: ContentDocument = Value.Parse(ContentDocumentSchema, {
  hotel: { id: 1, name: 'Hôtel Les Tilleuls', isDemo: false, timeZone: 'Europe/Paris', qrKey: 'tilleuls-key' },
  languages: [{ code: 'fr', name: 'Français', enabled: true, isPrimary: true, position: 1 }],
  rooms: [
    { number: '101', qrId: 'tilleuls-101' },
    { number: '102', qrId: 'tilleuls-102' },
  ],
  actions: [
    {
      key: 'garden-visit',
      type: 'PROOF',
      scope: 'HOTEL',
      period: 'STAY',
      reward: 15,
      position: 1,
      texts: { fr: { name: 'Visite du jardin', description: 'Scannez le code au portail.' } },
      proofQrIds: ['tilleuls-garden-gate'],
    },
  ],
});
export const ROOMS_CONTENT: ContentReply = { version: 'v1', number: 1, document: ROOMS_DOCUMENT };
