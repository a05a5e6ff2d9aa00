import { useLingui } from '@lingui/react/macro';
import type { Action } from '../../../contract/schemas.ts';

/**
 * A skipped cleaning once housekeeping reported on it (docs/behaviour.md#skip-cleaning): honoured as the guest asked,
 * or cleaned anyway — then its estimated saving is not counted, and the points stay. Nothing before a report.
 */
export function CleaningCheckNote({ action, className }: { action: Action; className: string }) {
  const { t } = useLingui();
  const check = action.cleaningCheck;
  if (!check) return null;
  return (
    <p className={className} data-part="cleaning-check" data-state={check.outcome}>
      {check.outcome === 'honoured'
        ? t`Votre chambre n'a pas été nettoyée, comme vous l'avez demandé — confirmé par l'équipe.`
        : t`Votre chambre a été nettoyée malgré votre choix : l'économie estimée n'est pas comptée, vos points restent acquis.`}
    </p>
  );
}
