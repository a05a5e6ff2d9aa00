import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useId } from 'react';
import { type CleaningDay, calendarDateIn, cleaningDateAt } from '../../../../../contract/calendar-days.ts';
import type { CleaningOutcome } from '../../../../../contract/evidence.ts';
import type { HousekeepingReply } from '../../../../../contract/schemas.ts';
import { useLanguage } from '../../../../i18n/LanguageProvider.tsx';
import { useConnected } from '../../../binding/useConnected.ts';
import { formatValidUntil } from '../../../rewards/details/rewardDisplay.ts';
import { useHotelTime } from '../hotelTime.ts';
import { StaffConsoleContext } from '../StaffConsolePage.tsx';
import { TableScroll } from '../TableScroll.tsx';
import { type CleaningCheckRef, connectCleaningCheck, type RoomReport } from './cleaningCheck.connect.ts';
import { StaffListFrame } from './StaffListFrame.tsx';
import { connectStaffList, type StaffListRef } from './staffList.connect.ts';

/**
 * The rooms that skip cleaning on the day shown (docs/behaviour.md#today-tab): room, since when, whether the guest changed the
 * answer back, and housekeeping's report on each room still skipping (two buttons until someone reported); reloads
 * by itself every minute; the one part of the page that prints. From 11:00 hotel-local, 'Aujourd'hui' / 'Demain'
 * choose between today's list (to report on) and tomorrow's (to plan).
 */
