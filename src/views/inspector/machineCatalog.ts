/**
 * Every machine of the .ts files under machines/ (its dialogs/ folder too), found by what the files export (no hand
 * list): see statechart.ts machinesIn.
 */
import { machinesIn } from './statechart.ts';

const modules = import.meta.glob<Record<string, unknown>>('../../../machines/**/*.ts', { eager: true });

export const MACHINES = machinesIn(modules);
