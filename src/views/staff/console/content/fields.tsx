import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useId, useRef } from 'react';
import { type ContentPath, type ContentProblem, PICTURE_MEDIA_TYPES } from '../../../../../contract/content-editor.ts';
import { isContentError } from '../../../../../contract/content-rules.ts';
import { useConnected } from '../../../binding/useConnected.ts';
import { type ContentEditorRef, useDraftField } from './draftField.ts';
import { connectPictureUpload } from './pictureUpload.connect.ts';
import { pictureUploadLogic } from './pictureUpload.logic.ts';
import { useProblemText } from './problemTexts.ts';
import './PictureField.css';

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

/** Whether a field's problems make it invalid: a warning alone (docs/behaviour.md#claims) does not. */
export function hasErrors(problems: readonly ContentProblem[]): boolean {
  return problems.some(isContentError);
}

/**
 * The problems of one field, read out with it (`aria-describedby`): its errors, then its warnings, drawn as warnings
 * (a save goes ahead with them).
 */
export function FieldProblems({ id, problems }: { id: string; problems: readonly ContentProblem[] }) {
  const problemText = useProblemText();
  if (problems.length === 0) return null;
  return (
    <ul
      className="content-field__problems"
      id={id}
      data-part="problems"
      data-severity={hasErrors(problems) ? 'error' : 'warning'}
    >
      {problems.map((problem) => (
        <li key={`${problem.rule}:${problem.message}`} data-severity={problem.severity ?? 'error'}>
          {problemText(problem)}
        </li>
      ))}
    </ul>
  );
}

/** A field's frame: its label, a hint, the input given, its problems (for inputs the kit does not have). */
export function Field({
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
    <div className="content-field" data-invalid={hasErrors(problems) || undefined}>
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
    'aria-invalid': hasErrors(field.problems) || undefined,
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
        aria-invalid={hasErrors(field.problems) || undefined}
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
        aria-invalid={hasErrors(field.problems) || undefined}
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
    <div className="content-field content-field--check" data-invalid={hasErrors(field.problems) || undefined}>
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

const PICTURE_ACCEPT = PICTURE_MEDIA_TYPES.join(',');

/**
 * A picture (docs/behaviour.md#pictures): its preview, a file to upload (stored resized, its address put in the
 * draft), its removal, and its address, which may also be a picture hosted elsewhere. `uploadLogic` is the upload's
 * machine with its call (tests pass a controlled one).
 */
export function PictureField(props: FieldProps & { uploadLogic?: typeof pictureUploadLogic }) {
  // A field moved to another path (a list item removed above it) gets an upload of its own.
  return <PictureFieldAt key={props.path.join('\u0000')} {...props} />;
}

function PictureFieldAt({
  uploadLogic = pictureUploadLogic,
  ...props
}: FieldProps & { uploadLogic?: typeof pictureUploadLogic }) {
  const { t } = useLingui();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const field = useDraftField(props.actorRef, props.path);
  const uploadRef = useActorRef(uploadLogic, {
    input: { ...editorSessionOf(props.actorRef), path: props.path, editorRef: props.actorRef },
  });
  const upload = useConnected(uploadRef, connectPictureUpload);
  const address = typeof field.value === 'string' ? field.value : '';
  const locked = field.disabled || upload.uploading;
  const refusalText = {
    type: t`Cette image n'est pas acceptée : choisissez un fichier JPEG, PNG ou WebP.`,
    size: t`Cette image est trop grande : 10 Mo et 50 mégapixels au plus.`,
    failed: t`L'envoi de l'image a échoué. Réessayez.`,
  };
  return (
    <fieldset
      className="content-field content-field--picture"
      data-invalid={hasErrors(field.problems) || undefined}
      {...upload.rootProps}
    >
      <legend className="content-field__label">{props.label}</legend>
      {props.hint && <p className="content-field__hint">{props.hint}</p>}
      {address !== '' && (
        <img className="picture-field__preview" data-part="preview" src={address} alt={t`Aperçu de l'image`} />
      )}
      <div className="picture-field__actions">
        <input
          ref={fileInput}
          type="file"
          accept={PICTURE_ACCEPT}
          hidden
          data-part="file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Emptied, so that choosing the same file again is a change too.
            event.target.value = '';
            if (file) upload.choose(file);
          }}
        />
        <button
          type="button"
          className="button-secondary picture-field__button"
          data-part="choose"
          disabled={locked}
          onClick={() => fileInput.current?.click()}
        >
          {t`Choisir une image`}
        </button>
        {address !== '' && (
          <button
            type="button"
            className="button-secondary picture-field__button"
            data-part="remove"
            disabled={locked}
            onClick={upload.remove}
          >
            {t`Retirer l'image`}
          </button>
        )}
      </div>
      <p className="content-field__hint" role="status" data-part="status">
        {upload.uploading && t`Envoi de l'image…`}
        {upload.uploaded && t`Image envoyée : les clients la verront une fois les modifications enregistrées.`}
      </p>
      {upload.refusal && (
        <p className="picture-field__refusal" role="alert" data-part="refusal">
          {refusalText[upload.refusal]}
        </p>
      )}
      <label htmlFor={id} className="content-field__label picture-field__address-label">
        {t`Adresse de l'image`}
      </label>
      <input
        id={id}
        type="text"
        dir="ltr"
        value={address}
        disabled={field.disabled}
        aria-invalid={hasErrors(field.problems) || undefined}
        aria-describedby={field.problems.length > 0 ? `${id}-problems` : undefined}
        data-path={props.path.join('.')}
        onChange={(event) => field.set(event.target.value === '' ? undefined : event.target.value)}
      />
      <FieldProblems id={`${id}-problems`} problems={field.problems} />
    </fieldset>
  );
}

/** The hotel and the session the editor works with: an upload is made with them. */
function editorSessionOf(actorRef: ContentEditorRef) {
  const { hId, token } = actorRef.getSnapshot().context;
  return { hId, token };
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
        aria-invalid={hasErrors(field.problems) || undefined}
        aria-describedby={field.problems.length > 0 ? `${id}-problems` : undefined}
        data-path={props.path.join('.')}
        onChange={(event) => field.set(event.target.value === '' && optional ? undefined : event.target.value)}
      />
    </Field>
  );
}
