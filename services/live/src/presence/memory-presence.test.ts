import { describe } from 'vitest';
import { MemoryPresenceStore } from './memory-presence';
import { presenceStoreCases } from './presence-store.cases';

describe('memory presence store', () => {
  presenceStoreCases(async (activeWindowMs) => new MemoryPresenceStore(activeWindowMs));
});
