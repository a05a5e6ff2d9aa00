import { createFileRoute } from '@tanstack/react-router';
import { InspectorRoute } from '../views/inspector/InspectorRoute.tsx';

export const Route = createFileRoute('/inspector')({ component: InspectorRoute });
