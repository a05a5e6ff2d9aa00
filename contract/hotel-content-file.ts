/**
 * The hotel content file format (one YAML file per hotel), as a TypeBox schema. See docs/server.md.
 */
import Type, { type Static, type TSchema } from 'typebox';
import { CALENDAR_DATE_PATTERN } from './calendar-days.ts';
import type { ContentFormat } from './content-rules.ts';
import { INTEGER_MAX } from './integers.ts';
import { ActionType, IsoDate, RewardType, RowId, StaffRoleSchema } from './schemas.ts';

/** The texts of a fixed form, by format: a text that does not match is a `pattern` problem naming its format. */
export const CONTENT_PATTERNS = {
  key: '^[a-z0-9][a-z0-9-]*$',
  languageCode: '^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?$',
  qrId: '^[A-Za-z0-9_.-]+$',
  /** A 24-hour wall-clock time, HH:MM. */
  time: '^([01]\\d|2[0-3]):[0-5]\\d$',
  colour: '^#[0-9A-Fa-f]{3,8}$',
  email: '^[^@\\s]+@[^@\\s]+$',
  codePrefix: '^[A-Z0-9]{1,6}$',
  /** Argon2id as `argon2id$m=…,t=…,p=…$salt$hash`. */
  pinHash: '^argon2id\\$m=\\d+,t=\\d+,p=\\d+\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$',
  date: CALENDAR_DATE_PATTERN,
  /** A web address guests may open: https only. */
  httpsUrl: '^https://\\S+$',
} as const satisfies Record<ContentFormat, string>;

const NonEmpty = (maxLength = 2000) => Type.String({ minLength: 1, maxLength });
const Key = Type.String({ minLength: 1, maxLength: 64, pattern: CONTENT_PATTERNS.key });
const LangCode = Type.String({ minLength: 2, maxLength: 12, pattern: CONTENT_PATTERNS.languageCode });
const QrId = Type.String({ minLength: 1, maxLength: 100, pattern: CONTENT_PATTERNS.qrId });
const LocalTime = Type.String({ pattern: CONTENT_PATTERNS.time });
const Color = Type.String({ pattern: CONTENT_PATTERNS.colour });
const PictureUrl = Type.String({ minLength: 1, maxLength: 500 });
export const DEFAULT_CHECKOUT_TIME = '12:00';
/** docs/behaviour.md#daily-report: the hotel-local time the previous day's report is sent, when `reportHour` is absent. */
export const DEFAULT_REPORT_HOUR = '07:00';
export const DEFAULT_MAX_STAY_NIGHTS = 14;
export const DEFAULT_ROOM_CAPACITY = 4;
/** A staff PIN as a content file holds it, plain (hashed at import): 4–64 characters. */
const StaffPin = Type.String({ minLength: 4, maxLength: 64 });
/** A map language code → value. */
const PerLanguage = <T extends TSchema>(value: T) => Type.Record(LangCode, value);
/** A text in at least one language. */
const Translated = <T extends TSchema>(value: T) => Type.Record(LangCode, value, { minProperties: 1 });
/** Where an item goes in its list. */
const Position = Type.Integer({ minimum: 0, maximum: INTEGER_MAX });

export const HotelSection = Type.Object(
  {
    id: RowId,
    name: NonEmpty(200),
    isDemo: Type.Boolean(),
    greenMilesName: Type.Optional(NonEmpty(60)),
    timeZone: NonEmpty(100),
    /** Hotel-local time a stay ends on its end date; DEFAULT_CHECKOUT_TIME when absent. */
    checkoutTime: Type.Optional(LocalTime),
    reportEmail: Type.Optional(Type.Union([Type.String({ pattern: CONTENT_PATTERNS.email }), Type.Null()])),
    /** Hotel-local time of the daily report to `reportEmail`; DEFAULT_REPORT_HOUR when absent. */
    reportHour: Type.Optional(LocalTime),
    /**
     * Legacy: the PIN of the hotel's first manager ('Manager' when the import makes it). A file declares its people
     * in `staff` instead (not both).
     */
    staffPin: Type.Optional(StaffPin),
    /** The short upper-case prefix of reward codes ('TIL' → TIL-LZJ); the name's initials when absent. */
    codePrefix: Type.Optional(Type.String({ pattern: CONTENT_PATTERNS.codePrefix })),
    /** docs/behaviour.md#caps: claims of one reward per room and hotel-local night (default 2). */
    maxClaimsPerRoomNight: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** docs/behaviour.md#caps: codes drawn from the hotel's pools per hotel-local day (default 20). */
    maxPoolCodesPerDay: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    // Presence (docs/trust-model.md#presence, docs/server.md#hotel-content-files).
    /** How the hotel QR code opens a stay: 'open' (no key), 'key' (its current key), 'off'; 'open' for demos. */
    hotelQrEntry: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('key'), Type.Literal('off')])),
    /** A readable key of the hotel QR code (samples); generated at import when absent. */
    qrKey: Type.Optional(QrId),
    /** The file's readable QR ids and key are replaced by random ones at the next import (kept afterwards). */
    rotateQrIds: Type.Optional(Type.Boolean()),
    /** A stay without an end date ends this many nights after its creation day; DEFAULT_MAX_STAY_NIGHTS. */
    maxStayNights: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
    /** Active stays per room at most; DEFAULT_ROOM_CAPACITY. */
    roomCapacity: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);

