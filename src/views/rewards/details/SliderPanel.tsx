import { Trans, useLingui } from '@lingui/react/macro';
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { dragProgress, type sliderMachine } from '../../../../machines/dialogs/slider.machine.ts';
import { connectSlider } from './slider.connect.ts';
import './SliderPanel.css';
import { useConnected } from '../../binding/useConnected.ts';

interface SliderPanelProps {
  /** The swipe, which the reward's claim flow runs (claimed.swiping). */
  slider: ActorRefFrom<typeof sliderMachine>;
}

/** Keyboard steps of the thumb (percent). */
const ARROW_STEP = 10;
const PAGE_STEP = 25;

/**
 * A claimed, unused SLIDER reward: the staff step that marks it used (docs/behaviour.md#slider-reward). The guest
 * sees one 'Staff: validate' button; the staff-only swipe opens behind it.
 */
export function SliderPanel(props: SliderPanelProps) {
  const { t, i18n } = useLingui();
  const slider = useConnected(props.slider, connectSlider);
  const hintId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; width: number; rtl: boolean; from: number } | null>(null);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    const track = trackRef.current;
    if (!track) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      startX: event.clientX,
      width: track.getBoundingClientRect().width,
      rtl: getComputedStyle(track).direction === 'rtl',
      // A drag continues from where the keyboard left the thumb.
      from: slider.progress,
    };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current) return;
    const distance = (event.clientX - current.startX) * (current.rtl ? -1 : 1);
    slider.drag(dragProgress(distance, current.width, current.from));
  }

  function onPointerEnd() {
    if (!drag.current) return;
    drag.current = null;
    slider.release();
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
      slider.stepBy(step);
    } else if (event.key === 'End' || event.key === 'Enter') {
      event.preventDefault();
      slider.confirm();
    }
  }

  function onHoldKey(event: KeyboardEvent<HTMLButtonElement>, report: () => void) {
    if ((event.key === 'Enter' || event.key === ' ') && !event.repeat) {
      event.preventDefault();
      report();
    }
  }

  if (slider.waiting)
    return (
      <div className="slider slider--waiting" {...slider.rootProps}>
        <button type="button" className="button-secondary slider__staff-open" {...slider.staffOpenButtonProps}>
          <Trans>Personnel : valider</Trans>
        </button>
      </div>
    );

  return (
    <div className="slider" {...slider.rootProps}>
      <p className="pill slider__staff" data-part="staff">
        <Trans>Réservé au personnel de l'hôtel</Trans>
      </p>
      <p className="slider__warning" data-part="warning">
        <Trans>Attention : cette validation est irréversible. La récompense sera marquée comme utilisée.</Trans>
      </p>
      {slider.error && (
        <p className="slider__alert" role="alert" data-part="error">
          {i18n._(slider.error)}
        </p>
      )}
      {slider.done ? (
        <p className="note note--success slider__success" role="status" data-part="success">
          <Trans>Récompense validée !</Trans>
        </p>
      ) : (
        <>
          <div
            className="slider__track"
            data-part="track"
            ref={trackRef}
            style={{ '--slider-progress': slider.progress } as CSSProperties}
          >
            <span className="slider__fill" data-part="fill" aria-hidden="true" />
            <span className="slider__label" aria-hidden="true">
              <Trans>Glissez pour valider</Trans>
            </span>
            <div
              className="slider__thumb"
              role="slider"
              tabIndex={0}
              aria-label={t`Valider la récompense (personnel)`}
              aria-describedby={hintId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={slider.progress}
              aria-valuetext={`${slider.progress} %`}
              {...slider.thumbProps}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              onKeyDown={onKeyDown}
            >
              <SwipeChevron />
            </div>
          </div>
          {/* Shown while the thumb has keyboard focus; always its description for screen readers. */}
          <p className="slider__hint slider__keyboard-hint" id={hintId} data-part="keyboard-hint">
            <Trans>Au clavier : avancez avec les flèches jusqu'à 100 %, puis Entrée ou Fin pour valider.</Trans>
          </p>
          <button
            type="button"
            className="button-secondary slider__hold"
            {...slider.holdButtonProps}
            onKeyDown={(event) => onHoldKey(event, slider.holdStart)}
            onKeyUp={(event) => onHoldKey(event, slider.holdCancel)}
            onContextMenu={(event) => event.preventDefault()}
          >
            <span className="slider__hold-fill" aria-hidden="true" />
            <span className="slider__hold-label">
              <Trans>Valider sans glisser</Trans>
            </span>
          </button>
          {/* Its line is always reserved: the hold's hint must not move the sheet under the staff's finger. */}
          <p className="slider__hint slider__status" role="status" data-part="status">
            {slider.holding && <Trans>Maintenez appuyé 2 secondes…</Trans>}
            {slider.validating && <Trans>Validation en cours…</Trans>}
          </p>
          <button type="button" className="slider__staff-cancel" {...slider.staffCancelButtonProps}>
            <Trans>Annuler</Trans>
          </button>
        </>
      )}
    </div>
  );
}

/** Points along the swipe: right, mirrored in right-to-left languages where the swipe goes left. */
function SwipeChevron() {
  return (
    <svg className="slider__chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-part="chevron">
      <path fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" d="M9 5l7 7-7 7" />
    </svg>
  );
}
