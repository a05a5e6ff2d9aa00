import { Trans } from '@lingui/react/macro';
import { StaffConsoleContext } from './StaffConsolePage.tsx';
import { CodeCheckSection } from './today/CodeCheckSection.tsx';
import { HousekeepingSection } from './today/HousekeepingSection.tsx';
import { RedemptionsSection } from './today/RedemptionsSection.tsx';
import './today/TodayPanel.css';

/**
 * The staff page's day (docs/behaviour.md#today-tab): the reward codes to check, the day's uses and the skip-cleaning
 * list, each run by its machine under the page's root (`signedIn.today`) when the person's role may use it; a
 * housekeeping person sees the skip-cleaning list alone, across the page.
 */
export function TodayPanel() {
  const children = StaffConsoleContext.useSelector((snapshot) => snapshot.children);
  const atDesk = children.staffCodeCheck !== undefined;
  return (
    <div className="staff-today" data-scope="staff-today">
      <h2 className="staff-console__panel-title">
        <Trans>Aujourd'hui</Trans>
      </h2>
      <div className="staff-today__columns">
        {children.staffCodeCheck && (
          <div className="staff-today__column">
            <CodeCheckSection actor={children.staffCodeCheck} />
          </div>
        )}
        {children.staffHousekeeping && children.staffCleaningCheck && (
          <div className={atDesk ? 'staff-today__column' : 'staff-today__column staff-today__column--wide'}>
            <HousekeepingSection actor={children.staffHousekeeping} reportsActor={children.staffCleaningCheck} />
          </div>
        )}
        {/* The widest table takes the whole width: its seven columns read side by side on a desktop. */}
        {children.staffRedemptions && (
          <div className="staff-today__column staff-today__column--wide">
            <RedemptionsSection actor={children.staffRedemptions} />
          </div>
        )}
      </div>
    </div>
  );
}
