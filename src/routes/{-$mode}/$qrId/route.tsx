import { createFileRoute, Outlet } from '@tanstack/react-router';

/** Words that are routes of their own never reach the room QR route, even as a single segment. */
const RESERVED_SEGMENTS = new Set(['demo', 'hotel', 'stay', 'rewards', 'camera', 'proof', 'staff', 'inspector']);

export const Route = createFileRoute('/{-$mode}/$qrId')({
  params: {
    parse: ({ qrId }): { qrId: string } | false => (RESERVED_SEGMENTS.has(qrId) ? false : { qrId }),
    stringify: ({ qrId }) => ({ qrId }),
  },
  component: Outlet,
});
