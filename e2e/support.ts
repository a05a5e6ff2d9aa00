import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { parse } from 'yaml';
import { type ImpactFactorOverrides, impactFactorsOf } from '../contract/impact-factors.ts';
import type { Action, Reward } from '../contract/schemas.ts';
import type { StaffRole } from '../contract/staff-roles.ts';
import { FIRST_MANAGER_NAME } from '../server/db/migration-staff-accounts.ts';
import { rounded } from '../server/domain/impact-gestures.ts';
import { readCatalog } from '../tests/support/po-catalog.ts';

export const LANGUAGES = [
  { code: 'fr', dir: 'ltr' },
  { code: 'en', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const catalogs = new Map<Language, Map<string, string>>();

/** The text the guest sees for a French source message, read from the shipped catalog of `language`. */
export function text(language: Language, sourceText: string): string {
  // French puts a no-break space (U+00A0, docs/behaviour.md "How to read this page") before ! ? : and ; — every
  // catalog source does (tests/app/catalogs.test.ts); a journey may type a plain or a narrow one.
  const source = sourceText.replace(/(?<=\S)[ \u202f]([!?:;])/g, '\u00a0$1');
  if (language === 'fr') return source;
  let catalog = catalogs.get(language);
  if (!catalog) {
    catalog = readCatalog(language);
    catalogs.set(language, catalog);
  }
  const translated = catalog.get(source);
  if (!translated) throw new Error(`No ${language} translation for "${source}"`);
  return translated;
}

/**
 * The text the guest sees for a French source message with its values, formatted by Lingui as the app does (ICU
 * plurals included: `formatted('ar', '{option, plural, one {# nuit} other {# nuits}}', { option: 2 })`).
 */
export function formatted(language: Language, source: string, values: Record<string, string | number> = {}): string {
  const i18n = setupI18n({
    locale: language,
    messages: { [language]: { [source]: compileMessage(text(language, source)) } },
  });
  return i18n._(source, values);
}

/** The nights question's option for `count` nights (an ICU plural: '2 nuits', '2 nights', 'ليلتان'…). */
export function nightsOption(language: Language, count: number): string {
  return formatted(language, '{option, plural, one {# nuit} other {# nuits}}', { option: count });
}

/** Opens the app with the guest's language already chosen on this device (browser key `langue`). */
export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((code) => {
    if (!localStorage.getItem('langue')) localStorage.setItem('langue', code);
  }, language);
}

/**
 * Rules run on every page besides the WCAG 2.2 A/AA tags: touch targets (WCAG 2.5.8, also tagged wcag22aa, named
 * so it cannot drop out with a tag) and the heading order (axe's best practice, Lighthouse's `heading-order`).
 */
const NAMED_RULES = ['target-size', 'heading-order'];

/**
 * Violations reported by axe on the current page: WCAG 2.2 A/AA and NAMED_RULES, once every animation has ended
 * (axe reads a rising sheet's colours mid-animation as faded); endless ones (spinners) are not waited for.
 */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const wcag = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const named = await new AxeBuilder({ page }).withRules(NAMED_RULES).analyze();
  const violations = new Map([...wcag.violations, ...named.violations].map((violation) => [violation.id, violation]));
  expect(
    [...violations.values()].map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

export const STAY_URL = /\/stay\/[0-9a-f-]{36}$/;
export const DEMO_STAY_URL = /\/demo\/stay\/[0-9a-f-]{36}$/;

/** A staff account's name and PIN, as a person types them on the staff page. */
export interface StaffCredentials {
  name: string;
  pin: string;
}

/**
 * The first account of `role` a sample hotel's content file declares (server/content/hotels/: its `staff:` list, or
 * for the manager the legacy `hotel.staffPin`, named by the migration), so a new PIN there needs no test change
 * (docs/behaviour.md#staff-accounts).
 */
export function sampleStaff(file: 'les-tilleuls' | 'demo-hotel', role: StaffRole): StaffCredentials {
  const content = parse(readFileSync(`server/content/hotels/${file}.yaml`, 'utf8')) as {
    hotel: { staffPin?: unknown };
    staff?: { name: unknown; role: unknown; pin?: unknown }[];
  };
  const account = content.staff?.find((entry) => entry.role === role);
  if (account) return { name: String(account.name), pin: String(account.pin) };
  if (role === 'manager' && content.hotel.staffPin !== undefined)
    return { name: FIRST_MANAGER_NAME, pin: String(content.hotel.staffPin) };
  throw new Error(`server/content/hotels/${file}.yaml declares no ${role} account`);
}

/** The PIN of a sample hotel's first manager. */
export function samplePin(file: 'les-tilleuls' | 'demo-hotel'): string {
  return sampleStaff(file, 'manager').pin;
}

/**
 * The skip-cleaning sheet's figures for a sample hotel (docs/behaviour.md#skip-cleaning): its factor table's water and
 * CO2e for one skipped cleaning, written as the sheet writes numbers in `language`.
 */
export function sampleCleaningEstimate(language: Language, file: 'les-tilleuls' | 'demo-hotel' = 'les-tilleuls') {
  const content = parse(readFileSync(`server/content/hotels/${file}.yaml`, 'utf8')) as {
    impactFactors?: ImpactFactorOverrides;
  };
  const { cleaning } = impactFactorsOf(content.impactFactors ?? null);
  const number = new Intl.NumberFormat(`${language}-u-nu-latn`, { maximumFractionDigits: 1 });
  return {
    water: formatted(language, "Environ {water} L d'eau (estimation)", {
      water: number.format(rounded('water', cleaning.water.perUnit)),
    }),
    co2e: formatted(language, 'Environ {co2e} g CO2e en moins (estimation)', {
      co2e: number.format(rounded('co2e', cleaning.co2e.perUnit)),
    }),
  };
}

/** The sample hotel's first manager. */
export const TILLEULS_MANAGER = sampleStaff('les-tilleuls', 'manager');
export const TILLEULS_PIN = TILLEULS_MANAGER.pin;

/**
 * Signs in on the staff page already open: the name chosen if this device remembers it, else typed ('Autre nom'),
 * then the PIN.
 */
export async function signInAsStaff(page: Page, language: Language, { name, pin }: StaffCredentials): Promise<void> {
  const pinField = page.getByLabel(text(language, 'Mot de passe'));
  await expect(pinField).toBeVisible();
  const remembered = page.getByRole('radio', { name, exact: true });
  if ((await remembered.count()) > 0) await remembered.check();
  else {
    const other = page.getByRole('radio', { name: text(language, 'Autre nom') });
    if ((await other.count()) > 0) await other.check();
    await page.getByLabel(text(language, 'Votre nom')).fill(name);
  }
  await pinField.fill(pin);
  await page.getByRole('button', { name: text(language, 'Se connecter') }).click();
}

/**
 * The qaPosition of the right answer of a sample hotel's quiz, from its content file: the API tells it only in the
 * reply to an answer (docs/trust-model.md#caps-and-limits).
 */
export function sampleQuizRightPosition(file: 'les-tilleuls' | 'demo-hotel'): number {
  const content = parse(readFileSync(`server/content/hotels/${file}.yaml`, 'utf8')) as {
    actions: { type: string; quiz?: { answers: { correct?: boolean }[] } }[];
  };
  const answers = content.actions.find((action) => action.type === 'QUIZ')?.quiz?.answers ?? [];
  return answers.findIndex((answer) => answer.correct === true) + 1;
}

/**
 * The stay ends now, whatever the time of day: the staff reset (a 1 s press on the header title, the PIN of a front
 * desk or manager account, without a name).
 */
export async function finishStayAsStaff(page: Page, language: Language): Promise<void> {
  const title = page.locator('[data-scope="stay-header"] [data-part="title"]');
  await title.hover();
  await page.mouse.down();
  await page.waitForTimeout(1200);
  await page.mouse.up();
  const reset = page.getByRole('dialog', { name: text(language, 'Réinitialiser le séjour') });
  await reset.getByLabel(text(language, 'Mot de passe')).fill(TILLEULS_PIN);
  await reset.getByRole('button', { name: text(language, 'Valider') }).click();
  await expect(page).toHaveURL(/\/finished$/);
}

/**
 * The screen as a guest's phone (390×844) and a desktop (1280×800) show it, into .tmp/screenshots/ (a folder
 * to look at all at once); the page's own viewport is restored afterwards.
 */
export async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await animationsSettled(page);
    await page.screenshot({
      path: `.tmp/screenshots/${name}-${size.width}x${size.height}.png`,
      fullPage: true,
    });
  }
  if (viewport) await page.setViewportSize(viewport);
  await animationsSettled(page);
}

