import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { NIGHTS_CHOICES, type NightsChoice } from '../../../../contract/answer-rules.ts';
import type { nightsPickerMachine } from '../../../../machines/dialogs/nightsPicker.machine.ts';
import { Sheet, SheetCloseButton } from '../../../components/Sheet.tsx';
import { dataStateOf } from '../../binding/dataState.ts';
import './Pickers.css';

export interface NightsPickerProps {
  actorRef: ActorRefFrom<typeof nightsPickerMachine>;
  onClose(): void;
}

/** The nights-of-stay question (docs/behaviour.md#nights-choice), run by the launch flow before a NIGHT action. */
export function NightsPicker({ actorRef, onClose }: NightsPickerProps) {
  const { t } = useLingui();
  const choice = useSelector(actorRef, (snapshot) => snapshot.context.choice);
  const state = useSelector(actorRef, dataStateOf);

  function labelOf(option: NightsChoice): string {
    if (option === '4+') return t`4 nuits ou plus`;
    return t({ message: plural(option, { one: '# nuit', other: '# nuits' }) });
  }

  // One Tab stop for the group: the chosen option, else the first (WAI-ARIA radio group); arrows move and choose.
  const focusable = choice ?? NIGHTS_CHOICES[0];
  function onOptionKeyDown(event: KeyboardEvent<HTMLButtonElement>, option: NightsChoice) {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const steps: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const count = NIGHTS_CHOICES.length;
    const index = (NIGHTS_CHOICES.indexOf(option) + step + count) % count;
    const next = NIGHTS_CHOICES[index] as NightsChoice;
    actorRef.send({ type: 'nights.choose', choice: next });
    const group = event.currentTarget.parentElement;
    group?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[index]?.focus();
  }

  return (
    <Sheet
      title={t`Combien de nuits restez-vous ?`}
      onClose={onClose}
      scope="nights-picker"
      state={state}
      corner={<SheetCloseButton onClose={onClose} />}
    >
      <p className="pickers__hint">{t`Nous adaptons les gestes proposés à la durée de votre séjour.`}</p>
      <div className="pickers__options" role="radiogroup" aria-label={t`Nombre de nuits`} data-part="options">
        {NIGHTS_CHOICES.map((option) => (
          // biome-ignore lint/a11y/useSemanticElements: a button styled as a choice chip, announced as a radio.
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={choice === option}
            tabIndex={option === focusable ? 0 : -1}
            className="pickers__option"
            data-part="option"
            onClick={() => actorRef.send({ type: 'nights.choose', choice: option })}
            onKeyDown={(event) => onOptionKeyDown(event, option)}
          >
            {labelOf(option)}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="button-primary pickers__confirm"
        data-part="confirm"
        disabled={choice === null}
        onClick={() => actorRef.send({ type: 'nights.confirm' })}
      >
        {t`Valider`}
      </button>
    </Sheet>
  );
}
