import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ImpactCategory, ImpactFigure } from '../../../../../contract/schemas.ts';

/** The staff's words for the action types (docs/behaviour.md#impact-tab); an unknown type shows its code. */
const ACTION_TYPE_LABELS: Record<string, MessageDescriptor> = {
  LUNICLEAN: msg`Renoncer au ménage`,
  LUNISHOWER: msg`Douche courte`,
  HEATING: msg`Chauffage`,
  YESNO: msg`Oui ou non`,
  YESNOSTAY: msg`Engagement pour le séjour`,
  YESNOMAIL: msg`Oui ou non transmis à l'hôtel`,
  REVIEW: msg`Avis`,
  CUSTOM: msg`Choix`,
  QUIZ: msg`Quiz`,
  LIMEAT: msg`Photo du repas`,
  CLAIM: msg`Réclamation`,
  PROOF: msg`Preuve sur place`,
};

export function actionTypeLabel(i18n: I18n, actType: string): string {
  const label = ACTION_TYPE_LABELS[actType];
  return label ? i18n._(label) : actType;
}

export const CATEGORY_LABELS: Record<ImpactCategory, MessageDescriptor> = {
  cleaning: msg`Ménages évités`,
  shower: msg`Douches plus courtes`,
  heating: msg`Chauffage baissé`,
  meal: msg`Repas`,
};

/** What one unit of each category is, for the factors ("per skipped cleaning"). */
export const CATEGORY_UNITS: Record<ImpactCategory, MessageDescriptor> = {
  cleaning: msg`par ménage évité`,
  shower: msg`par douche plus courte`,
  heating: msg`par degré de moins et par nuit`,
  meal: msg`par repas, contre un repas de référence`,
};

export const ORIGIN_LABELS: Record<ImpactFigure['origin'], MessageDescriptor> = {
  published: msg`chiffre publié`,
  estimate: msg`estimation`,
  hotel: msg`chiffre de l'hôtel`,
};

export type ImpactMeasure = 'water' | 'energy' | 'co2e';
export const MEASURES: readonly ImpactMeasure[] = ['water', 'energy', 'co2e'];

export const MEASURE_LABELS: Record<ImpactMeasure, MessageDescriptor> = {
  water: msg`Eau (L)`,
  energy: msg`Énergie (kWh)`,
  co2e: msg`CO2e (g)`,
};
