import type { EventFrom, SnapshotFrom } from 'xstate';
import type { pictureUploadMachine } from '../../../../../machines/pictureUpload.machine.ts';
import { dataStateOf } from '../../../binding/dataState.ts';

type PictureUploadSnapshot = SnapshotFrom<typeof pictureUploadMachine>;
type PictureUploadEvent = EventFrom<typeof pictureUploadMachine>;

/** A picture field's upload as props: its state, why it was refused, and what the field's buttons send. */
export function connectPictureUpload(snapshot: PictureUploadSnapshot, send: (event: PictureUploadEvent) => void) {
  return {
    rootProps: { 'data-scope': 'picture-upload', 'data-state': dataStateOf(snapshot) },
    uploading: snapshot.matches('uploading'),
    /** The picture was stored and the draft names it (saved with the content). */
    uploaded: snapshot.matches('done'),
    refusal: snapshot.matches('refused') ? snapshot.context.refusal : null,
    choose: (file: File) => send({ type: 'picture.choose', file }),
    remove: () => send({ type: 'picture.remove' }),
  };
}

export type PictureUploadApi = ReturnType<typeof connectPictureUpload>;
