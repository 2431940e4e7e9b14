import { describe, expect, it } from 'vitest';
import { cleanups } from './cleanups';

describe('cleanups', () => {
  it('closes newest first, each once, and goes on past a closer that fails', async () => {
    const order: string[] = [];
    const errors: unknown[] = [];
    const opened = cleanups((err) => errors.push(err));
    opened.push(() => order.push('database'));
    opened.push(() => {
      throw new Error('lock file gone');
    });
    opened.push(async () => {
      await new Promise((r) => setTimeout(r, 5));
      order.push('gateway');
    });
    await opened.unwind();
    await opened.unwind();
    expect(order).toEqual(['gateway', 'database']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['lock file gone']);
  });
});
