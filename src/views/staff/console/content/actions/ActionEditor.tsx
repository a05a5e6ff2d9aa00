import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ACTION_TYPES } from '../../../../../../contract/action-types.ts';
import type { ContentDocument, ContentPath, ContentProblem } from '../../../../../../contract/content-editor.ts';
import type { ActionEntry } from '../../../../../../contract/hotel-content-file.ts';
import { directionOf } from '../../../../../../contract/locales.ts';
import { isWithin, problemsAt } from '../../../../../../machines/contentDraft.ts';
import { actionTypeLabel } from '../../impact/labels.ts';
import { type ContentEditorRef, useDraftField } from '../draftField.ts';
import { CheckField, FieldProblems, hasErrors, NumberField, PictureField, SelectField, TextField } from '../fields.tsx';
import {
  ACTION_PERIODS,
  ACTION_SCOPES,
  ACTION_TYPE_FIELDS,
  type ActionPeriod,
  type ActionScope,
  actionName,
  colourInputValue,
  errorsInAction,
  MAX_OPTIONS,
  MAX_QUIZ_ANSWERS,
  MIN_QUIZ_ANSWERS,
  moved,
  newAnswer,
  newOption,
  parseTags,
  primaryLanguageOf,
  withLanguage,
  withoutLanguage,
  withType,
} from './actionDrafts.ts';

/** A language an action may be written in: one of the hotel's, or one its texts still hold that the hotel dropped. */
interface ActionLanguage {
  code: string;
  name: string;
  dir: 'ltr' | 'rtl';
  declared: boolean;
}

const sameProblems = (a: readonly ContentProblem[], b: readonly ContentProblem[]) =>
  a.length === b.length && a.every((problem, index) => problem === b[index]);

/** The validator's problems at `path` itself, or (`inside`) at it and everywhere inside it. */
function useProblems(actorRef: ContentEditorRef, path: ContentPath, inside = false): ContentProblem[] {
  return useSelector(
    actorRef,
    (snapshot) =>
      inside
        ? snapshot.context.problems.filter((problem) => isWithin(problem.path, path))
        : problemsAt(snapshot.context.problems, path),
    sameProblems,
  );
}

function Problems({ actorRef, path, inside }: { actorRef: ContentEditorRef; path: ContentPath; inside?: boolean }) {
  const id = useId();
  return <FieldProblems id={id} problems={useProblems(actorRef, path, inside)} />;
}

const useBusy = (actorRef: ContentEditorRef) => useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));

function actionLanguages(languages: ContentDocument['languages'], action: ActionEntry): ActionLanguage[] {
  const declared = [...languages]
    .sort((a, b) => a.position - b.position)
    .map((language) => ({
      code: language.code,
      name: language.name,
      dir: directionOf(language.code, language.direction),
      declared: true,
    }));
  const known = new Set(declared.map((language) => language.code));
  const leftOver = [...new Set([...Object.keys(action.texts), ...Object.keys(action.tags ?? {})])]
    .filter((code) => !known.has(code))
    .map((code) => ({ code, name: code, dir: directionOf(code), declared: false }));
  return [...declared, ...leftOver];
}

/**
 * One action open (docs/behaviour.md#editing-actions): its key and type (fixed once saved), points, scope,
 * period, positive answer, colour, picture, then a block per language, the options or the quiz or the proof codes
 * its type has, and its retirement.
 */
