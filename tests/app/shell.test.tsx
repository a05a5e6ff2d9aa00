import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../src/views/shell/AppShell.tsx';
import { NotFoundPage } from '../../src/views/shell/NotFoundPage.tsx';
import { WIDE_SCREEN_QUERY } from '../../src/views/shell/useWideScreen.ts';
import { WelcomePage } from '../../src/views/welcome/WelcomePage.tsx';
import { I18nWrapper } from './i18n-wrapper.tsx';

const router = vi.hoisted(() => ({ mode: undefined as 'demo' | undefined }));

vi.mock('@tanstack/react-router', () => ({
  Outlet: () => <p>page content</p>,
  Link: ({ children, to }: { children: React.ReactNode; to: string }) => <a href={to}>{children}</a>,
  useParams: ({ select }: { select: (params: { mode?: 'demo' }) => unknown }) => select({ mode: router.mode }),
}));

/** A controllable matchMedia (jsdom has none): `resize(width)` fires `change` like a browser would. */
function installViewport(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  const minWidth = Number(/min-width: (\d+)px/.exec(WIDE_SCREEN_QUERY)?.[1]);
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return width >= minWidth;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    resize(next: number) {
      width = next;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}

function shell(): HTMLElement {
  const frame = screen.getByText('page content').closest('[data-part="frame"]');
  const root = frame?.parentElement;
  if (!root) throw new Error('the page is not inside the shell frame');
  return root;
}

const originalMatchMedia = window.matchMedia;

beforeEach(() => {
  router.mode = undefined;
});

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('app shell', () => {
  it('fills the screen on a phone (768 px and below)', () => {
    installViewport(768);
    render(<AppShell />, { wrapper: I18nWrapper });
    expect(shell()).not.toHaveClass('app-shell--framed');
    expect(shell()).toHaveAttribute('data-state', 'full-screen');
    expect(screen.queryByText('Mode démo')).not.toBeInTheDocument();
  });

  it('shows the phone frame above 768 px and follows resizes', () => {
    const viewport = installViewport(1280);
    render(<AppShell />, { wrapper: I18nWrapper });
    expect(shell()).toHaveClass('app-shell--framed');
    expect(shell()).toHaveAttribute('data-state', 'framed');
    viewport.resize(390);
    expect(shell()).not.toHaveClass('app-shell--framed');
  });

  it('labels demo mode outside the frame', () => {
    router.mode = 'demo';
    installViewport(1280);
    render(<AppShell />, { wrapper: I18nWrapper });
    const label = screen.getByText('Mode démo');
    expect(shell()).toHaveClass('app-shell--framed', 'app-shell--demo');
    expect(within(shell()).getByText('page content').closest('[data-part="frame"]')).not.toContainElement(label);
  });
});

describe('welcome and not-found pages', () => {
  it('tells what GreenMiles is and how to start', () => {
    render(<WelcomePage />, { wrapper: I18nWrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'Bienvenue sur GreenMiles' })).toBeVisible();
    expect(screen.getByText(/Gagnez des points pour les gestes que l'hôtel vous propose/)).toBeVisible();
    expect(screen.getByText(/scannez le QR code présent dans votre chambre/)).toBeVisible();
  });

  it('offers a way home from an unknown address', () => {
    render(<NotFoundPage />, { wrapper: I18nWrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/{-$mode}');
  });
});
