import { screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { type WelcomePopupInput, welcomePopupMachine } from '../../machines/welcomePopup.machine.ts';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { makeAction, makeHotel, makeLanguage } from '../app/stay-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type WelcomeSnapshot = SnapshotFrom<typeof welcomePopupMachine>;

const actions = [makeAction({ actId: 1, aadName: 'Serviettes', actType: 'YESNO' })];
const events: AnyEventObject[] = [{ type: 'actions.loaded' }, { type: 'welcome.close' }];

async function settleActions(controlled: Awaited<ReturnType<typeof renderLoadedActionsPage>>['actions']) {
  controlled.resolve('loadActions', actions);
  await screen.findByRole('article', { name: 'Serviettes' });
}

describe.each([false, true])('welcome popup, flag already stored: %s', (alreadyShown) => {
  const model = new TestModel(
    welcomePopupMachine as unknown as ActorLogic<WelcomeSnapshot, AnyEventObject, WelcomePopupInput>,
    {
      input: { alreadyShown },
      events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
      stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
    },
  );

  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(modelPathTitle(path), async () => {
      if (alreadyShown) localStorage.setItem('welcomeShown', 'true');
      const { user, actions: controlled } = await renderLoadedActionsPage();
      const root = () => document.querySelector('[data-scope="welcome-popup"]');

      await path.test({
        states: {
          waitingForActions: async () => {
            expect(root()).toHaveAttribute('data-state', 'waitingForActions');
            expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
            expect(localStorage.getItem('welcomeShown')).toBeNull();
          },
          open: async () => {
            const dialog = await screen.findByRole('dialog', { name: 'Bienvenue sur GreenMiles !' });
            expect(dialog).toHaveAttribute('aria-modal', 'true');
            // Focus moves into the dialog in an effect after it renders: a loaded machine may look in between.
            await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
            expect(within(dialog).getByText('v3.2.1')).toBeInTheDocument();
            expect(within(dialog).getByText(/Gagnez des GreenMiles/)).toBeInTheDocument();
            expect(within(dialog).getByRole('button', { name: /Langue/ })).toBeInTheDocument();
            expect(localStorage.getItem('welcomeShown')).not.toBeNull();
          },
          dismissed: async () => {
            // Even once the actions are there, a dismissed (or already seen) popup stays away.
            if (controlled.isPending('loadActions')) await settleActions(controlled);
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'dismissed'));
            expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
            expect(localStorage.getItem('welcomeShown')).not.toBeNull();
          },
        },
        events: {
          'actions.loaded': async () => settleActions(controlled),
          'welcome.close': async () => {
            await user.click(screen.getByRole('button', { name: "C'est parti !" }));
          },
        },
      });
    });
  }
});

describe('welcome dialog keyboard behaviour', () => {
  async function openDialog() {
    const hotel = makeHotel(
      {},
      { languagesSupported: [makeLanguage('fr', 'Français', 1), makeLanguage('en', 'English', 2)] },
    );
    const page = await renderLoadedActionsPage({ hotel });
    await settleActions(page.actions);
    const dialog = await screen.findByRole('dialog');
    return { ...page, dialog };
  }

  it('traps Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    const language = within(dialog).getByRole('button', { name: /Langue/ });
    const start = within(dialog).getByRole('button', { name: "C'est parti !" });
    await user.tab();
    expect(language).toHaveFocus();
    await user.tab();
    expect(start).toHaveFocus();
    await user.tab();
    expect(language).toHaveFocus();
    await user.tab({ shift: true });
    expect(start).toHaveFocus();
  });

  it('closes on Escape and gives focus back', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('Escape in the language list closes the list, not the dialog; a choice switches the language', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Langue/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Langue/ }));
    await user.click(screen.getByRole('option', { name: 'English' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to GreenMiles!' })).toBeInTheDocument();
    expect(localStorage.getItem('langue')).toBe('en');
  });
});
