/**
 * The API contract: request and response schemas of every call (docs/server.md#calls-this-slice).
 * The server validates and serialises with these schemas; the SPA imports only their types
 * (`import type`), so TypeBox never reaches the guest bundle.
 */
import Type, { type Static, type TSchema } from 'typebox';
import {
  ACTION_TYPES,
  type ActionType as ActionTypeName,
  type SubmissionPath,
  type SubmissionPathOf,
  type SubmittedActionType,
} from './action-types.ts';
import { CALENDAR_DATE_PATTERN, FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE } from './calendar-days.ts';
import { CONTENT_RULE_NAMES, type ContentRule } from './content-rules.ts';
import { ERROR_CODES, type ErrorCode } from './errors.ts';
import { CLEANING_OUTCOMES, type CleaningOutcome } from './evidence.ts';
import { INTEGER_MAX } from './integers.ts';
import { PROFILE_UUID_PATTERN } from './profile-id.ts';
import { STAFF_ROLES, type StaffRole } from './staff-roles.ts';

const Uuid = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/** A guest profile's id (`uuid`, `profileUUID`): a version-4 UUID (docs/server.md#identity), anything else is 400. */
const ProfileUuid = Type.String({ pattern: PROFILE_UUID_PATTERN });
/** A calendar date the API accepts (docs/behaviour.md#dates): a real day, 2000-01-01 to 2100-12-31, else 400. */
export const IsoDate = Type.String({
  format: 'date',
  pattern: CALENDAR_DATE_PATTERN,
  description: `YYYY-MM-DD, ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE}`,
});
const LangCode = Type.String({ minLength: 2, maxLength: 12, pattern: '^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?$' });
const QrId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' });
/** A row's id as a request names it. */
export const RowId = Type.Integer({ minimum: 1, maximum: INTEGER_MAX });
const HotelId = RowId;

/** ErrorBody's `$id`: the OpenAPI document (server/openapi.ts) has it once, and every error answer refers to it. */
export const ERROR_BODY_ID = 'ErrorBody';
/** Every failed call's answer; `error` is one of contract/errors.ts's codes, `message` is for people. */
/** A part of a hotel's content document: ['actions', 2, 'texts', 'fr', 'name']; [] is the whole document. */
export const ContentPath = Type.Array(Type.Union([Type.String(), Type.Integer({ minimum: 0 })]));
export type ContentPath = Static<typeof ContentPath>;

/**
 * One problem of a content document (docs/behaviour.md#content-editor), where the validator found it (`path`), in
 * words for people (`message`, English, what `hotel:check` prints) and as a rule with values a client translates.
 */
export const ContentProblem = Type.Object({
  path: ContentPath,
  /** One of contract/content-rules.ts, with the values it names. */
  rule: Type.Unsafe<ContentRule>({ type: 'string', enum: CONTENT_RULE_NAMES }),
  values: Type.Record(Type.String(), Type.String()),
  message: Type.String(),
  /** A warning (contract/content-rules.ts WARNING_RULES) is said but refuses nothing; absent: an error. */
  severity: Type.Optional(Type.Literal('warning')),
});
export type ContentProblem = Static<typeof ContentProblem>;

export const ErrorBody = Type.Object(
  {
    error: Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES] }),
    message: Type.String(),
    /** 422 content_invalid: each problem of the document, nothing saved. */
    problems: Type.Optional(Type.Array(ContentProblem)),
  },
  { $id: ERROR_BODY_ID },
);
export type ErrorBody = Static<typeof ErrorBody>;

// ---------- entities ----------

export const Stay = Type.Object({
  sUUID: Type.String(),
  hId: Type.Integer(),
  rId: Type.Union([Type.Integer(), Type.Null()]),
  roomNb: Type.Union([Type.String(), Type.Null()]),
  hotelName: Type.String(),
  /** The hotel's reward-code prefix (docs/behaviour.md#code-reward): codes read `{codePrefix}-{code}`. */
  codePrefix: Type.String(),
  greenMiles: Type.Integer({ minimum: 0 }),
  profile: Type.Object({
    firstName: Type.Union([Type.String(), Type.Null()]),
    lastName: Type.Union([Type.String(), Type.Null()]),
  }),
  profileUUID: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('finished')]),
  /**
   * The stay's last possible day (its creation day, hotel-local, + the hotel's maxStayNights): it ends there at
   * check-out without an end date, and no end date may be later (docs/behaviour.md#stay-limits).
   */
  lastDay: IsoDate,
  /** Days from today to endDate in the hotel's time zone; null while no end date is known. */
  remainingDays: Type.Union([Type.Integer(), Type.Null()]),
  endDate: Type.Union([IsoDate, Type.Null()]),
  /** The points the stay's actions earned in all (rewards spent not deducted): what the finished page tells. */
  earnedGreenMiles: Type.Integer({ minimum: 0 }),
  /** The hotel's time zone (IANA): the app shows the stay's times as the hotel's clock reads them. */
  timeZone: Type.String(),
  /**
   * The hotel-local date by the server's clock when it answered: the app judges dates (a reward's validity) by it,
   * never by the device's clock, which may be wrong.
   */
  today: IsoDate,
  /**
   * The hotel-local day a skip-cleaning answer sent now speaks of, by the server's clock (`cleaningDateAt`): `today`
   * before 11:00 hotel-local, the next day from then on. The dialog's wording follows it, not the device's clock.
   */
  cleaningDate: IsoDate,
});
export type Stay = Static<typeof Stay>;

export const Language = Type.Object({
  code: Type.String(),
  name: Type.String(),
  enabled: Type.Union([Type.Literal(0), Type.Literal(1)]),
  direction: Type.Union([Type.Literal('rtl'), Type.Literal('ltr')]),
  flagUrl: Type.Union([Type.String(), Type.Null()]),
  isPrimary: Type.Union([Type.Literal(0), Type.Literal(1)]),
  position: Type.Integer(),
});
export type Language = Static<typeof Language>;

export const Hotel = Type.Object({
  hId: Type.Integer(),
  name: Type.String(),
  isDemo: Type.Boolean(),
  hGreenMilesName: Type.String(),
  timeZone: Type.String(),
});
export type Hotel = Static<typeof Hotel>;

// Typed by hand: TypeBox types a union made from a list (not a tuple) as never.
export const ActionType = Type.Unsafe<ActionTypeName>(Type.Union(ACTION_TYPES.map((type) => Type.Literal(type))));
export type ActionType = Static<typeof ActionType>;

export const CustomOption = Type.Object({
  caoId: Type.Integer(),
  caodLabel: Type.String(),
  caoPictureURL: Type.Union([Type.String(), Type.Null()]),
  position: Type.Integer(),
});
export type CustomOption = Static<typeof CustomOption>;

