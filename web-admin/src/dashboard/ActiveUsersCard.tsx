// The "Utilizatori activi" card: the live count from the socket. While the socket is down the figure is not
// known, and the card says so instead of a dash that reads as "still loading".
import { formatNumber, placeholder } from '../lib/format';
import { cardDefinitions, cardTexts } from '../texts';
import { StatCard } from './StatCard';

export function ActiveUsersCard({ count, liveDown }: { count: number | null; liveDown: boolean }) {
  const card = {
    testId: 'card-active-users',
    label: cardTexts.activeUsers,
    definition: cardDefinitions.activeUsers,
  };
  if (liveDown) {
    return (
      <StatCard
        {...card}
        value={<span className="stat-unavailable">{cardTexts.activeUsersUnavailable}</span>}
        detail={cardTexts.activeUsersUnavailableHint}
      />
    );
  }
  return (
    <StatCard
      {...card}
      value={count === null ? placeholder : formatNumber(count)}
      detail={cardTexts.activeUsersHint}
    />
  );
}
