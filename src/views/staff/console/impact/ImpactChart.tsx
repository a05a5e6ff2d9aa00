import { useEffect, useRef } from 'react';
import type { ImpactDay } from '../../../../../contract/schemas.ts';

export interface ImpactChartProps {
  days: readonly ImpactDay[];
  /** The series' names, translated. */
  labels: { actions: string; pointsEarned: string; pointsSpent: string };
}

const HEIGHT = 260;
const SERIES_COLOURS = { actions: '#1f6f4a', pointsEarned: '#3fb37f', pointsSpent: '#b42318' } as const;

/** uPlot and its style: a chunk of their own, loaded when a chart is first drawn. */
const loadUPlot = () =>
  Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);

/**
 * The daily series as lines (uPlot): actions, points earned and points spent. Drawn for the eye only: the table
 * beside it carries the same figures for screen readers. A browser without a 2D canvas shows the table alone.
 */
export function ImpactChart({ days, labels }: ImpactChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element || !document.createElement('canvas').getContext('2d')) return;
    let cleanup: (() => void) | null = null;
    let cancelled = false;
    void loadUPlot().then((uPlot) => {
      if (cancelled) return;
      const chart = new uPlot(
        {
          width: element.clientWidth || 600,
          height: HEIGHT,
          // Days are calendar dates: read and labelled at UTC, whatever the device's zone.
          tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
          scales: { x: { time: true } },
          series: [
            {},
            { label: labels.actions, stroke: SERIES_COLOURS.actions, width: 2 },
            { label: labels.pointsEarned, stroke: SERIES_COLOURS.pointsEarned, width: 2 },
            { label: labels.pointsSpent, stroke: SERIES_COLOURS.pointsSpent, width: 2, dash: [6, 4] },
          ],
        },
        [
          days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
          days.map((day) => day.actions),
          days.map((day) => day.pointsEarned),
          days.map((day) => day.pointsSpent),
        ],
        element,
      );
      const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
      resize.observe(element);
      cleanup = () => {
        resize.disconnect();
        chart.destroy();
      };
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [days, labels.actions, labels.pointsEarned, labels.pointsSpent]);

  // Numbers and dates read left to right in every language.
  return <div ref={container} className="staff-impact__chart" data-part="chart" dir="ltr" aria-hidden="true" />;
}
