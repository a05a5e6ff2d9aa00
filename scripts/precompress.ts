/**
 * The build's precompression (docs/performance.md#transfer-compression-and-caching): a Brotli (`.br`) and a gzip
 * (`.gz`) copy next to every compressible file of dist/, at each format's highest quality, which the server sends as
 * they are by the browser's Accept-Encoding (docs/server.md#static-files). Compressing once at build time affords
 * the slow maximum levels that compressing per request could not.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text and other formats that compress; pictures (png, jpeg, webp, avif) and woff/woff2 fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
  '.ico',
  '.ttf',
  '.otf',
  '.wasm',
]);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function brotliMax(content: Buffer): Promise<Buffer> {
  return brotliAsync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

export function gzipMax(content: Buffer): Promise<Buffer> {
  return gzipAsync(content, { level: constants.Z_BEST_COMPRESSION });
}

/** One file's sizes in bytes; an encoding is null when its copy would not be smaller, so none was written. */
export interface PrecompressedFile {
  path: string;
  size: number;
  br: number | null;
  gzip: number | null;
}

async function writeIfSmaller(file: string, original: Buffer, compressed: Buffer): Promise<number | null> {
  if (compressed.length >= original.length) return null;
  await writeFile(file, compressed);
  return compressed.length;
}

export async function precompressFile(file: string): Promise<Omit<PrecompressedFile, 'path'>> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([brotliMax(content), gzipMax(content)]);
  return {
    size: content.length,
    br: await writeIfSmaller(`${file}.br`, content, br),
    gzip: await writeIfSmaller(`${file}.gz`, content, gz),
  };
}

/**
 * Precompresses every compressible file under `directory` but those named in `except` (paths relative to it,
 * `/`-separated). Files are compressed concurrently on libuv's thread pool.
 */
export async function precompressDirectory(
  directory: string,
  except: ReadonlyArray<string> = [],
): Promise<PrecompressedFile[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE_EXTENSIONS.has(extname(entry.name).toLowerCase()))
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !except.includes(path));
  return Promise.all(files.map(async (path) => ({ path, ...(await precompressFile(join(directory, path))) })));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The Vite plugin: precompresses the build's output directory once everything is written (public/ files too). */
export function precompress(options: { except?: string[] } = {}): Plugin {
  let outDir = '';
  return {
    name: 'greenmiles:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDirectory(outDir, options.except);
      const total = (pick: (file: PrecompressedFile) => number | null) =>
        files.reduce((sum, file) => sum + (pick(file) ?? file.size), 0);
      this.info(
        `precompressed ${files.length} files: ${kb(total((file) => file.size))} → ` +
          `${kb(total((file) => file.br))} br, ${kb(total((file) => file.gzip))} gzip`,
      );
    },
  };
}
