import { useMemo } from 'react';
import { flattenSettings } from '../../../shared/settings';
import { useSettingsItems } from './api/get-settings';

/** The site settings as a map keyed by category and name (SPEC section 3). */
export function useSettings() {
  const { data } = useSettingsItems();
  return useMemo(() => {
    const map = flattenSettings(data?.items ?? []);
    return {
      get: <T>(category: string, name: string) => map[category]?.[name] as T | undefined,
    };
  }, [data]);
}
