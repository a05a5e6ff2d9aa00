/**
 * Retiring (docs/behaviour.md#retiring) in a real browser: a guest claims the coffee, the manager removes it from the
 * hotel's content (a save on the staff content API), and the guest still sees the code after a reload, and on the
 * finished stay's page; a new guest no longer sees it. The content is put back afterwards for the other specs.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import type { ContentReply } from '../contract/content-editor.ts';
import type { Action, Reward } from '../contract/schemas.ts';
import {
  animationsSettled,
  chooseLanguage,
  expectNoAccessibilityViolations,
  finishStayAsStaff,
  formatted,
  STAY_URL,
  TILLEULS_MANAGER,
  text,
} from './support.ts';

const LANG = 'fr';
const RETIRED_KEY = 'coffee-code';

async function managerHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const session = await request.post('/api/staff/sessions', { data: { hId: 1, ...TILLEULS_MANAGER } });
  expect(session.status(), await session.text()).toBe(201);
  const { token } = (await session.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Saves Les Tilleuls' content as `change` makes it from the current one, as the content editor would. */
async function saveContent(request: APIRequestContext, change: (document: ContentReply['document']) => void) {
  const headers = await managerHeaders(request);
  const current = (await (await request.get('/api/staff/hotels/1/content', { headers })).json()) as ContentReply;
  change(current.document);
  const saved = await request.put('/api/staff/hotels/1/content', {
    headers,
    data: { baseVersion: current.version, document: current.document },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function rewardsOf(request: APIRequestContext, sUUID: string, uuid: string): Promise<Reward[]> {
  const reply = await request.get(`/api/stays/${sUUID}/rewards`, { params: { lang: LANG, uuid } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as Reward[];
}

/** Enough points for the coffee: the stay's yes/no answers (towels, once per stay) given the rewarded way. */
async function earnPoints(request: APIRequestContext, sUUID: string, uuid: string) {
  const actions = (await (
    await request.get(`/api/stays/${sUUID}/actions`, { params: { lang: LANG, uuid } })
  ).json()) as Action[];
  const paths: Record<string, string> = { YESNO: 'yesno', YESNOSTAY: 'yesnon' };
  for (const action of actions) {
    const path = paths[action.actType ?? ''];
    if (!path) continue;
    const reply = await request.post(`/api/actions/${action.actId}/${path}`, {
      data: { sUUID, uuid, response: action.actPositiveResponse !== 'NO' },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  }
}

let original: ContentReply['document'] | null = null;

test.afterAll(async ({ request }) => {
  const rewards = original?.rewards;
  if (rewards)
    await saveContent(request, (document) => {
      document.rewards = rewards;
    });
});

test(`a claimed reward the hotel retires stays with its guest: the code after a reload and on the finished page, in ${LANG}`, async ({
  page,
}) => {
  test.setTimeout(120_000);
  await chooseLanguage(page, LANG);
  await page.addInitScript(() => localStorage.setItem('welcomeShown', 'true'));
  await page.goto('/tilleuls-101');
  await expect(page).toHaveURL(STAY_URL);
  const stayUrl = page.url();
  const { sUUID, uuid } = await page.evaluate(() => ({
    sUUID: localStorage.getItem('sUUID') ?? '',
    uuid: localStorage.getItem('profileUUID') ?? '',
  }));
  await earnPoints(page.request, sUUID, uuid);
  const coffee = (await rewardsOf(page.request, sUUID, uuid)).find((reward) => reward.rwType === 'CODE');
  if (!coffee) throw new Error('no CODE reward at Les Tilleuls');

  // The guest unlocks the coffee on the rewards page: its code.
  await page.goto(stayUrl.replace('/stay/', '/rewards/'));
  const card = page.getByRole('article', { name: coffee.radName });
  await card.getByRole('button').click();
  let dialog = page.getByRole('dialog', { name: coffee.radName });
  await dialog
    .getByRole('button', {
      name: formatted(LANG, 'Débloquer pour {cost} {pointsName}', { cost: coffee.rwCost, pointsName: 'GreenMiles' }),
    })
    .click();
  const code = (await dialog.locator('[data-part="code"]').textContent()) ?? '';
  expect(code).toMatch(/^TIL-[A-Z2-9]{8}$/);
  await dialog.getByRole('button', { name: text(LANG, 'Fermer') }).click();

  // The manager removes the coffee from the hotel's content.
  await saveContent(page.request, (document) => {
    original = structuredClone(document);
    document.rewards = (document.rewards ?? []).filter((reward) => reward.key !== RETIRED_KEY);
  });
  const newStay = (await (
    await page.request.post('/api/stays/new', {
      data: { ...(await (await page.request.get('/api/rooms/tilleuls-102/info')).json()), qrId: 'tilleuls-102' },
    })
  ).json()) as { sUUID: string; profileUUID: string };
  const offered = await rewardsOf(page.request, newStay.sUUID, newStay.profileUUID);
  expect(offered.map((reward) => reward.rwId)).not.toContain(coffee.rwId);

  // The guest reloads: the coffee is still theirs, with its code.
  await page.reload();
  await expect(card).toBeVisible();
  await card.getByRole('button').click();
  dialog = page.getByRole('dialog', { name: coffee.radName });
  await expect(dialog.locator('[data-part="code"]')).toHaveText(code);
  await animationsSettled(page);
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: text(LANG, 'Fermer') }).click();

  // And on the finished stay's page.
  await page.goto(stayUrl);
  await finishStayAsStaff(page, LANG);
  const section = page.getByRole('region', { name: text(LANG, 'Vos récompenses') });
  await expect(section.locator('[data-part="reward"]').filter({ hasText: coffee.radName })).toContainText(code);
  await expectNoAccessibilityViolations(page);
});
