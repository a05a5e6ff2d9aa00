/**
 * `npm run graphs -- --out DIR`: writes one SVG and one Mermaid `.mmd` per machine of machines/ into DIR, laid out
 * and drawn by the inspector's own code (src/views/inspector/graphFiles.tsx). The machines hold Lingui macros and the
 * drawing is TSX, so the module is loaded through Vite (its module runner), with the app's Babel preset.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { runnerImport } from 'vite';
import type { GraphFile } from '../src/views/inspector/graphFiles.tsx';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run graphs -- --out DIR');
  process.exit(2);
}
const outDir = resolve(values.out);

const { module } = await runnerImport<{ graphFiles: () => Promise<GraphFile[]> }>(
  './src/views/inspector/graphFiles.tsx',
  {
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] })],
  },
);
const files = await module.graphFiles();
await mkdir(outDir, { recursive: true });
await Promise.all(files.map((file) => writeFile(resolve(outDir, file.name), file.text)));
console.log(`${files.length / 2} machines drawn into ${outDir} (one .svg and one .mmd each)`);
