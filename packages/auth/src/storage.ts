/** Where sessions and the chosen user type are kept: localStorage in the browser, memory in Node. */
export interface AuthStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export class MemoryStorage implements AuthStorage {
  private readonly items = new Map<string, string>();

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  clear(): void {
    this.items.clear();
  }

  get size(): number {
    return this.items.size;
  }
}

/** The browser's localStorage when there is one (and it works: private modes may throw), else memory. */
export function defaultStorage(): AuthStorage {
  try {
    const storage = (globalThis as { localStorage?: AuthStorage }).localStorage;
    if (storage) {
      const probe = '__ipportal_auth_probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // Fall through to memory.
  }
  return new MemoryStorage();
}
