import { Outlet } from '@tanstack/react-router';

export function WelcomePage() {
  return <Outlet />;
}