/**
 * Which answers of a quiz are correct, and its explanation (docs/behaviour.md#quiz): sent only to a stay that has
 * answered, in the reply to its answer and in its completed quiz, never before (docs/trust-model.md#caps-and-limits).
 */
export const QuizSolution = Type.Object({
  /** The qaPosition of every correct answer (a quiz has one at least). */
  correctPositions: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1 }),
  explanation: Type.Optional(Type.String()),
});
export type QuizSolution = Static<typeof QuizSolution>;

export const Quiz = Type.Object({
  question: Type.Object({ text: Type.String() }),
  answers: Type.Array(Type.Object({ qaPosition: Type.Integer({ minimum: 1 }), text: Type.String() })),
  /** Null until the stay has answered (tonight, for a quiz answered every night). */
  solution: Type.Union([QuizSolution, Type.Null()]),
});
export type Quiz = Static<typeof Quiz>;

export const ActionResponse = Type.Union([
  Type.Literal('YES'),
  Type.Literal('NO'),
  Type.Literal('SKIP'),
  Type.Literal('CLEAN'),
  Type.Boolean(),
  Type.Null(),
]);
export type ActionResponse = Static<typeof ActionResponse>;

export const CleaningOutcomeSchema = Type.Unsafe<CleaningOutcome>({ type: 'string', enum: [...CLEANING_OUTCOMES] });
/** What housekeeping reported on a skipped cleaning, as its guest sees it (docs/behaviour.md#skip-cleaning). */
export const GuestCleaningCheck = Type.Object({
  outcome: CleaningOutcomeSchema,
  /** ISO-8601. */
  checkedAt: Type.String(),
});
export type GuestCleaningCheck = Static<typeof GuestCleaningCheck>;

export const Action = Type.Object({
  actId: Type.Integer(),
  /** A string so that a type this client does not know yet still reaches the list (drawn as a review card). */
  actType: Type.Union([Type.String(), Type.Null()]),
  actScope: Type.String(),
  actPeriod: Type.String(),
  aadName: Type.String(),
  aadDescription: Type.String(),
  aadQuestion: Type.Union([Type.String(), Type.Null()]),
  actReward: Type.Integer({ minimum: 0 }),
  actPictureURL: Type.Union([Type.String(), Type.Null()]),
  actTitleColor: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  alreadyCompleted: Type.Boolean(),
  endDate: Type.Union([IsoDate, Type.Null()]),
  /** The hotel-local date of the current night (YYYY-MM-DD). */
  currentNightId: Type.String(),
  response: ActionResponse,
  actPositiveResponse: Type.Union([Type.Literal('YES'), Type.Literal('NO'), Type.Null()]),
  selectedOption: Type.Union([Type.Object({ caodLabel: Type.String() }), Type.Null()]),
  temperature: Type.Union([Type.Number(), Type.Null()]),
  options: Type.Array(CustomOption),
  quiz: Type.Union([Quiz, Type.Null()]),
  selectedPosition: Type.Union([Type.Integer(), Type.Null()]),
  isCorrect: Type.Union([Type.Boolean(), Type.Null()]),
  wasCorrect: Type.Union([Type.Boolean(), Type.Null()]),
  /** Points this stay earned from the action (shown in the completed summary). */
  earnedGreenMiles: Type.Integer({ minimum: 0 }),
  /**
   * LUNICLEAN only: what one skipped cleaning saves by the hotel's factor table (docs/impact.md), estimated, so the
   * guest's sheet shows the figures the staff page and the reports count.
   */
  cleaningEstimate: Type.Optional(Type.Object({ waterLitres: Type.Number(), co2eGrams: Type.Number() })),
  /**
   * The hotel retired the action after this stay answered it (docs/behaviour.md#retiring): listed with that answer,
   * done for good. Absent on the hotel's current actions.
   */
  actRetired: Type.Optional(Type.Literal(true)),
  /**
   * LUNICLEAN: housekeeping's report on the cleaning the answer shown skipped (docs/behaviour.md#skip-cleaning).
   * Absent until housekeeping reported, and on the other actions.
   */
  cleaningCheck: Type.Optional(GuestCleaningCheck),
});
export type Action = Static<typeof Action>;

export const RewardType = Type.Union([
  Type.Literal('CODE'),
  Type.Literal('EAU'),
  Type.Literal('SLIDER'),
  Type.Literal('GENERIC'),
]);

export const Reward = Type.Object({
  rwId: Type.Integer(),
  /** CODE, EAU, SLIDER, or any other value for a generic reward. */
  rwType: Type.String(),
  radName: Type.String(),
  radDescription: Type.String(),
  /**
   * The language `radName` and `radDescription` are in: the first of the chosen language, en, fr and the
   * hotel's primary language that the reward is translated into (else any of its languages).
   */
  textLanguage: LangCode,
  rwCost: Type.Integer({ minimum: 0 }),
  rwPictureURL: Type.Union([Type.String(), Type.Null()]),
  rwTitleColor: Type.Union([Type.String(), Type.Null()]),
  rwPosition: Type.Union([Type.Integer(), Type.Null()]),
  isClaimed: Type.Union([Type.Literal(0), Type.Literal(1)]),
  isUsed: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /** The claimed code, only for the stay that claimed it. */
  code: Type.Union([Type.String(), Type.Null()]),
  /** When the stay claimed it (ISO timestamp), only for that stay: staff check it on a reward shown to them. */
  claimedAt: Type.Union([Type.String(), Type.Null()]),
  /** When the claim was used (ISO timestamp), only for the stay that claimed it: a used reward says when. */
  usedAt: Type.Union([Type.String(), Type.Null()]),
  validUntil: Type.Union([IsoDate, Type.Null()]),
  rwWaterVolume: Type.Union([Type.Integer(), Type.Null()]),
});
export type Reward = Static<typeof Reward>;

// ---------- calls (docs/server.md#calls-this-slice) ----------

export const StayParams = Type.Object({ sUUID: Uuid });
export const ProfileQuery = Type.Object({ uuid: ProfileUuid });
export const LangProfileQuery = Type.Object({ lang: LangCode, uuid: ProfileUuid });
export const HotelParams = Type.Object({ hId: HotelId });
export const QrParams = Type.Object({ qrId: QrId });

/** GET /api/stays/{sUUID}?uuid= */
export const StayReply = Type.Object({ stay: Stay });
export type StayReply = Static<typeof StayReply>;

/** GET /api/stays/{sUUID}/actions?lang=&uuid= — [] when the hotel has no action translated into `lang`. */
export const ActionsReply = Type.Array(Action);
/** GET /api/stays/{sUUID}/rewards?lang=&uuid= */
export const RewardsReply = Type.Array(Reward);

