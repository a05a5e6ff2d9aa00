/** Every machine of machines/*.ts, found by what the files export (no hand list): see statechart.ts machinesIn. */
import { machinesIn } from './statechart.ts';

const modules = import.meta.glob<Record<string, unknown>>('../../../machines/*.ts', { eager: true });

export const MACHINES = machinesIn(modules);
