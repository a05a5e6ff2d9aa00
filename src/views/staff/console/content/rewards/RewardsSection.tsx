import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import type { RewardEntry } from '../../../../../../contract/hotel-content-file.ts';
import { directionOf } from '../../../../../../contract/locales.ts';
import type { ContentEditorRef } from '../draftField.ts';
import { FieldProblems, NumberField, PictureField, SelectField, TextField } from '../fields.tsx';
import { ColorField, DayField, ReadOnlyField } from '../moreFields.tsx';
import { primaryLanguageOf, useDraftBusy, useDraftLanguages, useProblemsWithin } from '../sectionParts.ts';
import {
  addedToPool,
  newReward,
  type PoolAddition,
  REWARD_TYPES,
  type RewardTypeName,
  rewardsInOrder,
} from './rewardEntries.ts';
import '../contentSections.css';
import { isContentError } from '../../../../../../contract/content-rules.ts';

/**
 * The content editor's 'Récompenses' (docs/behaviour.md#rewards): the hotel's rewards in the order guests see
 * them; add one (its type, name and cost), open one to change it, retire one.
 */

const TYPE_LABELS: Record<RewardTypeName, MessageDescriptor> = {
  CODE: msg`Code promo`,
  EAU: msg`Don d'eau`,
  SLIDER: msg`Remise validée par le personnel`,
  GENERIC: msg`Autre récompense`,
};

const TYPE_HINTS: Record<RewardTypeName, MessageDescriptor> = {
  CODE: msg`Le client reçoit un code à présenter : tiré de votre réserve de codes, sinon créé par l'application.`,
  EAU: msg`Le client offre de l'eau potable : le volume en litres est montré avec les mois d'accès à l'eau qu'il représente.`,
  SLIDER: msg`Une remise que le personnel valide une seule fois en glissant sur l'écran du client, au départ.`,
  GENERIC: msg`Le client présente son écran au personnel, avec un code que le personnel peut vérifier.`,
};