/** GET /api/green/hotels/{hId}?uuid= — `uuid` is optional (the caller may not have a profile yet). */
export const HotelQuery = Type.Object({ uuid: Type.Optional(ProfileUuid) });
export const HotelReply = Type.Object({
  hotel: Hotel,
  languagesSupported: Type.Array(Language),
  primaryLanguage: Type.String(),
  /** Rewards can be sent by e-mail (the server has a mailer): the app offers 'Envoyer par e-mail' only then. */
  emailEnabled: Type.Boolean(),
});
export type HotelReply = Static<typeof HotelReply>;

/** POST /api/stays/new */
export const CreateRoomStayBody = Type.Object({
  hId: HotelId,
  rId: RowId,
  profileUUID: Type.Optional(ProfileUuid),
  /** The scanned room QR id: the proof of presence (docs/trust-model.md#presence); 400 qr_id_required without. */
  qrId: Type.Optional(QrId),
  /** The language of the answer's actions list (docs/server.md#stay-creation); the hotel's primary one without. */
  lang: Type.Optional(LangCode),
});
export type CreateRoomStayBody = Static<typeof CreateRoomStayBody>;

/**
 * POST /api/rooms/{qrId}/stays: a room QR code's stay from the scanned id alone; the room and its hotel are the
 * code's (docs/server.md#stay-creation).
 */
export const CreateRoomQrStayBody = Type.Object({
  profileUUID: Type.Optional(ProfileUuid),
  /** The language of the answer's actions list (docs/server.md#stay-creation); the hotel's primary one without. */
  lang: Type.Optional(LangCode),
});
export type CreateRoomQrStayBody = Static<typeof CreateRoomQrStayBody>;

/** POST /api/stays/hotel/{hId}/new */
export const CreateHotelStayBody = Type.Object({
  profileUUID: Type.Optional(ProfileUuid),
  /** The hotel QR key (`?k=` of the scanned URL), needed unless the hotel's entry is open (docs/trust-model.md). */
  key: Type.Optional(QrId),
  /** The language of the answer's actions list (docs/server.md#stay-creation); the hotel's primary one without. */
  lang: Type.Optional(LangCode),
});
export type CreateHotelStayBody = Static<typeof CreateHotelStayBody>;

/**
 * Both stay creations: the same stay comes back while the profile's stay at that hotel is active. The answer also
 * holds what the actions page opens with, so the QR scan needs no further call (docs/server.md#stay-creation): the
 * hotel as `GET /api/green/hotels/{hId}` answers it, and the stay's actions list in `lang` (the body's, else the
 * hotel's primary language) as `GET /api/stays/{sUUID}/actions` answers it.
 */
export const CreatedStayReply = Type.Object({
  sUUID: Type.String(),
  profileUUID: Type.String(),
  stay: Stay,
  hotel: HotelReply,
  lang: Type.String(),
  actions: ActionsReply,
});
export type CreatedStayReply = Static<typeof CreatedStayReply>;

/** POST /api/staff/hotels/{hId}/rooms/{number}/qr-rotation */
export const RoomQrParams = Type.Object({ hId: HotelId, number: Type.String({ minLength: 1, maxLength: 20 }) });
export const RoomQrRotationReply = Type.Object({ hId: Type.Integer(), roomNumber: Type.String(), qrId: Type.String() });
export type RoomQrRotationReply = Static<typeof RoomQrRotationReply>;

/** POST /api/staff/hotels/{hId}/qr-key-rotation */
export const HotelKeyRotationReply = Type.Object({ hId: Type.Integer(), key: Type.String() });
export type HotelKeyRotationReply = Static<typeof HotelKeyRotationReply>;

/** POST /api/staff/hotels/{hId}/actions/{action}/proof-rotation: a PROOF action named by its content key or its id. */
export const ProofActionParams = Type.Object({
  hId: HotelId,
  action: Type.String({ minLength: 1, maxLength: 100 }),
});
export const ProofCodesRotationReply = Type.Object({
  hId: Type.Integer(),
  actionId: Type.Integer(),
  actionKey: Type.String(),
  /** The action's new printed codes, one for each it had. */
  qrIds: Type.Array(Type.String()),
});
export type ProofCodesRotationReply = Static<typeof ProofCodesRotationReply>;

/**
 * GET /api/staff/hotels/{hId}/qr-sheet.pdf: the hotel's printable QR codes (docs/behaviour.md#qr-sheets); `room` prints
 * that room's card only, `proof` the codes of that PROOF action (its content key or id) only.
 */
