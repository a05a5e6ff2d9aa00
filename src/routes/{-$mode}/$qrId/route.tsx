import { createFileRoute, Outlet } from '@tanstack/react-router';
import { mayBeQrId } from '../../../../contract/app-addresses.ts';

export const Route = createFileRoute('/{-$mode}/$qrId')({
  params: {
    parse: ({ qrId }): { qrId: string } | false => (mayBeQrId(qrId) ? { qrId } : false),
    stringify: ({ qrId }) => ({ qrId }),
  },
  component: Outlet,
});
