import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { ImpactDay } from '../../../../../contract/schemas.ts';
import { formatDate, formatDayTick, numberFormat } from './format.ts';

export interface ImpactChartProps {
  days: readonly ImpactDay[];
  /** The series' names, translated. */
  labels: { date: string; actions: string; pointsEarned: string; pointsSpent: string };
}

const DAY_SECONDS = 86_400;
/** Ticks fall on whole days (never hours): one, two, a week, two weeks, a month apart. */
const DAY_INCREMENTS = [1, 2, 7, 14, 30, 61, 91, 182].map((days) => days * DAY_SECONDS);

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
  const { i18n } = useLingui();

  useEffect(() => {
    const element = container.current;
    if (!element || !document.createElement('canvas').getContext('2d')) return;
    let cleanup: (() => void) | null = null;
    let cancelled = false;
    void loadUPlot().then((uPlot) => {
      if (cancelled) return;
      const numbers = numberFormat(i18n);
      const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
      // The legend reads the day under the pointer, in the staff's language; empty until the pointer is on a day.
      const legendNumber = (_: unknown, value: number | null) => (value === null ? '' : numbers.format(value));
      const chart = new uPlot(
        {
          width: element.clientWidth || 600,
          height: HEIGHT,
          // Days are calendar dates: read and labelled at UTC, whatever the device's zone.
          tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
          scales: { x: { time: true } },
          axes: [
            {
              incrs: DAY_INCREMENTS,
              values: (_, ticks) => ticks.map((seconds) => formatDayTick(i18n, dateOf(seconds))),
            },
            { values: (_, ticks) => ticks.map((value) => numbers.format(value)) },
          ],
          series: [
            {
              label: labels.date,
              value: (_, seconds: number | null) => (seconds === null ? '' : formatDate(i18n, dateOf(seconds))),
            },
            { label: labels.actions, stroke: SERIES_COLOURS.actions, width: 2, value: legendNumber },
            { label: labels.pointsEarned, stroke: SERIES_COLOURS.pointsEarned, width: 2, value: legendNumber },
            {
              label: labels.pointsSpent,
              stroke: SERIES_COLOURS.pointsSpent,
              width: 2,
              dash: [6, 4],
              value: legendNumber,
            },
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
  }, [days, i18n, labels.date, labels.actions, labels.pointsEarned, labels.pointsSpent]);

  // Numbers and dates read left to right in every language.
  return <div ref={container} className="staff-impact__chart" data-part="chart" dir="ltr" aria-hidden="true" />;
}
