/**
 * docs/behaviour.md#code-reward: the one way a reward's code is written wherever a guest or the staff read it (the
 * rewards page, the finished page, the QR code, the share text, the e-mail): `{codePrefix}-{code}`, the stay's
 * `codePrefix` (never the hotel's name: the front desk's check knows only the prefix), or the code alone without one.
 */
export function rewardCodeText(codePrefix: string, code: string): string {
  return codePrefix ? `${codePrefix}-${code}` : code;
}

/**
 * docs/behaviour.md#reward-claims: whether a reward with `validUntil` (a date: valid through that hotel-local day) is
 * past it on the hotel-local date `today`: it can no longer be claimed nor used; a reward without one never expires.
 */
export function isExpiredOn(validUntil: string | null, today: string): boolean {
  return validUntil !== null && today > validUntil;
}
