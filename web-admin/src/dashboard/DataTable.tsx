// A captioned table for one read model. Cells render values as React text, never as HTML. A table wider than
// its panel scrolls inside it (never the page), and is then a keyboard stop so it can be scrolled without a
// mouse. A table with more columns than the operator needs first shows those (columns not marked optional,
// at most maxDefaultColumns) and the rest through its column chooser, remembered per table (testId).
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { defaultColumns, maxDefaultColumns, readColumnChoice, storeColumnChoice } from '../lib/column-choice';
import { ColumnChooser } from './ColumnChooser';

export interface Column<Row> {
  header: string;
  /** The column's name for the chooser's memory when its header can change (a currency in it). */
  id?: string;
  cell: (row: Row, index: number) => ReactNode;
  numeric?: boolean;
  /** Shown only once chosen in the column chooser. */
  optional?: boolean;
}

const columnId = (column: { id?: string; header: string }) => column.id ?? column.header;

/** Whether the element's content is wider than the element: it then scrolls sideways, inside itself. */
function useScrollsSideways(element: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = element.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [element]);
  return scrolls;
}

/** The columns shown: the stored choice of the table, else its defaults; every column when it is narrow. */
function useShownColumns(table: string | undefined, columns: readonly Column<unknown>[]) {
  const ids = columns.map(columnId);
  const choosable =
    table !== undefined && (columns.length > maxDefaultColumns || columns.some((c) => c.optional));
  const defaults = defaultColumns(columns.map((c) => ({ id: columnId(c), optional: c.optional })));
  const [chosen, setChosen] = useState<string[] | null>(() =>
    choosable ? readColumnChoice(table, ids) : null,
  );
  const shown = !choosable ? ids : (chosen ?? defaults);
  const choose = (next: string[] | null) => {
    setChosen(next);
    if (table !== undefined) storeColumnChoice(table, next);
  };
  return { choosable, shown, choose };
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
  /** Also the name the column choice is remembered by. */
  testId?: string;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(wrap);
  const { choosable, shown, choose } = useShownColumns(testId, columns as Column<unknown>[]);
  const visible = columns.filter((c) => shown.includes(columnId(c)));
  return (
    <div className="data-table-block">
      {choosable && (
        <ColumnChooser
          table={caption}
          columns={columns.map((c) => ({ id: columnId(c), header: c.header }))}
          shown={shown}
          onChange={choose}
          onReset={() => choose(null)}
        />
      )}
      <div
        ref={wrap}
        className="table-wrap"
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
      >
        <table className="data-table" data-testid={testId}>
          <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
          <thead>
            <tr>
              {visible.map((column) => (
                <th key={columnId(column)} scope="col" className={column.numeric ? 'numeric' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {visible.map((column) => (
                  <td key={columnId(column)} className={column.numeric ? 'numeric' : undefined}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
