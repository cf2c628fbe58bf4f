import type { SettingItem } from './api/settings';

/** Settings keyed by category, then by name. */
export type SettingsMap = Record<string, Record<string, unknown>>;

/** Parses a Value as JSON; a Value that is not valid JSON is kept as its text. */
export function parseValue(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * Flattens settings items into `map[Category][Name]` with each Value parsed as JSON. A later
 * item with the same category and name wins. Keys such as `__proto__` are stored as ordinary
 * keys, never as prototypes.
 */
export function flattenSettings(items: readonly SettingItem[]): SettingsMap {
  const categories = new Map<string, Map<string, unknown>>();
  for (const { Category, Name, Value } of items) {
    const names = categories.get(Category) ?? new Map<string, unknown>();
    names.set(Name, parseValue(Value));
    categories.set(Category, names);
  }
  return Object.fromEntries(
    [...categories].map(([category, names]) => [category, Object.fromEntries(names)]),
  );
}
