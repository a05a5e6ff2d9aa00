import type { SnapshotFrom } from 'xstate';
import type { CertificationFormat } from '../../../../../contract/certification.ts';
import type { StaffImpactEvent, staffImpactMachine } from '../../../../../machines/staffImpact.machine.ts';
import { dataStateOf } from '../../../binding/dataState.ts';

type StaffImpactSnapshot = SnapshotFrom<typeof staffImpactMachine>;

export type ImpactPreset = 'last7' | 'last30';

/** The 'Impact' tab's props: which screen it shows, the period chosen, the figures and the handlers. */
export function connectStaffImpact(snapshot: StaffImpactSnapshot, send: (event: StaffImpactEvent) => void) {
  const { context } = snapshot;
  const screen = snapshot.hasTag('loading')
    ? ('loading' as const)
    : snapshot.matches('loaded')
      ? ('loaded' as const)
      : snapshot.matches('empty')
        ? ('empty' as const)
        : snapshot.matches('failed')
          ? ('failed' as const)
          : ('refused' as const);
  const { choice, summary } = context;
  return {
    root: { 'data-scope': 'staff-impact', 'data-state': dataStateOf(snapshot) },
    screen,
    preset: choice.preset,
    /** The dates the form shows: the custom ones asked for, else those of the figures last loaded. */
    dates:
      choice.preset === 'custom'
        ? { from: choice.from, to: choice.to }
        : summary
          ? { from: summary.from, to: summary.to }
          : null,
    /** The figures of the chosen period (loaded or empty), not those of a previous one while loading. */
    summary: screen === 'loaded' || screen === 'empty' ? summary : null,
    invalidPeriod: context.invalidPeriod,
    onChoosePreset: (preset: ImpactPreset) => send({ type: 'impactPeriod.choose', choice: { preset } }),
    onChooseDates: (from: string, to: string) =>
      send({ type: 'impactPeriod.choose', choice: { preset: 'custom', from, to } }),
    onRetry: () => send({ type: 'impactSummary.retry' }),
    onExport: () => send({ type: 'impactSummary.export' }),
    /** The certification dossier's download: under way (its buttons wait), or failed (a message says so). */
    certification: {
      downloading: snapshot.hasTag('downloading'),
      failed: snapshot.matches({ loaded: 'downloadFailed' }),
    },
    onDownloadCertification: (format: CertificationFormat) => send({ type: 'impactCertification.download', format }),
  } as const;
}

export type StaffImpactProps = ReturnType<typeof connectStaffImpact>;
