import type { QrScanBody, QrScanReply } from '../../contract/schemas.ts';
import { call, http } from './http.ts';

/** Registers a scan; a failure is silent (docs/behaviour.md#qr-scans), so callers may ignore the rejection. */
export const registerQrScan = (scan: QrScanBody): Promise<QrScanReply> => {
  const path =
    scan.scanType === 'HOTEL' ? `qr-scans/hotel/${scan.hId}` : `qr-scans/room/${encodeURIComponent(scan.qrId)}`;
  return call(() => http.post(path, { json: scan }).json<QrScanReply>());
};