export const QrSheetQuery = Type.Object({
  room: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  proof: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type QrSheetQuery = Static<typeof QrSheetQuery>;

/** GET /api/rooms/{qrId}/info — hId null when the QR code is not assigned to a hotel. */
export const RoomInfoReply = Type.Object({
  hId: Type.Union([Type.Integer(), Type.Null()]),
  rId: Type.Union([Type.Integer(), Type.Null()]),
});
export type RoomInfoReply = Static<typeof RoomInfoReply>;

/** POST /api/qr-scans/hotel/{hId} and /api/qr-scans/room/{qrId} */
export const QrScanBody = Type.Object({
  qrId: Type.String({ minLength: 1, maxLength: 100 }),
  profileUUID: ProfileUuid,
  stayUUID: Type.Union([Uuid, Type.Null()]),
  userAgent: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
  referer: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
  scanType: Type.Union([Type.Literal('HOTEL'), Type.Literal('ROOM')]),
  hId: Type.Union([HotelId, Type.Null()]),
  rId: Type.Union([RowId, Type.Null()]),
});
export type QrScanBody = Static<typeof QrScanBody>;
export const QrScanReply = Type.Object({ scanId: Type.Integer() });
export type QrScanReply = Static<typeof QrScanReply>;

/** PUT /api/stays/{sUUID}/terminate (x-front-token and a staff session's `Authorization: Bearer`) */
export const TerminateBody = Type.Object({ uuid: ProfileUuid });
export type TerminateBody = Static<typeof TerminateBody>;

/** PUT /api/stays/{sUUID}/endDate */
export const EndDateBody = Type.Object({ endDate: IsoDate, uuid: ProfileUuid });
export type EndDateBody = Static<typeof EndDateBody>;

// ---------- action submissions (docs/behaviour.md#sending-an-answer, POST /api/actions/{actId}/{kind}) ----------

const SubmissionBase = {
  uuid: ProfileUuid,
  sUUID: Uuid,
  /** The guest's language, for the translated success message (defaults to the hotel's primary language). */
  lang: Type.Optional(LangCode),
};
const OptionalEndDate = Type.Optional(Type.Union([IsoDate, Type.Null()]));

export const ActionParams = Type.Object({ actId: RowId });

export const ReviewBody = Type.Object({
  ...SubmissionBase,
  rating: Type.Integer({ minimum: 1, maximum: 4 }),
  endDate: OptionalEndDate,
});
export type ReviewBody = Static<typeof ReviewBody>;

export const CustomBody = Type.Object({
  ...SubmissionBase,
  /** The chosen option's caoId. */
  optionValue: RowId,
});
export type CustomBody = Static<typeof CustomBody>;

export const ClaimActionBody = Type.Object({ ...SubmissionBase });
export type ClaimActionBody = Static<typeof ClaimActionBody>;

export const LunishowerBody = Type.Object({
  ...SubmissionBase,
  objectiveRespected: Type.Boolean(),
  endDate: OptionalEndDate,
});
export type LunishowerBody = Static<typeof LunishowerBody>;

export const LunicleanBody = Type.Object({
  ...SubmissionBase,
  skipCleaning: Type.Boolean(),
  roomNumber: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  endDate: OptionalEndDate,
});
export type LunicleanBody = Static<typeof LunicleanBody>;

/** yesno (YESNO), yesnon (YESNOSTAY: endDate required), yesnomail (YESNOMAIL). */
export const YesNoBody = Type.Object({
  ...SubmissionBase,
  response: Type.Boolean(),
  endDate: OptionalEndDate,
});
export type YesNoBody = Static<typeof YesNoBody>;

export const QuizBody = Type.Object({
  ...SubmissionBase,
  selectedPosition: Type.Integer({ minimum: 1, maximum: 26 }),
});
export type QuizBody = Static<typeof QuizBody>;

export const HeatingBody = Type.Object({
  ...SubmissionBase,
  temperature: Type.Number({ minimum: 10, maximum: 30 }),
  endDate: OptionalEndDate,
});
export type HeatingBody = Static<typeof HeatingBody>;

/** The body schema of each submission path (the server registers one route per entry). */
export const SubmissionBodySchemas = {
  review: ReviewBody,
  custom: CustomBody,
  claim: ClaimActionBody,
  lunishower: LunishowerBody,
  luniclean: LunicleanBody,
  yesno: YesNoBody,
  yesnon: YesNoBody,
  yesnomail: YesNoBody,
  quiz: QuizBody,
  heating: HeatingBody,
} as const satisfies Record<SubmissionPath, TSchema>;
export type SubmissionBodies = { [Path in SubmissionPath]: Static<(typeof SubmissionBodySchemas)[Path]> };
/** The body an action type's answer is sent with. */
export type SubmissionBodyOf<Type extends SubmittedActionType> = SubmissionBodies[SubmissionPathOf<Type>];

/** One submission, as the guest app's single submit function takes it: the action, its type, the type's body. */
export type SubmissionRequest = {
  [Type in SubmittedActionType]: { actId: number; type: Type; body: SubmissionBodyOf<Type> };
}[SubmittedActionType];

/** Every submission's answer. */
export const SubmissionReply = Type.Object({
  /** The translated default success message (docs/behaviour.md#success-messages). */
  message: Type.String(),
  /** Points moved by this submission (negative when a re-answer removed a reward; 0 for a no-op repeat). */
  greenMilesChange: Type.Integer(),
  /** The stay's balance after the submission. */
  greenMiles: Type.Integer({ minimum: 0 }),
  /** Quiz only: whether the sent answer is correct. */
  isCorrect: Type.Optional(Type.Boolean()),
  /** Quiz only: the correct answers and the explanation, now that the stay has answered. */
  solution: Type.Optional(QuizSolution),
});
export type SubmissionReply = Static<typeof SubmissionReply>;

/** GET /api/actions/{actId}?lang=&sUUID=&uuid= (x-front-token) */
export const SingleActionQuery = Type.Object({ lang: LangCode, sUUID: Uuid, uuid: ProfileUuid });
export const SingleActionReply = Action;

// ---------- rewards (docs/behaviour.md#reward-claims) ----------

export const RewardParams = Type.Object({ rwId: RowId });

/**
 * POST /api/rewards/{rwId}/claim — `code` is ignored: the server issues CODE codes (docs/behaviour.md#reward-claims).
 */
export const ClaimRewardBody = Type.Object({
  uuid: ProfileUuid,
  sUUID: Uuid,
  code: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
});
export type ClaimRewardBody = Static<typeof ClaimRewardBody>;
export const ClaimRewardReply = Type.Object({
  /** The claim's code (a CODE reward, or another reward staff check on sight), else null. */
  code: Type.Union([Type.String(), Type.Null()]),
  /** The stay's balance after the debit. */
  greenMiles: Type.Integer({ minimum: 0 }),
  /** When the claim was recorded (ISO timestamp), as the rewards list then gives it (`claimedAt`). */
  claimedAt: Type.String(),
});
export type ClaimRewardReply = Static<typeof ClaimRewardReply>;

/** GET /api/rewards/{rwId}/code?sUUID=&uuid= */
export const RewardStayQuery = Type.Object({ sUUID: Uuid, uuid: ProfileUuid });
export const RewardCodeReply = Type.Object({ success: Type.Literal('OK'), code: Type.String() });
export type RewardCodeReply = Static<typeof RewardCodeReply>;

/** POST /api/rewards/{rwId}/used, /redeem and /useSlider */
export const UseRewardBody = Type.Object({ sUUID: Uuid, uuid: ProfileUuid });
export type UseRewardBody = Static<typeof UseRewardBody>;
export const UseRewardReply = Type.Object({ success: Type.Literal('OK') });
export type UseRewardReply = Static<typeof UseRewardReply>;

/** POST /api/rewards/{rwId}/email — sends a claimed reward to the guest's address. */
export const EmailRewardBody = Type.Object({
  sUUID: Uuid,
  uuid: ProfileUuid,
  email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
  lang: Type.Optional(LangCode),
});
export type EmailRewardBody = Static<typeof EmailRewardBody>;
export const EmailRewardReply = Type.Object({ success: Type.Literal('OK') });
export type EmailRewardReply = Static<typeof EmailRewardReply>;

// ---------- staff access and the demo reset (docs/behaviour.md#staff-reset, docs/behaviour.md#demo-reset) ----------

/**
 * POST /api/staff/sessions — a staff account's personal PIN for a short-lived session of that account
 * (docs/behaviour.md#staff-accounts). With `name`, the account of that name (any case); without it, the account
 * whose PIN it is among the hotel's enabled accounts that may reset a stay (the guest page's hidden long press).
 */
export const StaffSessionBody = Type.Object({
  hId: HotelId,
  // Any PIN a hotel content file may hold (4–64 characters); a longer one is refused before hashing.
  pin: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
});
export type StaffSessionBody = Static<typeof StaffSessionBody>;
export const StaffRoleSchema = Type.Unsafe<StaffRole>({ type: 'string', enum: [...STAFF_ROLES] });
/** Who a staff session is: the staff page shows the name and the tabs of the role. */
export const StaffAccountSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: StaffRoleSchema,
});
export type StaffAccountSummary = Static<typeof StaffAccountSummary>;
export const StaffSessionReply = Type.Object({
  /** Sent as `Authorization: Bearer <token>` on staff calls. */
  token: Type.String(),
  /** ISO-8601 timestamp after which the token is refused. */
  expiresAt: Type.String(),
  account: StaffAccountSummary,
});
export type StaffSessionReply = Static<typeof StaffSessionReply>;
/** GET /api/staff/sessions/current (Authorization: Bearer): the session's account as it is now (its role may change). */
export const StaffSessionCurrentReply = Type.Object({
  expiresAt: Type.String(),
  account: StaffAccountSummary,
});
export type StaffSessionCurrentReply = Static<typeof StaffSessionCurrentReply>;

