// The "Utilizatori activi" card: the live count from the socket. While the socket is down the figure is not
// known, and the card says so instead of a dash that reads as "still loading".
import { formatNumber, placeholder } from '../lib/format';
import { cardTexts } from '../texts';
import { StatCard } from './StatCard';

export function ActiveUsersCard({ count, liveDown }: { count: number | null; liveDown: boolean }) {
  if (liveDown) {
    return (
      <StatCard
        testId="card-active-users"
        label={cardTexts.activeUsers}
        value={<span className="stat-unavailable">{cardTexts.activeUsersUnavailable}</span>}
        detail={cardTexts.activeUsersUnavailableHint}
      />
    );
  }
  return (
    <StatCard
      testId="card-active-users"
      label={cardTexts.activeUsers}
      value={count === null ? placeholder : formatNumber(count)}
      detail={cardTexts.activeUsersHint}
    />
  );
}
