/**
 * What a server process tells of the database faults its requests meet (docs/server.md#database-unavailable,
 * docs/server.md#storage-unavailable): one log line per fault a minute, however many requests it refuses, and the
 * storage fault /healthz reports.
 */
import { errorReason } from './connection.ts';
import type { StorageFault } from './unavailable.ts';

export type DatabaseFault = 'unavailable' | StorageFault;

/** How often a fault that goes on is logged again, and how long a storage fault is reported after the last one. */
export const FAULT_INTERVAL_MS = 60_000;

const FAULT_LINES: Record<DatabaseFault, string> = {
  unavailable: 'database unavailable: calls answer 503 database_unavailable',
  full: 'database storage full: writes answer 503 storage_unavailable',
  read_only: 'database read-only: writes answer 503 storage_unavailable',
};

export interface DatabaseFaults {
  /** A call failed on `fault`: logged at once if not logged within the minute, else counted in the next line. */
  refused(fault: DatabaseFault, error: unknown): void;
  /** A write transaction committed: the storage takes writes again. */
  wrote(): void;
  /**
   * The storage fault of the latest refused write, unless a write has committed since or none was refused for a
   * minute (nothing else would tell that space came back while no write is tried).
   */
  storageFault(): StorageFault | null;
}

/** The two levels the faults log at (the app's logger). */
export interface FaultLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export function createDatabaseFaults(log: FaultLog, now: () => number = Date.now): DatabaseFaults {
  const lastLine = new Map<DatabaseFault, number>();
  const unlogged = new Map<DatabaseFault, number>();
  let storage: { fault: StorageFault; at: number } | null = null;
  return {
    refused(fault, error) {
      const at = now();
      if (fault !== 'unavailable') storage = { fault, at };
      const refusals = (unlogged.get(fault) ?? 0) + 1;
      const last = lastLine.get(fault);
      if (last !== undefined && at - last < FAULT_INTERVAL_MS) {
        unlogged.set(fault, refusals);
        return;
      }
      lastLine.set(fault, at);
      unlogged.set(fault, 0);
      log.warn({ reason: errorReason(error), refusals }, FAULT_LINES[fault]);
    },
    wrote() {
      if (storage === null) return;
      log.info({ fault: storage.fault }, 'database storage takes writes again');
      storage = null;
      for (const fault of ['full', 'read_only'] as const) {
        lastLine.delete(fault);
        unlogged.delete(fault);
      }
    },
    storageFault() {
      if (storage !== null && now() - storage.at >= FAULT_INTERVAL_MS) storage = null;
      return storage?.fault ?? null;
    },
  };
}