// ---------- staff accounts, managed by the hotel's managers (docs/behaviour.md#staff-accounts) ----------

const StaffAccountName = Type.String({ minLength: 1, maxLength: 80 });
export const StaffAccount = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: StaffRoleSchema,
  /** A disabled account signs in no more; its past stays in the audit trail. */
  enabled: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type StaffAccount = Static<typeof StaffAccount>;
/** GET /api/staff/hotels/{hId}/accounts (manager) */
export const StaffAccountsReply = Type.Object({ accounts: Type.Array(StaffAccount) });
export type StaffAccountsReply = Static<typeof StaffAccountsReply>;
export const StaffAccountParams = Type.Object({
  hId: HotelId,
  accountId: RowId,
});
export type StaffAccountParams = Static<typeof StaffAccountParams>;
/** POST /api/staff/hotels/{hId}/accounts (manager): a new account; its first PIN is made by the server. */
export const StaffAccountBody = Type.Object({ name: StaffAccountName, role: StaffRoleSchema });
export type StaffAccountBody = Static<typeof StaffAccountBody>;
/**
 * The answer of a new account and of a PIN reset: the PIN, shown once to the manager who hands it over; the server
 * keeps only its hash.
 */
export const StaffAccountPinReply = Type.Object({ account: StaffAccount, pin: Type.String() });
export type StaffAccountPinReply = Static<typeof StaffAccountPinReply>;
/**
 * PATCH /api/staff/hotels/{hId}/accounts/{accountId} (manager): rename, change the role, disable or enable. Disabling
 * ends the person's open sessions; the last enabled manager can be neither disabled nor given another role.
 */
export const StaffAccountChangeBody = Type.Object(
  {
    name: Type.Optional(StaffAccountName),
    role: Type.Optional(StaffRoleSchema),
    enabled: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1 },
);
export type StaffAccountChangeBody = Static<typeof StaffAccountChangeBody>;

// ---------- the audit trail of staff actions (docs/behaviour.md#audit-trail) ----------

export const STAFF_AUDIT_KINDS = [
  'signIn',
  'signInFailed',
  'signOut',
  'signOutEverywhere',
  'codeChecked',
  'codeRedeemed',
  'stayReset',
  'roomQrRotated',
  'hotelKeyRotated',
  'proofCodeRotated',
  'accountAdded',
  'accountRenamed',
  'accountRoleChanged',
  'accountPinReset',
  'accountDisabled',
  'accountEnabled',
  'contentImported',
  'contentSaved',
  'contentRestored',
  'cleaningChecked',
] as const;
export type StaffAuditKind = (typeof STAFF_AUDIT_KINDS)[number];
export const StaffAuditKind = Type.Unsafe<StaffAuditKind>({ type: 'string', enum: [...STAFF_AUDIT_KINDS] });
/** One staff action, as it happened; rows are only ever added. */
export const StaffAuditEntry = Type.Object({
  id: Type.Integer(),
  /** ISO-8601 timestamp. */
  at: Type.String(),
  kind: StaffAuditKind,
  /** Who did it: null for a refused sign-in of no known account, and for a command run on the server. */
  accountId: Type.Union([Type.Integer(), Type.Null()]),
  /** The person's name at the time (a later rename leaves it). For a refused sign-in, the name typed. */
  actorName: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union([StaffRoleSchema, Type.Null()]),
  /** What it was done on, when it was done on one. */
  roomNumber: Type.Union([Type.String(), Type.Null()]),
  sUUID: Type.Union([Type.String(), Type.Null()]),
  rwId: Type.Union([Type.Integer(), Type.Null()]),
  /** A reward code as the guest's screen shows it. */
  code: Type.Union([Type.String(), Type.Null()]),
  /** The account an account change was on. */
  targetAccountId: Type.Union([Type.Integer(), Type.Null()]),
  /** What changed, in a few words (`frontDesk → manager`, the new name, the client address of a refused sign-in). */
  detail: Type.Union([Type.String(), Type.Null()]),
});
export type StaffAuditEntry = Static<typeof StaffAuditEntry>;
/**
 * GET /api/staff/hotels/{hId}/audit (manager) and /audit.csv: the trail, the latest first, filtered by hotel-local
 * days (`from`..`to`, both included), person and kind; `before` pages on (the `nextBefore` of the previous page).
 */
