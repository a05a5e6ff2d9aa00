import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { RedemptionsReply } from '../../../../../contract/schemas.ts';
import { useConnected } from '../../../binding/useConnected.ts';
import { useHotelTime } from '../hotelTime.ts';
import { TableScroll } from '../TableScroll.tsx';
import { StaffListFrame } from './StaffListFrame.tsx';
import { connectStaffList, type StaffListRef } from './staffList.connect.ts';

/**
 * The rewards used today (docs/behaviour.md#today-tab), the latest first, to reconcile the bill: reward, room, code,
 * claimed, used, how (the guest's screen swiped by staff, or the code checked here) and who handed it over.
 */
export function RedemptionsSection({ actor }: { actor: StaffListRef<RedemptionsReply> }) {
  const { t } = useLingui();
  const hotelTime = useHotelTime();
  const list = useConnected(actor, connectStaffList<RedemptionsReply>);
  const headingId = useId();
  return (
    <section className="staff-today__section" aria-labelledby={headingId} data-part="redemptions" {...list.root}>
      <h3 id={headingId} className="staff-today__title">
        <Trans>Récompenses utilisées aujourd'hui</Trans>
      </h3>
      <StaffListFrame
        list={list}
        loadingLabel={t`Chargement des récompenses utilisées…`}
        failureText={t`Impossible de charger les récompenses utilisées.`}
      >
        {(reply) =>
          reply.redemptions.length === 0 ? (
            <p data-part="empty">
              <Trans>Aucune récompense utilisée aujourd'hui.</Trans>
            </p>
          ) : (
            <TableScroll label={t`Récompenses utilisées aujourd'hui`}>
              <table className="staff-table" aria-labelledby={headingId} data-part="uses">
                <thead>
                  <tr>
                    <th scope="col">{t`Utilisée le`}</th>
                    <th scope="col">{t`Récompense`}</th>
                    <th scope="col">{t`Chambre`}</th>
                    <th scope="col">{t`Code`}</th>
                    <th scope="col">{t`Débloquée le`}</th>
                    <th scope="col">{t`Validation`}</th>
                    <th scope="col">{t`Remise par`}</th>
                  </tr>
                </thead>
                <tbody>
                  {reply.redemptions.map((use) => (
                    <tr key={`${use.usedAt}-${use.rwId}-${use.code ?? use.roomNumber}`} data-state={use.usedBy}>
                      <td>{hotelTime(use.usedAt)}</td>
                      <th scope="row" className="staff-table__text">
                        {use.rewardName}
                      </th>
                      <td>{use.roomNumber ?? t`Sans chambre`}</td>
                      <td className="staff-code">{use.code ?? t`Sans code`}</td>
                      <td>{hotelTime(use.claimedAt)}</td>
                      <td>{use.usedBy === 'staff' ? t`Code vérifié` : t`Écran du client`}</td>
                      <td className="staff-table__text">{use.staffName ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )
        }
      </StaffListFrame>
    </section>
  );
}
