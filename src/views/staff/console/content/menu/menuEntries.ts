import type { MenuDish } from '../../../../../../contract/hotel-content-file.ts';
import { FOOD_KEYS } from '../../../../../../contract/meal-foods.ts';
import { keyFromName } from '../entryKeys.ts';

/** The menu editor's rules (docs/behaviour.md#menu), apart from the view so they are tested alone. */

/** A usual portion, to be changed to the recipe's. */
export const NEW_INGREDIENT_GRAMS = 100;

/** A new dish: a key from its name, unique on the menu; the name in the primary language; no ingredient yet. */
export function newDish(name: string, menu: readonly MenuDish[], language: string): MenuDish {
  return {
    key: keyFromName(
      name,
      menu.map((dish) => dish.key),
      'dish',
    ),
    names: { [language]: name.trim() },
    ingredients: [],
  };
}

/** The next ingredient of a dish: the first food of the table it does not have yet, a usual portion. */
export function newIngredient(dish: MenuDish): MenuDish['ingredients'][number] {
  const used = new Set(dish.ingredients.map((ingredient) => ingredient.food));
  return { food: FOOD_KEYS.find((food) => !used.has(food)) ?? FOOD_KEYS[0] ?? '', grams: NEW_INGREDIENT_GRAMS };
}
