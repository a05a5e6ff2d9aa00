import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useId, useState } from 'react';
import { problemsAt } from '../../../../../../machines/contentDraft.ts';
import { type ContentEditorRef, useDraftField } from '../draftField.ts';
import { CheckField, FieldProblems, SelectField, TextField } from '../fields.tsx';
import {
  indexesInOrder,
  type LanguageEntry,
  moved,
  newLanguage,
  withoutLanguage,
  withPrimary,
} from './languageList.ts';

const NO_LANGUAGES: LanguageEntry[] = [];

/**
 * The languages the hotel offers its guests (docs/behaviour.md#content-editor), in the order guests see them: each
 * with its name, whether it is offered, its direction, moved up or down, or removed with its texts; the one primary
 * language; a new one added by its code and name.
 */
export function LanguagesSection({ actorRef }: { actorRef: ContentEditorRef }) {
  const { t } = useLingui();
  const languages = useSelector(actorRef, (snapshot) => snapshot.context.draft?.languages ?? NO_LANGUAGES);
  const list = useDraftField(actorRef, ['languages']);
  const order = indexesInOrder(languages);
  const primaryName = useId();
  const setList = (next: LanguageEntry[]) => list.set(next);

  return (
    <div className="content-section" data-part="languages">
      <fieldset
        className="content-fieldset"
        aria-describedby={list.problems.length > 0 ? `${primaryName}-problems` : undefined}
      >
        <legend>{t`Langue principale`}</legend>
        <p className="content-field__hint">
          <Trans>Celle des textes de référence, et celle d'un client dont la langue n'est pas traduite.</Trans>
        </p>
        <div className="content-choices">
          {order.map((index) => {
            const language = languages[index] as LanguageEntry;
            return (
              <label key={language.code} className="content-choice">
                <input
                  type="radio"
                  name={primaryName}
                  checked={language.isPrimary === true}
                  disabled={list.disabled}
                  onChange={() => setList(withPrimary(languages, index))}
                />
                {language.name}
              </label>
            );
          })}
        </div>
        <FieldProblems id={`${primaryName}-problems`} problems={list.problems} />
      </fieldset>

      <ol className="content-languages" aria-label={t`Langues proposées, dans l'ordre des clients`}>
        {order.map((index, place) => (
          <LanguageItem
            key={index}
            actorRef={actorRef}
            index={index}
            first={place === 0}
            last={place === order.length - 1}
            disabled={list.disabled}
            onMove={(by) => setList(moved(languages, index, by))}
          />
        ))}
      </ol>
      <p className="content-field__hint">
        <Trans>
          Retirer une langue retire aussi ses textes des actions, des récompenses et du menu. « Annuler les
          modifications » les rend tant que rien n'est enregistré.
        </Trans>
      </p>

      <AddLanguage
        disabled={list.disabled}
        onAdd={(code, name) =>
          actorRef.send({
            type: 'draft.change',
            path: ['languages', languages.length],
            value: newLanguage(languages, code, name),
          })
        }
      />
    </div>
  );
}

function LanguageItem({
  actorRef,
  index,
  first,
  last,
  disabled,
  onMove,
}: {
  actorRef: ContentEditorRef;
  index: number;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useLingui();
  const language = useSelector(actorRef, (snapshot) => snapshot.context.draft?.languages[index]);
  const codeProblems = useSelector(
    actorRef,
    (snapshot) => problemsAt(snapshot.context.problems, ['languages', index, 'code']),
    (a, b) => a.length === b.length && a.every((problem, at) => problem === b[at]),
  );
  const headingId = useId();
  if (!language) return null;
  const { name, code } = language;
  const remove = () => {
    const draft = actorRef.getSnapshot().context.draft;
    if (draft) actorRef.send({ type: 'draft.change', path: [], value: withoutLanguage(draft, code) });
  };
  return (
    <li className="content-language" aria-labelledby={headingId} data-part="language" data-code={code}>
      <div className="content-language__head">
        <h4 id={headingId} className="content-language__title">
          {name}{' '}
          <span className="content-language__code" dir="ltr">
            {code}
          </span>
        </h4>
        {language.isPrimary && <span className="pill content-language__primary">{t`Principale`}</span>}
      </div>
      <FieldProblems id={`${headingId}-code-problems`} problems={codeProblems} />
      <div className="content-language__fields">
        <TextField actorRef={actorRef} path={['languages', index, 'name']} label={t`Nom affiché aux clients`} />
        <SelectField
          actorRef={actorRef}
          path={['languages', index, 'direction']}
          label={t`Sens de lecture`}
          options={[
            { value: 'ltr', label: t`De gauche à droite` },
            { value: 'rtl', label: t`De droite à gauche` },
          ]}
        />
        <CheckField actorRef={actorRef} path={['languages', index, 'enabled']} label={t`Proposée aux clients`} />
      </div>
      <div className="content-language__tools">
        <button
          type="button"
          className="button-secondary"
          data-part="move-up"
          aria-label={t`Monter ${name}`}
          disabled={disabled || first}
          onClick={() => onMove(-1)}
        >
          {t`Monter`}
        </button>
        <button
          type="button"
          className="button-secondary"
          data-part="move-down"
          aria-label={t`Descendre ${name}`}
          disabled={disabled || last}
          onClick={() => onMove(1)}
        >
          {t`Descendre`}
        </button>
        <button
          type="button"
          className="button-secondary content-language__remove"
          data-part="remove"
          aria-label={t`Retirer ${name}`}
          disabled={disabled}
          onClick={remove}
        >
          {t`Retirer`}
        </button>
      </div>
    </li>
  );
}

function AddLanguage({ disabled, onAdd }: { disabled: boolean; onAdd: (code: string, name: string) => void }) {
  const { t } = useLingui();
  const headingId = useId();
  const codeId = useId();
  const nameId = useId();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const ready = code.trim() !== '' && name.trim() !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    onAdd(code.trim(), name.trim());
    setCode('');
    setName('');
  }

  return (
    <form className="content-fieldset content-add-language" aria-labelledby={headingId} onSubmit={submit}>
      <h4 id={headingId} className="content-language__title">
        <Trans>Ajouter une langue</Trans>
      </h4>
      <div className="content-language__fields">
        <div className="content-field">
          <label htmlFor={codeId} className="content-field__label">
            {t`Code de la langue`}
          </label>
          <p className="content-field__hint">
            <Trans>Comme « de », « es » ou « pt-BR ».</Trans>
          </p>
          <input
            id={codeId}
            dir="ltr"
            autoComplete="off"
            value={code}
            disabled={disabled}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <div className="content-field">
          <label htmlFor={nameId} className="content-field__label">
            {t`Nom de la langue`}
          </label>
          <p className="content-field__hint">
            <Trans>Dans cette langue, comme « Deutsch ».</Trans>
          </p>
          <input
            id={nameId}
            autoComplete="off"
            value={name}
            disabled={disabled}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="button-primary" disabled={disabled || !ready}>
        {t`Ajouter la langue`}
      </button>
    </form>
  );
}
