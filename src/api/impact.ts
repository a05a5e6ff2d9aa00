import type { CertificationFormat } from '../../contract/certification.ts';
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

/**
 * docs/impact.md#certification: the period's certification dossier, a CSV file or a one-page PDF. A Blob, since the
 * token goes in a header a plain link cannot send.
 */
export const getCertificationFile = (
  hId: number,
  period: { from: string; to: string },
  format: CertificationFormat,
  staffToken: string,
): Promise<Blob> =>
  call(() =>
    http
      .get(`staff/hotels/${hId}/certification.${format}`, {
        searchParams: period,
        headers: staffSessionHeaders(staffToken),
      })
      .blob(),
  );