export const StaffAuditQuery = Type.Object({
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  accountId: Type.Optional(RowId),
  kind: Type.Optional(StaffAuditKind),
  before: Type.Optional(RowId),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type StaffAuditQuery = Static<typeof StaffAuditQuery>;
export const StaffAuditReply = Type.Object({
  entries: Type.Array(StaffAuditEntry),
  /** The `before` of the next page; null on the last. */
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});
export type StaffAuditReply = Static<typeof StaffAuditReply>;
/**
 * GET /api/staff/hotels/{hId}/audit.csv (manager): the trail of the hotel-local days `from`..`to` (at most 366; `to`
 * defaults to today, `from` to the longest period ending on `to`) as one CSV file, unpaged.
 */
export const StaffAuditCsvQuery = Type.Omit(StaffAuditQuery, ['before', 'limit']);
export type StaffAuditCsvQuery = Static<typeof StaffAuditCsvQuery>;
/** A 204 answer: no body. */
export const NoContentReply = Type.Null();
/**
 * DELETE /api/staff/sessions/current (Authorization: Bearer): 204 without a body, the session ended.
 * DELETE /api/staff/sessions/mine: 204, every open session of the caller's account ended (sign out everywhere).
 */
export const StaffSessionEndReply = NoContentReply;

/** POST /api/demo/stays/{sUUID}/reset (x-front-token) */
export const DemoResetBody = Type.Object({ uuid: ProfileUuid });
export type DemoResetBody = Static<typeof DemoResetBody>;

// ---------- the staff desk: reward code check and the day's uses (docs/behaviour.md#staff-code-check) ----------

/** Who used a claimed reward: the guest's use call (the swipe in front of staff) or the staff page's code check. */
export const RedeemedBy = Type.Union([Type.Literal('guest'), Type.Literal('staff')]);
export type RedeemedBy = Static<typeof RedeemedBy>;

/**
 * POST /api/staff/codes/verify and /api/staff/codes/redeem — the code as the guest shows it (`TIL-LZJ`) or without
 * the prefix, any case.
 */
export const StaffCodeCheckBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64 }),
  /** The language of the reward's name; the hotel's primary language without it. */
  lang: Type.Optional(LangCode),
});
export type StaffCodeCheckBody = Static<typeof StaffCodeCheckBody>;
const staffCodeFacts = {
  /** The code as the guest's screen shows it, `{codePrefix}-{code}`. */
  code: Type.String(),
  rwId: Type.Integer(),
  rwType: Type.String(),
  rewardName: Type.String(),
  /** The stay's room, null for a stay opened with the hotel QR. */
  roomNumber: Type.Union([Type.String(), Type.Null()]),
  claimedAt: Type.String(),
  validUntil: Type.Union([Type.String(), Type.Null()]),
  /** True when the hotel-local date is past `validUntil`: an unused claim is then not used, nor to be handed over. */
  expired: Type.Boolean(),
  /** Null while the claim is unused. */
  usedAt: Type.Union([Type.String(), Type.Null()]),
  usedBy: Type.Union([RedeemedBy, Type.Null()]),
};
/** POST /api/staff/codes/verify: the claim the code names, as it stands; the check itself changes nothing. */
export const StaffCodeCheckReply = Type.Object(staffCodeFacts);
export type StaffCodeCheckReply = Static<typeof StaffCodeCheckReply>;
/** POST /api/staff/codes/redeem: the claim after the staff's hand-over. */
export const StaffCodeRedeemReply = Type.Object({
  ...staffCodeFacts,
  /** True when this call used it; false when it was used before (`usedAt`, `usedBy` say when and how) or expired. */
  redeemedNow: Type.Boolean(),
});
export type StaffCodeRedeemReply = Static<typeof StaffCodeRedeemReply>;

/** GET /api/staff/hotels/{hId}/redemptions?date=&lang= — without `date`, the hotel-local today. */
export const StaffHotelParams = Type.Object({ hId: HotelId });
export const RedemptionsQuery = Type.Object({
  date: Type.Optional(IsoDate),
  lang: Type.Optional(LangCode),
});
export type RedemptionsQuery = Static<typeof RedemptionsQuery>;
export const Redemption = Type.Object({
  rwId: Type.Integer(),
  rwType: Type.String(),
  rewardName: Type.String(),
  roomNumber: Type.Union([Type.String(), Type.Null()]),
  /** `{codePrefix}-{code}`; null for a reward without a code (SLIDER). */
  code: Type.Union([Type.String(), Type.Null()]),
  claimedAt: Type.String(),
  usedAt: Type.String(),
  usedBy: RedeemedBy,
  /** The staff account that handed it over (`usedBy` 'staff'), its name at the time; null for the guest's own use. */
  staffName: Type.Union([Type.String(), Type.Null()]),
});
export type Redemption = Static<typeof Redemption>;
export const RedemptionsReply = Type.Object({
  /** The hotel-local day listed, YYYY-MM-DD. */
  date: Type.String(),
  /** The day's uses, the latest first. */
  redemptions: Type.Array(Redemption),
});
export type RedemptionsReply = Static<typeof RedemptionsReply>;
// ---------- meal photo, LIMEAT (docs/behaviour.md#meal-photo, docs/meal-scoring.md) ----------

const DishKey = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9-]*$' });

/** GET /api/actions/{actId}/limeat/menu?sUUID=&uuid=&lang= — how the meal is analysed, and the dishes to pick. */
export const MealMenuQuery = Type.Object({ sUUID: Uuid, uuid: ProfileUuid, lang: LangCode });
export const MealDish = Type.Object({
  key: DishKey,
  name: Type.String(),
  vegetarian: Type.Boolean(),
});
export type MealDish = Static<typeof MealDish>;
export const MealMenuReply = Type.Object({
  /** `vision`: a model reads the photo; `menu`: the guest picks the dish after the photo. */
  analyser: Type.Union([Type.Literal('vision'), Type.Literal('menu')]),
  /** The hotel restaurant's dishes (empty with the vision analyser). */
  dishes: Type.Array(MealDish),
});
export type MealMenuReply = Static<typeof MealMenuReply>;

/** POST /api/actions/{actId}/limeat (SPEC §7), plus the picked dish (menu analyser) and the guest's language. */
export const LimeatBody = Type.Object({
  ...SubmissionBase,
  /** Base64 JPEG, without the `data:` prefix. */
  photoData: Type.String({ minLength: 1 }),
  endDate: Type.Union([IsoDate, Type.Null()]),
  dishKey: Type.Optional(DishKey),
});
export type LimeatBody = Static<typeof LimeatBody>;

const Measure = <Unit extends string>(unity: Unit) =>
  Type.Object({ value: Type.Number({ minimum: 0 }), unity: Type.Literal(unity) });

/** The meal analysis, shaped as SPEC §3 says. */
export const LimeatAnalysis = Type.Object({
  scores: Type.Object({ environmental: Type.Number({ minimum: 0, maximum: 10 }) }),
  environmentalAnalysis: Type.Object({
    isVegetarian: Type.Boolean(),
    impact: Type.Object({
      waterConsumption: Measure('L'),
      energyConsumption: Measure('Wh'),
      GESEmissions: Measure('gCO2'),
    }),
  }),
  ingredients: Type.Array(Type.Object({ name: Type.String(), quantity: Type.Number({ minimum: 0 }) })),
});
export type LimeatAnalysis = Static<typeof LimeatAnalysis>;

export const LimeatReply = Type.Object({
  /** Points this photo credited (docs/meal-scoring.md#points). */
  greenMilesAdded: Type.Integer({ minimum: 0 }),
  limeatAnalysis: LimeatAnalysis,
});
export type LimeatReply = Static<typeof LimeatReply>;
// ---------- on-site proof (docs/behaviour.md#proof-page, POST /api/actions/{actId}/proof) ----------

/**
 * The scanned proof: `qrId` names the printed code; `sUUID` (with its owner `uuid`) the stay of the address, else the
 * server uses the profile's active stay at the action's hotel, created (with a profile when `uuid` is absent) if none.
 * Empty keys are omitted.
 */
