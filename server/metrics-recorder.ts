/**
 * What the domain, the mailer and the report scheduler tell the metrics (docs/operations.md#metrics), without knowing
 * how they are kept: server/metrics.ts records them in a Prometheus registry; without metrics configured nothing is
 * recorded (NO_METRICS).
 */
import type { ReportOutcome } from './domain/report-sending.ts';

/** A ledger entry by what it does: points an action earned, points a changed answer took back, points a claim spent. */
export type LedgerWriteKind = 'earned' | 'reversed' | 'spent';

/** A scheduler pass over the hotels' daily reports: it went through the hotels, or it failed before it could. */
export type ReportRunOutcome = 'completed' | 'failed';

export interface MetricsRecorder {
  /** One ledger entry written (and committed): its kind and its points, always positive. */
  ledgerWrite(kind: LedgerWriteKind, points: number): void;
  /** One e-mail handed to the SMTP server, or refused by it or never delivered to it. */
  mail(outcome: 'sent' | 'failed'): void;
  /** One pass of the daily report scheduler. */
  reportRun(outcome: ReportRunOutcome): void;
  /** One hotel's daily report the scheduler tried to send: sent, sent by another process, or failed. */
  dailyReport(outcome: ReportOutcome | 'failed'): void;
}

export const NO_METRICS: MetricsRecorder = {
  ledgerWrite() {},
  mail() {},
  reportRun() {},
  dailyReport() {},
};
