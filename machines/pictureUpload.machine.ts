import { type ActorRef, assign, type DoneActorEvent, type ErrorActorEvent, type Snapshot, sendTo, setup } from 'xstate';
import {
  type ContentPath,
  PICTURE_MAX_BYTES,
  PICTURE_MEDIA_TYPES,
  type PictureUploadReply,
} from '../contract/content-editor.ts';
import { errorStatusOf } from '../contract/errors.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * One picture field of the content editor (docs/behaviour.md#pictures):
 * idle ─picture.choose {file}▶ uploading (POST …/pictures) ▶ done, the draft's field set to the stored picture's
 * address | refused, saying why: not a JPEG, PNG or WebP (`type`: by the file's type at once, by its bytes on the
 * server, 415), too large (`size`: over 10 MB at once, or too many pixels, 413), or the call failed (`failed`).
 * From idle, done or refused another file may be chosen, and 'picture.remove' takes the picture out of the draft.
 * A call refused for who is signed in counts as failed here: the editor's next call tells the staff page.
 */

/** The one event this machine sends the content editor: the field's new value (undefined removes it). */
export interface PictureDraftChange {
  type: 'draft.change';
  path: ContentPath;
  value: unknown;
}

export interface PictureUploadInput {
  hId: number;
  token: string;
  path: ContentPath;
  /** The content editor whose draft holds the field. */
  editorRef: ActorRef<Snapshot<unknown>, PictureDraftChange>;
}

export interface UploadPictureInput {
  hId: number;
  token: string;
  file: File;
}

export type PictureRefusal = 'type' | 'size' | 'failed';

export interface PictureUploadContext extends PictureUploadInput {
  file: File | null;
  refusal: PictureRefusal | null;
}

export type PictureUploadEvent = { type: 'picture.choose'; file: File } | { type: 'picture.remove' };

const isAccepted = (file: File) => PICTURE_MEDIA_TYPES.some((type) => type === file.type);

const refuse = (refusal: PictureRefusal) => ({ type: 'holdRefusal' as const, params: refusal });

const choose = [
  { guard: 'isOtherType' as const, target: '#pictureUpload.refused', actions: refuse('type') },
  { guard: 'isTooLarge' as const, target: '#pictureUpload.refused', actions: refuse('size') },
  { target: '#pictureUpload.uploading', actions: 'holdFile' as const },
];
const remove = {
  target: '#pictureUpload.idle',
  actions: [{ type: 'setPicture' as const, params: undefined }, 'forget' as const],
};

export const pictureUploadMachine = setup({
  types: {
    input: {} as PictureUploadInput,
    context: {} as PictureUploadContext,
    events: {} as PictureUploadEvent,
  },
  actors: {
    uploadPicture: viewProvidedActor<PictureUploadReply, UploadPictureInput>('uploadPicture'),
  },
  actions: {
    holdFile: assign({
      file: ({ event }) => (event.type === 'picture.choose' ? event.file : null),
      refusal: null,
    }),
    holdRefusal: assign((_, refusal: PictureRefusal) => ({ refusal, file: null })),
    forget: assign({ file: null, refusal: null }),
    // The field's new address in the editor's draft: the stored picture's, or none.
    setPicture: sendTo(
      ({ context }) => context.editorRef,
      ({ context }, url: string | undefined): PictureDraftChange => ({
        type: 'draft.change',
        path: context.path,
        value: url,
      }),
    ),
  },
  guards: {
    isOtherType: ({ event }) => event.type === 'picture.choose' && !isAccepted(event.file),
    isTooLarge: ({ event }) => event.type === 'picture.choose' && event.file.size > PICTURE_MAX_BYTES,
  },
}).createMachine({
  id: 'pictureUpload',
  context: ({ input }) => ({ ...input, file: null, refusal: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'picture.choose': choose, 'picture.remove': remove },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadPicture',
        src: 'uploadPicture',
        input: ({ context }) => {
          if (!context.file) throw new Error('An upload has its file');
          return { hId: context.hId, token: context.token, file: context.file };
        },
        onDone: {
          target: 'done',
          actions: [
            {
              type: 'setPicture',
              params: ({ event }: { event: DoneActorEvent<PictureUploadReply> }) => event.output.url,
            },
            'forget',
          ],
        },
        onError: {
          target: 'refused',
          actions: {
            type: 'holdRefusal',
            params: ({ event }: { event: ErrorActorEvent }) => {
              const status = errorStatusOf(event.error);
              return status === 415 ? 'type' : status === 413 ? 'size' : 'failed';
            },
          },
        },
      },
    },
    done: {
      on: { 'picture.choose': choose, 'picture.remove': remove },
    },
    refused: {
      on: { 'picture.choose': choose, 'picture.remove': remove },
    },
  },
});
