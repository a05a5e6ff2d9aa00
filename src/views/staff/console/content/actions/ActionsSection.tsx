import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ACTION_TYPES, type ActionType } from '../../../../../../contract/action-types.ts';
import type { ActionEntry } from '../../../../../../contract/hotel-content-file.ts';
import { actionTypeLabel } from '../../impact/labels.ts';
import type { ContentEditorRef } from '../draftField.ts';
import { ActionEditor } from './ActionEditor.tsx';
import {
  actionName,
  displayOrder,
  errorsInAction,
  newAction,
  primaryLanguageOf,
  reorderedActions,
} from './actionDrafts.ts';
import './ActionsSection.css';

/**
 * The content editor's Actions section (docs/behaviour.md#editing-actions): the hotel's actions as cards in
 * the guests' order (moved up and down), a new one of a chosen type, and one action open at a time with every field
 * its type needs. A view over the editor's draft: each change is a `draft.change`.
 */
export function ActionsSection({ actorRef }: { actorRef: ContentEditorRef }) {
  const actions = useSelector(actorRef, (snapshot) => snapshot.context.draft?.actions);
  const loaded = useSelector(actorRef, (snapshot) => snapshot.context.draft !== null);
  const [open, setOpen] = useState<number | null>(null);
  // The card whose editor was just closed takes the focus back.
  const [returnTo, setReturnTo] = useState<number | null>(null);
  if (!loaded) return null;
  const opened = open !== null && actions?.[open] ? open : null;
  return (
    <div
      className="content-actions staff-tab-stack"
      data-part="actions-section"
      data-state={opened === null ? 'list' : 'open'}
    >
      {opened === null ? (
        <>
          <ActionList
            actorRef={actorRef}
            returnTo={returnTo}
            onOpen={(index) => {
              setReturnTo(null);
              setOpen(index);
            }}
          />
          <AddActionForm
            actorRef={actorRef}
            onAdded={(index) => {
              setReturnTo(null);
              setOpen(index);
            }}
          />
        </>
      ) : (
        <ActionEditor
          actorRef={actorRef}
          index={opened}
          onClose={() => {
            setReturnTo(opened);
            setOpen(null);
          }}
          onRemoved={() => {
            setReturnTo(null);
            setOpen(null);
          }}
        />
      )}
    </div>
  );
}

const NO_ACTIONS: ActionEntry[] = [];

function ActionList({
  actorRef,
  returnTo,
  onOpen,
}: {
  actorRef: ContentEditorRef;
  returnTo: number | null;
  onOpen(index: number): void;
}) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const actions = useSelector(actorRef, (snapshot) => snapshot.context.draft?.actions ?? NO_ACTIONS);
  const primary = useSelector(actorRef, (snapshot) =>
    snapshot.context.draft ? primaryLanguageOf(snapshot.context.draft) : 'fr',
  );
  const problems = useSelector(actorRef, (snapshot) => snapshot.context.problems);
  const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const listRef = useRef<HTMLOListElement>(null);
  const order = displayOrder(actions);

  useEffect(() => {
    if (returnTo === null) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${returnTo}"] [data-part="open"]`)?.focus();
  }, [returnTo]);

  const move = (index: number, offset: number) =>
    actorRef.send({ type: 'draft.change', path: ['actions'], value: reorderedActions(actions, index, offset) });

  return (
    <section className="content-actions__list staff-tab-card" aria-labelledby={headingId} data-part="list">
      <h3 id={headingId} className="content-actions__heading">
        <Trans>Actions proposées aux clients</Trans>
      </h3>
      {actions.length === 0 ? (
        <p className="content-actions__hint" data-part="empty">
          <Trans>Aucune action pour l'instant : ajoutez la première ci-dessous.</Trans>
        </p>
      ) : (
        <ol className="content-actions__cards" ref={listRef}>
          {order.map((index, place) => {
            const action = actions[index] as ActionEntry;
            const name = actionName(action, primary);
            const count = errorsInAction(problems, index).length;
            return (
              <li
                key={`${index}:${action.key}`}
                className="content-actions__card"
                data-index={index}
                data-key={action.key}
                data-invalid={count > 0 || undefined}
              >
                <div className="content-actions__card-text">
                  <span className="content-actions__card-name">
                    {/* In the primary language's script: isolated, on the page's side. */}
                    <bdi>{name}</bdi>
                  </span>
                  <span className="content-actions__card-facts">
                    <span data-part="type">{actionTypeLabel(i18n, action.type)}</span>
                    <span data-part="points">{plural(action.reward, { one: '# point', other: '# points' })}</span>
                    {count > 0 && (
                      <span className="content-actions__badge" data-part="problems">
                        {plural(count, { one: '# problème', other: '# problèmes' })}
                      </span>
                    )}
                  </span>
                </div>
                <div className="content-actions__card-tools">
                  <button
                    type="button"
                    className="content-actions__icon-button"
                    data-part="move-up"
                    aria-label={t`Monter ${name}`}
                    disabled={busy || place === 0}
                    onClick={() => move(index, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    className="content-actions__icon-button"
                    data-part="move-down"
                    aria-label={t`Descendre ${name}`}
                    disabled={busy || place === order.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    type="button"
                    className="button-secondary content-actions__button"
                    data-part="open"
                    aria-label={t`Modifier ${name}`}
                    onClick={() => onOpen(index)}
                  >
                    {t`Modifier`}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function AddActionForm({ actorRef, onAdded }: { actorRef: ContentEditorRef; onAdded(index: number): void }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const typeId = useId();
  const nameId = useId();
  const draft = useSelector(actorRef, (snapshot) => snapshot.context.draft);
  const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const [type, setType] = useState<ActionType>('YESNO');
  const [name, setName] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft || name.trim() === '') return;
    const index = draft.actions?.length ?? 0;
    actorRef.send({ type: 'draft.change', path: ['actions', index], value: newAction(type, name, draft) });
    setName('');
    onAdded(index);
  }

  return (
    <form className="content-actions__add staff-tab-card" aria-labelledby={headingId} data-part="add" onSubmit={submit}>
      <h3 id={headingId} className="content-actions__heading">
        <Trans>Ajouter une action</Trans>
      </h3>
      <div className="content-actions__add-fields">
        <div className="content-field">
          <label htmlFor={typeId} className="content-field__label">
            <Trans>Type</Trans>
          </label>
          <select
            id={typeId}
            data-part="add-type"
            value={type}
            disabled={busy}
            onChange={(event) => setType(ACTION_TYPES.find((known) => known === event.target.value) ?? type)}
          >
            {ACTION_TYPES.map((known) => (
              <option key={known} value={known}>
                {actionTypeLabel(i18n, known)}
              </option>
            ))}
          </select>
        </div>
        <div className="content-field content-actions__add-name">
          <label htmlFor={nameId} className="content-field__label">
            <Trans>Nom</Trans>
          </label>
          <input
            id={nameId}
            type="text"
            data-part="add-name"
            value={name}
            required
            maxLength={200}
            autoComplete="off"
            disabled={busy}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="button-primary content-actions__button" data-part="add-submit" disabled={busy}>
          {t`Ajouter une action`}
        </button>
      </div>
      <p className="content-actions__hint">
        <Trans>
          Le nom est celui de la langue principale ; sa clé en est tirée. Les autres langues et les détails se
          remplissent ensuite.
        </Trans>
      </p>
    </form>
  );
}