export const LanguageEntry = Type.Object(
  {
    code: LangCode,
    name: NonEmpty(60),
    enabled: Type.Boolean(),
    direction: Type.Optional(Type.Union([Type.Literal('ltr'), Type.Literal('rtl')])),
    flagUrl: Type.Optional(Type.Union([PictureUrl, Type.Null()])),
    isPrimary: Type.Optional(Type.Boolean()),
    position: Position,
  },
  { additionalProperties: false },
);

/** `qrId` absent: a random id is generated at the first import and kept by the next ones (docs/server.md). */
export const RoomEntry = Type.Object(
  { number: NonEmpty(20), qrId: Type.Optional(QrId) },
  { additionalProperties: false },
);

const ActionTexts = Type.Object(
  {
    name: NonEmpty(200),
    description: NonEmpty(4000),
    question: Type.Optional(Type.Union([NonEmpty(1000), Type.Null()])),
  },
  { additionalProperties: false },
);

const OptionEntry = Type.Object(
  { picture: Type.Optional(Type.Union([PictureUrl, Type.Null()])), labels: Translated(NonEmpty(200)) },
  { additionalProperties: false },
);

const QuizSection = Type.Object(
  {
    texts: Translated(
      Type.Object(
        { question: NonEmpty(1000), explanation: Type.Optional(NonEmpty(2000)) },
        { additionalProperties: false },
      ),
    ),
    answers: Type.Array(
      Type.Object(
        { correct: Type.Optional(Type.Boolean()), texts: Translated(NonEmpty(500)) },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 10 },
    ),
  },
  { additionalProperties: false },
);

export const ActionEntry = Type.Object(
  {
    key: Key,
    type: ActionType,
    scope: Type.Union([Type.Literal('ROOM'), Type.Literal('HOTEL'), Type.Literal('STAY')]),
    period: Type.Union([Type.Literal('NIGHT'), Type.Literal('STAY')]),
    reward: Type.Integer({ minimum: 0, maximum: 100000 }),
    picture: Type.Optional(Type.Union([PictureUrl, Type.Null()])),
    titleColor: Type.Optional(Type.Union([Color, Type.Null()])),
    position: Position,
    positiveResponse: Type.Optional(Type.Union([Type.Literal('YES'), Type.Literal('NO'), Type.Null()])),
    tags: Type.Optional(PerLanguage(Type.Array(NonEmpty(40), { maxItems: 10 }))),
    texts: Translated(ActionTexts),
    options: Type.Optional(Type.Array(OptionEntry, { maxItems: 20 })),
    quiz: Type.Optional(QuizSection),
    /**
     * PROOF only: readable ids of its printed QR codes (`qrId` of the proof address), at least one; absent: one
     * random id generated at the first import and kept by the next ones (docs/server.md#hotel-content-files).
     */
    proofQrIds: Type.Optional(Type.Array(QrId, { minItems: 1, maxItems: 100 })),
  },
  { additionalProperties: false },
);

/**
 * Who a reward's donation goes to (a water charity…): shown on the stay's receipt with what the partner guarantees,
 * in the guest's language.
 */
export const RewardPartner = Type.Object(
  {
    name: NonEmpty(200),
    url: Type.Optional(Type.String({ maxLength: 500, pattern: CONTENT_PATTERNS.httpsUrl })),
    /** What the partner commits to, per language: at least one. */
    guarantee: Translated(NonEmpty(2000)),
  },
  { additionalProperties: false },
);