export function ActionEditor({
  actorRef,
  index,
  onClose,
  onRemoved,
}: {
  actorRef: ContentEditorRef;
  index: number;
  onClose(): void;
  onRemoved(): void;
}) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const action = useSelector(actorRef, (snapshot) => snapshot.context.draft?.actions?.[index]);
  const languages = useSelector(actorRef, (snapshot) => snapshot.context.draft?.languages ?? []);
  const primary = useSelector(actorRef, (snapshot) =>
    snapshot.context.draft ? primaryLanguageOf(snapshot.context.draft) : 'fr',
  );
  const problemCount = useSelector(actorRef, (snapshot) => errorsInAction(snapshot.context.problems, index).length);
  const saved = useSelector(actorRef, (snapshot) => snapshot.context.saved);
  // Whether the action is saved is read when it opens and after each save, not while its key is being typed.
  const [seen, setSeen] = useState({ saved, key: action?.key });
  if (seen.saved !== saved) setSeen({ saved, key: action?.key });
  const isSaved = seen.saved?.document.actions?.some((known) => known.key === seen.key) ?? false;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  if (!action) return null;
  const path: ContentPath = ['actions', index];
  const fields = ACTION_TYPE_FIELDS[action.type];
  const blocks = actionLanguages(languages, action);
  const written = blocks.filter((language) => action.texts[language.code]);
  const name = actionName(action, primary);

  return (
    <section className="content-actions__editor" aria-labelledby={headingId} data-part="editor">
      <div className="content-actions__editor-head">
        <button type="button" className="content-actions__back" data-part="back" onClick={onClose}>
          <span aria-hidden="true" className="content-actions__back-arrow">
            ←
          </span>{' '}
          {t`Toutes les actions`}
        </button>
        <h3 id={headingId} className="content-actions__title" ref={headingRef} tabIndex={-1}>
          <bdi>{name}</bdi>
        </h3>
        {problemCount > 0 && (
          <p className="content-actions__hint" data-part="problem-count">
            {t`Les problèmes de cette action sont indiqués sous leur champ.`}
          </p>
        )}
        <Problems actorRef={actorRef} path={path} />
      </div>

      <fieldset className="content-actions__group staff-tab-card" data-part="general">
        <legend className="content-actions__legend">
          <Trans>Réglages</Trans>
        </legend>
        {isSaved ? (
          <ReadOnlyField
            label={t`Clé`}
            value={action.key}
            hint={t`Elle ne change plus : une autre clé ferait une nouvelle action.`}
            part="key"
            code
          />
        ) : (
          <TextField
            actorRef={actorRef}
            path={[...path, 'key']}
            label={t`Clé`}
            hint={t`Lettres a-z, chiffres et tirets ; elle ne change plus une fois enregistrée.`}
            dir="ltr"
          />
        )}
        {isSaved ? (
          <>
            <ReadOnlyField label={t`Type`} value={actionTypeLabel(i18n, action.type)} part="type" />
            <Problems actorRef={actorRef} path={[...path, 'type']} />
          </>
        ) : (
          <TypeSelect actorRef={actorRef} index={index} action={action} />
        )}
        <NumberField actorRef={actorRef} path={[...path, 'reward']} label={t`Points`} min={0} />
        <ScopeFields actorRef={actorRef} path={path} />
        {fields.positiveResponse && (
          <SelectField
            actorRef={actorRef}
            path={[...path, 'positiveResponse']}
            label={t`Réponse qui rapporte les points`}
            options={[
              { value: 'YES', label: t`Oui` },
              { value: 'NO', label: t`Non` },
            ]}
          />
        )}
        <ColourField actorRef={actorRef} path={[...path, 'titleColor']} />
        <PictureField actorRef={actorRef} path={[...path, 'picture']} label={t`Image`} />
      </fieldset>

      {blocks.map((language) => (
        <LanguageBlock
          key={language.code}
          actorRef={actorRef}
          index={index}
          action={action}
          language={language}
          removable={written.length > 1 || !action.texts[language.code]}
        />
      ))}

      {fields.part === 'options' && (
        <OptionsBlock actorRef={actorRef} index={index} action={action} languages={written} />
      )}
      {fields.part === 'quiz' && <QuizBlock actorRef={actorRef} index={index} action={action} languages={written} />}
      {fields.part === 'proofCodes' && <ProofCodes actorRef={actorRef} index={index} action={action} />}

      <RetireBlock actorRef={actorRef} index={index} name={name} onRemoved={onRemoved} />
    </section>
  );
}

/** A value shown, not edited: a `code` (the key) reads left to right in every language. */
function ReadOnlyField({
  label,
  value,
  hint,
  part,
  code = false,
}: {
  label: string;
  value: string;
  hint?: string;
  part: string;
  code?: boolean;
}) {
  return (
    <div className="content-field content-field--read-only" data-part={part}>
      <span className="content-field__label">{label}</span>
      <span className="content-actions__read-only" data-code={code || undefined} dir={code ? 'ltr' : undefined}>
        {value}
      </span>
      {hint && <p className="content-field__hint">{hint}</p>}
    </div>
  );
}

