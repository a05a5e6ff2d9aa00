/**
 * Pictures (docs/behaviour.md#pictures): a manager uploads one (POST /api/staff/hotels/:hId/pictures, the file's
 * bytes as the body), and anyone loads it back by its content hash (GET /pictures/:hash.webp), kept by browsers for a
 * year since that address never shows anything else.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import {
  PICTURE_MAX_BYTES,
  PICTURE_MEDIA_TYPES,
  PictureParams,
  PictureUploadReply,
} from '../../contract/content-editor.ts';
import { ErrorBody, StaffHotelParams } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import {
  PICTURE_MEDIA_TYPE,
  pictureTooLarge,
  pictureUnsupported,
  storedPicture,
  uploadPicture,
} from '../domain/content-pictures.ts';
import { ifNoneMatchNames } from '../etag.ts';
import { staffSessionOf } from '../staff-auth.ts';
import { IMMUTABLE_CACHE } from '../static-files.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };

/** POST /api/staff/hotels/:hId/pictures, for managers: the staff check runs before the body is read. */
export const staffPicturesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addContentTypeParser(
    [...PICTURE_MEDIA_TYPES],
    { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  // The body's size and type refused by Fastify itself, in the picture's own words.
  app.setErrorHandler((error: FastifyError) => {
    if (error.statusCode === 413) throw pictureTooLarge();
    if (error.statusCode === 415) throw pictureUnsupported();
    throw error;
  });

  app.post(
    '/hotels/:hId/pictures',
    {
      onRequest: deps.staffAuth.allowed('content'),
      bodyLimit: PICTURE_MAX_BYTES,
      schema: {
        description: `The body is the picture file itself (${PICTURE_MEDIA_TYPES.join(', ')}, at most ${PICTURE_MAX_BYTES / (1024 * 1024)} MB).`,
        params: StaffHotelParams,
        response: { 201: PictureUploadReply, ...errors },
      },
    },
    async (request, reply) => {
      const picture = await uploadPicture(
        deps.store,
        staffSessionOf(request),
        request.params.hId,
        request.body,
        deps.now(),
      );
      return reply.code(201).send(picture);
    },
  );
};

/** GET /pictures/:hash.webp, for anyone (guests' pages show them); the app's own `/pictures/*.svg` stay files. */
export const pictureFilesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/pictures/:hash([0-9a-f]{32}).webp',
    // A file, like the built app's: not a call of the API.
    { schema: { hide: true, params: PictureParams } },
    async (request, reply) => {
      const bytes = await storedPicture(deps.store.db, request.params.hash);
      if (bytes === null) return reply.code(404).send({ error: 'not_found', message: 'No such picture' });
      // The hash names the bytes: it is their tag.
      const tag = `"${request.params.hash}"`;
      reply.header('cache-control', IMMUTABLE_CACHE).header('etag', tag);
      if (ifNoneMatchNames(request.headers['if-none-match'], tag)) return reply.code(304).send();
      return reply.type(PICTURE_MEDIA_TYPE).send(bytes);
    },
  );
};
