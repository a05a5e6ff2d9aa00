/**
 * The built SPA over HTTP (docs/server.md#static-files): the files of dist/ as the build precompressed them
 * (scripts/precompress.ts), each with its caching rule, and the page (index.html with this server's front token
 * written in) rendered and compressed once per version of the file rather than on every request.
 */
import { readFile, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATALOG_LOCALE_ATTRIBUTE, FIRST_SCREENS_ATTRIBUTE, type FirstScreen } from '../contract/headers.ts';
import { type AppLocale, firstVisitCandidates } from '../contract/locales.ts';
import { brotliMax, gzipMax } from '../scripts/precompress.ts';

/** A file whose name carries its content hash: a new content gets a new name, so it never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The page names the current hashed files: the browser fetches it again every time (about 0.3 KB with Brotli). */
export const PAGE_CACHE = 'no-cache';
/** Files without a hash (pictures): an hour fresh, then shown from cache while it is checked in the background. */
export const UNHASHED_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

/** Vite's `assets/[name]-[hash].[ext]`: the hash is 8 base64url characters. */
const contentHashedPath = /^assets\/(?:[^/]+\/)*[^/]+-[\w-]{8}\.\w+$/;

/** The Cache-Control of a file of dist/, by its `/`-separated path inside dist/ (a `.br`/`.gz` copy as its original). */
export function cacheControlFor(path: string): string {
  return contentHashedPath.test(path.replace(/\.(br|gz)$/, '')) ? IMMUTABLE_CACHE : UNHASHED_CACHE;
}

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** The weight (q-value, 1 when absent) of each token of an `Accept-*` header, in the header's order. */
function weightsOf(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  return weights;
}

/**
 * The encoding to answer with for an Accept-Encoding header: the preferred of br and gzip by q-value (br on a tie,
 * `*` standing for any coding not named), identity when the client accepts neither.
 */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding {
  const weights = weightsOf(acceptEncoding);
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** The languages of an Accept-Language header, most wanted first (`*` and refused ones left out). */
export function acceptedLanguages(acceptLanguage: string | undefined): string[] {
  return [...weightsOf(acceptLanguage)]
    .filter(([language, weight]) => language !== '*' && weight > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([language]) => language);
}

/**
 * The first screen of an address (src/routes): `/{qrId}` and `/hotel/{hId}` are QR addresses, `/stay/{sUUID}` the
 * stay page, each also under `/demo`; null for any other page.
 */
export function firstScreenOf(url: string): FirstScreen | null {
  const segments = (url.split('?')[0] ?? '').split('/').filter((segment) => segment !== '');
  if (segments[0] === 'demo') segments.shift();
  const [first, second, ...rest] = segments;
  if (first === undefined || rest.length > 0) return null;
  if (second === undefined) return first === 'inspector' ? null : 'entry';
  if (first === 'hotel') return 'entry';
  return first === 'stay' ? 'stay' : null;
}

/**
 * The catalogs a page preloads, by the app's first-visit rule (contract/locales.ts: the browser's languages with a
 * catalog, then French): on a QR address all of them, as the stay page that follows settles on the first one its
 * hotel enables; elsewhere the first one, the language the app starts in. A guest who chose another language on this
 * device loads its catalog after the script, as without a preload.
 */
function catalogLocalesFor(screen: FirstScreen | null, acceptLanguage: string | undefined): AppLocale[] {
  const candidates = firstVisitCandidates(acceptedLanguages(acceptLanguage));
  return screen === 'entry' ? candidates : candidates.slice(0, 1);
}

function attributeOf(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The page with only the preloads of `screen` and the catalogs of `locales`. */
export function pageFor(html: string, screen: FirstScreen | null, locales: readonly AppLocale[]): string {
  return html.replace(/[ \t]*<link\b[^>]*>\n?/g, (link) => {
    const screens = attributeOf(link, FIRST_SCREENS_ATTRIBUTE);
    const catalogLocale = attributeOf(link, CATALOG_LOCALE_ATTRIBUTE);
    const forScreen = screens === undefined || (screen !== null && screens.split(' ').includes(screen));
    const forLocale = catalogLocale === undefined || locales.some((locale) => locale === catalogLocale);
    return forScreen && forLocale ? link : '';
  });
}

/** The page in each encoding. */
export type RenderedPage = Record<PageEncoding, Buffer>;

/** The page of one version of index.html, for an address and an Accept-Language header. */
export type PageVariants = (screen: FirstScreen | null, locales: readonly AppLocale[]) => Promise<RenderedPage>;

/**
 * The page of `staticDir`, written by `render`, cut to each address's preloads and compressed, kept until index.html
 * changes on disk (a new build while the server runs): one stat per request instead of a read, a rewrite and a
 * compression; at most 10 variants (a QR address's per set of catalogs, the stay page's and the other pages' per
 * locale). Null when absent.
 */
export function pageOf(staticDir: string, render: (html: string) => string): () => Promise<PageVariants | null> {
  const file = join(staticDir, 'index.html');
  let cached: { version: string; rendered: Promise<string | null>; variants: PageVariants } | null = null;
  const compress = async (html: string): Promise<RenderedPage> => {
    const identity = Buffer.from(html);
    const [br, gzip] = await Promise.all([brotliMax(identity), gzipMax(identity)]);
    return { identity, br, gzip };
  };
  const variantsOf = (rendered: Promise<string | null>): PageVariants => {
    const pages = new Map<string, Promise<RenderedPage>>();
    return (screen, locales) => {
      const key = `${screen}:${[...locales].sort().join()}`;
      let page = pages.get(key);
      if (!page) {
        page = rendered.then((html) => compress(pageFor(html ?? '', screen, locales)));
        pages.set(key, page);
      }
      return page;
    };
  };
  return async () => {
    const found = await stat(file).catch(() => null);
    if (!found) return null;
    const version = `${found.mtimeMs}:${found.size}`;
    if (cached?.version !== version) {
      const rendered = readFile(file, 'utf8').then(render, () => null);
      cached = { version, rendered, variants: variantsOf(rendered) };
    }
    return (await cached.rendered) === null ? null : cached.variants;
  };
}

/** Answers the page of the request's address in the encoding the request prefers; never cached stale. */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageVariants,
): Promise<FastifyReply> {
  const screen = firstScreenOf(request.url);
  const acceptLanguage = request.headers['accept-language'];
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const rendered = await page(screen, catalogLocalesFor(screen, acceptLanguage));
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', PAGE_CACHE)
    .header('vary', 'accept-encoding, accept-language');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(rendered[encoding]);
}

/** Serves the files of `staticDir`: the precompressed copy the request accepts, with the file's Cache-Control. */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir);
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(relative(root, path).split(sep).join('/')));
    },
  });
}
