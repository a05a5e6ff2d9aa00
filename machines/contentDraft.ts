import type { ContentDocument, ContentPath, ContentProblem } from '../contract/content-editor.ts';

/**
 * The content editor's draft (docs/behaviour.md#content-editor): the hotel's content document as the manager is
 * changing it, changed one field at a time by path. The draft may hold what the validator refuses (an empty name
 * while typing); the server's check says so next to the field, and a save of it is refused.
 */

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** The value at `path`, or undefined where the document has nothing. */
export function valueAt(document: unknown, path: ContentPath): unknown {
  let current: unknown = document;
  for (const part of path) {
    if (!isContainer(current)) return undefined;
    current = Array.isArray(current) ? current[Number(part)] : current[String(part)];
  }
  return current;
}

/**
 * A copy of `container` with `part` set to `value`, or removed (undefined: an object's field leaves; a list's item
 * leaves and the later ones move up).
 */
function withPart(container: Container, part: string | number, value: unknown): Container {
  if (Array.isArray(container)) {
    const index = Number(part);
    if (value === undefined) return container.filter((_, at) => at !== index);
    const copy = [...container];
    copy[index] = value;
    return copy;
  }
  const { [String(part)]: _, ...rest } = container;
  return value === undefined ? rest : { ...rest, [String(part)]: value };
}

/** A copy of the document with the value at `path` replaced (or removed: undefined), missing objects made. */
export function withValueAt(document: ContentDocument, path: ContentPath, value: unknown): ContentDocument {
  const set = (current: unknown, depth: number): unknown => {
    if (depth === path.length) return value;
    const part = path[depth] as string | number;
    const container: Container = isContainer(current) ? current : typeof part === 'number' ? [] : {};
    const next = set(valueAt(container, [part]), depth + 1);
    return withPart(container, part, next);
  };
  return set(document, 0) as ContentDocument;
}

/** Whether `path` is `prefix` or inside it: the problems of a field and of everything in it. */
export function isWithin(path: ContentPath, prefix: ContentPath): boolean {
  return prefix.length <= path.length && prefix.every((part, index) => path[index] === part);
}

/** The problems at `path` exactly (a field's own), in the validator's order. */
export function problemsAt(problems: readonly ContentProblem[], path: ContentPath): ContentProblem[] {
  return problems.filter((problem) => problem.path.length === path.length && isWithin(problem.path, path));
}

/** The problems of a 422 content_invalid refusal (src/api keeps them on the error), else none. */
export function contentProblemsOf(error: unknown): ContentProblem[] {
  if (typeof error !== 'object' || error === null || !('problems' in error)) return [];
  return Array.isArray(error.problems) ? (error.problems as ContentProblem[]) : [];
}
