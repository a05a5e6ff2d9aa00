/**
 * The staff page's manager calls (docs/behaviour.md#people-tab, docs/behaviour.md#trail-tab): the hotel's staff
 * accounts and the audit trail, each with the manager's session token.
 */
import type {
  StaffAccount,
  StaffAccountBody,
  StaffAccountChangeBody,
  StaffAccountPinReply,
  StaffAccountsReply,
  StaffAuditQuery,
  StaffAuditReply,
} from '../../contract/schemas.ts';
import { call, http, staffSessionHeaders } from './http.ts';

/** The query string of a trail call: only the filters given. */
function auditSearchParams(query: StaffAuditQuery): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

export const getStaffAccounts = (hId: number, token: string): Promise<StaffAccountsReply> =>
  call(() =>
    http.get(`staff/hotels/${hId}/accounts`, { headers: staffSessionHeaders(token) }).json<StaffAccountsReply>(),
  );

/** A new account; the answer holds its first PIN, shown once. */
export const addStaffAccount = (hId: number, token: string, body: StaffAccountBody): Promise<StaffAccountPinReply> =>
  call(() =>
    http
      .post(`staff/hotels/${hId}/accounts`, { json: body, headers: staffSessionHeaders(token) })
      .json<StaffAccountPinReply>(),
  );

/** Renames, changes the role of, disables or enables an account. */
export const changeStaffAccount = (
  hId: number,
  token: string,
  accountId: number,
  change: StaffAccountChangeBody,
): Promise<StaffAccount> =>
  call(() =>
    http
      .patch(`staff/hotels/${hId}/accounts/${accountId}`, { json: change, headers: staffSessionHeaders(token) })
      .json<StaffAccount>(),
  );

/** A new PIN for the account (shown once); its open sessions end. */
export const resetStaffAccountPin = (hId: number, token: string, accountId: number): Promise<StaffAccountPinReply> =>
  call(() =>
    http
      .post(`staff/hotels/${hId}/accounts/${accountId}/pin-reset`, { headers: staffSessionHeaders(token) })
      .json<StaffAccountPinReply>(),
  );

/** A page of the trail, the latest first. */
export const getStaffAudit = (hId: number, token: string, query: StaffAuditQuery): Promise<StaffAuditReply> =>
  call(() =>
    http
      .get(`staff/hotels/${hId}/audit`, { searchParams: auditSearchParams(query), headers: staffSessionHeaders(token) })
      .json<StaffAuditReply>(),
  );

/**
 * The whole trail of these filters as a CSV file's text, a byte order mark first: reading the answer as text drops
 * the server's, and spreadsheet programs need it to read the file as UTF-8.
 */
export const getStaffAuditCsv = (hId: number, token: string, query: StaffAuditQuery): Promise<string> =>
  call(async () => {
    const text = await http
      .get(`staff/hotels/${hId}/audit.csv`, {
        searchParams: auditSearchParams(query),
        headers: staffSessionHeaders(token),
      })
      .text();
    return `\uFEFF${text.replace(/^\uFEFF/, '')}`;
  });
