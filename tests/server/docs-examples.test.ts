/**
 * Every YAML example in the docs that shows hotel content passes `hotel:check`'s validation: a whole file as it is,
 * a fragment (e.g. `impactFactors:` alone) in place of the same keys of the sample hotel. Other YAML (compose,
 * Kubernetes) must at least parse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { HotelContentFile } from '../../contract/hotel-content-file.ts';
import { parseContent } from '../../server/content/import.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';

const root = new URL('../..', import.meta.url).pathname;
const CONTENT_KEYS = new Set(Object.keys(HotelContentFile.properties));

interface Example {
  where: string;
  text: string;
}

function yamlExamples(): Example[] {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  return files.flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return [...text.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].map((match) => ({
      where: `${file}:${text.slice(0, match.index).split('\n').length}`,
      text: match[1] ?? '',
    }));
  });
}

/** Each document of an example (a Prometheus config may hold several, separated by `---`); throws on bad YAML. */
function documentsOf(text: string): unknown[] {
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length > 0) throw document.errors[0];
    return document.toJS();
  });
}

it('finds the content examples of docs/server.md and docs/impact.md', () => {
  const content = yamlExamples().filter((example) => documentsOf(example.text).some(isContent));
  expect(content.map((example) => example.where.split(':')[0])).toEqual(
    expect.arrayContaining(['docs/server.md', 'docs/impact.md']),
  );
});

function isContent(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.keys(value).some((key) => CONTENT_KEYS.has(key));
}

it.each(yamlExamples())('the YAML example at $where is valid', ({ where, text }) => {
  const documents = documentsOf(text);
  const value = documents[0];
  if (!isContent(value)) return;
  expect(documents).toHaveLength(1);
  const file =
    'hotel' in value ? text : stringify({ ...parse(readFileSync(SAMPLE_HOTEL_FILES[0] as string, 'utf8')), ...value });
  expect(() => parseContent(file, where)).not.toThrow();
});
