import { fromPromise } from 'xstate';
import type { PreparePhotoInput } from '../../../machines/dialogs/mealPhoto.machine.ts';
import { captureVideoFrame, openRearCamera, preparePickedPhoto } from './photo.ts';

/** The browser side of the camera: opening it, and turning a frame or a picked file into the photo sent. */
export interface CameraMedia {
  open(): Promise<MediaStream>;
  capture(video: HTMLVideoElement): Promise<string>;
  prepare(file: Blob): Promise<string>;
}

export const browserMedia: CameraMedia = {
  open: openRearCamera,
  capture: captureVideoFrame,
  prepare: preparePickedPhoto,
};

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

function showStream(video: HTMLVideoElement, stream: MediaStream) {
  if (video.srcObject === stream) return;
  video.srcObject = stream;
  // Autoplay is allowed for a muted inline video; a refusal leaves the frame black, a picked photo still works.
  void Promise.resolve()
    .then(() => video.play())
    .catch(() => undefined);
}

/**
 * The meal photo machine's camera effects, bound to one page: the stream, the preview element it plays in, and the
 * actors that open the camera, capture the preview's frame and read a picked file. One binding per page (its state is
 * the page's stream), so the machine's implementations are stable across renders.
 */
export function createCameraBinding(media: CameraMedia) {
  let video: HTMLVideoElement | null = null;
  let stream: MediaStream | null = null;

  function stop() {
    stopStream(stream);
    stream = null;
  }

  return {
    /** The preview's ref: the stream may arrive before or after the preview is on screen, whichever comes second shows it. */
    attachVideo(element: HTMLVideoElement | null) {
      video = element;
      if (video && stream) showStream(video, stream);
    },
    /** Releases the camera (the machine leaving the live camera, or the page leaving the screen). */
    stop,
    actors: {
      startCamera: fromPromise<void, void>(async ({ signal }) => {
        const opened = await media.open();
        if (signal.aborted) return stopStream(opened);
        stream = opened;
        if (video) showStream(video, opened);
      }),
      capturePhoto: fromPromise<string, void>(() =>
        video ? media.capture(video) : Promise.reject(new Error('The preview is not on screen')),
      ),
      preparePhoto: fromPromise<string, PreparePhotoInput>(({ input }) =>
        input.file ? media.prepare(input.file) : Promise.reject(new Error('No photo was picked')),
      ),
    },
  };
}

export type CameraBinding = ReturnType<typeof createCameraBinding>;
