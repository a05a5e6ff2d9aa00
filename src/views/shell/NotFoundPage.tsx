import { Outlet } from '@tanstack/react-router';

export function NotFoundPage() {
  return <Outlet />;
}
