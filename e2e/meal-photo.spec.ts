import { expect, type Page, test } from '@playwright/test';
import { encode } from 'jpeg-js';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  LANGUAGES,
  type Language,
  nightsOption,
  STAY_URL,
  text,
} from './support.ts';

/** The sample hotel's meal action and a dish of its menu (server/content/hotels/les-tilleuls.yaml), per language. */
const CONTENT = {
  fr: { meal: 'Mon repas à la loupe', dish: 'Curry de lentilles', score: '10/10' },
  en: { meal: 'My meal under the lens', dish: 'Lentil curry', score: '10/10' },
  ar: { meal: 'وجبتي تحت المجهر', dish: 'كاري العدس', score: '10/10' },
} satisfies Record<Language, Record<string, string>>;

const pointsBadge = (page: Page) => page.locator('[data-scope="stay-header"] [data-part="points"]');
const cameraPage = (page: Page) => page.locator('[data-scope="meal-photo"]');

/** A new guest at hotel 1 with a 2-night stay, on the meal action's camera page. */
async function openCameraPage(page: Page, code: Language) {
  await chooseLanguage(page, code);
  await page.goto('/hotel/1');
  await expect(page).toHaveURL(STAY_URL);
  await page.getByRole('button', { name: text(code, "C'est parti !") }).click();
  await page.getByRole('article', { name: CONTENT[code].meal }).getByRole('button').click();
  // A per-night action: the stay has no end date yet, so the nights question comes first.
  const nights = page.getByRole('dialog', { name: text(code, 'Combien de nuits restez-vous ?') });
  await nights.getByRole('radio', { name: nightsOption(code, 2) }).click();
  await nights.getByRole('button', { name: text(code, 'Valider') }).click();
  const modal = page.getByRole('dialog', { name: CONTENT[code].meal });
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await expectNoAccessibilityViolations(page);
  await modal.getByRole('link', { name: text(code, 'Prendre une photo de mon repas') }).click();
  await expect(page).toHaveURL(/\/camera\/[0-9a-f-]{36}\/\d+\?nId=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}$/);
}

/** Takes the photo once the preview shows frames (a click before the first frame captures an empty one). */
async function takePhoto(page: Page, code: Language) {
  const camera = cameraPage(page);
  await expect(camera).toHaveAttribute('data-state', 'live.preview');
  await expect
    .poll(() => camera.locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth))
    .toBeGreaterThan(0);
  await camera.getByRole('button', { name: text(code, 'Prendre la photo') }).click();
}

/** Picks the lentil curry, sends the photo, and checks the result, then 'Continuer' back to the stay. */
async function analyseCurry(page: Page, code: Language) {
  const camera = cameraPage(page);
  await expect(camera).toHaveAttribute('data-state', 'photoTaken.ready');
  await expect(camera.getByRole('img', { name: text(code, 'Votre repas') })).toBeVisible();
  // The photo is the centre square, at most 640 pixels wide.
  const size = await camera
    .getByRole('img', { name: text(code, 'Votre repas') })
    .evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  expect(size[0]).toBe(size[1]);
  expect(size[0]).toBeLessThanOrEqual(640);
  await camera.getByRole('radio', { name: new RegExp(CONTENT[code].dish) }).check();
  await expectNoAccessibilityViolations(page);
  await camera.getByRole('button', { name: text(code, 'Analyser mon repas') }).click();
  await expectCurryResult(page, code);
}

/** The lentil curry's result (the hotel's recipe, named as the dish picked), then 'Continuer' back to the stay. */
async function expectCurryResult(page: Page, code: Language) {
  const result = cameraPage(page).locator('[data-part="result"]');
  await expect(result.getByRole('heading', { name: text(code, 'Résultat de votre repas') })).toBeVisible();
  await expect(result.locator('[data-part="points"]')).toHaveText('+20 GreenMiles');
  await expect(result.locator('[data-part="score"]')).toContainText(CONTENT[code].score);
  await expect(result.getByText(text(code, 'Repas végétarien'))).toBeVisible();
  // Dry lentils and rice against the table's per-kilogram-dry figures (docs/meal-scoring.md#worked-examples).
  await expect(result.locator('[data-part="ges"]')).toContainText('499 g CO2e');
  await expect(result.locator('[data-part="dish"]')).toContainText(CONTENT[code].dish);
  await expect(result.getByRole('heading', { name: text(code, 'Ingrédients de la recette') })).toBeVisible();
  await expect(result.locator('[data-part="ingredients"] li')).toHaveCount(5);
  await expectNoAccessibilityViolations(page);

  await result.getByRole('button', { name: text(code, 'Continuer') }).click();
  await expect(page).toHaveURL(STAY_URL);
  await expect(page.getByRole('status').filter({ hasText: '+20' }).first()).toBeVisible();
  await expect(pointsBadge(page)).toContainText('20');
}

