import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { endDatePickerMachine } from '../../../../machines/dialogs/endDatePicker.machine.ts';
import { Sheet, SheetCloseButton } from '../../../components/Sheet.tsx';
import { dataStateOf } from '../../binding/dataState.ts';
import './Pickers.css';

export interface EndDatePickerProps {
  actorRef: ActorRefFrom<typeof endDatePickerMachine>;
  onClose(): void;
}

/** A YYYY-MM-DD date written out in the interface language (fr: 'samedi 21 novembre 2026'). */
export function longDate(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** The stay end-date question (docs/behaviour.md#end-date): today to today plus 14 days, 'Confirmer' once a date is chosen. */
export function EndDatePicker({ actorRef, onClose }: EndDatePickerProps) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const { min, max, date } = useSelector(actorRef, (snapshot) => snapshot.context);
  const state = useSelector(actorRef, dataStateOf);

  return (
    <Sheet
      title={t`Quand se termine votre séjour ?`}
      onClose={onClose}
      scope="end-date-picker"
      state={state}
      corner={<SheetCloseButton onClose={onClose} />}
    >
      <label className="pickers__label" htmlFor={inputId}>
        {t`Date de départ`}
      </label>
      <input
        id={inputId}
        className="pickers__date"
        data-part="date-input"
        type="date"
        min={min}
        max={max}
        value={date ?? ''}
        onChange={(event) => actorRef.send({ type: 'date.choose', date: event.target.value })}
      />
      {date && (
        <p className="pickers__chosen" data-part="chosen-date" aria-live="polite">
          {longDate(date, i18n.locale)}
        </p>
      )}
      <button
        type="button"
        className="button-primary pickers__confirm"
        data-part="confirm"
        disabled={date === null}
        onClick={() => actorRef.send({ type: 'date.confirm' })}
      >
        {t`Confirmer`}
      </button>
    </Sheet>
  );
}
