// One figure of the overview: its label with the "i" of its definition, the value, at most a short line of
// context, and its change from the period before as a small badge.
import { useId, type ReactNode } from 'react';
import { InfoButton } from './InfoButton';

export function StatCard({
  testId,
  label,
  definition,
  value,
  detail,
  change,
}: {
  testId: string;
  label: string;
  /** How the figure is counted (texts.ts cardDefinitions), behind the "i" button. */
  definition: string;
  value: ReactNode;
  detail?: ReactNode;
  /** A ChangeBadge. */
  change?: ReactNode;
}) {
  const id = useId();
  return (
    <article className="stat-card" data-testid={testId} aria-labelledby={id}>
      <div className="stat-heading">
        <h3 id={id} className="stat-label">
          {label}
        </h3>
        <InfoButton topic={label} text={definition} />
      </div>
      <p className="stat-value">{value}</p>
      {(detail !== undefined || change !== undefined) && (
        <div className="stat-foot">
          {change !== undefined && (
            <span className="stat-change" data-testid={`${testId}-change`}>
              {change}
            </span>
          )}
          {detail !== undefined && <p className="stat-detail">{detail}</p>}
        </div>
      )}
    </article>
  );
}
