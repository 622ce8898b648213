export { MemoryStore } from './stores/memory';
export type { RateLimitStore as Store } from './stores/types';
