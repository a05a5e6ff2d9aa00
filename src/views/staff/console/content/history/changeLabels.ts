import { useLingui } from '@lingui/react/macro';
import type { ChangeLabelPart } from '../../../../../../machines/contentDiff.ts';

/** How long a value is shown in a comparison before it is cut: a description, not a code pool of thousands. */
const VALUE_SHOWN = 160;

/** A change's place in words: action « skip-cleaning » › texts › fr › name (field names as the content file writes them). */
export function useChangeLabel(): (label: readonly ChangeLabelPart[]) => string {
  const { t } = useLingui();
  const part = (step: ChangeLabelPart): string => {
    if (typeof step === 'number') return String(step + 1);
    if (typeof step === 'string') return step;
    const { key } = step;
    switch (step.list) {
      case 'actions':
        return t`action « ${key} »`;
      case 'rewards':
        return t`récompense « ${key} »`;
      case 'menu':
        return t`plat « ${key} »`;
      case 'languages':
        return t`langue ${key}`;
      case 'rooms':
        return t`chambre ${key}`;
    }
  };
  return (label) => label.map(part).join(' › ');
}

/** A field's value as a manager reads it; '' for a whole item (its change says added or removed). */
export function valueText(value: unknown): string {
  if (value === undefined || value === null || typeof value === 'object') {
    if (Array.isArray(value)) return shortened(value.map(String).join(', '));
    return '';
  }
  return shortened(String(value));
}

function shortened(text: string): string {
  return text.length > VALUE_SHOWN ? `${text.slice(0, VALUE_SHOWN - 1)}…` : text;
}
