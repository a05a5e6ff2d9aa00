import { useId } from 'react';
import type { ContentPath } from '../../../../../contract/content-editor.ts';
import type { ContentEditorRef } from './draftField.ts';
import { useDraftField } from './draftField.ts';
import { Field } from './fields.tsx';

/** More inputs of the content editor, bound by path like the kit's (fields.tsx): a day, a colour, a decimal; a fixed value. */

interface FieldProps {
  actorRef: ContentEditorRef;
  path: ContentPath;
  label: string;
  hint?: string;
}

function inputProps(id: string, path: ContentPath, problemCount: number) {
  return {
    id,
    'aria-invalid': problemCount > 0 || undefined,
    'aria-describedby': problemCount > 0 ? `${id}-problems` : undefined,
    'data-path': path.join('.'),
  };
}

/** A calendar day (YYYY-MM-DD); emptied, the field leaves the draft. */
export function DayField(props: FieldProps) {
  const id = useId();
  const field = useDraftField(props.actorRef, props.path);
  return (
    <Field id={id} label={props.label} hint={props.hint} problems={field.problems}>
      <input
        type="date"
        {...inputProps(id, props.path, field.problems.length)}
        value={typeof field.value === 'string' ? field.value : ''}
        disabled={field.disabled}
        onChange={(event) => field.set(event.target.value === '' ? undefined : event.target.value)}
      />
    </Field>
  );
}

/** A colour as #RRGGBB, typed or picked; emptied, the field leaves the draft (the app's own colour applies). */
export function ColorField(props: FieldProps & { pickerLabel: string }) {
  const id = useId();
  const field = useDraftField(props.actorRef, props.path);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <Field id={id} label={props.label} hint={props.hint} problems={field.problems}>
      <span className="content-color">
        <input
          type="text"
          dir="ltr"
          placeholder="#1F6F4A"
          {...inputProps(id, props.path, field.problems.length)}
          value={value}
          disabled={field.disabled}
          onChange={(event) => field.set(event.target.value === '' ? undefined : event.target.value)}
        />
        <input
          type="color"
          aria-label={props.pickerLabel}
          value={/^#[0-9A-Fa-f]{6}$/.test(value) ? value : '#000000'}
          disabled={field.disabled}
          onChange={(event) => field.set(event.target.value.toUpperCase())}
        />
      </span>
    </Field>
  );
}

/** A number that may have decimals (0.48 kWh); emptied, the field leaves the draft. */
export function DecimalField(props: FieldProps & { min?: number }) {
  const id = useId();
  const field = useDraftField(props.actorRef, props.path);
  return (
    <Field id={id} label={props.label} hint={props.hint} problems={field.problems}>
      <input
        type="number"
        inputMode="decimal"
        step="any"
        min={props.min}
        {...inputProps(id, props.path, field.problems.length)}
        value={typeof field.value === 'number' ? field.value : ''}
        disabled={field.disabled}
        onChange={(event) => field.set(event.target.value === '' ? undefined : Number(event.target.value))}
      />
    </Field>
  );
}

/** A field that may no longer change; `code` for a key (left to right, monospaced). */
export function ReadOnlyField({
  label,
  value,
  hint,
  code = false,
}: {
  label: string;
  value: string;
  hint?: string;
  code?: boolean;
}) {
  return (
    <div className="content-field content-field--read-only">
      <span className="content-field__label">{label}</span>
      <span className="content-field__value" data-code={code || undefined} dir={code ? 'ltr' : undefined}>
        {value}
      </span>
      {hint && <p className="content-field__hint">{hint}</p>}
    </div>
  );
}
