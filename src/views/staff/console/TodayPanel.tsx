import { Trans } from '@lingui/react/macro';
import { StaffConsoleContext } from './StaffConsolePage.tsx';
import { CodeCheckSection } from './today/CodeCheckSection.tsx';
import { HousekeepingSection } from './today/HousekeepingSection.tsx';
import { RedemptionsSection } from './today/RedemptionsSection.tsx';
import './today/TodayPanel.css';

/**
 * The staff page's day (docs/behaviour.md#today-tab): the reward codes to check, the day's uses and the skip-cleaning
 * list, each run by its machine under the page's root (`signedIn.today`).
 */
export function TodayPanel() {
  const children = StaffConsoleContext.useSelector((snapshot) => snapshot.children);
  return (
    <div className="staff-today" data-scope="staff-today">
      <h2 className="staff-console__panel-title">
        <Trans>Aujourd'hui</Trans>
      </h2>
      <div className="staff-today__columns">
        <div className="staff-today__column">
          {children.staffCodeCheck && <CodeCheckSection actor={children.staffCodeCheck} />}
        </div>
        <div className="staff-today__column">
          {children.staffHousekeeping && <HousekeepingSection actor={children.staffHousekeeping} />}
        </div>
        {/* The widest table takes the whole width: its six columns read side by side on a desktop. */}
        <div className="staff-today__column staff-today__column--wide">
          {children.staffRedemptions && <RedemptionsSection actor={children.staffRedemptions} />}
        </div>
      </div>
    </div>
  );
}
