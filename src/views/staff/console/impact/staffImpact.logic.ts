import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import { certificationFileName } from '../../../../../contract/certification.ts';
import type { ImpactSummaryReply } from '../../../../../contract/schemas.ts';
import {
  type DownloadCertificationInput,
  type LoadSummaryInput,
  staffImpactMachine,
} from '../../../../../machines/staffImpact.machine.ts';
import { getCertificationFile, getImpactSummary } from '../../../../api/impact.ts';
import { impactCsv, impactCsvFileName } from './impactCsv.ts';
import { periodOf } from './period.ts';
import { saveFile } from './saveFile.ts';

/** The 'Impact' tab's machine with its real calls, the CSV download and the certification files' (docs/behaviour.md#impact-tab). */
export function staffImpactLogic(now: () => Date = () => new Date()) {
  return staffImpactMachine.provide({
    actors: {
      loadSummary: fromPromise(({ input }: { input: LoadSummaryInput }) =>
        getImpactSummary(input.hId, periodOf(input.choice, input.timeZone, now()), input.token),
      ),
      downloadCertification: fromPromise(async ({ input }: { input: DownloadCertificationInput }) => {
        const file = await getCertificationFile(input.hId, input, input.format, input.token);
        saveFile(certificationFileName(input.hId, input, input.format), file, file.type);
      }),
    },
    actions: {
      downloadCsv: (_, summary: ImpactSummaryReply) =>
        saveFile(impactCsvFileName(summary), impactCsv(summary, i18n), 'text/csv;charset=utf-8'),
    },
  });
}
