// What keeps a component's options fresh without remounting what they configure: the options' callbacks
// are called through the latest render's (a cart that changed is the one its callback sees), and the
// rest is compared by value, so an object written inline in a render is not a new configuration.

import { useRef } from 'react';

/** A ref to `value` as of the latest render, for callbacks that outlive the render that made them. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * `latest.current` with each function replaced by one that calls the function of the same key in the
 * latest render's value (nothing when that render has none).
 */
export function withLatestCallbacks<T extends object>(latest: { readonly current: T }): T {
  const read = (key: string) => (latest.current as Record<string, unknown>)[key];
  return Object.fromEntries(
    Object.entries(latest.current).map(([key, value]) => [
      key,
      typeof value === 'function'
        ? (...args: unknown[]) => (read(key) as ((...a: unknown[]) => unknown) | undefined)?.(...args)
        : value,
    ]),
  ) as T;
}

/**
 * The options by value, the `ignored` keys left out: a function counts as present (its identity
 * changes with each render), a promise as nothing (the session is followed apart).
 */
export function settingsKey(options: object, ignored: readonly string[] = []): string {
  return JSON.stringify(options, (key, value: unknown) =>
    ignored.includes(key) ? undefined : typeof value === 'function' ? true : value,
  );
}
