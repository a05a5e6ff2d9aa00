import { Trans, useLingui } from '@lingui/react/macro';
import { Sheet } from '../../components/Sheet.tsx';
import { useConnected } from '../binding/useConnected.ts';
import { useStayChild } from '../stay/stayActor.ts';
import { connectDemoReset } from './demoReset.connect.ts';
import './DemoResetPanel.css';

/** The demo layout's reset panel and its question (docs/behaviour.md#demo-reset); a lazy chunk. */
export default function DemoResetPanel() {
  const { t } = useLingui();
  const reset = useConnected(useStayChild('demoReset'), connectDemoReset);
  const { failure } = reset;
  const failedText = (message: string) => t`Echec du reset: ${message}`;

  return (
    <div className="demo-reset" {...reset.root}>
      <button type="button" className="demo-reset__open" aria-haspopup="dialog" {...reset.openButton}>
        {t`Réinitialiser la démo`}
      </button>
      {reset.isDialogOpen && (
        <Sheet title={<Trans>Réinitialiser la démo ?</Trans>} onClose={reset.onClose} scope="demo-reset-dialog">
          <p>
            <Trans>Les réponses, les points et les récompenses de ce séjour de démonstration seront effacés.</Trans>
          </p>
          {failure && (
            <p className="demo-reset__error" role="alert" data-part="error">
              {failure.kind === 'network' ? t`Erreur réseau lors du reset démo` : failedText(failure.message)}
            </p>
          )}
          <div className="demo-reset__buttons">
            <button type="button" className="button-primary" {...reset.confirmButton}>
              {reset.resetting ? t`Réinitialisation…` : t`Réinitialiser`}
            </button>
            <button type="button" className="button-secondary" {...reset.cancelButton}>
              {t`Annuler`}
            </button>
          </div>
        </Sheet>
      )}
    </div>
  );
}