export const ProofBody = Type.Object({
  uuid: Type.Optional(ProfileUuid),
  sUUID: Type.Optional(Uuid),
  /** The hotel of the printed code; it must be the action's. */
  hId: Type.Optional(HotelId),
  qrId: Type.Optional(QrId),
  /** The guest's language, for the translated success message. */
  lang: Type.Optional(LangCode),
});
export type ProofBody = Static<typeof ProofBody>;
export const ProofReply = Type.Object({
  /** The stay credited and its owner: the app stores both (a new guest gets them here). */
  profileUUID: Type.String(),
  sUUID: Type.String(),
  message: Type.String(),
  /** The action's reward, credited by this validation. */
  greenMilesChange: Type.Integer({ minimum: 0 }),
  greenMiles: Type.Integer({ minimum: 0 }),
});
export type ProofReply = Static<typeof ProofReply>;
// ---------- housekeeping list (docs/behaviour.md#housekeeping-list) ----------

/** Housekeeping's report on a skipped cleaning: the first one of a room and day stands. */
export const CleaningCheck = Type.Object({
  /** `honoured`: not cleaned, as the guest asked; `cleanedAnyway`: cleaned all the same. */
  outcome: CleaningOutcomeSchema,
  /** The staff account's name (its current one); null once the account is gone. */
  checkedBy: Type.Union([Type.String(), Type.Null()]),
  /** ISO-8601. */
  checkedAt: Type.String(),
});
export type CleaningCheck = Static<typeof CleaningCheck>;
/** PUT /api/staff/hotels/{hId}/housekeeping/{date}/rooms/{roomNumber}/check (staff session). */
export const CleaningCheckParams = Type.Object({
  hId: HotelId,
  date: IsoDate,
  roomNumber: Type.String({ minLength: 1, maxLength: 20 }),
});
export type CleaningCheckParams = Static<typeof CleaningCheckParams>;
export const CleaningCheckBody = Type.Object({ outcome: CleaningOutcomeSchema });
export type CleaningCheckBody = Static<typeof CleaningCheckBody>;

/** GET /api/staff/hotels/{hId}/housekeeping?date= (staff session) — `date` defaults to today, hotel-local. */
export const HousekeepingQuery = Type.Object({ date: Type.Optional(IsoDate) });
export const HousekeepingRoom = Type.Object({
  roomNumber: Type.String(),
  /** When the room's current (or last) skip answer was given, ISO-8601. */
  since: Type.String(),
  /** False when the guest changed the answer back to keeping the cleaning. */
  skipping: Type.Boolean(),
  /** When the answer was changed back (ISO-8601); null while skipping. */
  changedBackAt: Type.Union([Type.String(), Type.Null()]),
  /** What housekeeping reported for the room that day; null until someone did. */
  check: Type.Union([CleaningCheck, Type.Null()]),
});
export type HousekeepingRoom = Static<typeof HousekeepingRoom>;
export const HousekeepingReply = Type.Object({
  /** The hotel-local day whose cleaning the rooms skip (YYYY-MM-DD). */
  date: IsoDate,
  /** Sorted by room number (2 before 10). */
  rooms: Type.Array(HousekeepingRoom),
});
export type HousekeepingReply = Static<typeof HousekeepingReply>;
// ---------- impact summary (docs/impact.md, GET /api/staff/hotels/{hId}/summary, staff session) ----------

/** The hotel-local period, both days included (docs/impact.md#period). */
export const ImpactSummaryQuery = Type.Object({ from: IsoDate, to: IsoDate });
export type ImpactSummaryQuery = Static<typeof ImpactSummaryQuery>;

export const ImpactCategory = Type.Union([
  Type.Literal('cleaning'),
  Type.Literal('shower'),
  Type.Literal('heating'),
  Type.Literal('meal'),
]);
export type ImpactCategory = Static<typeof ImpactCategory>;

/** The shipped factor table's sources (docs/impact.md#factor-table), and the hotel's figure without a source text. */
export const ImpactSourceId = Type.Union([
  Type.Literal('bookingLaundry'),
  Type.Literal('watersenseShower'),
  Type.Literal('waterHeating'),
  Type.Literal('ademeOneDegree'),
  Type.Literal('ademeGas'),
  Type.Literal('ademeElectricity'),
  Type.Literal('referenceMeal'),
  Type.Literal('hotelOwnFigure'),
]);
export type ImpactSourceId = Static<typeof ImpactSourceId>;

/** The low and high ends of a figure (docs/impact.md#ranges). */
export const ImpactRange = Type.Object({ low: Type.Number(), high: Type.Number() });
export type ImpactRange = Static<typeof ImpactRange>;

/** Where a factor comes from (docs/impact.md#factor-table). */
export const ImpactSource = Type.Object({
  /** The shipped source this is (the staff page shows it in its language); null for a text the hotel wrote. */
  id: Type.Union([ImpactSourceId, Type.Null()]),
  /** A one-line citation in English, or the hotel's own text. */
  name: Type.String(),
  publisher: Type.Union([Type.String(), Type.Null()]),
  year: Type.Union([Type.Integer(), Type.Null()]),
  /** Where in the source the figure is: page, table or section. */
  locator: Type.Union([Type.String(), Type.Null()]),
  url: Type.Union([Type.String(), Type.Null()]),
});
export type ImpactSource = Static<typeof ImpactSource>;

/** One factor of the table, per unit of its category (contract/impact-factors.ts). */
export const ImpactFactor = Type.Object({
  /** Litres (water), kWh (energy) or grams of CO2e (co2e), per unit. */
  perUnit: Type.Number(),
  /** Per unit; null for a single estimate without a published spread. */
  range: Type.Union([ImpactRange, Type.Null()]),
  /** What the figure covers and leaves out, in English. */
  boundary: Type.String(),
  geography: Type.String(),
  /** When it was last checked against its source document; null for the hotel's own figure. */
  checkedOn: Type.Union([IsoDate, Type.Null()]),
  source: ImpactSource,
  /** `published` as the source says it, `estimate` our derivation from it, `hotel` the hotel's own figure. */
  origin: Type.Union([Type.Literal('published'), Type.Literal('estimate'), Type.Literal('hotel')]),
});
export type ImpactFactor = Static<typeof ImpactFactor>;

/** One estimate: what the period saved, its range, and the factor per unit it was computed with. */
export const ImpactFigure = Type.Object({
  /** Litres (water), kWh (energy) or grams of CO2e (co2e). */
  saved: Type.Number(),
  /** The saving at the factor's low and high ends; null when the factor is a single estimate. */
  savedRange: Type.Union([ImpactRange, Type.Null()]),
  ...ImpactFactor.properties,
});
export type ImpactFigure = Static<typeof ImpactFigure>;

