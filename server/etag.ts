/**
 * `ETag` and `304 Not Modified` for the guests' lists (docs/server.md#etag): the tag is a hash of the answer's bytes,
 * so it changes exactly when the answer does, whatever changed it (the hotel's content, the stay's answers, the night,
 * the language). `Cache-Control: private, no-cache` lets the browser keep the answer and ask again every time, sending
 * the tag back in `If-None-Match`; an unchanged list is then answered 304 without a body.
 */
import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** True when `If-None-Match` names `tag` (weak comparison, as RFC 9110 asks for this header). */
export function ifNoneMatchNames(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === tag;
  });
}

/**
 * A route's onSend hook: tags a 200 answer, and answers 304 to a request that already holds it. The socket gets the
 * very bytes that were hashed, so the string is encoded once.
 */
export async function etagOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const body = Buffer.from(payload);
  const tag = `"${hash('sha1', body, 'base64url')}"`;
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (!ifNoneMatchNames(request.headers['if-none-match'], tag)) return body;
  reply.code(304);
  return '';
}