export function HousekeepingSection({
  actor,
  reportsActor,
}: {
  actor: StaffListRef<HousekeepingReply>;
  reportsActor: CleaningCheckRef;
}) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const hotelTime = useHotelTime();
  const list = useConnected(actor, connectStaffList<HousekeepingReply>);
  const reports = useConnected(reportsActor, connectCleaningCheck);
  const timeZone = StaffConsoleContext.useSelector((snapshot) => snapshot.context.hotel?.hotel.timeZone ?? 'UTC');
  const shownDay = StaffConsoleContext.useSelector(
    (snapshot): CleaningDay =>
      snapshot.matches({ signedIn: { today: { rooms: { open: 'tomorrow' } } } }) ? 'tomorrow' : 'today',
  );
  const { send } = StaffConsoleContext.useActorRef();
  const now = new Date();
  // Before 11:00 guests' answers speak of today's cleaning: one list, no choice.
  const twoDays = cleaningDateAt(now, timeZone) !== calendarDateIn(timeZone, now);
  // From 11:00 the list is the next day's: its cleanings have not happened yet, nothing to report.
  const reportable = (date: string) => date <= calendarDateIn(timeZone, new Date());
  const headingId = useId();
  const listDate = list.reply ? formatValidUntil(list.reply.date, language) : null;
  const title = listDate ? t`Chambres sans ménage — ${listDate}` : t`Chambres sans ménage`;
  return (
    <section
      className="staff-today__section staff-today__section--housekeeping"
      aria-labelledby={headingId}
      data-part="housekeeping"
      {...list.root}
    >
      <span hidden data-part="reports" {...reports.root} />
      <div className="staff-today__section-head">
        <h3 id={headingId} className="staff-today__title">
          {title}
        </h3>
        <button
          type="button"
          className="button-secondary staff-today__button"
          data-part="print"
          disabled={list.reply === null}
          onClick={() => window.print()}
        >
          <Trans>Imprimer la liste</Trans>
        </button>
      </div>
      {twoDays && <DayChoice shownDay={shownDay} onShowDay={(day) => send({ type: 'housekeeping.showDay', day })} />}
      <p className="staff-today__hint">
        <Trans>La liste se met à jour toute seule chaque minute.</Trans>
      </p>
      <StaffListFrame
        list={list}
        loadingLabel={t`Chargement de la liste…`}
        failureText={t`Impossible de charger la liste des chambres.`}
      >
        {(reply) =>
          reply.rooms.length === 0 ? (
            <p data-part="empty">
              <Trans>Aucune chambre ne renonce au ménage ce jour-là.</Trans>
            </p>
          ) : (
            <TableScroll label={title}>
              <table className="staff-table" aria-labelledby={headingId} data-part="rooms">
                <thead>
                  <tr>
                    <th scope="col">{t`Chambre`}</th>
                    <th scope="col">{t`Depuis`}</th>
                    <th scope="col">{t`Ménage`}</th>
                  </tr>
                </thead>
                <tbody>
                  {reply.rooms.map((room) => {
                    const report = reports.roomReport(reply.date, room);
                    const changedBack =
                      room.skipping || room.changedBackAt === null ? null : hotelTime(room.changedBackAt);
                    const roomHeaderId = `${headingId}-room-${room.roomNumber}`;
                    const reported = report.check !== null || (!changedBack && reportable(reply.date));
                    return (
                      <Fragment key={room.roomNumber}>
                        <tr data-state={changedBack ? 'changedBack' : 'skipping'}>
                          <th scope="row" id={roomHeaderId}>
                            {room.roomNumber}
                          </th>
                          <td>{hotelTime(room.since)}</td>
                          <td className="staff-table__text">
                            {changedBack ? t`Ménage demandé à nouveau le ${changedBack}` : t`Pas de ménage`}
                          </td>
                        </tr>
                        {/* The report across the row's width, under it: readable on a phone without scrolling. */}
                        {reported && (
                          <tr className="staff-today__report-row" data-part="room-report" data-room={room.roomNumber}>
                            <td colSpan={3}>
                              <RoomReportCell
                                report={report}
                                roomHeaderId={roomHeaderId}
                                disabled={reports.reporting}
                                onReport={(outcome) => reports.onReport(reply.date, room.roomNumber, outcome)}
                              />
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          )
        }
      </StaffListFrame>
    </section>
  );
}

/** 'Aujourd'hui' / 'Demain': two radios drawn as one segmented control. */
function DayChoice({ shownDay, onShowDay }: { shownDay: CleaningDay; onShowDay: (day: CleaningDay) => void }) {
  const { t } = useLingui();
  const name = useId();
  const days: { day: CleaningDay; label: string }[] = [
    { day: 'today', label: t`Aujourd'hui` },
    { day: 'tomorrow', label: t`Demain` },
  ];
  return (
    <fieldset className="staff-today__days" data-part="days">
      <legend className="visually-hidden">{t`Jour de la liste`}</legend>
      {days.map(({ day, label }) => (
        <label key={day} className="staff-today__day" data-state={day === shownDay ? 'checked' : 'unchecked'}>
          <input type="radio" name={name} checked={day === shownDay} onChange={() => onShowDay(day)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A room's report: what housekeeping said, who and when; until then 'Non nettoyée, comme demandé' and 'Nettoyée
 * quand même', with why the last tap was not recorded.
 */
function RoomReportCell({
  report,
  roomHeaderId,
  disabled,
  onReport,
}: {
  report: RoomReport;
  /** The room's row header: each button says which room it reports on. */
  roomHeaderId: string;
  disabled: boolean;
  onReport: (outcome: CleaningOutcome) => void;
}) {
  const { t } = useLingui();
  const hotelTime = useHotelTime();
  if (report.check) {
    const { outcome, checkedBy, checkedAt } = report.check;
    const at = hotelTime(checkedAt);
    return (
      <span className="staff-today__room-report" data-state={outcome}>
        <strong>{outcome === 'honoured' ? t`Non nettoyée, comme demandé` : t`Nettoyée quand même`}</strong>
        <span>{checkedBy ? t`par ${checkedBy} le ${at}` : t`le ${at}`}</span>
      </span>
    );
  }
  const refusals = {
    alreadyReported: t`Quelqu'un a déjà répondu pour cette chambre : la liste se met à jour.`,
    outdated: t`Le client a changé d'avis : la liste se met à jour.`,
    failed: t`La réponse n'a pas été enregistrée. Réessayez.`,
  };
  return (
    <span className="staff-today__room-report">
      <span className="staff-today__report-buttons">
        <button
          type="button"
          className="button-secondary staff-today__button"
          disabled={disabled}
          aria-describedby={roomHeaderId}
          onClick={() => onReport('honoured')}
        >
          <Trans>Non nettoyée, comme demandé</Trans>
        </button>
        <button
          type="button"
          className="button-secondary staff-today__button"
          disabled={disabled}
          aria-describedby={roomHeaderId}
          onClick={() => onReport('cleanedAnyway')}
        >
          <Trans>Nettoyée quand même</Trans>
        </button>
      </span>
      {report.reporting && <span className="staff-today__report-note">{t`Enregistrement…`}</span>}
      {report.refusal && (
        <span className="staff-today__report-note staff-today__report-note--refused" role="alert">
          {refusals[report.refusal]}
        </span>
      )}
    </span>
  );
}
