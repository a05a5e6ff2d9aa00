import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { messages as dialogs } from '../../locales/fr/dialogs.po';
import { messages } from '../../locales/fr/messages.po';
import { messages as staff } from '../../locales/fr/staff.po';

// jsdom lays nothing out, so its scrollTo only reports "Not implemented": the router restores the scroll position
// on every navigation (scrollRestoration), which would print that once per page a test opens.
window.scrollTo = () => {};
// jsdom has no scrollIntoView either (the loss warning brings itself into view): the tests check the focus instead.
Element.prototype.scrollIntoView = () => {};

beforeAll(() => {
  // The tests' guest browses in French (jsdom says en-US): a first visit then opens in French, as before.
  Object.defineProperty(navigator, 'languages', { value: ['fr-FR', 'fr'], configurable: true });
  i18n.loadAndActivate({ locale: 'fr', messages: { ...messages, ...dialogs, ...staff } });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
