import { useActorRef } from '@xstate/react';
import { type ChangeEvent, useMemo } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { type InspectionRecord, inspectorMachine } from '../../../machines/inspector.machine.ts';
import { useConnected } from '../binding/useConnected.ts';
import { useProvidedLogic } from '../binding/useProvidedLogic.ts';
import { connectInspector, recordSummary } from './inspector.connect.ts';
import { MACHINES } from './machineCatalog.ts';
import { StatechartSvg } from './StatechartSvg.tsx';
import { activeStateIds } from './statechart.ts';
import { chartOf, useStatechartLayout } from './useStatechartLayout.ts';
import './Inspector.css';

const MACHINE_IDS = [...MACHINES.keys()];

export type Subscribe = (listener: (records: InspectionRecord[]) => void) => () => void;

export interface InspectorAppProps {
  /** Where the records come from: this page's actors (side panel) or the guest tabs (/inspector). */
  subscribe: Subscribe;
  /** The level of the section headings (2 on the page, 3 in the side panel). */
  headingLevel?: 2 | 3;
  /** Replaces the machine's file reading (tests); the real one by default. */
  logic?: typeof inspectorMachine;
}

/** Offers a text as a file to save. */
function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function sessionFileName(): string {
  return `greenmiles-inspection-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
}

/** The inspector machine with its real file reading; the view adds the feed and the file saving. */
const inspectorLogic = inspectorMachine.provide({
  actors: { readSessionFile: fromPromise<string, { file: Blob }>(({ input }) => input.file.text()) },
});

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/**
 * The QA inspector (English only, a QA tool): controls, running actors, the chart of one machine with their active
 * states, the event list and the snapshot on screen. docs/inspector.md.
 */
export function InspectorApp({ subscribe, headingLevel = 2, logic = inspectorLogic }: InspectorAppProps) {
  const withFeed = useMemo(
    () =>
      logic.provide({
        actors: {
          feed: fromCallback(({ sendBack }) =>
            subscribe((records) => sendBack({ type: 'inspection.record', records })),
          ),
        },
      }),
    [logic, subscribe],
  );
  const provided = useProvidedLogic(withFeed, {
    saveSessionFile: (_: unknown, { text }: { text: string }) => saveText(text, sessionFileName()),
  });
  const actorRef = useActorRef(provided);
  const view = useConnected(actorRef, connectInspector, MACHINE_IDS);
  const Heading = `h${headingLevel}` as const;

  const onImport = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) view.importSession(file);
    event.target.value = '';
  };

  return (
    <div className="inspector" lang="en" dir="ltr" {...view.root}>
      <div className="inspector__toolbar" role="toolbar" aria-label="Recording">
        <button
          type="button"
          aria-pressed={view.pause.pressed}
          disabled={view.pause.disabled}
          onClick={view.pause.onClick}
        >
          Pause
        </button>
        <button type="button" disabled={view.stepBack.disabled} onClick={view.stepBack.onClick}>
          Step back
        </button>
        <button type="button" disabled={view.stepForward.disabled} onClick={view.stepForward.onClick}>
          Step forward
        </button>
        <button type="button" disabled={view.clear.disabled} onClick={view.clear.onClick}>
          Clear
        </button>
        <button type="button" disabled={view.exportSession.disabled} onClick={view.exportSession.onClick}>
          Export session
        </button>
        <label className="inspector__import">
          Import session
          <input type="file" accept="application/json,.json" onChange={onImport} />
        </label>
        {view.isReplaying && (
          <button type="button" onClick={view.leaveReplay}>
            Back to live
          </button>
        )}
      </div>
      <p className="inspector__status" role="status" data-part="status">
        {view.status}
      </p>
      {view.importFailed && (
        <p className="inspector__error" role="alert">
          The file is not a GreenMiles inspection session.
        </p>
      )}

      <div className="inspector__panes">
        <section className="inspector__actors" aria-labelledby="inspector-actors">
          <Heading id="inspector-actors">Running actors</Heading>
          {view.actors.length === 0 ? (
            <p>No stay page is running: open one (this tab or another of this browser).</p>
          ) : (
            <ul>
              {view.actors.map((actor) => (
                <li
                  key={actor.actorId}
                  style={{ paddingInlineStart: `${actor.depth}rem` }}
                  data-part="actor"
                  data-actor={actor.name}
                  data-machine={actor.machineId ?? undefined}
                  data-state={actor.state}
                >
                  {actor.machineId ? (
                    <button
                      type="button"
                      aria-pressed={actor.machineId === view.selectedMachine}
                      onClick={() => actor.machineId && view.selectMachine(actor.machineId)}
                    >
                      <span className="inspector__actor-name">{actor.name}</span> ({actor.machineId}):{' '}
                      <strong>{actor.state}</strong>
                    </button>
                  ) : (
                    <span>
                      <span className="inspector__actor-name">{actor.name}</span>: {actor.state}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="inspector__chart" aria-labelledby="inspector-chart">
          <Heading id="inspector-chart">Statechart</Heading>
          <label className="inspector__machine-select">
            Machine{' '}
            <select value={view.selectedMachine ?? ''} onChange={(event) => view.selectMachine(event.target.value)}>
              {MACHINE_IDS.map((machineId) => (
                <option key={machineId} value={machineId}>
                  {machineId}
                </option>
              ))}
            </select>
          </label>
          <Chart machineId={view.selectedMachine} activeValues={view.activeActors.map((actor) => actor.record.value)} />
        </section>

        <section className="inspector__events" aria-labelledby="inspector-events">
          <Heading id="inspector-events">Events</Heading>
          <ol className="inspector__event-list">
            {view.records.map((record, index) => (
              <li key={`${record.actorId}#${record.seq}`}>
                <button
                  type="button"
                  aria-current={index === view.position - 1 ? 'step' : undefined}
                  onClick={() => view.goTo(index + 1)}
                >
                  {recordSummary(record)}
                </button>
              </li>
            ))}
          </ol>
        </section>

        <section className="inspector__snapshot" aria-labelledby="inspector-snapshot">
          <Heading id="inspector-snapshot">Snapshot</Heading>
          {view.current ? (
            <dl>
              <dt>Actor</dt>
              <dd>
                {view.current.name} ({view.current.machineId ?? 'not a machine'}), {view.current.status}
              </dd>
              <dt>Event</dt>
              <dd>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard. */}
                <pre tabIndex={0} data-part="event">
                  {json(view.current.event)}
                </pre>
              </dd>
              <dt>Context after it</dt>
              <dd>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard. */}
                <pre tabIndex={0} data-part="context">
                  {json(view.current.context)}
                </pre>
              </dd>
            </dl>
          ) : (
            <p>No snapshot yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}

function Chart({ machineId, activeValues }: { machineId: string | null; activeValues: unknown[] }) {
  const layout = useStatechartLayout(machineId);
  const chart = machineId ? chartOf(machineId) : null;
  const active = new Set(chart ? activeValues.flatMap((value) => activeStateIds(chart, value)) : []);
  if (!layout) return <p>Laying out the chart…</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart scrolls; the keyboard must reach it.
    <section className="inspector__chart-scroll" tabIndex={0} aria-label={`${layout.machineId} chart`}>
      <StatechartSvg layout={layout} activeStates={active} />
    </section>
  );
}
