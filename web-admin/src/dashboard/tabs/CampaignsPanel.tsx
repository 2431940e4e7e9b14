// "Campanii": the period's first-touch visitors, their offer clicks, and the conversions and
// revenue of those clicks per UTM campaign and term, shown under the traffic sources they refine.
import type { CampaignRow } from '@bodymetrics/contracts';
import { formatMoney, formatNumber, placeholder } from '../../lib/format';
import { campaignTexts } from '../../texts';
import { useCampaigns, useOverview, type Period } from '../analytics-queries';
import { CsvLink } from '../CsvLink';
import { DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';
import { suspiciousShareColumn } from '../suspicious-share-column';

export function CampaignsPanel({ period }: { period: Period }) {
  const campaigns = useCampaigns(period);
  // The currency revenue is recorded in (REVENUE_CURRENCY), as the Venit card names it.
  const currency = useOverview(period).data?.revenueCurrency ?? '';
  return (
    <Panel
      title={campaignTexts.heading}
      definition={campaignTexts.definition}
      actions={<CsvLink name="campaigns" period={period} what={campaignTexts.csvWhat} />}
    >
      <QueryState query={campaigns} isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <DataTable<CampaignRow>
            caption={campaignTexts.heading}
            captionHidden
            rows={rows}
            rowKey={(r) => `${r.campaign}|${r.term ?? ''}`}
            testId="campaigns"
            columns={[
              { header: campaignTexts.campaign, cell: (r) => r.campaign },
              { header: campaignTexts.term, cell: (r) => r.term ?? placeholder },
              { header: campaignTexts.visitors, cell: (r) => formatNumber(r.visitors), numeric: true },
              { header: campaignTexts.clicks, cell: (r) => formatNumber(r.clicks), numeric: true },
              { header: campaignTexts.conversions, cell: (r) => formatNumber(r.conversions), numeric: true },
              {
                header: campaignTexts.revenue(currency),
                cell: (r) => formatMoney(r.revenue, currency),
                numeric: true,
              },
              suspiciousShareColumn<CampaignRow>(),
            ]}
          />
        )}
      </QueryState>
    </Panel>
  );
}
