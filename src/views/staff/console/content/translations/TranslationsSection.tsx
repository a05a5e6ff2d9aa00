import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { ContentDocument } from '../../../../../../contract/content-editor.ts';
import { TableScroll } from '../../TableScroll.tsx';
import type { ContentEditorRef } from '../draftField.ts';
import {
  cellChange,
  cellText,
  type GuestReading,
  guestReading,
  type HotelLanguage,
  hotelLanguages,
  isMissing,
  type TranslationRow,
  translationRows,
} from './translationRows.ts';
import './TranslationsSection.css';

/**
 * The content's texts side by side (docs/behaviour.md#translations): one column per language of the hotel, each cell
 * a text of the draft; an empty one says 'Manquant' and what a guest of that language reads instead. The table can
 * keep only the rows with a missing text, or show what a guest choosing one language reads of each text.
 */
export function TranslationsSection({ actorRef }: { actorRef: ContentEditorRef }) {
  const { t } = useLingui();
  const draft = useSelector(actorRef, (snapshot) => snapshot.context.draft);
  const disabled = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [guestLanguage, setGuestLanguage] = useState('');
  if (!draft) return null;
  const languages = hotelLanguages(draft);
  const guest = languages.find((language) => language.code === guestLanguage) ?? null;
  const guestName = guest?.name ?? '';
  const rows = translationRows(draft).filter(
    (row) => !onlyMissing || languages.some((language) => isMissing(draft, row, language.code)),
  );
  return (
    <div className="content-translations" data-scope="content-translations">
      <div className="content-translations__tools" data-part="tools">
        <label className="content-translations__check">
          <input
            type="checkbox"
            checked={onlyMissing}
            data-part="only-missing"
            onChange={(event) => setOnlyMissing(event.target.checked)}
          />
          <Trans>Seulement les textes manquants</Trans>
        </label>
        <label className="content-translations__guest">
          <span>
            <Trans>Voir comme un client en</Trans>
          </span>
          <select value={guestLanguage} data-part="as-guest" onChange={(event) => setGuestLanguage(event.target.value)}>
            <option value="">{t`(non : modifier les textes)`}</option>
            {languages
              .filter((language) => language.enabled)
              .map((language) => (
                <option key={language.code} value={language.code}>
                  {language.name}
                </option>
              ))}
          </select>
        </label>
      </div>
      {rows.length === 0 ? (
        <p data-part="empty">
          {onlyMissing ? t`Aucun texte ne manque : tout est traduit.` : t`Le contenu n'a encore aucun texte.`}
        </p>
      ) : (
        <TableScroll label={t`Traductions`}>
          <table
            className="staff-table content-translations__table"
            aria-label={t`Textes par langue`}
            data-part="table"
          >
            <thead>
              <tr>
                <th scope="col">{t`Texte`}</th>
                {guest ? (
                  <th scope="col">{t`Ce que lit un client en ${guestName}`}</th>
                ) : (
                  languages.map((language) => (
                    <th key={language.code} scope="col" lang={language.code} dir={language.direction}>
                      {language.name}
                    </th>
                  ))
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-part="row">
                  <th scope="row" className="staff-table__text">
                    <RowLabel row={row} />
                  </th>
                  {guest ? (
                    <td className="staff-table__text" data-part="as-guest-cell">
                      <Reading reading={guestReading(draft, row, guest.code)} guest={guest} languages={languages} />
                    </td>
                  ) : (
                    languages.map((language) => (
                      <td key={language.code} className="content-translations__cell">
                        <Cell
                          actorRef={actorRef}
                          draft={draft}
                          row={row}
                          language={language}
                          languages={languages}
                          disabled={disabled}
                        />
                      </td>
                    ))
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

/** The text's field in words, and whose it is. */
function useFieldLabel(): (row: TranslationRow) => string {
  const { t } = useLingui();
  return (row) => {
    const number = row.number ?? 0;
    switch (row.field) {
      case 'name':
        return t`Nom`;
      case 'description':
        return t`Description`;
      case 'question':
        return t`Question`;
      case 'quizQuestion':
        return t`Question du quiz`;
      case 'quizExplanation':
        return t`Explication du quiz`;
      case 'answer':
        return t`Réponse ${number}`;
      case 'option':
        return t`Choix ${number}`;
      case 'tags':
        return t`Étiquettes (séparées par des virgules)`;
      case 'dishName':
        return t`Nom du plat`;
    }
  };
}

function useOwnerLabel(): (row: TranslationRow) => string {
  const { t } = useLingui();
  return ({ owner, key }) =>
    owner === 'actions' ? t`Action ${key}` : owner === 'rewards' ? t`Récompense ${key}` : t`Plat ${key}`;
}

function RowLabel({ row }: { row: TranslationRow }) {
  const fieldLabel = useFieldLabel();
  const ownerLabel = useOwnerLabel();
  return (
    <>
      <span className="content-translations__owner">{ownerLabel(row)}</span>
      <span className="content-translations__field">{fieldLabel(row)}</span>
    </>
  );
}

/** One text in one language, bound to the draft; empty, it says what a guest of that language reads instead. */
function Cell({
  actorRef,
  draft,
  row,
  language,
  languages,
  disabled,
}: {
  actorRef: ContentEditorRef;
  draft: ContentDocument;
  row: TranslationRow;
  language: HotelLanguage;
  languages: HotelLanguage[];
  disabled: boolean;
}) {
  const { t } = useLingui();
  const fieldLabel = useFieldLabel();
  const ownerLabel = useOwnerLabel();
  const noteId = useId();
  const text = cellText(draft, row, language.code);
  const missing = isMissing(draft, row, language.code);
  const long = row.field === 'description' || row.field === 'quizExplanation';
  const field = fieldLabel(row);
  const owner = ownerLabel(row);
  const languageName = language.name;
  const change = (value: string) =>
    actorRef.send({ type: 'draft.change', ...cellChange(draft, row, language.code, value) });
  const common = {
    disabled,
    lang: language.code,
    dir: language.direction,
    'aria-label': t`${field}, ${owner}, en ${languageName}`,
    'aria-describedby': missing ? noteId : undefined,
    'data-path': row.pathOf(language.code).join('.'),
  };
  const bound = {
    ...common,
    value: text,
    onChange: (event: { target: { value: string } }) => change(event.target.value),
  };

  return (
    <div className="content-translations__text" data-state={missing ? 'missing' : 'present'}>
      {row.field === 'tags' ? (
        // Tags are cut at commas when the field is left, so a comma can be typed between two of them.
        <input key={text} type="text" {...common} defaultValue={text} onBlur={(event) => change(event.target.value)} />
      ) : long ? (
        <textarea rows={3} {...bound} />
      ) : (
        <input type="text" {...bound} />
      )}
      {missing && (
        <p id={noteId} className="content-translations__missing" data-part="missing">
          <span className="content-translations__flag">{t`Manquant`}</span>{' '}
          <Reading reading={guestReading(draft, row, language.code)} guest={language} languages={languages} />
        </p>
      )}
    </div>
  );
}

/** What a guest of `guest`'s language reads of a text, and in which language when it is another. */
function Reading({
  reading,
  guest,
  languages,
}: {
  reading: GuestReading;
  guest: HotelLanguage;
  languages: HotelLanguage[];
}) {
  const { t } = useLingui();
  const guestName = guest.name;
  if (reading.kind === 'actionHidden')
    return <span data-part="reading">{t`Un client en ${guestName} ne voit pas cette action.`}</span>;
  if (reading.kind === 'nothing')
    return <span data-part="reading">{t`Un client en ${guestName} ne lit rien ici.`}</span>;
  const shown = languages.find((language) => language.code === reading.lang);
  const shownName = shown?.name ?? reading.lang;
  return (
    <span data-part="reading" data-state={reading.lang === guest.code ? 'own' : 'fallback'}>
      {reading.lang !== guest.code && `${t`Un client en ${guestName} lit, en ${shownName} :`} `}
      <span lang={reading.lang} dir={shown?.direction ?? 'auto'} className="content-translations__read">
        {reading.text}
      </span>
    </span>
  );
}