/** A type chosen again, for an action not saved yet: its parts follow (withType). */
function TypeSelect({ actorRef, index, action }: { actorRef: ContentEditorRef; index: number; action: ActionEntry }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const field = useDraftField(actorRef, ['actions', index, 'type']);
  return (
    <div className="content-field" data-invalid={hasErrors(field.problems) || undefined}>
      <label htmlFor={id} className="content-field__label">
        {t`Type`}
      </label>
      <p className="content-field__hint">{t`Il ne change plus une fois l'action enregistrée.`}</p>
      <select
        id={id}
        value={action.type}
        disabled={field.disabled}
        data-path={`actions.${index}.type`}
        aria-invalid={hasErrors(field.problems) || undefined}
        aria-describedby={field.problems.length > 0 ? `${id}-problems` : undefined}
        onChange={(event) => {
          const type = ACTION_TYPES.find((known) => known === event.target.value);
          if (type) actorRef.send({ type: 'draft.change', path: ['actions', index], value: withType(action, type) });
        }}
      >
        {ACTION_TYPES.map((known) => (
          <option key={known} value={known}>
            {actionTypeLabel(i18n, known)}
          </option>
        ))}
      </select>
      <FieldProblems id={`${id}-problems`} problems={field.problems} />
    </div>
  );
}

function ScopeFields({ actorRef, path }: { actorRef: ContentEditorRef; path: ContentPath }) {
  const { t } = useLingui();
  const scopes: Record<ActionScope, string> = {
    ROOM: t`La chambre`,
    STAY: t`Le séjour`,
    HOTEL: t`L'hôtel`,
  };
  const periods: Record<ActionPeriod, string> = {
    NIGHT: t`Chaque nuit`,
    STAY: t`Une fois par séjour`,
  };
  return (
    <>
      <SelectField
        actorRef={actorRef}
        path={[...path, 'scope']}
        label={t`Portée`}
        options={ACTION_SCOPES.map((scope) => ({ value: scope, label: scopes[scope] }))}
      />
      <SelectField
        actorRef={actorRef}
        path={[...path, 'period']}
        label={t`Fréquence`}
        hint={t`Une action de la chambre faite chaque nuit demande la date de départ du client.`}
        options={ACTION_PERIODS.map((period) => ({ value: period, label: periods[period] }))}
      />
    </>
  );
}

/** The title's colour: a colour input, its code, and a button that takes it away (the title is then white). */
function ColourField({ actorRef, path }: { actorRef: ContentEditorRef; path: ContentPath }) {
  const { t } = useLingui();
  const id = useId();
  const field = useDraftField(actorRef, path);
  const colour = colourInputValue(field.value);
  const written = typeof field.value === 'string' ? field.value : null;
  return (
    <div className="content-field" data-invalid={hasErrors(field.problems) || undefined}>
      <label htmlFor={id} className="content-field__label">
        {t`Couleur du titre`}
      </label>
      <p className="content-field__hint">
        {t`Sur l'image, le titre reste blanc si cette couleur n'y est pas assez lisible.`}
      </p>
      <div className="content-actions__colour">
        <input
          id={id}
          type="color"
          value={colour ?? '#ffffff'}
          disabled={field.disabled}
          data-path={path.join('.')}
          aria-invalid={hasErrors(field.problems) || undefined}
          aria-describedby={field.problems.length > 0 ? `${id}-problems` : undefined}
          onChange={(event) => field.set(event.target.value)}
        />
        {written === null ? (
          <span data-part="colour-code">{t`Aucune (blanc)`}</span>
        ) : (
          <span className="content-actions__colour-code" dir="ltr" data-part="colour-code">
            {written}
          </span>
        )}
        <button
          type="button"
          className="button-secondary content-actions__button"
          data-part="colour-clear"
          disabled={field.disabled || written === null}
          onClick={() => field.set(undefined)}
        >
          {t`Sans couleur`}
        </button>
      </div>
      <FieldProblems id={`${id}-problems`} problems={field.problems} />
    </div>
  );
}

