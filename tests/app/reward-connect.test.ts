import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { copyCodeMachine } from '../../machines/copyCode.machine.ts';
import { claimError, rewardClaimMachine } from '../../machines/dialogs/rewardClaim.machine.ts';
import { rewardEmailMachine } from '../../machines/dialogs/rewardEmail.machine.ts';
import { sliderMachine } from '../../machines/dialogs/slider.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { connectCopyCode } from '../../src/views/entry/copyCode.connect.ts';
import { connectRewardClaim } from '../../src/views/rewards/details/rewardClaim.connect.ts';
import { connectRewardEmail } from '../../src/views/rewards/details/rewardEmail.connect.ts';
import { connectSlider } from '../../src/views/rewards/details/slider.connect.ts';
import { controlledActors } from './controlled-actors.ts';
import { CLAIM_SETTINGS, DETAILS_SESSION } from './reward-details-harness.tsx';
import { reward } from './rewards-fixtures.ts';

/** A started actor whose snapshots the test hands to a connect function, and a spy for the events the props send. */
function observed<Snapshot>(actor: { getSnapshot(): Snapshot }) {
  return { snapshot: () => actor.getSnapshot(), send: vi.fn() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('connectRewardClaim', () => {
  const claimWith = (item = reward({ rwId: 1, rwCost: 30 }), balance = 100) => {
    const controlled = controlledActors(['claimReward', 'getRewardCode']);
    const announceChange = vi.fn<() => void>();
    const logic = controlled.provideTo(rewardClaimMachine).provide({ actions: { announceChange } });
    const actor = createActor(logic, { input: { reward: item, balance, rewards: [item], ...CLAIM_SETTINGS } }).start();
    return { actor, ...observed(actor), controlled, announceChange };
  };

  it('offers the unlock button, which sends reward.unlock and is aria-disabled while the claim is sent', () => {
    const { actor, snapshot, send } = claimWith();
    const locked = connectRewardClaim(snapshot(), send);
    expect(locked).toMatchObject({ state: 'locked', claimed: false, claiming: false, claimError: null });
    expect(locked.unlockButtonProps).toMatchObject({ 'data-part': 'unlock', 'aria-disabled': false });
    locked.unlockButtonProps.onClick();
    expect(send).toHaveBeenCalledWith({ type: 'reward.unlock' });

    actor.send({ type: 'reward.unlock' });
    const claiming = connectRewardClaim(snapshot(), send);
    expect(claiming).toMatchObject({ state: 'claiming', claiming: true });
    expect(claiming.unlockButtonProps['aria-disabled']).toBe(true);
  });

  it('shows the claim failure only in failed; a refusal for missing points is the insufficient notice', async () => {
    const failing = claimWith();
    failing.actor.send({ type: 'reward.unlock' });
    failing.controlled.reject('claimReward', new ApiError(500, 'internal', 'boom'));
    await settle();
    expect(connectRewardClaim(failing.snapshot(), failing.send)).toMatchObject({
      state: 'failed',
      claimError,
      insufficient: false,
    });

    const refused = claimWith();
    refused.actor.send({ type: 'reward.unlock' });
    // The code decides, whatever the message says.
    refused.controlled.reject('claimReward', new ApiError(409, 'not_enough_greenmiles', 'Erreur'));
    await settle();
    expect(connectRewardClaim(refused.snapshot(), refused.send)).toMatchObject({
      state: 'insufficient',
      insufficient: true,
      claimError: null,
    });
    expect(refused.announceChange).toHaveBeenCalledTimes(1);
  });

  it('turns the water modal into the donation summary in place (issue 25: it no longer vanishes)', async () => {
    const { actor, snapshot, send, controlled } = claimWith(reward({ rwId: 2, rwType: 'EAU', rwCost: 20 }));
    actor.send({ type: 'reward.unlock' });
    controlled.resolve('claimReward', { code: null, greenMiles: 80 });
    await settle();
    expect(connectRewardClaim(snapshot(), send)).toMatchObject({ state: 'claimed.shown', claimed: true });
  });

  it('says a claim made in another tab was already made, without offering the unlock again', async () => {
    const { actor, snapshot, send, controlled, announceChange } = claimWith();
    actor.send({ type: 'reward.unlock' });
    controlled.reject('claimReward', new ApiError(409, 'already_claimed', 'Already claimed'));
    await settle();
    expect(connectRewardClaim(snapshot(), send)).toMatchObject({
      state: 'alreadyClaimed',
      alreadyClaimed: true,
      claimError: null,
    });
    expect(announceChange).toHaveBeenCalledTimes(1);
  });

  it('gives the code part its fetch, its failure with a retry, then the code', async () => {
    const claimed = reward({ rwId: 4, rwType: 'CODE', isClaimed: 1 });
    const { actor, snapshot, send, controlled } = claimWith(claimed);
    const fetching = connectRewardClaim(snapshot(), send);
    expect(fetching).toMatchObject({ state: 'claimed.fetchingCode', claimed: true, code: null });
    expect(fetching.codePanel).toMatchObject({
      partProps: { 'data-part': 'code-panel', 'data-state': 'claimed.fetchingCode' },
      fetching: true,
      error: null,
    });

    controlled.reject('getRewardCode', new ApiError(404, 'not_found', 'No code'));
    await settle();
    const failed = connectRewardClaim(snapshot(), send);
    expect(failed.codePanel).toMatchObject({
      fetching: false,
      error: { message: 'Erreur lors de la récupération du code' },
    });
    failed.codePanel.retryButtonProps.onClick();
    expect(send).toHaveBeenCalledWith({ type: 'code.retry' });

    actor.send({ type: 'code.retry' });
    controlled.resolve('getRewardCode', { success: 'OK', code: 'B2C' });
    await settle();
    expect(connectRewardClaim(snapshot(), send)).toMatchObject({ state: 'claimed.shown', code: 'B2C' });
  });
});

describe('connectSlider', () => {
  const sliderWith = () => {
    const controlled = controlledActors(['markSliderUsed']);
    const logic = controlled.provideTo(sliderMachine).provide({ actions: { announceUsed: vi.fn<() => void>() } });
    const actor = createActor(logic, { input: { ...DETAILS_SESSION, rwId: 9 } }).start();
    // The staff's step opens the swipe (the guest's view waits behind it).
    actor.send({ type: 'slider.staffOpen' });
    return { actor, ...observed(actor), controlled };
  };

  it('starts on the guest view: its one button is the staff step, which reports slider.staffOpen', () => {
    const controlled = controlledActors(['markSliderUsed']);
    const actor = createActor(controlled.provideTo(sliderMachine), {
      input: { ...DETAILS_SESSION, rwId: 9 },
    }).start();
    const { snapshot, send } = observed(actor);
    const waiting = connectSlider(snapshot(), send);
    expect(waiting).toMatchObject({ waiting: true, rootProps: { 'data-state': 'waiting' } });
    waiting.staffOpenButtonProps.onClick();
    expect(send).toHaveBeenCalledWith({ type: 'slider.staffOpen' });
  });

  it('turns keyboard steps into absolute progress and reports the gestures as slider events', () => {
    const { actor, snapshot, send } = sliderWith();
    actor.send({ type: 'slider.step', progress: 40 });
    const slider = connectSlider(snapshot(), send);
    expect(slider).toMatchObject({ progress: 40, validating: false, holding: false, done: false });
    expect(slider.rootProps).toEqual({ 'data-scope': 'slider', 'data-state': 'idle' });
    slider.stepBy(25);
    slider.drag(60);
    slider.release();
    slider.confirm();
    slider.holdButtonProps.onPointerDown();
    slider.holdButtonProps.onPointerLeave();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'slider.step', progress: 65 },
      { type: 'slider.drag', progress: 60 },
      { type: 'slider.release' },
      { type: 'slider.confirm' },
      { type: 'slider.holdStart' },
      { type: 'slider.holdCancel' },
    ]);
  });

  it('disables the thumb and the hold button while validating, then shows the success', async () => {
    const { actor, snapshot, send, controlled } = sliderWith();
    actor.send({ type: 'slider.holdStart' });
    expect(connectSlider(snapshot(), send).holdButtonProps['data-state']).toBe('holding');

    actor.send({ type: 'slider.drag', progress: 100 });
    expect(snapshot().value).toBe('holding');
    actor.send({ type: 'slider.holdCancel' });
    actor.send({ type: 'slider.drag', progress: 100 });
    const validating = connectSlider(snapshot(), send);
    expect(validating.rootProps['data-state']).toBe('validating');
    expect(validating.thumbProps['aria-disabled']).toBe(true);
    expect(validating.holdButtonProps).toMatchObject({ disabled: true, 'data-state': 'idle' });

    controlled.resolve('markSliderUsed', { success: 'OK' });
    await settle();
    expect(connectSlider(snapshot(), send)).toMatchObject({ done: true, validating: false });
  });
});

