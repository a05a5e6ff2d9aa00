/** The benches' browser: Debian's Chromium, and a returning guest's context. */
import { type Browser, type BrowserContext, chromium } from '@playwright/test';

/** Debian's chromium (CHROMIUM_PATH names another) with the flags every bench runs it with. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A browser context of a returning guest: the profile id is stored, as after a first visit. */
export async function returningGuest(browser: Browser, profileUUID: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    'profileUUID',
    profileUUID,
  ] as const);
  return context;
}
