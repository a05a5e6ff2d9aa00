import { createFileRoute } from '@tanstack/react-router';
import { WelcomePage } from '../../views/welcome/WelcomePage.tsx';

export const Route = createFileRoute('/{-$mode}/')({ component: WelcomePage });
