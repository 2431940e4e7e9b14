// The column chooser of a wide table: a button that opens, under it, one checkbox per column (the last shown
// one cannot be unticked) and a way back to the default columns.
import { useId, useState } from 'react';
import { columnTexts } from '../texts';

export interface ChoosableColumn {
  id: string;
  header: string;
}

export function ColumnChooser({
  table,
  columns,
  shown,
  onChange,
  onReset,
}: {
  /** The table's caption, for the chooser's legend. */
  table: string;
  columns: readonly ChoosableColumn[];
  shown: readonly string[];
  onChange: (shown: string[]) => void;
  onReset: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = (columnId: string, on: boolean) =>
    onChange(columns.map((c) => c.id).filter((c) => (c === columnId ? on : shown.includes(c))));
  return (
    <div className="column-chooser">
      <button
        type="button"
        className="button button-secondary button-small"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {columnTexts.button(shown.length, columns.length)}
      </button>
      {open && (
        <fieldset id={id} className="column-list">
          <legend className="visually-hidden">{columnTexts.legend(table)}</legend>
          {columns.map((column) => {
            const checked = shown.includes(column.id);
            return (
              <label key={column.id} className="check">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={checked && shown.length === 1}
                  onChange={(e) => toggle(column.id, e.target.checked)}
                />
                {column.header}
              </label>
            );
          })}
          <button type="button" className="link-button" onClick={onReset}>
            {columnTexts.reset}
          </button>
        </fieldset>
      )}
    </div>
  );
}
