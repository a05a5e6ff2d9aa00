import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useId, useMemo, useRef } from 'react';
import type { Reward } from '../../../../contract/schemas.ts';
import { dragProgress, sliderMachine } from '../../../../machines/slider.machine.ts';
import { guestStorage } from '../../../storage/guest-storage.ts';
import { sliderLogic } from './rewardDetails.logic.ts';
import './SliderPanel.css';

export const SliderContext = createActorContext(sliderMachine);

interface SliderPanelProps {
  reward: Reward;
  /** From the route. */
  sUUID: string;
  onChanged(): void;
  onClose(): void;
  logic?: { slider?: typeof sliderLogic };
}

/** Keyboard steps of the thumb (percent). */
const ARROW_STEP = 10;
const PAGE_STEP = 25;

/** A claimed, unused SLIDER reward: the staff-only swipe that marks it used (SPEC.md §2, §4). */
export function SliderPanel({ reward, sUUID, onChanged, onClose, logic }: SliderPanelProps) {
  const callbacks = useRef({ onChanged, onClose });
  callbacks.current = { onChanged, onClose };
  const provided = useMemo(
    () =>
      (logic?.slider ?? sliderLogic).provide({
        actions: {
          announceUsed: () => callbacks.current.onChanged(),
          closeModal: () => callbacks.current.onClose(),
        },
      }),
    [logic?.slider],
  );
  return (
    <SliderContext.Provider
      logic={provided}
      // SPEC.md §5: sUUID from the route, profileUUID from storage; without them the swipe silently aborts.
      options={{ input: { sUUID, profileUUID: guestStorage.get('profileUUID'), rwId: reward.rwId } }}
    >
      <SliderView reward={reward} />
    </SliderContext.Provider>
  );
}

function SliderView({ reward }: { reward: Reward }) {
  const { t, i18n } = useLingui();
  const actor = SliderContext.useActorRef();
  const state = SliderContext.useSelector((snapshot) => String(snapshot.value));
  const progress = SliderContext.useSelector((snapshot) => snapshot.context.progress);
  const error = SliderContext.useSelector((snapshot) => snapshot.context.error);
  const hintId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; width: number; rtl: boolean } | null>(null);
  const done = state === 'succeeded' || state === 'closed';

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    const track = trackRef.current;
    if (!track) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      startX: event.clientX,
      width: track.getBoundingClientRect().width,
      rtl: getComputedStyle(track).direction === 'rtl',
    };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current) return;
    const distance = (event.clientX - current.startX) * (current.rtl ? -1 : 1);
    actor.send({ type: 'slider.drag', progress: dragProgress(distance, current.width) });
  }

  function onPointerEnd() {
    if (!drag.current) return;
    drag.current = null;
    actor.send({ type: 'slider.release' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = trackRef.current ? getComputedStyle(trackRef.current).direction === 'rtl' : false;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    const steps: Record<string, number> = {
      [forward]: ARROW_STEP,
      ArrowUp: ARROW_STEP,
      PageUp: PAGE_STEP,
      [backward]: -ARROW_STEP,
      ArrowDown: -ARROW_STEP,
      PageDown: -PAGE_STEP,
      Home: -100,
    };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      actor.send({ type: 'slider.step', progress: progress + step });
    } else if (event.key === 'End' || event.key === 'Enter') {
      // Validates only once the thumb is at 100 %: a deliberate gesture, not a single key press.
      event.preventDefault();
      actor.send({ type: 'slider.confirm' });
    }
  }

  function onHoldKey(event: KeyboardEvent<HTMLButtonElement>, type: 'slider.holdStart' | 'slider.holdCancel') {
    if ((event.key === 'Enter' || event.key === ' ') && !event.repeat) {
      event.preventDefault();
      actor.send({ type });
    }
  }

  return (
    <div className="slider" data-scope="slider" data-state={state}>
      <p className="slider__name" data-part="name">
        {reward.radName}
      </p>
      <p className="pill slider__staff" data-part="staff">
        <Trans>Réservé au personnel de l'hôtel</Trans>
      </p>
      <p className="slider__warning" data-part="warning">
        <Trans>Attention : cette validation est irréversible. La récompense sera marquée comme utilisée.</Trans>
      </p>
      {error && (
        <p className="slider__alert" role="alert" data-part="error">
          {typeof error === 'string' ? error : i18n._(error)}
        </p>
      )}
      {done ? (
        <p className="note note--success slider__success" role="status" data-part="success">
          <Trans>Récompense validée !</Trans>
        </p>
      ) : (
        <>
          <div
            className="slider__track"
            data-part="track"
            ref={trackRef}
            style={{ '--slider-progress': progress } as CSSProperties}
          >
            <span className="slider__fill" data-part="fill" aria-hidden="true" />
            <span className="slider__label" aria-hidden="true">
              <Trans>Glissez pour valider</Trans>
            </span>
            <div
              className="slider__thumb"
              data-part="thumb"
              role="slider"
              tabIndex={0}
              aria-label={t`Valider la récompense (personnel)`}
              aria-describedby={hintId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-valuetext={`${progress} %`}
              aria-disabled={state === 'validating'}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              onKeyDown={onKeyDown}
              onBlur={() => actor.send({ type: 'slider.release' })}
            >
              <span aria-hidden="true">›</span>
            </div>
          </div>
          <p className="slider__hint" id={hintId}>
            <Trans>Au clavier : avancez avec les flèches jusqu'à 100 %, puis Entrée ou Fin pour valider.</Trans>
          </p>
          <button
            type="button"
            className="button-secondary slider__hold"
            data-part="hold"
            data-state={state === 'holding' ? 'holding' : 'idle'}
            disabled={state === 'validating'}
            onPointerDown={() => actor.send({ type: 'slider.holdStart' })}
            onPointerUp={() => actor.send({ type: 'slider.holdCancel' })}
            onPointerLeave={() => actor.send({ type: 'slider.holdCancel' })}
            onPointerCancel={() => actor.send({ type: 'slider.holdCancel' })}
            onKeyDown={(event) => onHoldKey(event, 'slider.holdStart')}
            onKeyUp={(event) => onHoldKey(event, 'slider.holdCancel')}
            onContextMenu={(event) => event.preventDefault()}
          >
            <span className="slider__hold-fill" aria-hidden="true" />
            <span className="slider__hold-label">
              <Trans>Valider sans glisser</Trans>
            </span>
          </button>
          <p className="slider__hint" role="status" data-part="status">
            {state === 'holding' && <Trans>Maintenez appuyé 2 secondes…</Trans>}
            {state === 'validating' && <Trans>Validation en cours…</Trans>}
          </p>
        </>
      )}
    </div>
  );
}
