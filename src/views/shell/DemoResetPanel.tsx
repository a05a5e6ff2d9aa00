import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { demoResetMachine } from '../../../machines/demoReset.machine.ts';
import { Sheet } from '../../components/Sheet.tsx';
import { useConnected } from '../binding/useConnected.ts';
import { useStayChild } from '../stay/stayActor.ts';
import { connectDemoReset } from './demoReset.connect.ts';
import './DemoResetPanel.css';

/**
 * The demo layout's reset panel (docs/behaviour.md#demo-reset); a lazy chunk. Its button asks the stay root's child
 * `demoResetOverlay`, which runs the question as its own child `demoReset` until it ends.
 */
export default function DemoResetPanel() {
  const { t } = useLingui();
  const overlay = useStayChild('demoResetOverlay');
  const demoReset = useSelector(overlay, (snapshot) => snapshot.children.demoReset);

  return (
    <div className="demo-reset" data-scope="demo-reset" data-state={demoReset ? 'asking' : 'idle'}>
      <button
        type="button"
        className="demo-reset__open"
        data-part="open"
        aria-haspopup="dialog"
        onClick={() => overlay.send({ type: 'demoReset.open' })}
      >
        {t`Réinitialiser la démo`}
      </button>
      {demoReset && <DemoResetQuestion actor={demoReset} />}
    </div>
  );
}

function DemoResetQuestion({ actor }: { actor: ActorRefFrom<typeof demoResetMachine> }) {
  const { t } = useLingui();
  const question = useConnected(actor, connectDemoReset);
  const { failure } = question;
  const failedText = (message: string) => t`Echec du reset: ${message}`;

  return (
    <Sheet
      title={<Trans>Réinitialiser la démo ?</Trans>}
      onClose={question.onClose}
      scope="demo-reset-dialog"
      state={question.state}
    >
      <p>
        <Trans>Les réponses, les points et les récompenses de ce séjour de démonstration seront effacés.</Trans>
      </p>
      {failure && (
        <p className="demo-reset__error" role="alert" data-part="error">
          {failure.kind === 'network' ? t`Erreur réseau lors du reset démo` : failedText(failure.message)}
        </p>
      )}
      <div className="demo-reset__buttons">
        <button type="button" className="button-primary" {...question.confirmButton}>
          {question.resetting ? t`Réinitialisation…` : t`Réinitialiser`}
        </button>
        <button type="button" className="button-secondary" {...question.cancelButton}>
          {t`Annuler`}
        </button>
      </div>
    </Sheet>
  );
}
