/**
 * The daily report's clock (docs/behaviour.md#daily-report): every server process ticks once at start (the catch-up
 * of a report missed while it was down) and then every REPORT_TICK_SECONDS; the database claim of each report decides
 * which process sends it, so the number of processes does not matter.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { Clock } from './domain/hotel-time.ts';
import { sendDueReports } from './domain/report-sending.ts';
import type { Mailer } from './mail/mailer.ts';
import { type MetricsRecorder, NO_METRICS } from './metrics-recorder.ts';

export const REPORT_TICK_SECONDS = 60;

export interface ReportScheduler {
  /** Sends the reports due now (one pass); resolves when done. A tick already running is joined, not doubled. */
  tick(): Promise<void>;
  start(): void;
  /** Stops ticking; resolves once a tick under way has finished. */
  stop(): Promise<void>;
}

export function createReportScheduler(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  now: Clock;
  log: FastifyBaseLogger;
  metrics?: MetricsRecorder;
}): ReportScheduler {
  const metrics = deps.metrics ?? NO_METRICS;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const pass = async () => {
    const reports = await sendDueReports(deps.db, deps.mailer, deps.now(), (hotelId, date, error) => {
      metrics.dailyReport('failed');
      deps.log.error({ err: error, hotelId, date }, 'daily report not sent: will retry at the next tick');
    });
    for (const report of reports) {
      metrics.dailyReport(report.outcome);
      if (report.outcome === 'sent') deps.log.info(report, 'daily report sent');
    }
    metrics.reportRun('completed');
  };
  const tick = () => {
    running ??= pass()
      .catch((error: unknown) => {
        metrics.reportRun('failed');
        deps.log.error({ err: error }, 'daily report tick failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    tick,
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), REPORT_TICK_SECONDS * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
