/**
 * How far a ledger line is backed (docs/impact.md#evidence): what the guest declared with a tap, a meal they
 * photographed, a proof QR they scanned on site, or what the hotel's staff confirmed (a reward code redeemed at the
 * desk, a skipped cleaning confirmed from the housekeeping list). One rule for the receipt, the staff page and the
 * reports.
 */
export const EVIDENCE_LEVELS = ['declared', 'photographed', 'scanned', 'staffConfirmed'] as const;
export type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number];

/** Whether a line is backed by more than the guest's word: photographed, scanned or confirmed by staff. */
export function isBacked(level: EvidenceLevel): boolean {
  return level !== 'declared';
}

/** What housekeeping reported for a skipped cleaning: left as the guest asked, or cleaned anyway. */
export const CLEANING_OUTCOMES = ['honoured', 'cleanedAnyway'] as const;
export type CleaningOutcome = (typeof CLEANING_OUTCOMES)[number];

/** The evidence behind an action's answer: by the action's type, and for a skipped cleaning what housekeeping said. */
export function answerEvidence(actionType: string, cleaning: CleaningOutcome | null): EvidenceLevel {
  switch (actionType) {
    case 'LIMEAT':
      return 'photographed';
    case 'PROOF':
      return 'scanned';
    case 'LUNICLEAN':
      return cleaning === 'honoured' ? 'staffConfirmed' : 'declared';
    default:
      return 'declared';
  }
}

/** The evidence behind a reward claim: confirmed once the hotel's staff redeemed its code, else the guest's word. */
export function claimEvidence(usedBy: string | null): EvidenceLevel {
  return usedBy === 'staff' ? 'staffConfirmed' : 'declared';
}
