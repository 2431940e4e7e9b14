// The backup and restore commands' flags: what each accepts, and the message that names a wrong one (the
// command then shows its usage and exits 64).
import { describe, expect, it } from 'vitest';
import { parseSnapshotCommand } from './snapshot-command';

describe('npm run backup / restore flags', () => {
  it('takes the file after the flag or after "=", and the two switches', () => {
    expect(parseSnapshotCommand(['--to', 'a.sql.gz'], '--to')).toEqual({
      file: 'a.sql.gz',
      distributed: false,
      force: false,
    });
    expect(parseSnapshotCommand(['--distributed', '--from=b.pgdump', '--force'], '--from')).toEqual({
      file: 'b.pgdump',
      distributed: true,
      force: true,
    });
  });

  it('asks for the usage with --help or -h', () => {
    expect(parseSnapshotCommand(['--help'], '--to')).toEqual({ help: true });
    expect(parseSnapshotCommand(['-h', '--bogus'], '--from')).toEqual({ help: true });
  });

  it.each([
    [[], '--to', '--to <file> is required'],
    [['--to'], '--to', '--to needs a file name'],
    [['--to', '--force'], '--to', '--to needs a file name'],
    [['--from', 'x', '--into', 'y'], '--from', 'unknown flag --into'],
    [['--to', 'x'], '--from', 'unknown flag --to'],
    [['--from', 'x', 'extra'], '--from', 'unexpected argument "extra"'],
    [['--force=yes', '--to', 'x'], '--to', 'unknown flag --force=yes'],
  ] as const)('refuses %j naming the flag', (argv, fileFlag, message) => {
    expect(parseSnapshotCommand(argv, fileFlag)).toEqual({ usageError: message });
  });
});
