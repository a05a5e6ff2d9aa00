import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useId, useState } from 'react';
import type { MenuDish } from '../../../../../../contract/hotel-content-file.ts';
import { directionOf } from '../../../../../../contract/locales.ts';
import { FOOD_FACTORS, FOOD_KEYS } from '../../../../../../contract/meal-foods.ts';
import type { ContentEditorRef } from '../draftField.ts';
import { FieldProblems, SelectField, TextField } from '../fields.tsx';
import { DecimalField, ReadOnlyField } from '../moreFields.tsx';
import { primaryLanguageOf, useDraftBusy, useDraftLanguages, useProblemsWithin } from '../sectionParts.ts';
import { newDish, newIngredient } from './menuEntries.ts';
import '../contentSections.css';

/**
 * The content editor's 'Menu' (docs/behaviour.md#menu): the restaurant's dishes a guest picks after a meal
 * photo, each with its names and its recipe (foods of the meal factor table and their grams).
 */
export function MenuSection({ actorRef }: { actorRef: ContentEditorRef }) {
  const menu = useSelector(actorRef, (snapshot) => snapshot.context.draft?.menu);
  const savedMenu = useSelector(actorRef, (snapshot) => snapshot.context.saved?.document.menu);
  const languages = useDraftLanguages(actorRef);
  const problems = useProblemsWithin(actorRef, ['menu']);
  const headingId = useId();
  const dishes = menu ?? [];
  const savedKeys = new Set((savedMenu ?? []).map((dish) => dish.key));
  const add = (name: string) =>
    actorRef.send({
      type: 'draft.change',
      path: ['menu', dishes.length],
      value: newDish(name, dishes, primaryLanguageOf(languages)),
    });
  return (
    <div className="content-section staff-tab-stack" data-part="menu-section">
      <div className="staff-tab-card">
        <p className="content-section__hint">
          <Trans>
            Après la photo de son repas, le client choisit son plat dans cette liste : sa recette donne l'impact du
            repas.
          </Trans>
        </p>
        <AddDishForm actorRef={actorRef} onAdd={add} />
        <FieldProblems
          id={`${headingId}-problems`}
          problems={problems.filter((problem) => problem.path.length === 1)}
        />
      </div>
      {dishes.length === 0 ? (
        <p className="staff-tab-card content-section__empty">
          <Trans>Aucun plat pour l'instant.</Trans>
        </p>
      ) : (
        <ul className="content-list">
          {dishes.map((dish, index) => (
            <DishItem
              // Dishes keep their place in the list: the index is their identity while editing.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              actorRef={actorRef}
              dish={dish}
              index={index}
              saved={savedKeys.has(dish.key)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function AddDishForm({ actorRef, onAdd }: { actorRef: ContentEditorRef; onAdd(name: string): void }) {
  const { t } = useLingui();
  const busy = useDraftBusy(actorRef);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    onAdd(name);
    setName('');
  };
  return (
    <form className="content-add" onSubmit={submit} aria-label={t`Ajouter un plat`}>
      <label className="content-add__field content-add__field--wide">
        <span>{t`Nom du plat`}</span>
        <input type="text" value={name} required onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="submit" className="button-primary content-add__button" disabled={busy}>
        {t`Ajouter le plat`}
      </button>
    </form>
  );
}

function DishItem({
  actorRef,
  dish,
  index,
  saved,
}: {
  actorRef: ContentEditorRef;
  dish: MenuDish;
  index: number;
  saved: boolean;
}) {
  const { t, i18n } = useLingui();
  const busy = useDraftBusy(actorRef);
  const languages = useDraftLanguages(actorRef);
  const listProblems = useProblemsWithin(actorRef, ['menu', index, 'ingredients']);
  const headingId = useId();
  const name = dish.names[primaryLanguageOf(languages)] || dish.key;
  const foodLanguage = (['fr', 'en', 'ar'] as const).find((code) => i18n.locale.startsWith(code)) ?? 'fr';
  const foods = FOOD_KEYS.map((food) => ({ value: food, label: FOOD_FACTORS[food].names[foodLanguage] })).toSorted(
    (a, b) => a.label.localeCompare(b.label, i18n.locale),
  );
  const at = (...rest: Array<string | number>) => ['menu', index, ...rest];
  const change = (path: Array<string | number>, value: unknown) => actorRef.send({ type: 'draft.change', path, value });
  return (
    <li className="content-item staff-tab-card" data-part="dish" aria-labelledby={headingId}>
      <h3 id={headingId} className="content-item__name">
        {name}
      </h3>
      <div className="content-grid">
        {saved ? (
          <ReadOnlyField label={t`Clé`} value={dish.key} code />
        ) : (
          <TextField actorRef={actorRef} path={at('key')} label={t`Clé`} dir="ltr" />
        )}
        {languages.map((language) => (
          <TextField
            key={language.code}
            actorRef={actorRef}
            path={at('names', language.code)}
            label={t`Nom (${language.name})`}
            dir={directionOf(language.code, language.direction)}
          />
        ))}
      </div>
      <fieldset className="content-ingredients">
        <legend>
          <Trans>Ingrédients</Trans>
        </legend>
        <ul className="content-ingredients__list">
          {dish.ingredients.map((_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an ingredient's place is its identity while editing
            <li key={row} className="content-ingredient" data-part="ingredient">
              <SelectField
                actorRef={actorRef}
                path={at('ingredients', row, 'food')}
                label={t`Aliment`}
                options={foods}
              />
              <DecimalField actorRef={actorRef} path={at('ingredients', row, 'grams')} label={t`Grammes`} min={0} />
              <button
                type="button"
                className="content-retire__button content-ingredient__remove"
                disabled={busy}
                aria-label={t`Retirer l'ingrédient ${row + 1}`}
                onClick={() => change(at('ingredients', row), undefined)}
              >
                {t`Retirer`}
              </button>
            </li>
          ))}
        </ul>
        <FieldProblems
          id={`${headingId}-ingredients`}
          problems={listProblems.filter((problem) => problem.path.length === 3)}
        />
        <button
          type="button"
          className="button-secondary"
          disabled={busy}
          onClick={() => change(at('ingredients', dish.ingredients.length), newIngredient(dish))}
        >
          {t`Ajouter un ingrédient`}
        </button>
      </fieldset>
      <div className="content-retire">
        <button
          type="button"
          className="content-retire__button"
          disabled={busy}
          onClick={() => change(at(), undefined)}
        >
          {t`Retirer le plat`}
        </button>
      </div>
    </li>
  );
}
