/**
 * A check of Prometheus's text exposition format (version 0.0.4), strict enough for the metrics tests: `# HELP` and
 * `# TYPE` lines, then samples `name{label="value",…} value` of a family whose type came first. It throws on the
 * first line that does not fit and returns the samples.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export type Samples = Sample[];

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const HELP_LINE = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (\\w+)$`);
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(?:,|$)/;
// Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case (prom-client writes `Nan`).
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|[+-]?inf|nan)$/i;
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count'] };

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest !== '') {
    const match = LABEL.exec(rest);
    if (!match?.[1] || match[2] === undefined) throw new Error(`bad labels in: ${line}`);
    labels[match[1]] = match[2].replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    rest = rest.slice(match[0].length);
  }
  return labels;
}

function numberOf(text: string, line: string): number {
  if (!VALUE.test(text)) throw new Error(`bad value in: ${line}`);
  const word = text.toLowerCase().replace(/^\+/, '');
  if (word === 'nan') return Number.NaN;
  if (word.endsWith('inf')) return word.startsWith('-') ? -Infinity : Infinity;
  return Number(text);
}

export function parsePrometheusText(text: string): Samples {
  const types = new Map<string, string>();
  const samples: Samples = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# HELP ')) {
      if (!HELP_LINE.test(line)) throw new Error(`bad HELP line: ${line}`);
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const match = TYPE_LINE.exec(line);
      if (!match?.[1] || !match[2] || !TYPES.has(match[2])) throw new Error(`bad TYPE line: ${line}`);
      types.set(match[1], match[2]);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`bad sample line: ${line}`);
    const name = match[1];
    const family = [...types.entries()].some(
      ([typed, type]) => typed === name || (SUFFIXES[type] ?? []).some((suffix) => `${typed}${suffix}` === name),
    );
    if (!family) throw new Error(`sample of no declared family: ${line}`);
    samples.push({ name, labels: labelsOf(match[2] ?? '', line), value: numberOf(match[3], line) });
  }
  return samples;
}

/** The value of the sample of `name` with exactly `labels`; undefined when there is none. */
export function sampleValue(samples: Samples, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).sort();
  return samples.find(
    (sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === JSON.stringify(wanted),
  )?.value;
}
