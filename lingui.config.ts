import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Three catalogs per locale: `messages` for the screens of a first visit, `dialogs` for the action and reward
 * dialogs, loaded with their lazy chunks (src/i18n/activate.ts) so the first visit downloads only what it shows, and
 * `staff` for the staff page (`/staff/{hId}`), which no guest loads.
 */
const STAFF_SOURCES = ['<rootDir>/src/views/staff/console', '<rootDir>/machines/staffConsole.machine.ts'];

const DIALOG_SOURCES = [
  '<rootDir>/src/views/actions/ActionDialogHost.tsx',
  '<rootDir>/src/views/actions/actionLaunch.logic.ts',
  '<rootDir>/src/views/actions/modals',
  '<rootDir>/src/views/actions/pickers',
  '<rootDir>/src/views/rewards/details',
  '<rootDir>/src/views/staff/StaffResetDialog.tsx',
  '<rootDir>/src/views/shell/DemoResetPanel.tsx',
  // The meal-photo page and the proof page load the dialogs catalog with their own chunks: not first-visit texts.
  '<rootDir>/src/views/meal-photo',
  '<rootDir>/src/views/proof',
  // The machines of those dialogs and pages: a new one in this folder needs no edit here.
  '<rootDir>/machines/dialogs',
];

export default defineConfig({
  sourceLocale: 'fr',
  locales: ['fr', 'en', 'ar'],
  fallbackLocales: { default: 'fr' },
  // Origins name the file only: a line added above a message must not rewrite every catalog.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: [...DIALOG_SOURCES, ...STAFF_SOURCES],
    },
    {
      path: '<rootDir>/locales/{locale}/dialogs',
      include: DIALOG_SOURCES,
    },
    {
      path: '<rootDir>/locales/{locale}/staff',
      include: STAFF_SOURCES,
    },
  ],
});
