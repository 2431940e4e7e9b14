// The seven tabs of spec §2 and the offers' as one keyboard-usable tablist (arrow keys move between tabs). A tab's
// reads start when it is first shown; the timed ones (today's summary, recent clicks) are kept refreshing
// by the dashboard itself, whichever tab is open.
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { sharedViewTexts, tabTexts } from '../texts';
import type { Period } from './analytics-queries';
import { AlertsTab, OpenAlertsBadge } from './alerts/AlertsTab';
import { AffiliateTab } from './tabs/AffiliateTab';
import { DailyStatsTab } from './tabs/DailyStatsTab';
import { DevicesTab } from './tabs/DevicesTab';
import { GeographyTab } from './tabs/GeographyTab';
import { JourneyTab } from './tabs/JourneyTab';
import { OffersTab } from './tabs/OffersTab';
import { RecentActivityTab } from './tabs/RecentActivityTab';
import { TrafficTab } from './tabs/TrafficTab';
import { SharedViewsTab } from './shared-views/SharedViewsTab';

const tabs = [
  { value: 'journey', label: tabTexts.journey, Content: JourneyTab },
  { value: 'daily', label: tabTexts.daily, Content: DailyStatsTab },
  { value: 'affiliate', label: tabTexts.affiliate, Content: AffiliateTab },
  { value: 'traffic', label: tabTexts.traffic, Content: TrafficTab },
  { value: 'devices', label: tabTexts.devices, Content: DevicesTab },
  { value: 'geo', label: tabTexts.geo, Content: GeographyTab },
  { value: 'recent', label: tabTexts.recent, Content: RecentActivityTab },
  { value: 'offers', label: tabTexts.offers, Content: OffersTab },
  { value: 'alerts', label: tabTexts.alerts, Content: AlertsTab },
  { value: 'shared-views', label: sharedViewTexts.tab, Content: SharedViewsTab },
] as const;

export function DashboardTabs({ period }: { period: Period }) {
  const [active, setActive] = useState<string>('journey');
  return (
    <Tabs.Root className="tabs" value={active} onValueChange={setActive}>
      <Tabs.List className="tab-list" aria-label={tabTexts.list}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className="tab-trigger">
            {tab.label}
            {tab.value === 'alerts' && <OpenAlertsBadge />}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map(({ value, Content }) => (
        <Tabs.Content key={value} value={value} className="tab-panel" data-testid={`tab-${value}`}>
          <Content period={period} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
