import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isValidPeriod, type staffImpactMachine } from '../../../../../machines/staffImpact.machine.ts';
import { ErrorCard } from '../../../../components/ErrorCard.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import { useConnected } from '../../../binding/useConnected.ts';
import { DateField } from '../DateField.tsx';
import { CertificationExport } from './CertificationExport.tsx';
import { formatDate } from './format.ts';
import { ImpactFigures } from './ImpactFigures.tsx';
import { connectStaffImpact, type ImpactPreset, type StaffImpactProps } from './staffImpact.connect.ts';
import './ImpactSection.css';

/** The 'Impact' tab under its heading: the period chooser, then the figures of that period or why there are none. */
export function ImpactSection({ actorRef }: { actorRef: ActorRefFrom<typeof staffImpactMachine> }) {
  const impact = useConnected(actorRef, connectStaffImpact);
  return (
    <div className="staff-impact" {...impact.root}>
      <PeriodChooser impact={impact} />
      <ImpactBody impact={impact} />
    </div>
  );
}

const PRESETS: ImpactPreset[] = ['last7', 'last30'];

function PeriodChooser({ impact }: { impact: StaffImpactProps }) {
  const { t } = useLingui();
  const [from, setFrom] = useState(impact.dates?.from ?? '');
  const [to, setTo] = useState(impact.dates?.to ?? '');
  const presetLabels: Record<ImpactPreset, string> = {
    last7: t`7 derniers jours`,
    last30: t`30 derniers jours`,
  };

  // The figures of a preset bring its dates: the form shows them, ready to be changed.
  const shownFrom = impact.dates?.from;
  const shownTo = impact.dates?.to;
  useEffect(() => {
    if (shownFrom && shownTo) {
      setFrom(shownFrom);
      setTo(shownTo);
    }
  }, [shownFrom, shownTo]);

  function submit(event: FormEvent) {
    event.preventDefault();
    impact.onChooseDates(from, to);
  }

  return (
    <form className="staff-impact__period" data-part="period" onSubmit={submit}>
      <fieldset className="staff-impact__fieldset">
        <legend className="staff-impact__legend">
          <Trans>Période</Trans>
        </legend>
        <div className="staff-impact__presets">
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="button-secondary staff-impact__preset"
              data-part="preset"
              aria-pressed={impact.preset === preset}
              onClick={() => impact.onChoosePreset(preset)}
            >
              {presetLabels[preset]}
            </button>
          ))}
        </div>
        <div className="staff-impact__dates">
          <DateField label={t`Du`} part="from" value={from} required onChange={setFrom} />
          <DateField label={t`Au`} part="to" value={to} required onChange={setTo} />
          <button type="submit" className="button-primary staff-impact__show" data-part="show">
            <Trans>Afficher</Trans>
          </button>
        </div>
      </fieldset>
      {impact.invalidPeriod && !isValidPeriod(from, to) && (
        <p className="staff-impact__invalid" role="alert" data-part="invalid-period">
          <Trans>
            Période invalide : la date de fin ne peut pas précéder la date de début, et une période compte 366 jours au
            plus.
          </Trans>
        </p>
      )}
    </form>
  );
}

function ImpactBody({ impact }: { impact: StaffImpactProps }) {
  const { t } = useLingui();
  switch (impact.screen) {
    case 'loading':
      return <Spinner label={t`Chargement des chiffres…`} />;
    case 'failed':
      return <ErrorCard message={t`Une erreur est survenue`} onRetry={impact.onRetry} />;
    case 'refused':
      return null;
    case 'empty':
      return impact.summary ? <EmptyPeriod from={impact.summary.from} to={impact.summary.to} /> : null;
    case 'loaded':
      return impact.summary ? (
        <ImpactFigures
          summary={impact.summary}
          onExport={impact.onExport}
          exports={<CertificationExport impact={impact} />}
        />
      ) : null;
  }
}

function EmptyPeriod({ from, to }: { from: string; to: string }) {
  const { t, i18n } = useLingui();
  const start = formatDate(i18n, from);
  const end = formatDate(i18n, to);
  return (
    <p className="note staff-impact__empty" data-part="empty">
      {t`Aucune activité du ${start} au ${end}.`}
    </p>
  );
}