/** How far the period's gestures are backed (contract/evidence.ts): completions by evidence level. */
export const EvidenceCounts = Type.Object({
  declared: Type.Integer({ minimum: 0 }),
  photographed: Type.Integer({ minimum: 0 }),
  scanned: Type.Integer({ minimum: 0 }),
  staffConfirmed: Type.Integer({ minimum: 0 }),
});
export type EvidenceCounts = Static<typeof EvidenceCounts>;

/** Water, energy and CO2e added up. */
export const ImpactAmounts = Type.Object({
  waterLitres: Type.Number(),
  energyKwh: Type.Number(),
  co2eGrams: Type.Number(),
});
export type ImpactAmounts = Static<typeof ImpactAmounts>;

export const ImpactCategorySummary = Type.Object({
  category: ImpactCategory,
  /** Skipped cleanings, shorter showers, degree-nights of lower heating, or meals. */
  units: Type.Number({ minimum: 0 }),
  /** Of those, the units backed by more than the guest's word: photographed, scanned or confirmed by staff. */
  confirmedUnits: Type.Number({ minimum: 0 }),
  water: ImpactFigure,
  energy: ImpactFigure,
  co2e: ImpactFigure,
});
export type ImpactCategorySummary = Static<typeof ImpactCategorySummary>;

export const ImpactDay = Type.Object({
  date: IsoDate,
  actions: Type.Integer({ minimum: 0 }),
  pointsEarned: Type.Integer(),
  pointsSpent: Type.Integer(),
  rewardsClaimed: Type.Integer({ minimum: 0 }),
  rewardsUsed: Type.Integer({ minimum: 0 }),
  waterSavedLitres: Type.Number(),
  energySavedKwh: Type.Number(),
  co2eSavedGrams: Type.Number(),
});
export type ImpactDay = Static<typeof ImpactDay>;

export const ImpactSummaryReply = Type.Object({
  hId: HotelId,
  from: IsoDate,
  to: IsoDate,
  /** Stays present in the period (started in it or with an action in it), and those with at least one action. */
  stays: Type.Object({ total: Type.Integer({ minimum: 0 }), participating: Type.Integer({ minimum: 0 }) }),
  /** Actions first answered in the period, by type (types with none left out), most first. */
  actionsByType: Type.Array(
    Type.Object({
      actType: Type.String(),
      count: Type.Integer({ minimum: 1 }),
      /** Of those, the ones backed by more than the guest's word (contract/evidence.ts `isBacked`). */
      confirmed: Type.Integer({ minimum: 0 }),
    }),
  ),
  /** Sums over the period's ledger rows: earned by actions (net of changed answers), spent on rewards. */
  points: Type.Object({ earned: Type.Integer(), spent: Type.Integer() }),
  rewards: Type.Object({ claimed: Type.Integer({ minimum: 0 }), used: Type.Integer({ minimum: 0 }) }),
  waterDonatedLitres: Type.Number({ minimum: 0 }),
  impact: Type.Array(ImpactCategorySummary),
  /** The period's completions by how far they are backed. */
  evidence: EvidenceCounts,
  /** The four categories added up, and at their factors' low and high ends. */
  saved: ImpactAmounts,
  savedRange: Type.Object({ low: ImpactAmounts, high: ImpactAmounts }),
  /** One entry per day of the period, in order. */
  days: Type.Array(ImpactDay),
});
export type ImpactSummaryReply = Static<typeof ImpactSummaryReply>;

// ---------- the stay's impact receipt (docs/behaviour.md#receipt) ----------

/** One measure of a receipt line: the estimated saving, its range, and the factor's source. */
export const ReceiptFigure = Type.Object({
  /** Litres (water), kWh (energy) or grams of CO2e (co2e). */
  saved: Type.Number(),
  /** The saving at the factor's low and high ends; null when the factor is a single estimate. */
  range: Type.Union([ImpactRange, Type.Null()]),
  source: ImpactSource,
  origin: ImpactFactor.properties.origin,
});
export type ReceiptFigure = Static<typeof ReceiptFigure>;

/** The gestures of one action of the stay. */
export const ReceiptLine = Type.Object({
  actId: Type.Integer(),
  actType: Type.String(),
  /** The action's name in the guest's language (contract/text-language.ts). */
  name: Type.String(),
  /** How many times the guest answered it (nights for a nightly action). */
  count: Type.Integer({ minimum: 1 }),
  /** The line's answers by how far they are backed (contract/evidence.ts). */
  evidence: EvidenceCounts,
  /** What it saves; null for participation without a measurable saving (a quiz, a yes/no, a cleaning kept). */
  figures: Type.Union([Type.Object({ water: ReceiptFigure, energy: ReceiptFigure, co2e: ReceiptFigure }), Type.Null()]),
});
export type ReceiptLine = Static<typeof ReceiptLine>;

/** A donation the stay's points paid for: a contribution to a partner's work, never an offset of the stay. */
export const ReceiptContribution = Type.Object({
  rwId: Type.Integer(),
  /** The reward's name and description in the guest's language: who receives it and what they undertake to do. */
  name: Type.String(),
  description: Type.String(),
  /**
   * Who receives the donation, when the reward names a partner: shown in place of the reward's name and description,
   * its guarantee in the guest's language (docs/behaviour.md#receipt).
   */
  partner: Type.Union([
    Type.Object({ name: Type.String(), url: Type.Union([Type.String(), Type.Null()]), guarantee: Type.String() }),
    Type.Null(),
  ]),
  litres: Type.Number({ minimum: 0 }),
  claimedAt: Type.String(),
});
export type ReceiptContribution = Static<typeof ReceiptContribution>;

/** GET /api/stays/{sUUID}/receipt?lang=&uuid= */
export const StayReceiptReply = Type.Object({
  sUUID: Uuid,
  hotelName: Type.String(),
  roomNb: Type.Union([Type.String(), Type.Null()]),
  /** 'active': the receipt so far of a stay still running. */
  status: Type.Union([Type.Literal('active'), Type.Literal('finished')]),
  /** The language the names and texts are in (the guest's, else the fallback). */
  lang: Type.String(),
  lines: Type.Array(ReceiptLine),
  /** The lines' savings added up, and at their factors' low and high ends. */
  totals: ImpactAmounts,
  totalsRange: Type.Object({ low: ImpactAmounts, high: ImpactAmounts }),
  contributions: Type.Array(ReceiptContribution),
  waterContributedLitres: Type.Number({ minimum: 0 }),
});
export type StayReceiptReply = Static<typeof StayReceiptReply>;

export const ReceiptEmailBody = Type.Object({
  uuid: ProfileUuid,
  email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
  lang: LangCode,
});
export type ReceiptEmailBody = Static<typeof ReceiptEmailBody>;
export const ReceiptEmailReply = Type.Object({ success: Type.Literal('OK') });
export type ReceiptEmailReply = Static<typeof ReceiptEmailReply>;
