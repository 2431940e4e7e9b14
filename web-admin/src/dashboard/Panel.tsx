// A titled block inside a tab, with an optional CSV link beside the title and, when its figures need one,
// their definition behind an "i" button (as on the cards) rather than a paragraph above the table.
import { useId, type ReactNode } from 'react';
import { InfoButton } from './InfoButton';

export function Panel({
  title,
  definition,
  actions,
  children,
}: {
  title: string;
  definition?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <div className="panel-header">
        <div className="panel-title">
          <h3 id={id}>{title}</h3>
          {definition !== undefined && <InfoButton topic={title} text={definition} />}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
