import { describe } from 'vitest';
import { MemoryPresenceStore } from './memory-presence';
import { presenceStoreCases } from './presence-store.cases';

describe('memory presence store', () => {
  presenceStoreCases(async (activeWindowMs, limits) => new MemoryPresenceStore(activeWindowMs, limits));
});
