import { fileURLToPath } from 'node:url';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import {
  CATALOG_LOCALE_ATTRIBUTE,
  FIRST_SCREENS_ATTRIBUTE,
  type FirstScreen,
  frontTokenMetaPattern,
  qaInspectorMetaPattern,
} from './contract/headers.ts';
import { precompress } from './scripts/precompress.ts';

/** The API server `npm run dev` proxies /api to: one started with `npm start` (README, Development). */
const apiServer = process.env.API_SERVER_URL || 'http://127.0.0.1:3000';
const frontTokenMeta = frontTokenMetaPattern();

/**
 * The dev server's index.html gets the front token the API server writes into its own page (server/app.ts):
 * without it every call that needs the token answers 401. Read on every page load, so it follows a restarted server.
 */
function devFrontToken(): Plugin {
  const fetchApiServer = (path: string, accept: string) =>
    fetch(new URL(path, apiServer), { headers: { accept }, signal: AbortSignal.timeout(2000) });
  const frontToken = async (): Promise<string | null> => {
    try {
      return frontTokenMeta.exec(await (await fetchApiServer('/', 'text/html')).text())?.[2] || null;
    } catch {
      return null;
    }
  };
  const reachable = () =>
    fetchApiServer('/healthz', 'application/json').then(
      (answer) => answer.ok,
      () => false,
    );
  return {
    name: 'greenmiles:dev-front-token',
    apply: 'serve',
    configureServer(server) {
      // Said once at start-up, where a newcomer looks, rather than only as failed calls in the page.
      server.httpServer?.once('listening', async () => {
        const problem = !(await reachable())
          ? `No GreenMiles API server at ${apiServer}: start one with \`npm start\` in another terminal (or point API_SERVER_URL at one), then reload the page.`
          : !(await frontToken())
            ? `The API server at ${apiServer} serves no index.html to read its front token from: run \`npm run build\`, then reload the page.`
            : null;
        if (problem) server.config.logger.warn(`\n  ${problem}\n`);
      });
    },
    async transformIndexHtml(html) {
      const token = await frontToken();
      // The value is copied as the API server escaped it for the attribute.
      return token ? html.replace(frontTokenMeta, (_meta, start: string) => `${start}"${token}"`) : html;
    },
  };
}

/** `npm run dev` turns the QA inspector on, as QA_INSPECTOR=1 does on the server (docs/inspector.md#enabling). */
function devQaInspector(): Plugin {
  return {
    name: 'greenmiles:dev-qa-inspector',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(qaInspectorMetaPattern(), '$1"on"'),
  };
}

/**
 * The code each first screen needs before it shows, fetched with the HTML instead of one after the other
 * (docs/performance.md#qr-scan-to-actions-round-trips): the app shell route and the screen's route chunks (their
 * imports and style sheets). A QR address goes on to the stay page, so its screen needs the stay page's code too.
 * Every link is tagged with the screens it serves and each catalog with its locale: the server keeps only those of
 * the requested address and language (server/static-files.ts `pageFor`).
 */
const STAY_SCREEN_MODULES = [
  /src[\\/]routes[\\/]\{-\$mode\}[\\/]route\.tsx/,
  /src[\\/]routes[\\/]\{-\$mode\}[\\/]stay[\\/]\$sUUID[\\/]index\.tsx/,
];
const FIRST_SCREEN_MODULES: Record<FirstScreen, RegExp[]> = {
  entry: [
    ...STAY_SCREEN_MODULES,
    /src[\\/]routes[\\/]\{-\$mode\}[\\/]\$qrId[\\/](route|index)\.tsx/,
    /src[\\/]routes[\\/]\{-\$mode\}[\\/]hotel[\\/]\$hId\.tsx/,
  ],
  stay: STAY_SCREEN_MODULES,
};
/** The first screens' catalog (`messages.po`) of each interface locale. */
const FIRST_SCREEN_CATALOG = /locales[\\/](\w+)[\\/]messages\.po/;

function preloadFirstScreens(): Plugin {
  return {
    name: 'greenmiles:preload-first-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const addStatic = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) addStatic(imported, into);
        };
        // What the HTML loads already: the entry and its static imports.
        const loaded = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) addStatic(chunk.fileName, loaded);
        // The screens each file is needed for, file by file.
        const screensOf = new Map<string, FirstScreen[]>();
        for (const [screen, modules] of Object.entries(FIRST_SCREEN_MODULES) as Array<[FirstScreen, RegExp[]]>) {
          const wanted = new Set<string>();
          for (const chunk of chunks)
            if (!chunk.isEntry && chunk.moduleIds.some((id) => modules.some((module) => module.test(id))))
              addStatic(chunk.fileName, wanted);
          for (const fileName of wanted) {
            if (loaded.has(fileName)) continue;
            screensOf.set(fileName, [...(screensOf.get(fileName) ?? []), screen]);
            for (const style of byName.get(fileName)?.viteMetadata?.importedCss ?? [])
              screensOf.set(style, [...new Set([...(screensOf.get(style) ?? []), screen])]);
          }
        }
        const catalogs = chunks.flatMap((chunk) => {
          const locale = chunk.moduleIds.map((id) => FIRST_SCREEN_CATALOG.exec(id)?.[1]).find(Boolean);
          return locale ? [{ fileName: chunk.fileName, locale }] : [];
        });
        const files = [...screensOf].sort(([a], [b]) => (a < b ? -1 : 1));
        const link = (attrs: Record<string, string | boolean>) => ({ tag: 'link', attrs, injectTo: 'head' as const });
        return [
          ...files
            .filter(([fileName]) => fileName.endsWith('.js'))
            .map(([fileName, screens]) =>
              link({
                rel: 'modulepreload',
                crossorigin: true,
                href: `/${fileName}`,
                [FIRST_SCREENS_ATTRIBUTE]: screens.join(' '),
              }),
            ),
          ...catalogs.map(({ fileName, locale }) =>
            link({ rel: 'modulepreload', crossorigin: true, href: `/${fileName}`, [CATALOG_LOCALE_ATTRIBUTE]: locale }),
          ),
          // Vite adds these style sheets when the chunk loads and waits for them: preloaded, they are already here.
          ...files
            .filter(([fileName]) => fileName.endsWith('.css'))
            .map(([fileName, screens]) =>
              link({
                rel: 'preload',
                as: 'style',
                crossorigin: true,
                href: `/${fileName}`,
                [FIRST_SCREENS_ATTRIBUTE]: screens.join(' '),
              }),
            ),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    lingui(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    devFrontToken(),
    devQaInspector(),
    preloadFirstScreens(),
    // index.html is left out: the server writes its front token in, then compresses it once (server/static-files.ts).
    precompress({ except: ['index.html'] }),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        // An absolute file path: the dependency optimizer resolves aliases from inside node_modules.
        replacement: fileURLToPath(new URL('./src/vendor/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Every stay screen needs the whole framework: one chunk gzips better than a dozen small ones.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|xstate|@xstate|ky|@lingui|use-sync-external-store)[\\/]/,
            },
            // The stay frame (session, header, menus, dialogs' shell, app shell, card contrast, API client) that every
            // stay screen shows. Helpers only a lazy flow needs (calendar dates) stay out: they load with that flow.
            {
              name: 'stay-frame',
              test: /[\\/](src[\\/](components|api[\\/](http|stays)|views[\\/](stay|shell[\\/](AppShell|useWideScreen))|styles[\\/]contrast)|contract[\\/](headers|action-types)|machines[\\/]staySession)/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': apiServer } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/app/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/app/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/postgres.global-setup.ts'],
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
