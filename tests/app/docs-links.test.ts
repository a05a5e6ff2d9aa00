/** Code comments and docs point to docs/*.md#anchor: every such link must land on a heading that exists. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** GitHub's heading slugs: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(doc: string): Set<string> {
  const headings = readFileSync(doc, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((line) => slugOf(line.replace(/^#+\s*/, '')));
  return new Set(headings);
}

const trackedFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|css|md|yaml)$/.test(file) && !file.startsWith('node_modules/'));

describe('links to the docs', () => {
  it('every docs/<page>.md#anchor in the repository names an existing heading', () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const file of trackedFiles) {
      const text = readFileSync(file, 'utf8');
      // A link and the bare anchors that follow it in the same parenthesis: "(docs/<page>.md#<anchor>, #<other>)".
      for (const match of text.matchAll(/docs\/([\w-]+\.md)#([\w-]+)((?:,\s*#[\w-]+)*)/g)) {
        const doc = `docs/${match[1]}`;
        if (!anchors.has(doc)) anchors.set(doc, anchorsOf(doc));
        const named = [match[2], ...(match[3] ?? '').split(',').map((part) => part.trim().replace(/^#/, ''))];
        for (const anchor of named.filter(Boolean)) {
          if (!anchors.get(doc)?.has(anchor as string)) broken.push(`${file}: ${doc}#${anchor}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