describe('connectRewardEmail', () => {
  const emailWith = () => {
    const controlled = controlledActors(['emailReward', 'shareReward']);
    const logic = controlled.provideTo(rewardEmailMachine);
    const shareData = { title: 'Café', text: 'Café' };
    const input = { ...DETAILS_SESSION, rwId: 11, language: 'fr', canShare: false, canEmail: true, shareData };
    const actor = createActor(logic, { input }).start();
    return { actor, ...observed(actor), controlled };
  };

  it('carries both regions on the root and turns form events into e-mail events', () => {
    const { actor, snapshot, send } = emailWith();
    const closed = connectRewardEmail(snapshot(), send);
    expect(closed.rootProps).toEqual({
      'data-scope': 'reward-email',
      'data-state': 'closed',
      'data-share-state': 'idle',
    });
    expect(closed.editing).toBe(false);

    actor.send({ type: 'email.open' });
    const editing = connectRewardEmail(snapshot(), send);
    expect(editing).toMatchObject({ editing: true, sending: false, invalid: false });
    const submit = { preventDefault: vi.fn() };
    editing.formProps.onSubmit(submit);
    editing.inputProps.onChange({ target: { value: 'guest@example.com' } });
    expect(submit.preventDefault).toHaveBeenCalled();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'email.submit' },
      { type: 'email.change', value: 'guest@example.com' },
    ]);

    actor.send({ type: 'email.submit' });
    expect(connectRewardEmail(snapshot(), send)).toMatchObject({ invalid: true, inputProps: { 'aria-invalid': true } });
    actor.send({ type: 'email.change', value: 'guest@example.com' });
    actor.send({ type: 'email.submit' });
    const sending = connectRewardEmail(snapshot(), send);
    expect(sending).toMatchObject({ editing: true, sending: true });
    expect(sending.inputProps.readOnly).toBe(true);
    expect(sending.sendButtonProps['aria-disabled']).toBe(true);

    // Without Web Share, 'Partager' is not offered, and a share request does nothing (issue 15).
    actor.send({ type: 'reward.share' });
    expect(connectRewardEmail(snapshot(), send)).toMatchObject({
      offersShare: false,
      offersEmail: true,
      rootProps: { 'data-state': 'sending', 'data-share-state': 'idle' },
    });
  });

  it('offers no e-mail where the hotel has none, and refuses to open its form', () => {
    const controlled = controlledActors(['emailReward', 'shareReward']);
    const logic = controlled.provideTo(rewardEmailMachine);
    const shareData = { title: 'Café', text: 'Café' };
    const input = { ...DETAILS_SESSION, rwId: 11, language: 'fr', canShare: true, canEmail: false, shareData };
    const actor = createActor(logic, { input }).start();
    const { snapshot, send } = observed(actor);
    expect(connectRewardEmail(snapshot(), send)).toMatchObject({ offersEmail: false, offersShare: true });
    actor.send({ type: 'email.open' });
    expect(connectRewardEmail(snapshot(), send)).toMatchObject({
      editing: false,
      rootProps: { 'data-state': 'closed' },
    });
  });
});

