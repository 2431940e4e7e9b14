// One figure of the overview: a label, the value, a line of context, and its figure over the chosen period
// compared with the period before (issue 15 item 4).
import { useId, type ReactNode } from 'react';

export function StatCard({
  testId,
  label,
  value,
  detail,
  comparison,
}: {
  testId: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  comparison?: ReactNode;
}) {
  const id = useId();
  return (
    <article className="stat-card" data-testid={testId} aria-labelledby={id}>
      <h3 id={id} className="stat-label">
        {label}
      </h3>
      <p className="stat-value">{value}</p>
      {detail !== undefined && <p className="stat-detail">{detail}</p>}
      {comparison !== undefined && (
        <p className="stat-compare" data-testid={`${testId}-compare`}>
          {comparison}
        </p>
      )}
    </article>
  );
}
