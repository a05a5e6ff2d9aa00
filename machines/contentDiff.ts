import type { ContentPath } from '../contract/content-editor.ts';

/**
 * What changed between two versions of a hotel's content (docs/behaviour.md#content-history): the fields that differ, each
 * with where it is in words. Actions, rewards and dishes are matched by their `key`, languages by their `code` and
 * rooms by their `number`, never by their place in the list, so moving one is not read as changing them all; an
 * item of those lists that only one version has is said added or removed as a whole. Lists of plain values (tags,
 * code pools, QR ids) compare as one value.
 */

/** The lists whose items have a name of their own, and the field that names them. */
const KEYED_LISTS = { actions: 'key', rewards: 'key', menu: 'key', languages: 'code', rooms: 'number' } as const;
export type KeyedList = keyof typeof KEYED_LISTS;

/** A step of a change's place: a field's name, a list item's index, or a named item (action 'skip-cleaning'). */
export type ChangeLabelPart = string | number | { list: KeyedList; key: string };

export interface ContentChange {
  /** Where the field is: in the newer version, or in the older one for what it removed. */
  path: ContentPath;
  label: ChangeLabelPart[];
  kind: 'changed' | 'added' | 'removed';
  /** undefined where the version has no such field. */
  before: unknown;
  after: unknown;
}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isKeyedList = (name: string | number | undefined): name is KeyedList =>
  typeof name === 'string' && Object.hasOwn(KEYED_LISTS, name);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isFields(a) && isFields(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]))
    );
  }
  return false;
}

const isPlainList = (value: unknown[]) => value.every((item) => typeof item !== 'object' || item === null);

function itemName(list: KeyedList, item: unknown): string | null {
  const name = isFields(item) ? item[KEYED_LISTS[list]] : undefined;
  return typeof name === 'string' ? name : null;
}

/** The changes from `before` to `after` (either may be undefined: a field one version lacks), in document order. */
function changesOf(
  before: unknown,
  after: unknown,
  path: ContentPath,
  label: ChangeLabelPart[],
  field: string | number | undefined,
): ContentChange[] {
  if (sameValue(before, after)) return [];
  if (isKeyedList(field) && (Array.isArray(before) || Array.isArray(after)))
    return keyedChanges(field, Array.isArray(before) ? before : [], Array.isArray(after) ? after : [], path, label);
  if ((isFields(before) || before === undefined) && (isFields(after) || after === undefined)) {
    const older = before ?? {};
    const newer = after ?? {};
    const names = [...new Set([...Object.keys(older), ...Object.keys(newer)])];
    return names.flatMap((name) => changesOf(older[name], newer[name], [...path, name], [...label, name], name));
  }
  const olderList = Array.isArray(before) ? before : before === undefined ? [] : null;
  const newerList = Array.isArray(after) ? after : after === undefined ? [] : null;
  if (olderList && newerList && !(isPlainList(olderList) && isPlainList(newerList))) {
    const length = Math.max(olderList.length, newerList.length);
    return Array.from({ length }, (_, index) =>
      changesOf(olderList[index], newerList[index], [...path, index], [...label, index], index),
    ).flat();
  }
  return [{ path, label, kind: kindOf(before, after), before, after }];
}

function kindOf(before: unknown, after: unknown): ContentChange['kind'] {
  return before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
}

/** Items matched by name: the newer version's in its order, then those it removed. */
function keyedChanges(
  list: KeyedList,
  before: unknown[],
  after: unknown[],
  path: ContentPath,
  label: ChangeLabelPart[],
): ContentChange[] {
  const older = new Map(before.map((item, index) => [itemName(list, item), { item, index }]));
  const newerNames = new Set(after.map((item) => itemName(list, item)));
  const itemChanges = (item: unknown, index: number, counterpart: unknown, removed: boolean): ContentChange[] => {
    const name = itemName(list, item);
    const itemPath = [...path, index];
    // A named item says its list itself: action 'skip-cleaning', not actions › action 'skip-cleaning'.
    const itemLabel = name === null ? [...label, index] : [...label.slice(0, -1), { list, key: name }];
    if (counterpart === undefined)
      return [
        {
          path: itemPath,
          label: itemLabel,
          kind: removed ? 'removed' : 'added',
          before: removed ? item : undefined,
          after: removed ? undefined : item,
        },
      ];
    return changesOf(counterpart, item, itemPath, itemLabel, undefined);
  };
  return [
    ...after.flatMap((item, index) => itemChanges(item, index, older.get(itemName(list, item))?.item, false)),
    ...before.flatMap((item, index) =>
      newerNames.has(itemName(list, item)) ? [] : itemChanges(item, index, undefined, true),
    ),
  ];
}

/** The fields that differ from `before` to `after`, two versions of a hotel's content. */
export function contentChanges(before: unknown, after: unknown): ContentChange[] {
  return changesOf(before, after, [], [], undefined);
}
