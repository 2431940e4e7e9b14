// One figure of the overview: a label, the value, and a line of context.
import { useId, type ReactNode } from 'react';

export function StatCard({
  testId,
  label,
  value,
  detail,
}: {
  testId: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
}) {
  const id = useId();
  return (
    <article className="stat-card" data-testid={testId} aria-labelledby={id}>
      <h3 id={id} className="stat-label">
        {label}
      </h3>
      <p className="stat-value">{value}</p>
      {detail !== undefined && <p className="stat-detail">{detail}</p>}
    </article>
  );
}
