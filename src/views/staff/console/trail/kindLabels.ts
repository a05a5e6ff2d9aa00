import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StaffAuditKind } from '../../../../../contract/schemas.ts';

/** What each kind of staff action is called on the 'Trail' tab (docs/behaviour.md#trail-tab). */
export const KIND_LABELS: Record<StaffAuditKind, MessageDescriptor> = {
  signIn: msg`Connexion`,
  signInFailed: msg`Connexion refusée`,
  signOut: msg`Déconnexion`,
  signOutEverywhere: msg`Déconnexion de partout`,
  codeChecked: msg`Code vérifié`,
  codeRedeemed: msg`Récompense remise`,
  stayReset: msg`Séjour réinitialisé`,
  roomQrRotated: msg`QR code de chambre renouvelé`,
  hotelKeyRotated: msg`Clé des QR codes renouvelée`,
  proofCodeRotated: msg`Code de preuve renouvelé`,
  accountAdded: msg`Personne ajoutée`,
  accountRenamed: msg`Personne renommée`,
  accountRoleChanged: msg`Rôle changé`,
  accountPinReset: msg`Nouveau PIN`,
  accountDisabled: msg`Accès désactivé`,
  accountEnabled: msg`Accès réactivé`,
  contentImported: msg`Contenu importé`,
  contentSaved: msg`Contenu enregistré`,
  contentRestored: msg`Version du contenu restaurée`,
  cleaningChecked: msg`Ménage sauté vérifié`,
};
