// The move command's flags: a wrong one is named, with the usage, before anything is opened.
import { describe, expect, it } from 'vitest';
import { defaultBatchRows, MoveUsageError, parseMoveCommand } from './move-options';

const to = 'postgres://ops:secret@db.example.org:5432/bodymetrics';

describe('parseMoveCommand', () => {
  it('takes --to, --from and --batch-rows', () => {
    expect(parseMoveCommand(['--from', './data', '--to', to, '--batch-rows', '500'], {})).toEqual({
      from: './data',
      to,
      batchRows: 500,
    });
  });

  it('takes the folder from DATA_DIR, else ./var/pgdata, and batches of the default size', () => {
    expect(parseMoveCommand(['--to', to], { DATA_DIR: '/srv/bm' })).toEqual({
      from: '/srv/bm',
      to,
      batchRows: defaultBatchRows,
    });
    expect(parseMoveCommand(['--to', to], {})).toMatchObject({ from: './var/pgdata' });
  });

  it('answers help when asked, and when given nothing (then as a usage error)', () => {
    expect(parseMoveCommand(['--help'], {})).toEqual({ help: true, asked: true });
    expect(parseMoveCommand([], {})).toEqual({ help: true, asked: false });
  });

  it.each([
    [['--to', to, '--frm', 'x'], 'Unknown flag --frm'],
    [['--to'], '--to needs a value'],
    [['--from', './data'], '--to is required'],
    [['--to', 'not a url'], '--to must be a PostgreSQL URL'],
    [['--to', 'mysql://h/db'], '--to must be a PostgreSQL URL'],
    [['--to', 'postgres://h:5432/'], '--to must name the database'],
    [['--to', to, '--batch-rows', '0'], '--batch-rows must be a whole number from 1 to 100000'],
    [['--to', to, '--batch-rows', '1e3'], '--batch-rows must be a whole number from 1 to 100000'],
    [['--to', to, 'extra'], 'Unexpected argument'],
  ])('refuses %j naming the flag', (argv, message) => {
    expect(() => parseMoveCommand(argv, {})).toThrow(MoveUsageError);
    expect(() => parseMoveCommand(argv, {})).toThrow(message);
  });
});
