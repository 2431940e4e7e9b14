// "Descarcă CSV" under a table; its accessible name says which table, the visible text stays short.
import { dashboardTexts } from '../texts';
import { csvExportUrl, type CsvExport, type Period } from './analytics-queries';

export function CsvLink({ name, period, what }: { name: CsvExport; period: Period; what: string }) {
  return (
    <a
      className="button button-secondary csv-link"
      href={csvExportUrl(name, period)}
      download
      aria-label={dashboardTexts.downloadCsvOf(what)}
    >
      {dashboardTexts.downloadCsv}
    </a>
  );
}
