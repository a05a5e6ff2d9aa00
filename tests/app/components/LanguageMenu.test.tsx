import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INTERFACE_LANGUAGES, LanguageMenu } from '../../../src/components/LanguageMenu.tsx';
import { I18nWrapper } from '../i18n-wrapper.tsx';

function setup(current = 'fr') {
  const onSelect = vi.fn();
  render(<LanguageMenu languages={INTERFACE_LANGUAGES} current={current} onSelect={onSelect} />, {
    wrapper: I18nWrapper,
  });
  return { onSelect, user: userEvent.setup(), trigger: screen.getByRole('button', { name: /Langue : Français/ }) };
}

describe('LanguageMenu', () => {
  it('opens a listbox on click with the current language selected and focused', async () => {
    const { user, trigger } = setup();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const current = screen.getByRole('option', { name: 'Français' });
    expect(current).toHaveAttribute('aria-selected', 'true');
    expect(current).toHaveFocus();
  });

  it('moves with the arrows and chooses with Enter, then returns focus to the button', async () => {
    const { user, trigger, onSelect } = setup();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Français' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'العربية' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'العربية' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('option', { name: 'Français' })).toHaveFocus();
    await user.keyboard('{End}{ArrowUp}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('en', 'ltr');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape without choosing', async () => {
    const { user, trigger, onSelect } = setup();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('chooses by click and passes the declared direction', async () => {
    const { user, trigger, onSelect } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('option', { name: 'العربية' }));
    expect(onSelect).toHaveBeenCalledWith('ar', 'rtl');
  });

  it('does not re-select the current language', async () => {
    const { user, trigger, onSelect } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('option', { name: 'Français' }));
    expect(onSelect).not.toHaveBeenCalled();
  });
});
