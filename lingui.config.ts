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
  // The meal-photo page loads the dialogs catalog with its own chunk.
  '<rootDir>/src/views/meal-photo',
  '<rootDir>/machines/mealPhoto.machine.ts',
  // The proof page loads the dialogs catalog with its route (src/routes/{-$mode}/proof): not a first-visit text.
  '<rootDir>/src/views/proof',
  '<rootDir>/machines/proof.machine.ts',
  ...[
    'actionLaunch.machine.ts',
    'actionOutcome.machine.ts',
    'claimAction.machine.ts',
    'custom.machine.ts',
    'endDatePicker.machine.ts',
    'heating.machine.ts',
    'luniclean.machine.ts',
    'nightsPicker.machine.ts',
    'quiz.machine.ts',
    'review.machine.ts',
    'rewardClaim.machine.ts',
    'rewardEmail.machine.ts',
    'slider.machine.ts',
    'submission.ts',
    'yesNo.machine.ts',
  ].map((file) => `<rootDir>/machines/${file}`),
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
