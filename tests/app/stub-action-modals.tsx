import type { ComponentType } from 'react';
import { Sheet } from '../../src/components/Sheet.tsx';
import type { ActionModalProps } from '../../src/views/actions/modals/types.ts';

/** What a stub modal's submit button reports to the host. */
export const STUB_REPLY = { message: 'Merci pour votre réponse positive!', greenMilesChange: 10, greenMiles: 50 };

/**
 * A stand-in modal that shows what the host gave it and can report a submission: the points of its reply are the
 * action's description when that is a number (so a test chooses them per action), else STUB_REPLY's.
 */
function StubModal({
  modalKey,
  action,
  endDate,
  nights,
  onSubmitted,
  onClose,
}: ActionModalProps & { modalKey: string }) {
  return (
    <Sheet title={`modal ${modalKey}`} onClose={onClose} scope="stub-modal">
      <p data-part="props">{`${action.aadName}|${endDate ?? 'none'}|${nights ?? 'none'}`}</p>
      <button
        type="button"
        onClick={() =>
          onSubmitted({ ...STUB_REPLY, greenMilesChange: Number(action.aadDescription || STUB_REPLY.greenMilesChange) })
        }
      >
        submit
      </button>
    </Sheet>
  );
}

export const STUB_KEYS = ['COMPLETED', 'CLAIM', 'REVIEW', 'YESNO', 'LUNICLEAN', 'HEATING', 'QUIZ', 'LUNISHOWER'];

/** Replaces src/views/actions/modals/registry.ts (vi.mock), so host tests do not depend on the real modals. */
export const stubRegistry = {
  ACTION_MODALS: Object.fromEntries(
    STUB_KEYS.map((key): [string, ComponentType<ActionModalProps>] => [
      key,
      (props: ActionModalProps) => <StubModal modalKey={key} {...props} />,
    ]),
  ),
  FALLBACK_ACTION_TYPE: 'REVIEW',
};
