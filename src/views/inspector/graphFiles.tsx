import { renderToStaticMarkup } from 'react-dom/server';
import { layoutStatechart } from './layout.ts';
import { MACHINES } from './machineCatalog.ts';
import { StatechartSvg } from './StatechartSvg.tsx';
import { mermaidOf, statechartOf } from './statechart.ts';

export interface GraphFile {
  /** The file name: the machine id and `.svg` or `.mmd`. */
  name: string;
  text: string;
}

/** One SVG and one Mermaid file per machine of machines/ (`npm run graphs`), drawn as the inspector draws them. */
export async function graphFiles(): Promise<GraphFile[]> {
  const files: GraphFile[] = [];
  for (const machine of MACHINES.values()) {
    const chart = statechartOf(machine);
    const svg = renderToStaticMarkup(<StatechartSvg layout={await layoutStatechart(chart)} />);
    files.push(
      { name: `${chart.machineId}.svg`, text: `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n` },
      { name: `${chart.machineId}.mmd`, text: mermaidOf(chart) },
    );
  }
  return files;
}
