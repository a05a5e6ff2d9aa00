import { fromPromise } from 'xstate';
import type { StaffAuditQuery } from '../../../../../contract/schemas.ts';
import type { StaffSectionInput } from '../../../../../machines/staffConsole.machine.ts';
import { type LoadTrailInput, staffTrailMachine } from '../../../../../machines/staffTrail.machine.ts';
import { getStaffAccounts, getStaffAudit, getStaffAuditCsv } from '../../../../api/staffAccounts.ts';
import { saveFile } from '../impact/saveFile.ts';

/** The CSV's file name: the hotel and the days it covers, when they were chosen. */
export function trailCsvFileName(hId: number, query: StaffAuditQuery): string {
  const days = [query.from && `from-${query.from}`, query.to && `to-${query.to}`].filter(Boolean);
  return `${['greenmiles-trail', hId, ...days].join('-')}.csv`;
}

/** The 'Trail' tab's machine with its real calls and the CSV download (docs/behaviour.md#trail-tab). */
export function staffTrailLogic() {
  return staffTrailMachine.provide({
    actors: {
      loadPeople: fromPromise(({ input }: { input: StaffSectionInput }) => getStaffAccounts(input.hId, input.token)),
      loadTrail: fromPromise(({ input }: { input: LoadTrailInput }) =>
        getStaffAudit(input.hId, input.token, input.query),
      ),
      exportTrail: fromPromise(async ({ input }: { input: LoadTrailInput }) => {
        const csv = await getStaffAuditCsv(input.hId, input.token, input.query);
        saveFile(trailCsvFileName(input.hId, input.query), csv, 'text/csv;charset=utf-8');
      }),
    },
  });
}
