import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EvidenceLevel } from '../../../../../contract/evidence.ts';
import type { ImpactAmounts, ImpactCategory, ImpactFigure, ImpactSourceId } from '../../../../../contract/schemas.ts';

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

/** How far the period's completions are backed (docs/impact.md#evidence). */
export const EVIDENCE_LABELS: Record<EvidenceLevel, MessageDescriptor> = {
  declared: msg`Déclarés par le client`,
  photographed: msg`Photographiés`,
  scanned: msg`Scannés sur place`,
  staffConfirmed: msg`Confirmés par le personnel`,
};

export type ImpactMeasure = 'water' | 'energy' | 'co2e';
export const MEASURES: readonly ImpactMeasure[] = ['water', 'energy', 'co2e'];

/** Where the summary's totals keep each measure. */
export const TOTAL_FIELDS: Record<ImpactMeasure, keyof ImpactAmounts> = {
  water: 'waterLitres',
  energy: 'energyKwh',
  co2e: 'co2eGrams',
};

export const MEASURE_LABELS: Record<ImpactMeasure, MessageDescriptor> = {
  water: msg`Eau (L)`,
  energy: msg`Énergie (kWh)`,
  co2e: msg`CO2e (g)`,
};

/** The shipped sources in the staff's language (the API names them in English); publication titles stay as published. */
const SOURCE_LABELS: Record<ImpactSourceId, MessageDescriptor> = {
  bookingLaundry: msg`Booking.com Partner Hub, « Reducing water consumption » : chaque lessive de 10 kg consomme au moins 50 litres d'eau et 1,2 kWh d'électricité ; 4 kg de linge par chambre et par nuit (Commission européenne, « Green ideas for tourism »)`,
  watersenseShower: msg`Residential End Uses of Water Study 2016, publiée par l'Alliance for Water Efficiency (et citée par l'US EPA WaterSense) : une douche moyenne aux États-Unis dure 7,8 min à 7,9 L/min`,
  waterHeating: msg`Chauffage de l'eau : 4,186 kJ/(kg·K), de 10 °C à 38 °C, chauffe-eau d'un rendement de 80 % (nos hypothèses)`,
  ademeOneDegree: msg`ADEME : 1 °C de moins économise environ 7 % de l'énergie de chauffage (5 à 10 %) ; 10 kWh de chauffage par chambre et par nuit (notre hypothèse)`,
  ademeGas: msg`ADEME Base Empreinte, « Gaz naturel - 2015 - mix moyen - consommation » : 227 g CO2e/kWh PCI, combustion et amont`,
  ademeElectricity: msg`ADEME Base Empreinte, « Électricité - 2022 - mix moyen - consommation » : 52 g CO2e/kWh, France continentale, cycle de vie`,
  referenceMeal: msg`Repas de référence (volaille 150 g crue, riz 60 g sec, légumes 150 g) moins le repas, selon la table des facteurs des repas : Poore & Nemecek 2018 (Science 360:987) via Our World in Data, moyennes mondiales pertes comprises`,
  hotelOwnFigure: msg`Chiffre propre à l'hôtel`,
};

/** A figure's source as the staff read it: a shipped one in their language, the hotel's own text as written. */
export function sourceLabel(i18n: I18n, source: ImpactFigure['source']): string {
  return source.id ? i18n._(SOURCE_LABELS[source.id]) : source.name;
}
