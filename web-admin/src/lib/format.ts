// How numbers, durations, dates and visitor ids read on the dashboard: Romanian formatting, times in
// the operator's zone (design.md §4: Europe/Bucharest).
export const operatorTimeZone = 'Europe/Bucharest';

const numberFormat = new Intl.NumberFormat('ro-RO', { maximumFractionDigits: 1 });
const moneyFormat = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTimeFormat = new Intl.DateTimeFormat('ro-RO', {
  timeZone: operatorTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const dayFormat = new Intl.DateTimeFormat('ro-RO', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export const placeholder = '—';

function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
}

/** Average session time on its card: minutes and seconds, e.g. "2m 5s". */
export function formatMinutesSeconds(seconds: number): string {
  const total = wholeSeconds(seconds);
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

/** Time on site of a live visitor: like the card, with hours once a visit passes one. */
export function formatTimeOnSite(seconds: number): string {
  const total = wholeSeconds(seconds);
  if (total < 3600) return formatMinutesSeconds(total);
  const hours = Math.floor(total / 3600);
  return `${hours}h ${formatMinutesSeconds(total - hours * 3600)}`;
}

export function formatNumber(value: number): string {
  return Number.isFinite(value) ? numberFormat.format(value) : placeholder;
}

/** An amount of money with its ISO currency, as the operator reads it, e.g. "1.234,50 RON". */
export function formatMoney(amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return placeholder;
  return `${moneyFormat.format(amount)} ${currency}`;
}

/** A percentage already on the 0..100 scale, e.g. 12.5 → "12,5%". */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? `${numberFormat.format(value)}%` : placeholder;
}

/** The last `count` characters of a visitor id: the random tail, which tells visitors apart. */
export function lastChars(value: string | null | undefined, count = 8): string {
  if (!value) return placeholder;
  return value.length <= count ? value : value.slice(-count);
}

/** An ISO timestamp as the operator reads it, e.g. "21.11.2026, 14:05:09". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return placeholder;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** A calendar day as the database returns it ('YYYY-MM-DD') → "21.11.2026", never shifted by a zone. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return dayFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** A calendar day on a chart's axis, day and month: '2026-11-21' → "21.11". */
export function formatShortDay(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}.${match[1]}` : day;
}

/** The size of a change, without its sign (a badge's arrow says the direction): "12%", "3 p.p."; null → "—". */
export function formatChangeSize(change: number | null, unit: '%' | 'p.p.' = '%'): string {
  if (change === null || !Number.isFinite(change)) return placeholder;
  const digits = numberFormat.format(Math.abs(change));
  return unit === '%' ? `${digits}%` : `${digits} p.p.`;
}
