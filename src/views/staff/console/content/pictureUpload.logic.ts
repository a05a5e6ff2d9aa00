import { fromPromise } from 'xstate';
import { pictureUploadMachine, type UploadPictureInput } from '../../../../../machines/pictureUpload.machine.ts';
import { uploadPicture } from '../../../../api/staffContent.ts';

/** A picture field's upload with its real call (docs/behaviour.md#pictures). */
export const pictureUploadLogic = pictureUploadMachine.provide({
  actors: {
    uploadPicture: fromPromise(({ input }: { input: UploadPictureInput }) =>
      uploadPicture(input.hId, input.token, input.file),
    ),
  },
});
