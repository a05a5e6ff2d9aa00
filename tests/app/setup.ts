import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { messages as dialogs } from '../../locales/fr/dialogs.po';
import { messages } from '../../locales/fr/messages.po';

beforeAll(() => {
  // The tests' guest browses in French (jsdom says en-US): a first visit then opens in French, as before.
  Object.defineProperty(navigator, 'languages', { value: ['fr-FR', 'fr'], configurable: true });
  i18n.loadAndActivate({ locale: 'fr', messages: { ...messages, ...dialogs } });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
