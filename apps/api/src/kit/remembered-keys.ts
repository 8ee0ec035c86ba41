/** Keys this process remembers for a while: each until `lifetimeSeconds` after it was added, at most `max`. */
export type RememberedKeys = {
  has(key: string): boolean;
  add(key: string): void;
};

export function createRememberedKeys(options: {
  lifetimeSeconds: number;
  max: number;
  now: () => Date;
}): RememberedKeys {
  const expiresAt = new Map<string, number>();
  return {
    has(key) {
      const expiry = expiresAt.get(key);
      if (expiry === undefined) return false;
      if (expiry > options.now().getTime()) return true;
      expiresAt.delete(key);
      return false;
    },
    add(key) {
      // Re-added keys go to the end, so the Map's insertion order is the order they expire in.
      expiresAt.delete(key);
      if (expiresAt.size >= options.max) expiresAt.delete(expiresAt.keys().next().value!);
      expiresAt.set(key, options.now().getTime() + options.lifetimeSeconds * 1000);
    },
  };
}
