import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ContentDocument } from '../../../../../../contract/content-editor.ts';
import type { QrSheetQuery } from '../../../../../../contract/schemas.ts';
import type { QrTarget } from '../../../../../../machines/qrCodes.machine.ts';
import { Sheet } from '../../../../../components/Sheet.tsx';
import type { ContentEditorRef } from '../draftField.ts';
import { TextField } from '../fields.tsx';
import { type QrCodesLogic, qrCodesLogic } from './qrCodes.logic.ts';
import './RoomsSection.css';

type QrCodesRef = ActorRefFrom<QrCodesLogic>;

interface ProofAction {
  key: string;
  name: string;
  codes: string[];
}

/** The PROOF actions of the saved content with their printed codes, named in the page's language if they have it. */
function proofActionsOf(document: ContentDocument | undefined, locale: string): ProofAction[] {
  if (!document) return [];
  const primary = document.languages.find((language) => language.isPrimary)?.code;
  return (document.actions ?? [])
    .filter((action) => action.type === 'PROOF')
    .map((action) => ({
      key: action.key,
      name: (action.texts[locale] ?? (primary ? action.texts[primary] : undefined))?.name ?? action.key,
      codes: action.proofQrIds ?? [],
    }));
}

/**
 * The content editor's 'Rooms' section (docs/behaviour.md#rooms-and-qr-codes): the rooms of the draft (number, add,
 * remove), and the printed codes, which change at once and outside the draft — a room's, the PROOF actions', the
 * hotel's — renewed after a confirmation and printed as a PDF. `logic` replaces the real calls (tests).
 */
