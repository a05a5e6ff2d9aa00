import type { StaySeed } from '../../machines/entry.machine.ts';

/**
 * The stay a QR scan has just created, handed from the entry page to the stay page in memory only: a reload or a
 * later visit loads the stay afresh (docs/frontend.md#qr-scan-to-actions).
 */
let handedOver: StaySeed | null = null;

export function handOverStay(seed: StaySeed | null): void {
  handedOver = seed;
}

/** The seed of stay `sUUID` when the entry page has just handed it over, else null. */
export function handedOverStay(sUUID: string): StaySeed | null {
  return handedOver?.stay.sUUID === sUUID ? handedOver : null;
}

/** Once the stay page has started with the seed: the next visit loads. */
export function forgetHandedOverStay(): void {
  handedOver = null;
}
