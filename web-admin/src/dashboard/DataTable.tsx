// A captioned table for one read model. Cells render values as React text, never as HTML.
import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  numeric?: boolean;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
  captionHidden = false,
}: {
  caption: string;
  /** For screen readers only, when the panel title above already says it. */
  captionHidden?: boolean;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  testId?: string;
}) {
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid={testId}>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td key={column.header} className={column.numeric ? 'numeric' : undefined}>
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