/** Tags in one field, a comma between two; emptied, the language's tags leave the action. */
function TagsField({ actorRef, path, dir }: { actorRef: ContentEditorRef; path: ContentPath; dir: 'ltr' | 'rtl' }) {
  const { t } = useLingui();
  const id = useId();
  const field = useDraftField(actorRef, path);
  const problems = useProblems(actorRef, path, true);
  const tags = Array.isArray(field.value) ? field.value.filter((tag): tag is string => typeof tag === 'string') : [];
  // Written the way each script writes a list: the Arabic comma right to left.
  const separator = dir === 'rtl' ? '، ' : ', ';
  const joined = tags.join(separator);
  // The text as typed stays ('Eau, ' while the next tag comes) until the draft's tags change otherwise (discarded).
  const [typed, setTyped] = useState({ text: joined, tags: joined });
  if (typed.tags !== joined) setTyped({ text: joined, tags: joined });
  return (
    <div className="content-field" data-invalid={hasErrors(problems) || undefined}>
      <label htmlFor={id} className="content-field__label">
        {t`Thèmes`}
      </label>
      <p className="content-field__hint">{t`Séparés par des virgules ; 40 caractères au plus chacun.`}</p>
      <input
        id={id}
        type="text"
        dir={dir}
        value={typed.text}
        disabled={field.disabled}
        data-path={path.join('.')}
        aria-invalid={hasErrors(problems) || undefined}
        aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}
        onChange={(event) => {
          const next = parseTags(event.target.value);
          setTyped({ text: event.target.value, tags: next.join(separator) });
          field.set(next.length > 0 ? next : undefined);
        }}
      />
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </div>
  );
}

