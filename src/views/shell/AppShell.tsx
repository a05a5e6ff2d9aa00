import { Outlet } from '@tanstack/react-router';

export function AppShell() {
  return <Outlet />;
}
