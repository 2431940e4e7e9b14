// docs/counting.md is the operator's reading of the figures catalogue: each figure gets a row that names it and
// opens with the catalogue's own definition, so the page and the code cannot drift apart unnoticed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { figureNames, figures } from './figures';

const countingDoc = readFileSync(new URL('../../../docs/counting.md', import.meta.url), 'utf8');

/** Table rows of the page, each with its runs of spaces folded (prettier pads the columns). */
const rows = countingDoc
  .split('\n')
  .filter((line) => line.startsWith('|'))
  .map((line) => line.replace(/\s+/g, ' '));

const rowOf = (name: string) => rows.find((row) => row.startsWith(`| \`${name}\``));

describe('docs/counting.md', () => {
  it.each(figureNames)('has a row for the catalogue figure %s with its definition', (name) => {
    const row = rowOf(name);
    expect(row, `no row starting with \`${name}\``).toBeDefined();
    expect(row).toContain(figures[name].definition.replace(/\s+/g, ' '));
  });

  it('names no figure the catalogue does not have', () => {
    const named = rows
      .map((row) => /^\| `([A-Za-z]+)`/.exec(row)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(named.filter((name) => !(figureNames as string[]).includes(name))).toEqual([]);
  });
});
