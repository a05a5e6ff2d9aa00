import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ContentEditorRef } from '../draftField.ts';
import { NumberField, SelectField, TextField, TimeField } from '../fields.tsx';

const QR_ENTRIES = ['open', 'key', 'off'] as const;

/** The zones the browser knows, with the hotel's own first if it is not among them: a select never drops a value. */
function timeZoneOptions(current: string): Array<{ value: string; label: string }> {
  const zones = Intl.supportedValuesOf('timeZone');
  return (current && !zones.includes(current) ? [current, ...zones] : zones).map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
  }));
}

/**
 * The hotel's settings (docs/behaviour.md#content-editor): its names, clock, daily report, codes and QR code, and caps.
 * Whether it is a demo hotel is shown, not changed.
 */
export function SettingsSection({ actorRef }: { actorRef: ContentEditorRef }) {
  const { t } = useLingui();
  const timeZone = useSelector(actorRef, (snapshot) => snapshot.context.draft?.hotel.timeZone ?? '');
  const isDemo = useSelector(actorRef, (snapshot) => snapshot.context.draft?.hotel.isDemo === true);
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const qrEntryLabels = {
    open: t`Ouvert : le QR code de l'hôtel ouvre un séjour sans clé`,
    key: t`Avec clé : seul le QR code de l'hôtel imprimé en dernier ouvre un séjour`,
    off: t`Désactivé : seuls les QR codes des chambres ouvrent un séjour`,
  };
  return (
    <div className="content-section" data-part="settings">
      <fieldset className="content-fieldset">
        <legend>{t`L'hôtel`}</legend>
        <TextField actorRef={actorRef} path={['hotel', 'name']} label={t`Nom de l'hôtel`} />
        <TextField
          actorRef={actorRef}
          path={['hotel', 'greenMilesName']}
          optional
          label={t`Nom des points`}
          hint={t`Remplace « GreenMiles » partout où les clients lisent le nom des points. Vide : GreenMiles.`}
        />
        <SelectField actorRef={actorRef} path={['hotel', 'timeZone']} label={t`Fuseau horaire`} options={zones} />
        <TimeField
          actorRef={actorRef}
          path={['hotel', 'checkoutTime']}
          optional
          label={t`Heure de départ`}
          hint={t`À l'heure de l'hôtel : un séjour se termine à cette heure le jour de son départ.`}
        />
        <p className="content-section__fact" data-part="demo">
          {isDemo ? (
            <Trans>Hôtel de démonstration (ne se change pas ici).</Trans>
          ) : (
            <Trans>Hôtel réel, pas de démonstration.</Trans>
          )}
        </p>
      </fieldset>
      <fieldset className="content-fieldset">
        <legend>{t`Rapport quotidien`}</legend>
        <TextField
          actorRef={actorRef}
          path={['hotel', 'reportEmail']}
          optional
          dir="ltr"
          label={t`Adresse e-mail du rapport`}
          hint={t`Le rapport de la veille y part chaque matin. Vide : pas de rapport.`}
        />
        <TimeField actorRef={actorRef} path={['hotel', 'reportHour']} optional label={t`Heure du rapport`} />
      </fieldset>
      <fieldset className="content-fieldset">
        <legend>{t`Codes et QR code`}</legend>
        <TextField
          actorRef={actorRef}
          path={['hotel', 'codePrefix']}
          optional
          dir="ltr"
          label={t`Préfixe des codes`}
          hint={t`1 à 6 lettres majuscules ou chiffres, devant chaque code de récompense (TIL-…). Vide : les initiales de l'hôtel.`}
        />
        <SelectField
          actorRef={actorRef}
          path={['hotel', 'hotelQrEntry']}
          label={t`QR code de l'hôtel`}
          options={QR_ENTRIES.map((entry) => ({ value: entry, label: qrEntryLabels[entry] }))}
        />
      </fieldset>
      <fieldset className="content-fieldset">
        <legend>{t`Limites`}</legend>
        <p className="content-field__hint">
          <Trans>Vide : la valeur par défaut du programme.</Trans>
        </p>
        <NumberField
          actorRef={actorRef}
          path={['hotel', 'maxClaimsPerRoomNight']}
          optional
          min={1}
          label={t`Fois où une récompense peut être débloquée par chambre et par nuit`}
        />
        <NumberField
          actorRef={actorRef}
          path={['hotel', 'maxPoolCodesPerDay']}
          optional
          min={1}
          label={t`Codes tirés des réserves de l'hôtel par jour`}
        />
        <NumberField
          actorRef={actorRef}
          path={['hotel', 'maxStayNights']}
          optional
          min={1}
          label={t`Nuits d'un séjour sans date de départ`}
        />
        <NumberField
          actorRef={actorRef}
          path={['hotel', 'roomCapacity']}
          optional
          min={1}
          label={t`Séjours en cours par chambre`}
        />
      </fieldset>
    </div>
  );
}
