// A short list the operator manages (accounts, API keys, alerts, shared links) as a table: a box of its own
// that scrolls sideways on a phone and takes a keyboard stop for it, a caption for screen readers, one
// header cell per column (numeric ones right-aligned, an unnamed one for the row's action); the rows are
// the caller's.
import type { ReactNode } from 'react';

export interface ListColumn {
  /** The header's words; '' for the actions column. */
  label: string;
  numeric?: boolean;
}

export function ListTable({
  testId,
  caption,
  columns,
  children,
}: {
  testId: string;
  caption: string;
  columns: ListColumn[];
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
