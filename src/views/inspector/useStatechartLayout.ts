import { useEffect, useState } from 'react';
import { layoutStatechart, type StatechartLayout } from './layout.ts';
import { MACHINES } from './machineCatalog.ts';
import { type Statechart, statechartOf } from './statechart.ts';

const charts = new Map<string, Statechart>();
const layouts = new Map<string, Promise<StatechartLayout>>();

/** A machine's chart (null for an id of no machine in machines/). */
export function chartOf(machineId: string): Statechart | null {
  const known = charts.get(machineId);
  if (known) return known;
  const machine = MACHINES.get(machineId);
  if (!machine) return null;
  const chart = statechartOf(machine);
  charts.set(machineId, chart);
  return chart;
}

function layoutOf(chart: Statechart): Promise<StatechartLayout> {
  let layout = layouts.get(chart.machineId);
  if (!layout) {
    layout = layoutStatechart(chart);
    layouts.set(chart.machineId, layout);
  }
  return layout;
}

/** The laid-out chart of a machine, once ELK has placed it (layouts are kept: a machine is laid out once). */
export function useStatechartLayout(machineId: string | null): StatechartLayout | null {
  const [layout, setLayout] = useState<StatechartLayout | null>(null);
  useEffect(() => {
    const chart = machineId ? chartOf(machineId) : null;
    if (!chart) {
      setLayout(null);
      return;
    }
    let current = true;
    void layoutOf(chart).then((laidOut) => {
      if (current) setLayout(laidOut);
    });
    return () => {
      current = false;
    };
  }, [machineId]);
  return layout?.machineId === machineId ? layout : null;
}
