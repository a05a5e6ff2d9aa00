/**
 * The action-type registry: every action type described once, with the rules the server, the machines and the
 * guest app must agree on (docs/behaviour.md "Action types"). Plain constants (no schema library), so the guest
 * bundle can import them. Adding a type: docs/architecture.md "Adding an action type".
 */

/** The path segment of POST /api/actions/{actId}/{path}, one per kind of answer. */
export type SubmissionPath =
  | 'review'
  | 'custom'
  | 'claim'
  | 'lunishower'
  | 'luniclean'
  | 'yesno'
  | 'yesnon'
  | 'yesnomail'
  | 'quiz'
  | 'heating';

/** The label family of an action card's button (the guest app translates each). */
export type CardLabel = 'collect' | 'chooseAndCollect' | 'claim' | 'discoverAndCollect';

/**
 * The dialogs an action opens, each kind declared here once. The guest app maps every kind to its view
 * (src/views/actions/modals/registry.ts) and every answer dialog to its machine (machines/actionModals.ts), both
 * records over these kinds, so the compiler points at the layer a new kind still misses.
 */
export const ANSWER_MODALS = [
  'yesNo',
  'luniclean',
  'lunishower',
  'heating',
  'review',
  'custom',
  'quiz',
  'claim',
] as const;

/** A dialog that sends the guest's answer through the type's submission path. */
export type AnswerModal = (typeof ANSWER_MODALS)[number];
/** A dialog that only explains: the meal photo and the proof are completed on pages of their own. */
export type InstructionModal = 'limeatInstructions' | 'proofInstructions';
export type ActionModal = AnswerModal | InstructionModal;

/**
 * How an answer is sent and the dialog that sends it: a submission path and an answer dialog, or none (the types
 * completed through a page of their own: meal photo, proof QR) and an instructions dialog.
 */
type AnswerChannel =
  | { submissionPath: SubmissionPath; modal: AnswerModal }
  | { submissionPath: null; modal: InstructionModal };

export type ActionTypeRules = AnswerChannel & {
  /** A completed action can be done again (its answer replaced, its points moved by the difference). */
  redoable: boolean;
  /** A completed card shows a pencil (the answer can be changed) rather than an eye (read-only summary). */
  editable: boolean;
  /** The launch opens the modal at once, without asking for the stay's end date first. */
  opensDirectly: boolean;
  cardLabel: CardLabel;
  /** Once completed (and not re-doable), its own modal shows it done, instead of the read-only summary. */
  completedInModal?: true;
  /**
   * The answer acts on the next day (the cleaning skipped, the answer reported to the hotel the next morning), so a
   * stay ending tomorrow has nothing to act on (docs/behaviour.md#one-night-stay).
   */
  needsNextDay?: true;
};

export const ACTION_TYPE_RULES = {
  LUNICLEAN: {
    submissionPath: 'luniclean',
    redoable: true,
    editable: true,
    opensDirectly: false,
    cardLabel: 'chooseAndCollect',
    modal: 'luniclean',
    needsNextDay: true,
  },
  LUNISHOWER: {
    submissionPath: 'lunishower',
    redoable: true,
    editable: false,
    opensDirectly: false,
    cardLabel: 'discoverAndCollect',
    modal: 'lunishower',
  },
  HEATING: {
    submissionPath: 'heating',
    redoable: true,
    editable: false,
    opensDirectly: false,
    cardLabel: 'discoverAndCollect',
    modal: 'heating',
  },
  YESNO: {
    submissionPath: 'yesno',
    redoable: true,
    editable: true,
    opensDirectly: true,
    cardLabel: 'collect',
    modal: 'yesNo',
  },
  YESNOSTAY: {
    submissionPath: 'yesnon',
    redoable: true,
    editable: true,
    opensDirectly: true,
    cardLabel: 'collect',
    modal: 'yesNo',
  },
  YESNOMAIL: {
    submissionPath: 'yesnomail',
    redoable: true,
    editable: true,
    opensDirectly: false,
    cardLabel: 'collect',
    modal: 'yesNo',
    needsNextDay: true,
  },
  REVIEW: {
    submissionPath: 'review',
    redoable: false,
    editable: false,
    opensDirectly: false,
    cardLabel: 'collect',
    modal: 'review',
  },
  CUSTOM: {
    submissionPath: 'custom',
    redoable: false,
    editable: false,
    opensDirectly: false,
    cardLabel: 'discoverAndCollect',
    modal: 'custom',
  },
  QUIZ: {
    submissionPath: 'quiz',
    redoable: false,
    editable: false,
    opensDirectly: false,
    cardLabel: 'discoverAndCollect',
    modal: 'quiz',
  },
  LIMEAT: {
    submissionPath: null,
    redoable: true,
    editable: false,
    opensDirectly: false,
    cardLabel: 'discoverAndCollect',
    modal: 'limeatInstructions',
  },
  CLAIM: {
    submissionPath: 'claim',
    redoable: false,
    editable: false,
    opensDirectly: true,
    cardLabel: 'claim',
    modal: 'claim',
  },
  PROOF: {
    submissionPath: null,
    redoable: false,
    editable: false,
    opensDirectly: false,
    cardLabel: 'discoverAndCollect',
    modal: 'proofInstructions',
    completedInModal: true,
  },
} as const satisfies Record<string, ActionTypeRules>;

export type ActionType = keyof typeof ACTION_TYPE_RULES;
export const ACTION_TYPES = Object.keys(ACTION_TYPE_RULES) as ActionType[];

/** A type this client or server does not know is treated as this one (drawn and answered as a review). */
export const FALLBACK_ACTION_TYPE = 'REVIEW' satisfies ActionType;

export function isActionType(value: string | null | undefined): value is ActionType {
  return value != null && Object.hasOwn(ACTION_TYPE_RULES, value);
}

/** The rules of a type as the API writes it (any string), with the fallback for unknown types. */
export function rulesOf(type: string | null | undefined): ActionTypeRules {
  return ACTION_TYPE_RULES[isActionType(type) ? type : FALLBACK_ACTION_TYPE];
}

/** The types answered through a submission path, each with its path. */
export type SubmittedActionType = {
  [Type in ActionType]: (typeof ACTION_TYPE_RULES)[Type]['submissionPath'] extends SubmissionPath ? Type : never;
}[ActionType];
export type SubmissionPathOf<Type extends SubmittedActionType> = (typeof ACTION_TYPE_RULES)[Type]['submissionPath'];

/** Every submission path with the type it answers (the server registers one route per entry). */
export const SUBMISSION_PATHS = Object.fromEntries(
  ACTION_TYPES.flatMap((type) => {
    const path = ACTION_TYPE_RULES[type].submissionPath;
    return path ? [[path, type]] : [];
  }),
) as Record<SubmissionPath, SubmittedActionType>;

/** The optimal heating band, °C (docs/behaviour.md "Heating": below 18 too low, above 22 too high). */
export const HEATING_OPTIMAL_MIN = 18;
export const HEATING_OPTIMAL_MAX = 22;
