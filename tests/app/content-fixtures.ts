import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { ContentDocument, ContentReply } from '../../contract/content-editor.ts';

/**
 * The sample hotel Les Tilleuls as the content editor reads it (server/content/hotels/les-tilleuls.yaml without its
 * staff): one action of every type, in fr, en and ar, with de enabled and translated nowhere.
 */
export function tilleulsDocument(): ContentDocument {
  const { staff: _staff, ...document } = parse(
    readFileSync('server/content/hotels/les-tilleuls.yaml', 'utf8'),
  ) as ContentDocument & { staff?: unknown };
  return document;
}

export const contentReply = (document: ContentDocument, version = 'v1'): ContentReply => ({
  version,
  number: 1,
  document,
});
