import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import type { ContentPath } from '../../../../../contract/content-editor.ts';
import type { ContentSection } from '../../../../../machines/contentEditor.machine.ts';
import { ErrorCard } from '../../../../components/ErrorCard.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import { useConnected } from '../../../binding/useConnected.ts';
import { type ContentEditorProps, connectContentEditor, type SaveBarStatus } from './contentEditor.connect.ts';
import type { ContentEditorRef } from './draftField.ts';
import { problemText } from './problemTexts.ts';
import { SECTION_VIEWS } from './sections.tsx';
import './ContentEditor.css';

/**
 * The 'Programme' tab (docs/behaviour.md#content-editor): the hotel's content as one draft, a part at a time (a menu
 * of the parts: a select on a phone, a side list on a desktop), the sticky save bar under it, and the YAML file.
 */
export function ContentEditor({ actorRef }: { actorRef: ContentEditorRef }) {
  const { t } = useLingui();
  const editor = useConnected(actorRef, connectContentEditor);
  // The field a problem of the save bar leads to, focused once its section shows.
  const [focusPath, setFocusPath] = useState<ContentPath | null>(null);
  const sectionHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusPath) return;
    const field = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(focusPath.join('.'))}"]`);
    (field ?? sectionHeading.current)?.focus();
    setFocusPath(null);
  }, [focusPath]);

  return (
    <div className="content-editor" {...editor.root}>
      {editor.screen === 'loading' && <Spinner label={t`Chargement du programme…`} />}
      {editor.screen === 'failed' && (
        <ErrorCard message={t`Impossible de charger le programme.`} onRetry={editor.onRetry} />
      )}
      {editor.screen === 'editing' && (
        <>
          <YamlTools editor={editor} />
          <div className="content-editor__layout">
            <SectionMenu current={editor.section} sections={editor.sections} onShow={editor.onShow} />
            <SectionShown actorRef={actorRef} section={editor.section} headingRef={sectionHeading} />
          </div>
          <SaveBar
            editor={editor}
            onJump={(section, path) => {
              editor.onShow(section);
              setFocusPath(path);
            }}
          />
        </>
      )}
    </div>
  );
}