/** Every animation that ends has ended (a skeleton's endless shimmer is left running). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * Each journey comes from its own client address (the e2e server runs with TRUST_PROXY=loopback, as behind a reverse
 * proxy on the same machine, so the browser's X-Forwarded-For is believed), so its wrong PINs never count against
 * another journey's: the limit is per address (docs/behaviour.md#staff-accounts, docs/server.md#client-address). Each
 * spec passes its own `network` (the address's second byte).
 */
const addressesUsed = new Map<number, number>();
export async function fromOwnAddress(page: Page, network: number): Promise<void> {
  const address = (addressesUsed.get(network) ?? 0) + 1;
  addressesUsed.set(network, address);
  // A worker restarted after a failure counts from 0 again: its index keeps the addresses apart.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${network}.${test.info().workerIndex}.${address}` });
}

interface GuestStay {
  sUUID: string;
  uuid: string;
  roomNumber: string;
}

/** A stay in the room of `qrId` that skips cleaning, earns points and claims the CODE reward; its code and name. */
export async function guestWithCode(request: APIRequestContext, qrId: string, language: Language) {
  const room = (await (await request.get(`/api/rooms/${qrId}/info`)).json()) as { hId: number; rId: number };
  const created = (await (await request.post('/api/stays/new', { data: { ...room, qrId } })).json()) as {
    sUUID: string;
    profileUUID: string;
    stay: { roomNb: string };
  };
  const stay: GuestStay = { sUUID: created.sUUID, uuid: created.profileUUID, roomNumber: created.stay.roomNb };
  const ids = { sUUID: stay.sUUID, uuid: stay.uuid };
  const endDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await request.put(`/api/stays/${stay.sUUID}/endDate`, { data: { endDate, uuid: stay.uuid } });
  const actions = (await (
    await request.get(`/api/stays/${stay.sUUID}/actions`, { params: { lang: 'fr', uuid: stay.uuid } })
  ).json()) as Action[];
  const answers: Record<string, [string, object]> = {
    LUNICLEAN: ['luniclean', { skipCleaning: true, roomNumber: stay.roomNumber }],
    CLAIM: ['claim', {}],
    REVIEW: ['review', { rating: 4 }],
    YESNO: ['yesno', {}],
    YESNOSTAY: ['yesnon', {}],
  };
  for (const action of actions) {
    const answer = answers[action.actType ?? ''];
    if (!answer) continue;
    const response = action.actType?.startsWith('YESNO') ? { response: action.actPositiveResponse !== 'NO' } : {};
    const reply = await request.post(`/api/actions/${action.actId}/${answer[0]}`, {
      data: { ...ids, ...answer[1], ...response, endDate },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  }
  const rewards = (await (
    await request.get(`/api/stays/${stay.sUUID}/rewards`, { params: { lang: language, uuid: stay.uuid } })
  ).json()) as Reward[];
  const coffee = rewards.find((reward) => reward.rwType === 'CODE') as Reward;
  const claim = await request.post(`/api/rewards/${coffee.rwId}/claim`, { data: ids });
  expect(claim.ok(), await claim.text()).toBe(true);
  const { code } = (await claim.json()) as { code: string };
  return { roomNumber: stay.roomNumber, code: `TIL-${code}`, rewardName: coffee.radName };
}

/**
 * Runs a server command (`node server/cli.ts …`, what `npm run hotel:create` and the like run) on the database of the
 * server the journeys drive, as the hotel's IT would on theirs; answers what it printed.
 */
export function runServerCommand(args: readonly string[]): string {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('playwright.config.ts sets E2E_DATABASE_FILE');
  return execFileSync(process.execPath, ['server/cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}