export const RewardEntry = Type.Object(
  {
    key: Key,
    type: RewardType,
    cost: Type.Integer({ minimum: 0, maximum: 1000000 }),
    picture: Type.Optional(Type.Union([PictureUrl, Type.Null()])),
    titleColor: Type.Optional(Type.Union([Color, Type.Null()])),
    position: Type.Optional(Type.Union([Position, Type.Null()])),
    waterVolume: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: INTEGER_MAX }), Type.Null()])),
    validUntil: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    codePool: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 10000 })),
    partner: Type.Optional(RewardPartner),
    texts: Translated(
      Type.Object({ name: NonEmpty(200), description: NonEmpty(4000) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

/**
 * A dish of the hotel restaurant (the meal photo's menu analyser, docs/meal-scoring.md#hotel-menu): its names per
 * language and its recipe, each ingredient a row of the factor table (contract/meal-foods.ts) and grams.
 */
export const MenuDish = Type.Object(
  {
    key: Key,
    names: Translated(NonEmpty(200)),
    ingredients: Type.Array(
      Type.Object(
        { food: NonEmpty(40), grams: Type.Number({ exclusiveMinimum: 0, maximum: 2000 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 30 },
    ),
  },
  { additionalProperties: false },
);
export type MenuDish = Static<typeof MenuDish>;

/** One category of the impact factor table replaced by the hotel's own figures (docs/impact.md#hotel-figures). */
const ImpactFactorOverride = Type.Object(
  {
    waterLitres: Type.Optional(Type.Number({ minimum: 0, maximum: 100000 })),
    energyKwh: Type.Optional(Type.Number({ minimum: 0, maximum: 10000 })),
    co2eGrams: Type.Optional(Type.Number({ minimum: 0, maximum: 10000000 })),
    /** Where the hotel's figures come from, shown with them on the staff page. */
    source: Type.Optional(NonEmpty(300)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export const ImpactFactorOverrides = Type.Object(
  {
    cleaning: Type.Optional(ImpactFactorOverride),
    shower: Type.Optional(ImpactFactorOverride),
    heating: Type.Optional(ImpactFactorOverride),
    meal: Type.Optional(ImpactFactorOverride),
  },
  { additionalProperties: false },
);

/**
 * A staff account the file declares (docs/server.md#hotel-content-files): imported by name (any case); accounts the
 * file does not list are left as they are (managed on the staff page).
 */
export const StaffEntry = Type.Object(
  {
    name: NonEmpty(80),
    role: StaffRoleSchema,
    /** The PIN, plain: hashed at import (an unchanged PIN keeps its hash). */
    pin: Type.Optional(StaffPin),
    /** Or its Argon2id hash, as `argon2id$m=…,t=…,p=…$salt$hash`. */
    pinHash: Type.Optional(Type.String({ maxLength: 300, pattern: CONTENT_PATTERNS.pinHash })),
    /** Absent: a new account is enabled, an existing one keeps its state. */
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type StaffEntry = Static<typeof StaffEntry>;

export const HotelContentFile = Type.Object(
  {
    hotel: HotelSection,
    languages: Type.Array(LanguageEntry, { minItems: 1 }),
    rooms: Type.Optional(Type.Array(RoomEntry)),
    /** Printed QR codes that belong to no room yet (room info answers hId null). */
    unassignedQrIds: Type.Optional(Type.Array(QrId)),
    actions: Type.Optional(Type.Array(ActionEntry)),
    rewards: Type.Optional(Type.Array(RewardEntry)),
    /** The restaurant's dishes, for the meal photo when no vision model is configured. */
    menu: Type.Optional(Type.Array(MenuDish, { maxItems: 200 })),
    /** The hotel's own figures in place of the impact factor table's (per skipped cleaning, shower, degree, meal). */
    impactFactors: Type.Optional(ImpactFactorOverrides),
    /** Staff accounts, created or brought to what the file says at each import (docs/behaviour.md#staff-accounts). */
    staff: Type.Optional(Type.Array(StaffEntry, { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type HotelContentFile = Static<typeof HotelContentFile>;
export type ActionEntry = Static<typeof ActionEntry>;
export type RewardEntry = Static<typeof RewardEntry>;
export type RewardPartner = Static<typeof RewardPartner>;
export type RoomEntry = Static<typeof RoomEntry>;
