import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../../views/shell/AppShell.tsx';

type ModeParams = { mode?: 'demo' };

/** Every route also exists under /demo (SPEC.md §2): one optional segment instead of twin route files. */
export const Route = createFileRoute('/{-$mode}')({
  params: {
    // Returning false makes the matcher skip this candidate, so /anything-else reaches $qrId.
    parse: ({ mode }): ModeParams | false => (mode === undefined || mode === 'demo' ? { mode } : false),
    stringify: ({ mode }) => ({ mode }),
  },
  component: AppShell,
});
