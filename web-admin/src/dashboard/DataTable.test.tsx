// @vitest-environment jsdom
// A wide table shows the columns the operator needs first (at most eight) and the others through its column
// chooser; a choice is kept in local storage per table, so the table opens as it was left.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type Column } from './DataTable';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

interface Row {
  n: number;
}
/** Eleven columns: A..H first, the three after them optional. */
const columns: Column<Row>[] = 'ABCDEFGHIJK'.split('').map((letter, i) => ({
  header: `Coloana ${letter}`,
  cell: (r: Row) => `${letter}${r.n}`,
  ...(i >= 8 ? { optional: true } : {}),
}));

const renderTable = (testId = 'wide') =>
  render(
    <DataTable<Row>
      caption="Tabel lat"
      rows={[{ n: 1 }]}
      rowKey={(r) => r.n}
      columns={columns}
      testId={testId}
    />,
  );
const headers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
const chooser = () => screen.getByRole('button', { name: /^Coloane \(/ });

describe('the column chooser', () => {
  it('shows the eight first columns and names how many there are', () => {
    renderTable();
    expect(headers()).toEqual('ABCDEFGH'.split('').map((l) => `Coloana ${l}`));
    expect(chooser().textContent).toBe('Coloane (8 din 11)');
    expect(chooser().getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a hidden column once ticked and hides one once unticked, and remembers both', () => {
    renderTable();
    fireEvent.click(chooser());
    expect(chooser().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('group', { name: 'Coloanele afișate în tabelul „Tabel lat”' });
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Coloana J' }));
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Coloana B' }));
    expect(headers()).toEqual(['A', 'C', 'D', 'E', 'F', 'G', 'H', 'J'].map((l) => `Coloana ${l}`));
    expect(screen.getByRole('table').querySelector('tbody td:last-child')?.textContent).toBe('J1');
    expect(chooser().textContent).toBe('Coloane (8 din 11)');

    // The page is opened again: the table comes back as it was left.
    cleanup();
    renderTable();
    expect(headers()).toEqual(['A', 'C', 'D', 'E', 'F', 'G', 'H', 'J'].map((l) => `Coloana ${l}`));
    // Another table keeps its own columns.
    cleanup();
    renderTable('another');
    expect(headers()).toContain('Coloana B');
  });

  it('keeps at least one column, and goes back to the defaults on request', () => {
    renderTable();
    fireEvent.click(chooser());
    const list = screen.getByRole('group');
    for (const letter of 'ABCDEFG')
      fireEvent.click(within(list).getByRole('checkbox', { name: `Coloana ${letter}` }));
    expect(headers()).toEqual(['Coloana H']);
    expect((within(list).getByRole('checkbox', { name: 'Coloana H' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(list).getByRole('button', { name: 'Coloanele implicite' }));
    expect(headers()).toHaveLength(8);
    cleanup();
    renderTable();
    expect(headers()).toHaveLength(8);
  });

  it('ignores a stored choice it cannot read, and has no chooser on a narrow table', () => {
    window.localStorage.setItem('bm_admin_columns:wide', '{"not":"a list"}');
    renderTable();
    expect(headers()).toHaveLength(8);
    cleanup();
    render(
      <DataTable<Row>
        caption="Îngust"
        rows={[{ n: 1 }]}
        rowKey={(r) => r.n}
        columns={columns.slice(0, 3).map(({ optional: _, ...c }) => c)}
        testId="narrow"
      />,
    );
    expect(screen.queryByRole('button', { name: /^Coloane \(/ })).toBeNull();
    expect(headers()).toHaveLength(3);
  });
});
