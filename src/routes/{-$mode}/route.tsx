import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../../views/shell/AppShell.tsx';
import { modeParams } from '../-params.ts';

export const Route = createFileRoute('/{-$mode}')({ params: modeParams, component: AppShell });
