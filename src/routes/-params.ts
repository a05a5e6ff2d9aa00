/**
 * Param and search rules shared by the route files and the tests' memory routers.
 * The leading `-` keeps the router plugin from reading this file as a route (routeFileIgnorePrefix).
 */
import { isCalendarDate } from '../../contract/calendar-days.ts';

export interface ModeParams {
  mode?: 'demo';
}

/** Every route also exists under /demo (docs/behaviour.md#routes): one optional segment instead of twin route files. */
export const modeParams = {
  // Returning false makes the matcher skip this candidate, so /anything-else reaches $qrId.
  parse: ({ mode }: { mode?: string }): ModeParams | false =>
    mode === undefined || mode === 'demo' ? { mode } : false,
  stringify: ({ mode }: ModeParams) => ({ mode }),
};

export interface ActionsSearch {
  proof_success?: number;
}

/** The actions page's `?proof_success=<points>` (sent back after a proof upload): kept only when a whole count. */
export function validateActionsSearch(search: Record<string, unknown>): ActionsSearch {
  const points = Number(search.proof_success);
  return Number.isInteger(points) && points >= 0 ? { proof_success: points } : {};
}

export interface CameraSearch {
  /** The current night of the action (kept in the address as the modal wrote it). */
  nId?: string;
  endDate?: string;
}

/** The camera page's `?nId=&endDate=` (docs/behaviour.md#meal-photo): an end date is kept only when it is a date the
 * server accepts. */
export function validateCameraSearch(search: Record<string, unknown>): CameraSearch {
  const { nId, endDate } = search;
  return {
    ...(typeof nId === 'string' && nId !== '' ? { nId } : {}),
    ...(typeof endDate === 'string' && isCalendarDate(endDate) ? { endDate } : {}),
  };
}

export interface ProofSearch {
  hId?: number;
  qrId?: string;
}

/**
 * The proof page's `?hId&qrId` (docs/behaviour.md#proof-page): `hId` kept only when a positive whole number, `qrId`
 * when not empty; the server checks the rest.
 */
export function validateProofSearch(search: Record<string, unknown>): ProofSearch {
  const hId = Number(search.hId);
  const qrId = typeof search.qrId === 'string' || typeof search.qrId === 'number' ? String(search.qrId).trim() : '';
  return { ...(Number.isInteger(hId) && hId > 0 ? { hId } : {}), ...(qrId ? { qrId } : {}) };
}

/** A proof address's action id: a positive whole number, else null (the address then matches no page). */
export function proofActionIdOf(actionId: string): number | null {
  return /^[1-9]\d{0,9}$/.test(actionId) ? Number(actionId) : null;
}
