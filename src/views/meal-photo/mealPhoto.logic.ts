import { fromPromise } from 'xstate';
import type { LimeatReply, MealMenuReply } from '../../../contract/schemas.ts';
import {
  type AnalyseMealInput,
  type LoadMenuInput,
  type MealPhotoStay,
  mealPhotoMachine,
} from '../../../machines/dialogs/mealPhoto.machine.ts';
import { analyseMealPhoto, getMealMenu } from '../../api/meals.ts';
import { getHotel, getStay } from '../../api/stays.ts';

/** The camera page's calls; the page adds the camera, the photo processing and the navigation. */
export const mealPhotoLogic = mealPhotoMachine.provide({
  actors: {
    loadStay: fromPromise<MealPhotoStay, { sUUID: string; profileUUID: string }>(async ({ input }) => {
      const stay = await getStay(input);
      // The points keep their default name when the hotel cannot be read: the page still works.
      const hotel = await getHotel(stay.hId, input.profileUUID).catch(() => null);
      return { stay, pointsName: hotel?.hotel.hGreenMilesName || 'GreenMiles' };
    }),
    loadMenu: fromPromise<MealMenuReply, LoadMenuInput>(({ input }) => getMealMenu(input)),
    analyseMeal: fromPromise<LimeatReply, AnalyseMealInput>(({ input }) => analyseMealPhoto(input.actId, input.body)),
  },
});
