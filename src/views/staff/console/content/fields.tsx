import { type ReactNode, useId } from 'react';
import type { ContentPath, ContentProblem } from '../../../../../contract/content-editor.ts';
import { type ContentEditorRef, useDraftField } from './draftField.ts';
import { problemText } from './problemTexts.ts';

/**
 * The content editor's inputs (docs/frontend.md#content-editor): each bound to one field of the draft by its path,
 * its label above it and the validator's problems with it under it, tied to it for screen readers.
 */

interface FieldProps {
  actorRef: ContentEditorRef;
  path: ContentPath;
  label: ReactNode;
  /** A short help under the label. */
  hint?: ReactNode;
}

/** The problems of one field, read out with it (`aria-describedby`). */
export function FieldProblems({ id, problems }: { id: string; problems: readonly ContentProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="content-field__problems" id={id} data-part="problems">
      {problems.map((problem) => (
        <li key={`${problem.rule}:${problem.message}`}>{problemText(problem)}</li>
      ))}
    </ul>
  );
}

function Field({
  id,
  label,
  hint,
  problems,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  problems: readonly ContentProblem[];
  children: ReactNode;
}) {
  return (
    <div className="content-field" data-invalid={problems.length > 0 || undefined}>
      <label htmlFor={id} className="content-field__label">
        {label}
      </label>
      {hint && <p className="content-field__hint">{hint}</p>}
      {children}
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </div>
  );
}

/** A text; emptied, the field leaves the draft when `optional` (the content's default applies), else stays ''. */
export function TextField({
  multiline = false,
  optional = false,
  dir,
  ...props
}: FieldProps & { multiline?: boolean; optional?: boolean; dir?: 'ltr' | 'rtl' }) {
  const id = useId();
  const field = useDraftField(props.actorRef, props.path);
  const value = typeof field.value === 'string' ? field.value : '';
  const common = {
    id,
    value,
    dir,
    disabled: field.disabled,
    'aria-invalid': field.problems.length > 0 || undefined,
    'aria-describedby': field.problems.length > 0 ? `${id}-problems` : undefined,
    'data-path': props.path.join('.'),
    onChange: (event: { target: { value: string } }) =>
      field.set(optional && event.target.value === '' ? undefined : event.target.value),
  };
  return (
    <Field id={id} label={props.label} hint={props.hint} problems={field.problems}>
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
    </Field>
  );
}

/** A whole number; emptied, the field leaves the draft when `optional`. */
export function NumberField({ optional = false, min, ...props }: FieldProps & { optional?: boolean; min?: number }) {
  const id = useId();
  const field = useDraftField(props.actorRef, props.path);
  return (
    <Field id={id} label={props.label} hint={props.hint} problems={field.problems}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        value={typeof field.value === 'number' ? field.value : ''}
        disabled={field.disabled}
        aria-invalid={field.problems.length > 0 || undefined}
        aria-describedby={field.problems.length > 0 ? `${id}-problems` : undefined}
        data-path={props.path.join('.')}
        onChange={(event) => {
          const text = event.target.value;
          field.set(text === '' ? (optional ? undefined : 0) : Number(text));
        }}
      />
    </Field>
  );
}

/** One of a few values, each with its label; `optional` adds a first choice that removes the field. */
export function SelectField<Value extends string>({
  options,
  emptyLabel,
  ...props
}: FieldProps & { options: ReadonlyArray<{ value: Value; label: string }>; emptyLabel?: string }) {
  const id = useId();
  const field = useDraftField(props.actorRef, props.path);
  return (
    <Field id={id} label={props.label} hint={props.hint} problems={field.problems}>
      <select
        id={id}
        value={typeof field.value === 'string' ? field.value : ''}
        disabled={field.disabled}
        aria-invalid={field.problems.length > 0 || undefined}
        aria-describedby={field.problems.length > 0 ? `${id}-problems` : undefined}
        data-path={props.path.join('.')}
        onChange={(event) =>
          field.set(options.find((option) => option.value === event.target.value)?.value ?? undefined)
        }
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Yes or no. */
export function CheckField(props: FieldProps) {
  const id = useId();
  const field = useDraftField(props.actorRef, props.path);
  return (
    <div className="content-field content-field--check" data-invalid={field.problems.length > 0 || undefined}>
      <input
        id={id}
        type="checkbox"
        checked={field.value === true}
        disabled={field.disabled}
        data-path={props.path.join('.')}
        onChange={(event) => field.set(event.target.checked)}
      />
      <label htmlFor={id} className="content-field__label">
        {props.label}
      </label>
      <FieldProblems id={`${id}-problems`} problems={field.problems} />
    </div>
  );
}

/** A picture's address (the section may offer an upload next to it). */
export function PictureField(props: FieldProps) {
  return <TextField {...props} optional dir="ltr" />;
}

/** A time of day, HH:MM (the hotel's clock); emptied, the field leaves the draft when `optional`. */
export function TimeField({ optional = false, ...props }: FieldProps & { optional?: boolean }) {
  const id = useId();
  const field = useDraftField(props.actorRef, props.path);
  return (
    <Field id={id} label={props.label} hint={props.hint} problems={field.problems}>
      <input
        id={id}
        type="time"
        dir="ltr"
        value={typeof field.value === 'string' ? field.value : ''}
        disabled={field.disabled}
        aria-invalid={field.problems.length > 0 || undefined}
        aria-describedby={field.problems.length > 0 ? `${id}-problems` : undefined}
        data-path={props.path.join('.')}
        onChange={(event) => field.set(event.target.value === '' && optional ? undefined : event.target.value)}
      />
    </Field>
  );
}
