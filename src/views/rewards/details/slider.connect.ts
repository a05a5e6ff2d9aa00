import type { SnapshotFrom } from 'xstate';
import type { SliderEvent, sliderMachine } from '../../../../machines/dialogs/slider.machine.ts';
import { dataStateOf } from '../../binding/dataState.ts';

type SliderSnapshot = SnapshotFrom<typeof sliderMachine>;

/**
 * The staff swipe as props. The view measures the gestures (track width, writing direction, keys) and reports them
 * through `drag`, `release`, `stepBy` and `confirm`.
 */
export function connectSlider(snapshot: SliderSnapshot, send: (event: SliderEvent) => void) {
  const { progress, error } = snapshot.context;
  const validating = snapshot.hasTag('submitting');
  const holding = snapshot.matches('holding');
  const holdCancel = () => send({ type: 'slider.holdCancel' });
  return {
    rootProps: { 'data-scope': 'slider', 'data-state': dataStateOf(snapshot) },
    /** 0–100. */
    progress,
    /** The failed validation's text, to translate. */
    error,
    /** The guest's view: the swipe waits behind the staff's own step. */
    waiting: snapshot.matches('waiting'),
    staffOpenButtonProps: {
      'data-part': 'staff-open',
      onClick: () => send({ type: 'slider.staffOpen' }),
    },
    staffCancelButtonProps: {
      'data-part': 'staff-cancel',
      disabled: validating,
      onClick: () => send({ type: 'slider.staffCancel' }),
    },
    /** The reward is marked used: the success replaces the controls until the modal closes. */
    done: snapshot.matches('succeeded') || snapshot.matches('closed'),
    holding,
    validating,
    thumbProps: {
      'data-part': 'thumb',
      'aria-disabled': validating,
      onBlur: () => send({ type: 'slider.release' }),
    },
    holdButtonProps: {
      'data-part': 'hold',
      'data-state': holding ? 'holding' : 'idle',
      disabled: validating,
      onPointerDown: () => send({ type: 'slider.holdStart' }),
      onPointerUp: holdCancel,
      onPointerLeave: holdCancel,
      onPointerCancel: holdCancel,
    },
    drag: (dragged: number) => send({ type: 'slider.drag', progress: dragged }),
    release: () => send({ type: 'slider.release' }),
    stepBy: (delta: number) => send({ type: 'slider.step', progress: progress + delta }),
    /** Validates only once the thumb is at 100 %: a deliberate gesture, not a single key press. */
    confirm: () => send({ type: 'slider.confirm' }),
    holdStart: () => send({ type: 'slider.holdStart' }),
    holdCancel,
  };
}