// Projects meal-camera and meal-camera-refused (playwright.config.ts) launch Chromium with its synthetic camera.
test.describe('with a camera', () => {
  for (const { code } of LANGUAGES) {
    test(`a meal photographed with the camera, the dish picked, scored and credited, in ${code}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openCameraPage(page, code);
      const camera = cameraPage(page);
      await expect(camera).toHaveAttribute('data-state', 'live.preview');
      await expect(camera).toHaveAttribute('data-permission', 'granted');
      await expectNoAccessibilityViolations(page);
      // No photo yet: 'Analyser mon repas' is disabled, and says why.
      await expect(camera.getByRole('button', { name: text(code, 'Analyser mon repas') })).toBeDisabled();
      await expect(camera.locator('[data-part="hint"]')).toHaveText(text(code, "Veuillez prendre une photo d'abord"));
      await takePhoto(page, code);
      await analyseCurry(page, code);
    });

    test(`a lost connection, a busy server, an analysis unavailable: each said, the same photo and dish sent again, in ${code}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await openCameraPage(page, code);
      const camera = cameraPage(page);
      await takePhoto(page, code);
      await expect(camera).toHaveAttribute('data-state', 'photoTaken.ready');
      const dish = camera.getByRole('radio', { name: new RegExp(CONTENT[code].dish) });
      await dish.check();
      const sent: Array<{ photoData: string; dishKey: string }> = [];
      const answers: Array<'offline' | 'busy' | 'unavailable' | 'server'> = [
        'offline',
        'busy',
        'unavailable',
        'server',
      ];
      await page.route('**/api/actions/*/limeat', async (route) => {
        sent.push(route.request().postDataJSON());
        const answer = answers.shift();
        if (answer === 'offline') return route.abort('internetdisconnected');
        if (answer === 'busy')
          return route.fulfill({
            status: 503,
            headers: { 'retry-after': '1' },
            json: { error: 'database_unavailable', message: 'The database cannot be reached right now' },
          });
        // What the server answers when its vision model fails (tests/server/meals.test.ts drives a real one).
        if (answer === 'unavailable')
          return route.fulfill({
            status: 503,
            headers: { 'retry-after': '10' },
            json: { error: 'analysis_unavailable', message: 'The meal analysis is unavailable right now, try again' },
          });
        return route.continue();
      });
      await camera.getByRole('button', { name: text(code, 'Analyser mon repas') }).click();

      const failure = camera.locator('[data-part="analysis-error"]');
      await expect(failure).toContainText(
        text(code, 'Connexion impossible. Vérifiez votre connexion, puis réessayez.'),
      );
      await expect(failure).toContainText(text(code, 'Votre photo et votre choix sont gardés.'));
      await expect(camera.getByText(text(code, 'Aucun aliment détecté. Veuillez réessayer.'))).toHaveCount(0);
      await expect(camera.getByRole('img', { name: text(code, 'Votre repas') })).toBeVisible();
      await expect(dish).toBeChecked();
      await expectNoAccessibilityViolations(page);
      await camera.getByRole('button', { name: text(code, "Réessayer l'analyse") }).click();

      await expect(failure).toContainText(
        text(code, 'Le serveur est trop sollicité pour analyser votre repas. Réessayez dans un instant.'),
      );
      await expect(dish).toBeChecked();
      await camera.getByRole('button', { name: text(code, "Réessayer l'analyse") }).click();

      await expect(failure).toContainText(
        text(code, "L'analyse des repas est indisponible pour le moment. Réessayez dans un instant."),
      );
      await expect(camera.getByText(text(code, 'Aucun aliment détecté. Veuillez réessayer.'))).toHaveCount(0);
      await expect(dish).toBeChecked();
      await camera.getByRole('button', { name: text(code, "Réessayer l'analyse") }).click();

      await expectCurryResult(page, code);
      expect(sent).toHaveLength(4);
      expect(new Set(sent.map(({ photoData, dishKey }) => `${dishKey}:${photoData}`)).size).toBe(1);
      expect(sent[0]?.dishKey).toBe('lentil-curry');
    });

    test(`a stay that ended meanwhile (409): said, without a retry that cannot help, in ${code}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openCameraPage(page, code);
      const camera = cameraPage(page);
      await takePhoto(page, code);
      await camera.getByRole('radio', { name: new RegExp(CONTENT[code].dish) }).check();
      await page.route('**/api/actions/*/limeat', (route) =>
        route.fulfill({ status: 409, json: { error: 'stay_finished', message: 'This stay is finished' } }),
      );
      await camera.getByRole('button', { name: text(code, 'Analyser mon repas') }).click();

      await expect(camera).toHaveAttribute('data-state', 'stayFinished');
      await expect(camera.getByRole('alert')).toHaveText(
        text(code, 'Votre séjour est terminé : il ne peut plus être modifié.'),
      );
      await expect(camera.getByText(text(code, 'Aucun aliment détecté. Veuillez réessayer.'))).toHaveCount(0);
      await expectNoAccessibilityViolations(page);
      await camera.getByRole('button', { name: text(code, 'Retour aux actions') }).click();
      await expect(page).toHaveURL(STAY_URL);
    });
  }
});

/** A real JPEG, as a phone's gallery would hold one (wider than tall: the page keeps the centre square). */
function plateJpeg(): Buffer {
  const width = 1200;
  const height = 800;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    const x = (i / 4) % width;
    data[i] = 200;
    data[i + 1] = (x * 255) / width;
    data[i + 2] = 80;
    data[i + 3] = 255;
  }
  return encode({ width, height, data }, 80).data;
}

test.describe('when the camera is refused @camera-refused', () => {
  for (const { code } of LANGUAGES) {
    test(`camera access denied: the help, then a photo from the device is scored, in ${code}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openCameraPage(page, code);
      const camera = cameraPage(page);
      await expect(camera).toHaveAttribute('data-state', 'cameraFailed');
      await expect(camera).toHaveAttribute('data-permission', 'denied');
      const failure = camera.locator('[data-part="failure"]');
      await expect(failure).toContainText(text(code, 'Camera access denied'));
      await expect(failure).toContainText(text(code, 'Vous pouvez aussi choisir une photo de votre repas.'));
      await expectNoAccessibilityViolations(page);
      await camera.locator('[data-part="picker"] input').setInputFiles({
        name: 'plate.jpg',
        mimeType: 'image/jpeg',
        buffer: plateJpeg(),
      });
      await analyseCurry(page, code);
    });
  }
});