describe('connectCopyCode', () => {
  it('disables the copy button while copying, then confirms', async () => {
    const controlled = controlledActors(['writeClipboard']);
    const logic = controlled.provideTo(copyCodeMachine).provide({ actions: { reloadPage: vi.fn<() => void>() } });
    const actor = createActor(logic, { input: { code: 'X1' } }).start();
    const { snapshot, send } = observed(actor);
    const idle = connectCopyCode(snapshot(), send);
    expect(idle.rootProps).toEqual({ 'data-scope': 'copy-code', 'data-state': 'idle' });
    expect(idle.copyButtonProps).toMatchObject({ 'data-part': 'copy', disabled: false });
    idle.copyButtonProps.onClick();
    idle.retryButtonProps.onClick();
    expect(send.mock.calls.map(([event]) => event)).toEqual([{ type: 'code.copy' }, { type: 'qr.retry' }]);

    actor.send({ type: 'code.copy' });
    expect(connectCopyCode(snapshot(), send).copyButtonProps.disabled).toBe(true);
    controlled.resolve('writeClipboard', undefined);
    await settle();
    expect(connectCopyCode(snapshot(), send)).toMatchObject({ copied: true, failed: false });
  });
});

describe('view-provided defaults', () => {
  it('a missing action throws with its name instead of doing nothing', () => {
    const actor = createActor(copyCodeMachine, { input: { code: 'X1' } });
    const error = vi.fn();
    actor.subscribe({ error });
    actor.start();
    actor.send({ type: 'qr.retry' });
    expect(error).toHaveBeenCalledWith(new Error('reloadPage is provided by the view, and was not'));
  });

  it('a missing actor fails with its name', async () => {
    const actor = createActor(rewardClaimMachine, {
      input: { reward: reward({ rwId: 1, rwCost: 30 }), balance: 100, rewards: [], ...CLAIM_SETTINGS },
    }).start();
    const inspected: unknown[] = [];
    actor.system.inspect((event) => {
      if (event.type === '@xstate.event' && event.event.type === 'xstate.error.actor.claimReward')
        inspected.push(event.event.error);
    });
    actor.send({ type: 'reward.unlock' });
    await settle();
    expect(inspected).toEqual([new Error('claimReward is provided by the view, and was not')]);
  });
});