function SectionMenu({
  current,
  sections,
  onShow,
}: {
  current: ContentSection;
  sections: readonly ContentSection[];
  onShow: (section: ContentSection) => void;
}) {
  const { t, i18n } = useLingui();
  const selectId = useId();
  return (
    <nav className="content-editor__menu" aria-label={t`Parties du programme`} data-part="menu">
      <div className="content-editor__menu-select">
        <label htmlFor={selectId}>{t`Partie du programme`}</label>
        <select
          id={selectId}
          value={current}
          onChange={(event) => onShow(sections.find((section) => section === event.target.value) ?? current)}
        >
          {sections.map((section) => (
            <option key={section} value={section}>
              {i18n._(SECTION_VIEWS[section].label)}
            </option>
          ))}
        </select>
      </div>
      <ul className="content-editor__menu-list">
        {sections.map((section) => (
          <li key={section}>
            <button
              type="button"
              className="content-editor__menu-item"
              data-part="menu-item"
              data-state={section === current ? 'current' : 'idle'}
              aria-current={section === current ? 'true' : undefined}
              onClick={() => onShow(section)}
            >
              {i18n._(SECTION_VIEWS[section].label)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SectionShown({
  actorRef,
  section,
  headingRef,
}: {
  actorRef: ContentEditorRef;
  section: ContentSection;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const { label, Section } = SECTION_VIEWS[section];
  return (
    <section
      className="content-editor__section staff-tab-card"
      aria-labelledby={headingId}
      data-part="section"
      data-section={section}
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="content-editor__section-title">
        {i18n._(label)}
      </h3>
      <Section actorRef={actorRef} />
    </section>
  );
}

/** The YAML file: the saved content downloaded, or a whole file imported (only without unsaved changes). */
function YamlTools({ editor }: { editor: ContentEditorProps }) {
  const { t } = useLingui();
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) editor.onImport(await file.text());
  }

  return (
    <div className="content-editor__tools" data-part="yaml">
      <button
        type="button"
        className="button-secondary"
        data-part="yaml-export"
        disabled={!editor.yaml.canExport}
        onClick={editor.onExport}
      >
        {editor.yaml.exporting ? t`Export…` : t`Exporter en YAML`}
      </button>
      <button
        type="button"
        className="button-secondary"
        data-part="yaml-import"
        disabled={!editor.yaml.canImport}
        aria-describedby={editor.yaml.canImport ? undefined : hintId}
        onClick={() => fileInput.current?.click()}
      >
        {t`Importer un fichier YAML`}
      </button>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".yaml,.yml,application/yaml,text/yaml"
        data-part="yaml-file"
        aria-label={t`Importer un fichier YAML`}
        onChange={onFile}
      />
      {!editor.yaml.canImport && (
        <p id={hintId} className="content-editor__hint">
          <Trans>Enregistrez ou annulez vos modifications avant d'importer un fichier.</Trans>
        </p>
      )}
      {editor.yaml.exportFailed && (
        <p className="content-editor__failure" role="alert" data-part="export-failure">
          <Trans>Le téléchargement du fichier a échoué. Réessayez.</Trans>
        </p>
      )}
    </div>
  );
}

function useStatusText(): (status: SaveBarStatus, count: number) => string {
  const { t } = useLingui();
  return (status, count) => {
    switch (status) {
      case 'unchanged':
        return t`Aucune modification`;
      case 'saved':
        return t`Modifications enregistrées`;
      case 'imported':
        return t`Fichier importé et enregistré`;
      case 'changed':
        return t`Modifications non enregistrées`;
      case 'checking':
        return t`Vérification des modifications…`;
      case 'invalid':
        return plural(count, { one: '# problème à corriger', other: '# problèmes à corriger' });
      case 'saving':
        return t`Enregistrement…`;
      case 'importing':
        return t`Import du fichier…`;
      case 'conflict':
        return t`Un autre responsable a enregistré une version entre-temps : vos modifications ne peuvent pas la remplacer. Rechargez pour partir de sa version (vos modifications seront perdues).`;
      case 'saveFailed':
        return t`L'enregistrement a échoué. Réessayez.`;
      case 'importFailed':
        return t`L'import du fichier a échoué. Réessayez.`;
      case 'importInvalid':
        return plural(count, {
          one: 'Fichier non importé : # problème',
          other: 'Fichier non importé : # problèmes',
        });
    }
  };
}

/** Failures the bar announces at once; the rest of its words are a polite status. */
/** The save bar's list of errors or of warnings: each names its section and jumps to its field. */
function ProblemList({
  label,
  part,
  problems,
  onJump,
}: {
  label: string;
  part: 'problems' | 'warnings';
  problems: ContentEditorProps['saveBar']['problems'];
  onJump: (section: ContentSection, path: ContentPath) => void;
}) {
  const { i18n } = useLingui();
  return (
    <ul className="content-save-bar__problems" aria-label={label} data-part={part}>
      {problems.map(({ problem, section }) => (
        <li key={`${problem.path.join('.')}:${problem.rule}:${problem.message}`}>
          <button
            type="button"
            className="content-save-bar__problem"
            data-part="problem"
            data-severity={problem.severity ?? 'error'}
            onClick={() => onJump(section, problem.path)}
          >
            <span className="content-save-bar__problem-section">{i18n._(SECTION_VIEWS[section].label)}</span>{' '}
            <span>{problemText(i18n, problem)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

const ALERTS: ReadonlySet<SaveBarStatus> = new Set(['conflict', 'saveFailed', 'importFailed', 'importInvalid']);

function SaveBar({
  editor,
  onJump,
}: {
  editor: ContentEditorProps;
  onJump: (section: ContentSection, path: ContentPath) => void;
}) {
  const { t } = useLingui();
  const statusText = useStatusText();
  const { saveBar } = editor;
  const { status, problems, warnings } = saveBar;
  return (
    <section
      className="content-save-bar"
      aria-label={t`Enregistrement du programme`}
      data-part={saveBar['data-part']}
      data-state={saveBar['data-state']}
    >
      {problems.length > 0 && (
        <ProblemList label={t`Problèmes à corriger`} part="problems" problems={problems} onJump={onJump} />
      )}
      {warnings.length > 0 && (
        <ProblemList label={t`Mentions à vérifier`} part="warnings" problems={warnings} onJump={onJump} />
      )}
      <div className="content-save-bar__row">
        <p
          className="content-save-bar__status"
          role={ALERTS.has(status) ? 'alert' : 'status'}
          data-part="status"
          data-state={status}
        >
          {statusText(status, problems.length)}
        </p>
        <div className="content-save-bar__buttons">
          {status === 'conflict' ? (
            <button type="button" className="button-primary" data-part="reload" onClick={editor.onReload}>
              {t`Recharger`}
            </button>
          ) : (
            <>
              <button
                type="button"
                className="button-secondary"
                data-part="discard"
                disabled={!saveBar.canDiscard}
                onClick={editor.onDiscard}
              >
                {t`Annuler les modifications`}
              </button>
              <button
                type="button"
                className="button-primary"
                data-part="save"
                disabled={!saveBar.canSave}
                onClick={editor.onSave}
              >
                {t`Enregistrer`}
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
