import type { ContentProblem } from '../../../../../contract/content-editor.ts';

/** A problem of the draft in words for the manager: the validator's own sentence until its rule has a translation. */
export function problemText(problem: ContentProblem): string {
  return problem.message;
}
