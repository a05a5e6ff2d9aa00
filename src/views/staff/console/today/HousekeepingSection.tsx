import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { HousekeepingReply } from '../../../../../contract/schemas.ts';
import { useLanguage } from '../../../../i18n/LanguageProvider.tsx';
import { useConnected } from '../../../binding/useConnected.ts';
import { formatValidUntil } from '../../../rewards/details/rewardDisplay.ts';
import { useHotelTime } from '../hotelTime.ts';
import { TableScroll } from '../TableScroll.tsx';
import { StaffListFrame } from './StaffListFrame.tsx';
import { connectStaffList, type StaffListRef } from './staffList.connect.ts';

/**
 * The rooms that skip cleaning today (docs/behaviour.md#today-tab): room, since when, and whether the guest changed
 * the answer back; reloads by itself every minute; the one part of the page that prints.
 */
export function HousekeepingSection({ actor }: { actor: StaffListRef<HousekeepingReply> }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const hotelTime = useHotelTime();
  const list = useConnected(actor, connectStaffList<HousekeepingReply>);
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
                    const changedBack =
                      room.skipping || room.changedBackAt === null ? null : hotelTime(room.changedBackAt);
                    return (
                      <tr key={room.roomNumber} data-state={changedBack ? 'changedBack' : 'skipping'}>
                        <th scope="row">{room.roomNumber}</th>
                        <td>{hotelTime(room.since)}</td>
                        <td className="staff-table__text">
                          {changedBack ? t`Ménage demandé à nouveau le ${changedBack}` : t`Pas de ménage`}
                        </td>
                      </tr>
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
