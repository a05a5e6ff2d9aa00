/**
 * The built SPA over HTTP (docs/server.md#static-files): the files of dist/ as the build precompressed them
 * (scripts/precompress.ts), each with its caching rule, and the page (index.html with this server's front token
 * written in) rendered and compressed once per version of the file rather than on every request.
 */
import { readFile, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * The encoding to answer with for an Accept-Encoding header: the preferred of br and gzip by q-value (br on a tie,
 * `*` standing for any coding not named), identity when the client accepts neither.
 */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** The page in each encoding. */
export type RenderedPage = Record<PageEncoding, Buffer>;

/**
 * The page of `staticDir`, written by `render` and compressed, kept until index.html changes on disk (a new build
 * while the server runs): one stat per request instead of a read, a rewrite and a compression. Null when absent.
 */
export function pageOf(staticDir: string, render: (html: string) => string): () => Promise<RenderedPage | null> {
  const file = join(staticDir, 'index.html');
  let cached: { version: string; page: Promise<RenderedPage> } | null = null;
  const renderPage = async (): Promise<RenderedPage> => {
    const identity = Buffer.from(render(await readFile(file, 'utf8')));
    const [br, gzip] = await Promise.all([brotliMax(identity), gzipMax(identity)]);
    return { identity, br, gzip };
  };
  return async () => {
    const found = await stat(file).catch(() => null);
    if (!found) return null;
    const version = `${found.mtimeMs}:${found.size}`;
    if (cached?.version !== version) cached = { version, page: renderPage() };
    return cached.page.catch(() => null);
  };
}

/** Answers the page in the encoding the request prefers; never cached stale. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8').header('cache-control', PAGE_CACHE).header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(page[encoding]);
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