export function RoomsSection({ actorRef, logic }: { actorRef: ContentEditorRef; logic?: QrCodesLogic }) {
  const { t, i18n } = useLingui();
  const [provided] = useState(() => logic ?? qrCodesLogic());
  const [input] = useState(() => {
    const { hId, token, timeZone } = actorRef.getSnapshot().context;
    return { hId, token, timeZone, editor: actorRef };
  });
  const qrCodes = useActorRef(provided, { input });
  const rooms = useSelector(actorRef, (snapshot) => snapshot.context.draft?.rooms ?? []);
  const saved = useSelector(actorRef, (snapshot) => snapshot.context.saved?.document);
  const unchanged = useSelector(actorRef, (snapshot) => snapshot.matches({ editing: 'unchanged' }));
  const editorBusy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const qrBusy = useSelector(qrCodes, (snapshot) => snapshot.hasTag('busy'));
  const whyNotId = useId();
  const canRotate = unchanged && !qrBusy;
  const rotate = (target: QrTarget) => qrCodes.send({ type: 'qr.rotate', target });
  const print = (sheet: QrSheetQuery) => qrCodes.send({ type: 'qr.print', sheet });
  const rotateProps = {
    disabled: !canRotate,
    'aria-describedby': unchanged ? undefined : whyNotId,
  };
  const proofActions = proofActionsOf(saved, i18n.locale);
  const isSaved = (room: { number: string; qrId?: string | undefined }) =>
    room.qrId !== undefined &&
    (saved?.rooms ?? []).some((other) => other.qrId === room.qrId && other.number === room.number);

  return (
    <div className="content-rooms" data-scope="content-rooms">
      {!unchanged && (
        <p id={whyNotId} className="content-rooms__note" data-part="why-not">
          {t`Enregistrez ou annulez vos modifications avant de renouveler un QR code.`}
        </p>
      )}
      <QrCodesStatus qrCodes={qrCodes} proofActions={proofActions} />

      <h3 className="content-rooms__heading">{t`Chambres`}</h3>
      <p className="content-rooms__hint">
        {t`Une chambre retirée n'ouvre plus de séjour avec son QR code imprimé, dès l'enregistrement.`}
      </p>
      {rooms.length === 0 && <p>{t`Aucune chambre pour l'instant.`}</p>}
      <ul className="content-rooms__list">
        {rooms.map((room, index) => {
          const label = room.number ? t`Chambre ${room.number}` : t`Nouvelle chambre`;
          return (
            // Rooms have no id of their own before their first save: the position is what the draft knows.
            // biome-ignore lint/suspicious/noArrayIndexKey: the draft's path is by position
            <li key={index} className="content-rooms__room" data-part="room">
              <fieldset className="content-rooms__fieldset">
                <legend className="content-rooms__legend">{label}</legend>
                <TextField actorRef={actorRef} path={['rooms', index, 'number']} label={t`Numéro`} />
                <p className="content-rooms__code">
                  {room.qrId ? (
                    <>
                      {t`QR code :`} <code dir="ltr">{room.qrId}</code>
                    </>
                  ) : (
                    t`QR code créé à l'enregistrement`
                  )}
                </p>
                <div className="content-rooms__buttons">
                  {isSaved(room) && (
                    <>
                      <button
                        type="button"
                        className="button-secondary"
                        {...rotateProps}
                        onClick={() => rotate({ kind: 'room', number: room.number })}
                      >
                        {t`Nouveau QR code`}
                      </button>
                      <button
                        type="button"
                        className="button-secondary"
                        disabled={qrBusy}
                        onClick={() => print({ room: room.number })}
                      >
                        {t`Imprimer`}
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className="button-secondary content-rooms__remove"
                    disabled={editorBusy}
                    onClick={() => actorRef.send({ type: 'draft.change', path: ['rooms', index], value: undefined })}
                  >
                    {t`Retirer`}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="content-rooms__buttons">
        <button
          type="button"
          className="button-secondary"
          disabled={editorBusy}
          onClick={() => actorRef.send({ type: 'draft.change', path: ['rooms', rooms.length], value: { number: '' } })}
        >
          {t`Ajouter une chambre`}
        </button>
        <button type="button" className="button-primary" disabled={qrBusy} onClick={() => print({})}>
          {t`Imprimer toutes les chambres`}
        </button>
      </div>

      <h3 className="content-rooms__heading">{t`Codes de preuve`}</h3>
      {proofActions.length === 0 && <p>{t`Aucune action de preuve.`}</p>}
      <ul className="content-rooms__list">
        {proofActions.map((action) => (
          <li key={action.key} className="content-rooms__room" data-part="proof">
            <fieldset className="content-rooms__fieldset">
              <legend className="content-rooms__legend">{action.name}</legend>
              <p className="content-rooms__code">
                {t`Codes :`}{' '}
                {action.codes.map((code) => (
                  <code key={code} dir="ltr">
                    {code}
                  </code>
                ))}
              </p>
              <div className="content-rooms__buttons">
                <button
                  type="button"
                  className="button-secondary"
                  {...rotateProps}
                  onClick={() => rotate({ kind: 'proof', action: action.key })}
                >
                  {t`Nouveau code`}
                </button>
                <button
                  type="button"
                  className="button-secondary"
                  disabled={qrBusy}
                  onClick={() => print({ proof: action.key })}
                >
                  {t`Imprimer`}
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ul>

      <h3 className="content-rooms__heading">{t`QR code de l'hôtel`}</h3>
      <p className="content-rooms__hint">{t`Il ouvre un séjour sans chambre ; il est imprimé avec toutes les chambres.`}</p>
      <div className="content-rooms__buttons">
        <button
          type="button"
          className="button-secondary"
          {...rotateProps}
          onClick={() => rotate({ kind: 'hotelKey' })}
        >
          {t`Nouvelle clé`}
        </button>
      </div>
    </div>
  );
}

/** The rotation being confirmed or made (a dialog), the one just made, a failure, a PDF being prepared. */
function QrCodesStatus({ qrCodes, proofActions }: { qrCodes: QrCodesRef; proofActions: ProofAction[] }) {
  const { t } = useLingui();
  const state = useSelector(qrCodes, (snapshot) =>
    typeof snapshot.value === 'string' ? snapshot.value : String(snapshot.value),
  );
  const target = useSelector(qrCodes, (snapshot) => snapshot.context.target);
  const failure = useSelector(qrCodes, (snapshot) => snapshot.context.failure);
  const proofName = (key: string) => proofActions.find((action) => action.key === key)?.name ?? key;
  const dismiss = () => qrCodes.send({ type: 'qr.dismiss' });

  if ((state === 'confirming' || state === 'rotating') && target) {
    const busy = state === 'rotating';
    const question =
      target.kind === 'room'
        ? t`Le QR code imprimé de la chambre ${target.number} cessera de fonctionner tout de suite. Il faudra imprimer le nouveau.`
        : target.kind === 'proof'
          ? t`Les codes imprimés de « ${proofName(target.action)} » cesseront de fonctionner tout de suite. Il faudra imprimer les nouveaux.`
          : t`Le QR code imprimé de l'hôtel cessera de fonctionner tout de suite. Il faudra imprimer le nouveau.`;
    return (
      <Sheet
        title={target.kind === 'proof' ? t`Nouveau code ?` : t`Nouveau QR code ?`}
        onClose={busy ? () => {} : () => qrCodes.send({ type: 'qr.cancel' })}
        scope="content-rooms-confirm"
        state={state}
      >
        <p>{question}</p>
        <div className="content-rooms__buttons">
          <button
            type="button"
            className="button-primary"
            data-part="confirm"
            disabled={busy}
            onClick={() => qrCodes.send({ type: 'qr.confirm' })}
          >
            {busy ? t`Renouvellement…` : t`Renouveler`}
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            onClick={() => qrCodes.send({ type: 'qr.cancel' })}
          >
            {t`Annuler`}
          </button>
        </div>
      </Sheet>
    );
  }
  if (state === 'rotated' && target) {
    const sheet: QrSheetQuery =
      target.kind === 'room' ? { room: target.number } : target.kind === 'proof' ? { proof: target.action } : {};
    return (
      <div className="content-rooms__status" role="status" data-part="rotated">
        <p>
          {target.kind === 'room'
            ? t`Chambre ${target.number} : nouveau QR code. Imprimez-le : l'ancien ne fonctionne plus.`
            : target.kind === 'proof'
              ? t`« ${proofName(target.action)} » : nouveaux codes. Imprimez-les : les anciens ne fonctionnent plus.`
              : t`Nouveau QR code de l'hôtel. Imprimez-le : l'ancien ne fonctionne plus.`}
        </p>
        <div className="content-rooms__buttons">
          <button type="button" className="button-primary" onClick={() => qrCodes.send({ type: 'qr.print', sheet })}>
            {t`Imprimer le nouveau`}
          </button>
          <button type="button" className="button-secondary" onClick={dismiss}>
            {t`Fermer`}
          </button>
        </div>
      </div>
    );
  }
  if (state === 'printing')
    return (
      <p className="content-rooms__status" role="status" data-part="printing">
        {t`Préparation du PDF…`}
      </p>
    );
  if (state === 'failed')
    return (
      <div className="content-rooms__status content-rooms__status--failed" role="alert" data-part="failed">
        <p>
          {failure === 'print'
            ? t`Le PDF n'a pas pu être préparé. Réessayez.`
            : t`Le QR code n'a pas été renouvelé. Réessayez.`}
        </p>
        <button type="button" className="button-secondary" onClick={dismiss}>
          {t`Fermer`}
        </button>
      </div>
    );
  return null;
}
