import type {
  Action,
  ClaimActionBody,
  CustomBody,
  HeatingBody,
  LunicleanBody,
  LunishowerBody,
  QuizBody,
  ReviewBody,
  SubmissionReply,
  YesNoBody,
} from './contract.ts';
import { call, frontTokenHeaders, http } from './http.ts';
import type { StayRef } from './stays.ts';

/** The submission path of each kind of answer (SPEC.md §7): POST /api/actions/{actId}/{path}. */
interface SubmissionBodies {
  review: ReviewBody;
  custom: CustomBody;
  claim: ClaimActionBody;
  lunishower: LunishowerBody;
  luniclean: LunicleanBody;
  yesno: YesNoBody;
  yesnon: YesNoBody;
  yesnomail: YesNoBody;
  quiz: QuizBody;
  heating: HeatingBody;
}
export type SubmissionPath = keyof SubmissionBodies;

export const submitAction = <Path extends SubmissionPath>(
  actId: number,
  path: Path,
  body: SubmissionBodies[Path],
): Promise<SubmissionReply> =>
  call(() => http.post(`actions/${actId}/${path}`, { json: body }).json<SubmissionReply>());

/** The yes/no submission path of each yes/no type. */
export const YES_NO_PATHS = { YESNO: 'yesno', YESNOSTAY: 'yesnon', YESNOMAIL: 'yesnomail' } as const;

export const getAction = ({ sUUID, profileUUID }: StayRef, actId: number, lang: string): Promise<Action> =>
  call(() =>
    http
      .get(`actions/${actId}`, { searchParams: { lang, sUUID, uuid: profileUUID }, headers: frontTokenHeaders() })
      .json<Action>(),
  );
