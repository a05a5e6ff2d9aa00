import type { ImpactSummaryReply } from '../../contract/schemas.ts';
import { call, http, staffSessionHeaders } from './http.ts';

/** docs/impact.md: the hotel's figures over a hotel-local period, with the staff session's token. */
export const getImpactSummary = (
  hId: number,
  period: { from: string; to: string },
  staffToken: string,
): Promise<ImpactSummaryReply> =>
  call(() =>
    http
      .get(`staff/hotels/${hId}/summary`, {
        searchParams: period,
        headers: staffSessionHeaders(staffToken),
      })
      .json<ImpactSummaryReply>(),
  );
