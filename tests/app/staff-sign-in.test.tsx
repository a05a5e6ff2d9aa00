import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StaffSignIn } from '../../src/views/staff/console/StaffSignIn.tsx';
import type { StaffConsoleProps } from '../../src/views/staff/console/staffConsole.connect.ts';
import { I18nWrapper } from './i18n-wrapper.tsx';

/**
 * The staff page's sign-in form (docs/behaviour.md#staff-page): a name chosen among those this device remembers, or
 * typed, then the PIN. The flow around it (the call, the failures) is the console's model test.
 */

function renderForm(props: Partial<StaffConsoleProps['signIn']> = {}) {
  const onSubmit = vi.fn<(name: string, pin: string) => void>();
  render(
    <I18nWrapper>
      <StaffSignIn
        busy={false}
        knownNames={[]}
        failure={null}
        retryAfterMinutes={null}
        signedOutEverywhere={false}
        onSubmit={onSubmit}
        {...props}
      />
    </I18nWrapper>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: 'Se connecter' });

describe('staff sign-in form', () => {
  it('on a device where nobody signed in, asks to type the name, then the PIN', async () => {
    const { onSubmit, user } = renderForm();
    expect(screen.queryByRole('radio')).toBeNull();
    const name = screen.getByLabelText('Votre nom');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('autocomplete', 'username');
    // Typing the name keeps the focus there, letter after letter.
    await user.type(name, 'Amina');
    expect(name).toHaveFocus();
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('Mot de passe'), '731904');
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith('Amina', '731904');
    // The PIN is emptied for another try; the name stays.
    expect(screen.getByLabelText('Mot de passe')).toHaveValue('');
    expect(name).toHaveValue('Amina');
  });

  it('does not send a name of spaces', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Votre nom'), '   ');
    await user.type(screen.getByLabelText('Mot de passe'), '731904');
    expect(submit()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the names this device remembers, the latest chosen, and the PIN ready to type', async () => {
    const { onSubmit, user } = renderForm({ knownNames: ['Karim', 'Amina'] });
    const group = screen.getByRole('group', { name: 'Qui êtes-vous\u00a0?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Karim', 'Amina', 'Autre nom']);
    expect(within(group).getByRole('radio', { name: 'Karim' })).toBeChecked();
    expect(screen.queryByLabelText('Votre nom')).toBeNull();
    expect(screen.getByLabelText('Mot de passe')).toHaveFocus();
    await user.click(within(group).getByRole('radio', { name: 'Amina' }));
    await user.type(screen.getByLabelText('Mot de passe'), '731904{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Amina', '731904');
  });

  it("types another name after 'Autre nom'", async () => {
    const { onSubmit, user } = renderForm({ knownNames: ['Karim'] });
    await user.click(screen.getByRole('radio', { name: 'Autre nom' }));
    const name = screen.getByLabelText('Votre nom');
    expect(name).toHaveFocus();
    expect(submit()).toBeDisabled();
    await user.type(name, 'Amina');
    await user.type(screen.getByLabelText('Mot de passe'), '731904');
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith('Amina', '731904');
  });

  it('while checking, nothing can be changed or sent again', () => {
    renderForm({ knownNames: ['Karim'], busy: true });
    expect(screen.getByRole('button', { name: 'Vérification…' })).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByLabelText('Mot de passe')).toBeDisabled();
  });

  it('says so after signing out everywhere', () => {
    renderForm({ knownNames: ['Karim'], signedOutEverywhere: true });
    expect(screen.getByRole('status')).toHaveTextContent('Vous êtes déconnecté de tous vos appareils.');
  });
});