export function RewardsSection({ actorRef }: { actorRef: ContentEditorRef }) {
  const rewards = useSelector(actorRef, (snapshot) => snapshot.context.draft?.rewards);
  const savedRewards = useSelector(actorRef, (snapshot) => snapshot.context.saved?.document.rewards);
  const languages = useDraftLanguages(actorRef);
  const [open, setOpen] = useState<number | null>(null);
  const list = rewards ?? [];
  const savedKeys = new Set((savedRewards ?? []).map((reward) => reward.key));

  const add = (choice: { type: RewardTypeName; name: string; cost: number }) => {
    actorRef.send({
      type: 'draft.change',
      path: ['rewards', list.length],
      value: newReward(choice, list, primaryLanguageOf(languages)),
    });
    setOpen(list.length);
  };
  const retire = (index: number) => {
    actorRef.send({ type: 'draft.change', path: ['rewards', index], value: undefined });
    setOpen(null);
  };

  return (
    <div className="content-section staff-tab-stack" data-part="rewards-section">
      <div className="staff-tab-card">
        <p className="content-section__hint">
          <Trans>Dans l'ordre où les clients les voient.</Trans>
        </p>
        <AddRewardForm actorRef={actorRef} onAdd={add} />
      </div>
      {list.length === 0 ? (
        <p className="staff-tab-card content-section__empty">
          <Trans>Aucune récompense pour l'instant.</Trans>
        </p>
      ) : (
        <ul className="content-list">
          {rewardsInOrder(list).map(({ reward, index }) => (
            <RewardItem
              key={index}
              actorRef={actorRef}
              reward={reward}
              index={index}
              saved={savedKeys.has(reward.key)}
              open={open === index}
              onToggle={() => setOpen(open === index ? null : index)}
              onRetire={() => retire(index)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function AddRewardForm({
  actorRef,
  onAdd,
}: {
  actorRef: ContentEditorRef;
  onAdd(choice: { type: RewardTypeName; name: string; cost: number }): void;
}) {
  const { t, i18n } = useLingui();
  const busy = useDraftBusy(actorRef);
  const [type, setType] = useState<RewardTypeName>('CODE');
  const [name, setName] = useState('');
  const [cost, setCost] = useState('');
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    onAdd({ type, name, cost: cost === '' ? 0 : Number(cost) });
    setName('');
    setCost('');
  };
  return (
    <form className="content-add" onSubmit={submit} aria-label={t`Ajouter une récompense`}>
      <label className="content-add__field">
        <span>{t`Type`}</span>
        <select
          value={type}
          aria-describedby={hintId}
          onChange={(event) => setType(REWARD_TYPES.find((known) => known === event.target.value) ?? type)}
        >
          {REWARD_TYPES.map((known) => (
            <option key={known} value={known}>
              {i18n._(TYPE_LABELS[known])}
            </option>
          ))}
        </select>
      </label>
      <label className="content-add__field content-add__field--wide">
        <span>{t`Nom`}</span>
        <input type="text" value={name} required onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="content-add__field content-add__field--narrow">
        <span>{t`Coût (points)`}</span>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          value={cost}
          onChange={(event) => setCost(event.target.value)}
        />
      </label>
      <button type="submit" className="button-primary content-add__button" disabled={busy}>
        {t`Ajouter la récompense`}
      </button>
      <p id={hintId} className="content-section__hint content-add__hint">
        {i18n._(TYPE_HINTS[type])}
      </p>
    </form>
  );
}

function RewardItem({
  actorRef,
  reward,
  index,
  saved,
  open,
  onToggle,
  onRetire,
}: {
  actorRef: ContentEditorRef;
  reward: RewardEntry;
  index: number;
  saved: boolean;
  open: boolean;
  onToggle(): void;
  onRetire(): void;
}) {
  const { t, i18n } = useLingui();
  const languages = useDraftLanguages(actorRef);
  // The count of what refuses a save: a warning shows at its field.
  const errors = useProblemsWithin(actorRef, ['rewards', index]).filter(isContentError);
  const panelId = useId();
  const primary = primaryLanguageOf(languages);
  const name = reward.texts[primary]?.name || reward.key;
  return (
    <li className="content-item staff-tab-card" data-state={open ? 'open' : 'closed'} data-part="reward">
      <div className="content-item__summary">
        <button
          type="button"
          className="content-item__open"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="content-item__name">{name}</span>
          <span className="content-item__facts">
            {i18n._(TYPE_LABELS[reward.type])} · <Plural value={reward.cost} one="# point" other="# points" />
          </span>
        </button>
        {errors.length > 0 && (
          <span className="content-item__problems" data-part="problem-count">
            <Plural value={errors.length} one="# problème" other="# problèmes" />
          </span>
        )}
      </div>
      {open && (
        <div id={panelId} className="content-item__body">
          <RewardFields actorRef={actorRef} reward={reward} index={index} saved={saved} />
          <div className="content-retire">
            <button type="button" className="content-retire__button" onClick={onRetire}>
              {t`Retirer`}
            </button>
            <p className="content-section__hint">
              <Trans>
                Elle n'est plus proposée. Les clients qui l'ont déjà débloquée la gardent et peuvent toujours
                l'utiliser.
              </Trans>
            </p>
          </div>
        </div>
      )}
    </li>
  );
}

function RewardFields({
  actorRef,
  reward,
  index,
  saved,
}: {
  actorRef: ContentEditorRef;
  reward: RewardEntry;
  index: number;
  saved: boolean;
}) {
  const { t, i18n } = useLingui();
  const languages = useDraftLanguages(actorRef);
  const at = (...rest: Array<string | number>) => ['rewards', index, ...rest];
  return (
    <>
      <div className="content-grid">
        {saved ? (
          <ReadOnlyField
            label={t`Clé`}
            value={reward.key}
            code
            hint={t`Fixée une fois enregistrée : les récompenses débloquées la gardent.`}
          />
        ) : (
          <TextField
            actorRef={actorRef}
            path={at('key')}
            label={t`Clé`}
            dir="ltr"
            hint={t`Lettres minuscules, chiffres et tirets.`}
          />
        )}
        {saved ? (
          <ReadOnlyField label={t`Type`} value={i18n._(TYPE_LABELS[reward.type])} />
        ) : (
          <SelectField
            actorRef={actorRef}
            path={at('type')}
            label={t`Type`}
            options={REWARD_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_LABELS[type]) }))}
          />
        )}
        <NumberField actorRef={actorRef} path={at('cost')} label={t`Coût (points)`} min={0} />
        <DayField
          actorRef={actorRef}
          path={at('validUntil')}
          label={t`Valable jusqu'au`}
          hint={t`Inclus, à l'heure de l'hôtel. Vide : sans fin.`}
        />
        {reward.type === 'EAU' && (
          <NumberField
            actorRef={actorRef}
            path={at('waterVolume')}
            label={t`Volume d'eau (litres)`}
            min={1}
            optional
            hint={t`Vide : 50 litres.`}
          />
        )}
        <NumberField
          actorRef={actorRef}
          path={at('position')}
          label={t`Position`}
          min={0}
          optional
          hint={t`Les plus petites d'abord ; vide : à la fin.`}
        />
        <ColorField
          actorRef={actorRef}
          path={at('titleColor')}
          label={t`Couleur du titre`}
          pickerLabel={t`Choisir la couleur du titre`}
        />
        <PictureField actorRef={actorRef} path={at('picture')} label={t`Image`} />
      </div>
      {languages.map((language) => (
        <fieldset key={language.code} className="content-texts" lang={language.code}>
          <legend>{language.name}</legend>
          <TextField
            actorRef={actorRef}
            path={at('texts', language.code, 'name')}
            label={t`Nom`}
            dir={directionOf(language.code, language.direction)}
          />
          <TextField
            actorRef={actorRef}
            path={at('texts', language.code, 'description')}
            label={t`Description`}
            dir={directionOf(language.code, language.direction)}
            multiline
          />
        </fieldset>
      ))}
      {reward.type === 'EAU' && (
        <PartnerFields actorRef={actorRef} index={index} named={reward.partner !== undefined} />
      )}
      {reward.type === 'CODE' && <CodePool actorRef={actorRef} index={index} pool={reward.codePool ?? []} />}
    </>
  );
}

/** A water donation's partner, shown on the guest's impact receipt: its name, address and guarantee per language. */
function PartnerFields({ actorRef, index, named }: { actorRef: ContentEditorRef; index: number; named: boolean }) {
  const { t } = useLingui();
  const busy = useDraftBusy(actorRef);
  const languages = useDraftLanguages(actorRef);
  const path = ['rewards', index, 'partner'];
  const problems = useProblemsWithin(actorRef, path).filter((problem) => problem.path.length === path.length);
  const headingId = useId();
  return (
    <section className="content-pool" aria-labelledby={headingId} data-part="partner">
      <h3 id={headingId} className="content-pool__title">
        <Trans>Partenaire</Trans>
      </h3>
      <p className="content-section__hint">
        <Trans>
          Qui reçoit le don, montré sur le reçu d'impact du client avec ce que le partenaire garantit. Vide : le nom et
          la description de la récompense.
        </Trans>
      </p>
      <div className="content-grid">
        <TextField actorRef={actorRef} path={[...path, 'name']} label={t`Nom du partenaire`} />
        <TextField
          actorRef={actorRef}
          path={[...path, 'url']}
          label={t`Site du partenaire`}
          dir="ltr"
          optional
          hint={t`Une adresse https://, facultative.`}
        />
      </div>
      {languages.map(({ code, name: languageName, direction }) => (
        <TextField
          key={code}
          actorRef={actorRef}
          path={[...path, 'guarantee', code]}
          label={t`Ce que le partenaire garantit (${languageName})`}
          dir={directionOf(code, direction)}
          optional
          multiline
        />
      ))}
      <FieldProblems id={`${headingId}-problems`} problems={problems} />
      {named && (
        <button
          type="button"
          className="content-retire__button"
          disabled={busy}
          onClick={() => actorRef.send({ type: 'draft.change', path, value: undefined })}
        >
          {t`Retirer le partenaire`}
        </button>
      )}
    </section>
  );
}

/** A CODE reward's pool: codes pasted or read from a text or CSV file are added; the count, then 'Vider'. */
function CodePool({ actorRef, index, pool }: { actorRef: ContentEditorRef; index: number; pool: string[] }) {
  const { t } = useLingui();
  const busy = useDraftBusy(actorRef);
  const problems = useProblemsWithin(actorRef, ['rewards', index, 'codePool']);
  const [text, setText] = useState('');
  const [addition, setAddition] = useState<PoolAddition | null>(null);
  const headingId = useId();
  const pasteId = useId();
  const problemsId = useId();
  const path = ['rewards', index, 'codePool'];

  const add = (codes: string) => {
    const next = addedToPool(pool, codes);
    if (next.added > 0) actorRef.send({ type: 'draft.change', path, value: next.pool });
    setAddition(next);
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) add(await file.text());
  };
  const clear = () => {
    actorRef.send({ type: 'draft.change', path, value: undefined });
    setAddition(null);
  };

  return (
    <section className="content-pool" aria-labelledby={headingId} data-part="code-pool">
      <h3 id={headingId} className="content-pool__title">
        <Trans>Réserve de codes</Trans>
      </h3>
      <p className="content-section__hint">
        <Trans>
          Un code par ligne (ou la première colonne d'un fichier CSV). Chaque client qui la débloque reçoit un code de
          la réserve ; sans réserve, l'application crée les codes.
        </Trans>
      </p>
      <p className="content-pool__count" data-part="pool-count" aria-live="polite">
        <Plural
          value={pool.length}
          _0="La réserve est vide."
          one="# code dans la réserve"
          other="# codes dans la réserve"
        />
      </p>
      <label htmlFor={pasteId} className="content-field__label">
        <Trans>Coller des codes</Trans>
      </label>
      <textarea
        id={pasteId}
        dir="ltr"
        rows={4}
        value={text}
        disabled={busy}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="content-pool__buttons">
        <button
          type="button"
          className="button-secondary"
          disabled={busy || text.trim() === ''}
          onClick={() => {
            add(text);
            setText('');
          }}
        >
          {t`Ajouter ces codes`}
        </button>
        <label className="button-secondary content-pool__file">
          {t`Importer un fichier (texte ou CSV)`}
          <input type="file" accept=".txt,.csv,text/plain,text/csv" disabled={busy} onChange={upload} />
        </label>
        {pool.length > 0 && (
          <button type="button" className="content-retire__button" disabled={busy} onClick={clear}>
            {t`Vider la réserve`}
          </button>
        )}
      </div>
      {addition && (
        <div className="content-pool__addition" role="status" data-part="pool-addition">
          <p>
            <Plural value={addition.added} _0="Aucun code ajouté." one="# code ajouté." other="# codes ajoutés." />
          </p>
          {addition.repeated.length > 0 && (
            <p className="content-pool__repeated" data-part="pool-repeated">
              <Trans>Déjà dans la réserve ou en double, non ajoutés :</Trans>{' '}
              <span dir="ltr">{addition.repeated.join(', ')}</span>
            </p>
          )}
        </div>
      )}
      <FieldProblems id={problemsId} problems={problems} />
    </section>
  );
}
