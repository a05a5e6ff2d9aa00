/**
 * `ETag` and `304 Not Modified` for the guests' lists (docs/server.md#etag): the tag is a hash of the answer's bytes,
 * so it changes exactly when the answer does, whatever changed it (the hotel's content, the stay's answers, the night,
 * the language). `Cache-Control: private, no-cache` lets the browser keep the answer and ask again every time, sending
 * the tag back in `If-None-Match`; an unchanged list is then answered 304 without a body.
 */
import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache } from './bounded-cache.ts';

/** True when `If-None-Match` names `tag` (weak comparison, as RFC 9110 asks for this header). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === tag;
  });
}

/** An answer with its UTF-8 bytes and their tag. */
interface TaggedAnswer {
  payload: string;
  body: Buffer;
  tag: string;
}

function tagged(payload: string): TaggedAnswer {
  const body = Buffer.from(payload);
  return { payload, body, tag: `"${hash('sha1', body, 'base64url')}"` };
}

/**
 * The last answer per request URL (one stay's list in one language), kept encoded and tagged: a list asked again is
 * most often unchanged, and comparing the new answer with the last one costs a fraction of encoding and hashing it
 * anew; nothing at all when it is the very same string, as an unchanged list's is (domain/catalogue.ts,
 * docs/performance.md#api-reads). The URL only picks what to compare with, so an entry is never served for an
 * answer that differs from it. At most ≈ 25 KB an entry (the actions list in UTF-16 and in UTF-8).
 */
const lastAnswers = new BoundedCache<TaggedAnswer>(512);

function taggedAnswer(url: string, payload: string): TaggedAnswer {
  const last = lastAnswers.getOrAdd(url, () => tagged(payload));
  if (last.payload !== payload) Object.assign(last, tagged(payload));
  return last;
}

/**
 * A route's onSend hook: tags a 200 answer, and answers 304 to a request that already holds it. The socket gets the
 * bytes that were hashed (hashing the string and then writing it encoded the serialiser's many-piece string twice).
 */
export async function etagOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const { body, tag } = taggedAnswer(request.url, payload);
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (!matches(request.headers['if-none-match'], tag)) return body;
  reply.code(304);
  return '';
}
