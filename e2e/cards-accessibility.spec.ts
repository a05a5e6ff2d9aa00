import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { parseColor, type Rgba, worstContrastOverPicture } from '../src/styles/contrast.ts';
import { chooseLanguage, LANGUAGES, type Language, text } from './support.ts';

/** Opens hotel 1's actions page as a new guest, past the welcome popup. */
async function openActions(page: Page, code: Language) {
  await chooseLanguage(page, code);
  await page.goto('/hotel/1');
  await page.getByRole('button', { name: text(code, "C'est parti !") }).click();
  await expect(page.locator('[data-scope="action-card"]').first()).toBeVisible();
}

async function openRewards(page: Page, code: Language) {
  await page
    .getByRole('navigation')
    .getByRole('link', { name: text(code, 'Mes récompenses') })
    .click();
  await expect(page.locator('[data-scope="reward-card"]').first()).toBeVisible();
}

interface CardText {
  card: string;
  text: string;
  color: string;
  /** Background colours between the picture and the text, outermost first. */
  layers: string[];
}

/** Every text drawn over a card's picture, with its colour and the background layers under it. */
function cardTexts(page: Page, scope: string): Promise<CardText[]> {
  return page.locator(`[data-scope="${scope}"]`).evaluateAll((cards) =>
    cards.flatMap((card) =>
      [...card.querySelectorAll<HTMLElement>('*')]
        .filter((element) =>
          [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
        )
        .map((element) => {
          const layers: string[] = [];
          for (let node: HTMLElement | null = element; node && node !== card; node = node.parentElement)
            layers.unshift(getComputedStyle(node).backgroundColor);
          return {
            card: card.getAttribute('aria-labelledby') ?? '',
            text: element.textContent?.trim() ?? '',
            color: getComputedStyle(element).color,
            layers,
          };
        }),
    ),
  );
}

function colorOf(text: string): Rgba {
  const color = parseColor(text);
  if (!color) throw new Error(`Unreadable colour ${text}`);
  return color;
}

/** The texts whose contrast falls under 4.5:1 over some picture (any colour may lie under them). */
async function expectReadableOverAnyPicture(page: Page, scope: string) {
  const texts = await cardTexts(page, scope);
  expect(texts.length).toBeGreaterThan(0);
  const unreadable = texts
    .map((item) => ({ ...item, contrast: worstContrastOverPicture(colorOf(item.color), item.layers.map(colorOf)) }))
    .filter((item) => item.contrast < 4.5)
    .map((item) => `${item.text}: ${item.contrast.toFixed(2)}:1`);
  expect(unreadable).toEqual([]);
}

/**
 * Touch targets at every scroll position of the page's content: the header and the navigation must never lie over
 * part of a card's button (axe `target-size`, WCAG 2.5.8).
 */
async function expectTargetsClearAtEveryScroll(page: Page) {
  const positions = await page.evaluate(() => {
    const scroller = document.querySelector('main')?.scrollHeight ?? 0;
    return Math.max(document.scrollingElement?.scrollHeight ?? 0, scroller);
  });
  for (let offset = 0; offset <= positions; offset += 233) {
    await page.evaluate((top) => {
      window.scrollTo(0, top);
      document.querySelector('main')?.scrollTo(0, top);
    }, offset);
    const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
    expect(
      results.violations.flatMap((violation) => violation.nodes.map((node) => `${offset}px: ${node.target.join(' ')}`)),
    ).toEqual([]);
  }
}

for (const { code } of LANGUAGES) {
  test(`card titles and tags stay readable over any picture, on the actions and rewards pages, in ${code}`, async ({
    page,
  }) => {
    await openActions(page, code);
    await expectReadableOverAnyPicture(page, 'action-card');
    await openRewards(page, code);
    await expectReadableOverAnyPicture(page, 'reward-card');
  });

  test(`no bar covers a touch target while the guest scrolls, on the actions and rewards pages, in ${code}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A phone shorter than the Pixel 7: a card's button then ends just under the navigation at the top.
    await page.setViewportSize({ width: 412, height: 800 });
    await openActions(page, code);
    await expectTargetsClearAtEveryScroll(page);
    await openRewards(page, code);
    await expectTargetsClearAtEveryScroll(page);
  });
}
