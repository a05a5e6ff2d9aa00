import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { isCalendarDate } from '../../../../contract/calendar-days.ts';
import { formatLongDate } from './impact/format.ts';

/**
 * A date input of the staff page, and the chosen date written out in the page's language under it: the browser draws
 * the input in its own locale's format (11/23/2026 on an English browser), whatever language the page is in (issue 25).
 */
export function DateField({
  label,
  part,
  value,
  required = false,
  onChange,
}: {
  label: string;
  part: 'from' | 'to';
  value: string;
  required?: boolean;
  onChange(value: string): void;
}) {
  const { i18n } = useLingui();
  const textId = useId();
  return (
    <div className="staff-date">
      <label>
        <span>{label}</span>
        <input
          type="date"
          data-part={part}
          value={value}
          required={required}
          aria-describedby={textId}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <span id={textId} className="staff-date__text" data-part={`${part}-text`}>
        {isCalendarDate(value) ? formatLongDate(i18n, value) : ''}
      </span>
    </div>
  );
}