function LanguageBlock({
  actorRef,
  index,
  action,
  language,
  removable,
}: {
  actorRef: ContentEditorRef;
  index: number;
  action: ActionEntry;
  language: ActionLanguage;
  removable: boolean;
}) {
  const { t } = useLingui();
  const busy = useBusy(actorRef);
  const { code, dir } = language;
  const path: ContentPath = ['actions', index, 'texts', code];
  const languageName = language.name;
  const change = (next: ActionEntry) => actorRef.send({ type: 'draft.change', path: ['actions', index], value: next });
  const texts = action.texts[code];
  return (
    <fieldset
      className="content-actions__group content-actions__language staff-tab-card"
      data-part="language"
      data-language={code}
      data-state={texts ? 'written' : 'missing'}
    >
      <legend className="content-actions__legend">
        {/* A name in its own script, isolated: 'Français (fr)' reads the same in a right-to-left page. */}
        <bdi>
          {languageName} ({code})
        </bdi>
      </legend>
      {!language.declared && (
        <p className="content-actions__hint">{t`Cette langue n'est plus proposée par l'hôtel : retirez ses textes.`}</p>
      )}
      <Problems actorRef={actorRef} path={path} />
      {texts ? (
        <>
          <TextField actorRef={actorRef} path={[...path, 'name']} label={t`Nom`} dir={dir} />
          <TextField actorRef={actorRef} path={[...path, 'description']} label={t`Description`} multiline dir={dir} />
          {ACTION_TYPE_FIELDS[action.type].question && (
            <TextField
              actorRef={actorRef}
              path={[...path, 'question']}
              label={t`Question`}
              hint={t`Facultative : la question posée dans la fenêtre de l'action.`}
              optional
              dir={dir}
            />
          )}
          <TagsField actorRef={actorRef} path={['actions', index, 'tags', code]} dir={dir} />
          {removable && (
            <button
              type="button"
              className="button-secondary content-actions__button"
              data-part="remove-language"
              disabled={busy}
              onClick={() => change(withoutLanguage(action, code))}
            >
              {t`Retirer les textes en ${languageName}`}
            </button>
          )}
        </>
      ) : (
        <>
          {action.tags?.[code] && <TagsField actorRef={actorRef} path={['actions', index, 'tags', code]} dir={dir} />}
          <p className="content-actions__hint">{t`Pas encore traduite en ${languageName} : les clients la voient dans une autre langue.`}</p>
          {language.declared && (
            <button
              type="button"
              className="button-secondary content-actions__button"
              data-part="add-language"
              disabled={busy}
              onClick={() => change(withLanguage(action, code))}
            >
              {t`Traduire en ${languageName}`}
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}

/** Up, down and remove for one item of a list (an option, a quiz answer). */
function ItemTools({
  label,
  count,
  at,
  canRemove,
  onMove,
  onRemove,
  busy,
}: {
  label: string;
  count: number;
  at: number;
  canRemove: boolean;
  onMove(offset: number): void;
  onRemove(): void;
  busy: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className="content-actions__item-tools">
      <button
        type="button"
        className="content-actions__icon-button"
        aria-label={t`Monter ${label}`}
        disabled={busy || at === 0}
        onClick={() => onMove(-1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="content-actions__icon-button"
        aria-label={t`Descendre ${label}`}
        disabled={busy || at === count - 1}
        onClick={() => onMove(1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <button
        type="button"
        className="button-secondary content-actions__button"
        data-part="remove-item"
        aria-label={t`Retirer ${label}`}
        disabled={busy || !canRemove}
        onClick={onRemove}
      >
        {t`Retirer`}
      </button>
    </div>
  );
}

function OptionsBlock({
  actorRef,
  index,
  action,
  languages,
}: {
  actorRef: ContentEditorRef;
  index: number;
  action: ActionEntry;
  languages: ActionLanguage[];
}) {
  const { t } = useLingui();
  const busy = useBusy(actorRef);
  const path: ContentPath = ['actions', index, 'options'];
  const options = action.options ?? [];
  const setOptions = (next: ActionEntry['options']) => actorRef.send({ type: 'draft.change', path, value: next });
  return (
    <fieldset className="content-actions__group staff-tab-card" data-part="options">
      <legend className="content-actions__legend">
        <Trans>Options</Trans>
      </legend>
      <p className="content-actions__hint">{t`Le client en choisit une ; il en faut au moins deux.`}</p>
      <Problems actorRef={actorRef} path={path} />
      <ol className="content-actions__items">
        {options.map((_, at) => {
          const label = t`l'option ${at + 1}`;
          const optionPath = [...path, at];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options have no identity of their own but their place.
            <li key={at} className="content-actions__item" data-part="option">
              <div className="content-actions__item-head">
                <span className="content-actions__item-title">{t`Option ${at + 1}`}</span>
                <ItemTools
                  label={label}
                  count={options.length}
                  at={at}
                  canRemove
                  busy={busy}
                  onMove={(offset) => setOptions(moved(options, at, offset))}
                  onRemove={() => actorRef.send({ type: 'draft.change', path: optionPath, value: undefined })}
                />
              </div>
              <Problems actorRef={actorRef} path={[...optionPath, 'labels']} />
              {languages.map((language) => (
                <TextField
                  key={language.code}
                  actorRef={actorRef}
                  path={[...optionPath, 'labels', language.code]}
                  label={t`Libellé (${language.name})`}
                  dir={language.dir}
                />
              ))}
              <PictureField actorRef={actorRef} path={[...optionPath, 'picture']} label={t`Image de l'option`} />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button-secondary content-actions__button"
        data-part="add-option"
        disabled={busy || options.length >= MAX_OPTIONS}
        onClick={() =>
          actorRef.send({ type: 'draft.change', path: [...path, options.length], value: newOption(action) })
        }
      >
        {t`Ajouter une option`}
      </button>
    </fieldset>
  );
}

/** A, B, C…: how the guest's quiz names its answers (docs/behaviour.md#quiz). */
const answerLetter = (at: number) => String.fromCharCode(65 + at);

function QuizBlock({
  actorRef,
  index,
  action,
  languages,
}: {
  actorRef: ContentEditorRef;
  index: number;
  action: ActionEntry;
  languages: ActionLanguage[];
}) {
  const { t } = useLingui();
  const busy = useBusy(actorRef);
  const path: ContentPath = ['actions', index, 'quiz'];
  const answers = action.quiz?.answers ?? [];
  const answersPath = [...path, 'answers'];
  return (
    <fieldset className="content-actions__group staff-tab-card" data-part="quiz">
      <legend className="content-actions__legend">
        <Trans>Quiz</Trans>
      </legend>
      <Problems actorRef={actorRef} path={path} />
      <Problems actorRef={actorRef} path={[...path, 'texts']} />
      {languages.map((language) => (
        <div key={language.code} className="content-actions__quiz-texts" data-language={language.code}>
          <Problems actorRef={actorRef} path={[...path, 'texts', language.code]} />
          <TextField
            actorRef={actorRef}
            path={[...path, 'texts', language.code, 'question']}
            label={t`Question (${language.name})`}
            dir={language.dir}
          />
          <TextField
            actorRef={actorRef}
            path={[...path, 'texts', language.code, 'explanation']}
            label={t`Explication (${language.name})`}
            hint={t`Facultative : montrée avec la bonne réponse.`}
            multiline
            optional
            dir={language.dir}
          />
        </div>
      ))}
      <h4 className="content-actions__subheading">
        <Trans>Réponses</Trans>
      </h4>
      <p className="content-actions__hint">{t`De 2 à 10 réponses ; cochez la ou les bonnes.`}</p>
      <Problems actorRef={actorRef} path={answersPath} />
      <ol className="content-actions__items">
        {answers.map((_, at) => {
          const letter = answerLetter(at);
          const answerPath = [...answersPath, at];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: answers have no identity of their own but their place.
            <li key={at} className="content-actions__item" data-part="answer">
              <div className="content-actions__item-head">
                <span className="content-actions__item-title">{t`Réponse ${letter}`}</span>
                <ItemTools
                  label={t`la réponse ${letter}`}
                  count={answers.length}
                  at={at}
                  canRemove={answers.length > MIN_QUIZ_ANSWERS}
                  busy={busy}
                  onMove={(offset) =>
                    actorRef.send({ type: 'draft.change', path: answersPath, value: moved(answers, at, offset) })
                  }
                  onRemove={() => actorRef.send({ type: 'draft.change', path: answerPath, value: undefined })}
                />
              </div>
              <CheckField actorRef={actorRef} path={[...answerPath, 'correct']} label={t`Bonne réponse`} />
              <Problems actorRef={actorRef} path={[...answerPath, 'texts']} />
              {languages.map((language) => (
                <TextField
                  key={language.code}
                  actorRef={actorRef}
                  path={[...answerPath, 'texts', language.code]}
                  label={t`Texte (${language.name})`}
                  dir={language.dir}
                />
              ))}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button-secondary content-actions__button"
        data-part="add-answer"
        disabled={busy || answers.length >= MAX_QUIZ_ANSWERS}
        onClick={() =>
          actorRef.send({ type: 'draft.change', path: [...answersPath, answers.length], value: newAnswer(action) })
        }
      >
        {t`Ajouter une réponse`}
      </button>
    </fieldset>
  );
}

function ProofCodes({ actorRef, index, action }: { actorRef: ContentEditorRef; index: number; action: ActionEntry }) {
  const { t } = useLingui();
  const codes = action.proofQrIds ?? [];
  return (
    <fieldset className="content-actions__group staff-tab-card" data-part="proof-codes">
      <legend className="content-actions__legend">
        <Trans>Codes de preuve</Trans>
      </legend>
      <Problems actorRef={actorRef} path={['actions', index, 'proofQrIds']} inside />
      {codes.length === 0 ? (
        <p className="content-actions__hint">{t`Un code sera créé à l'enregistrement.`}</p>
      ) : (
        <>
          <p className="content-actions__hint">{t`Les QR codes imprimés que le client scanne sur place.`}</p>
          <ul className="content-actions__codes">
            {codes.map((code) => (
              <li key={code} dir="ltr" translate="no">
                {code}
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}

/** Retiring asks first, with what it means for the guests. */
function RetireBlock({
  actorRef,
  index,
  name,
  onRemoved,
}: {
  actorRef: ContentEditorRef;
  index: number;
  name: string;
  onRemoved(): void;
}) {
  const { t } = useLingui();
  const busy = useBusy(actorRef);
  const [asking, setAsking] = useState(false);
  const explanation: ReactNode = (
    <p className="content-actions__hint">
      {t`Les clients qui l'ont déjà faite gardent leurs points et la voient comme faite ; elle n'est plus proposée.`}
    </p>
  );
  return (
    <section
      className="content-actions__group content-actions__retire staff-tab-card"
      data-part="retire"
      data-state={asking ? 'asking' : 'idle'}
    >
      {asking ? (
        <>
          <p className="content-actions__question">{t`Retirer « ${name} » ?`}</p>
          {explanation}
          <div className="content-actions__buttons">
            <button
              type="button"
              className="button-primary content-actions__button content-actions__button--danger"
              data-part="retire-confirm"
              disabled={busy}
              onClick={() => {
                actorRef.send({ type: 'draft.change', path: ['actions', index], value: undefined });
                onRemoved();
              }}
            >
              {t`Retirer l'action`}
            </button>
            <button
              type="button"
              className="button-secondary content-actions__button"
              data-part="retire-cancel"
              onClick={() => setAsking(false)}
            >
              {t`Annuler`}
            </button>
          </div>
        </>
      ) : (
        <>
          {explanation}
          <button
            type="button"
            className="button-secondary content-actions__button"
            data-part="retire"
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            {t`Retirer l'action`}
          </button>
        </>
      )}
    </section>
  );
}
