import { useMemo } from 'react';
import { flattenSettings } from '../../shared/settings';
import { useResource } from './remote-resource';
import { settingsResource } from './api/get-settings';

/** The site settings as a map keyed by category and name (docs/requirements.md §3). */
export function useSettings() {
  const { data, status } = useResource(settingsResource);
  return useMemo(() => {
    const map = flattenSettings(data?.items ?? []);
    return {
      /** False until the settings have arrived (and in the prerendered HTML). */
      loaded: status === 'success',
      get: <T>(category: string, name: string) => map[category]?.[name] as T | undefined,
    };
  }, [data, status]);
}
