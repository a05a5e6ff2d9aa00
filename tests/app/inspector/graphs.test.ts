import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MACHINES } from '../../../src/views/inspector/machineCatalog.ts';
import { statechartOf, statesOf } from '../../../src/views/inspector/statechart.ts';

const outDir = join(mkdtempSync(join(tmpdir(), 'greenmiles-graphs-')), 'graphs');
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function npmRunGraphs(...args: string[]) {
  return spawnSync('npm', ['run', '--silent', 'graphs', '--', ...args], { cwd: process.cwd(), encoding: 'utf8' });
}

describe('npm run graphs', () => {
  it('writes one SVG and one Mermaid file for every machine of machines/', () => {
    const run = npmRunGraphs('--out', outDir);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${MACHINES.size} machines drawn into ${outDir}`);
    const expected = [...MACHINES.keys()].flatMap((id) => [`${id}.mmd`, `${id}.svg`]).sort();
    expect(readdirSync(outDir).sort()).toEqual(expected);
    for (const [id, machine] of MACHINES) {
      const svg = readFileSync(join(outDir, `${id}.svg`), 'utf8');
      expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain(`data-machine="${id}"`);
      for (const state of statesOf(statechartOf(machine).root)) expect(svg).toContain(`data-state-id="${state.id}"`);
      expect(readFileSync(join(outDir, `${id}.mmd`), 'utf8')).toMatch(/^stateDiagram-v2\n/);
    }
  }, 120_000);

  it('says how to call it without --out', () => {
    const run = npmRunGraphs();
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Usage: npm run graphs -- --out DIR');
  }, 60_000);
});
