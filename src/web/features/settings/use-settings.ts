import { useMemo } from 'react';
import { flattenSettings } from '../../../shared/settings';
import { useResource } from '../../lib/remote-resource';
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

/** The settings the layout shows, with their shapes. */
export interface SocialLink {
  name: string;
  url: string;
}
export interface ReceivingHours {
  days: string;
  opens: string;
  closes: string;
  note?: string;
}

/** `07:00` as `7am`, `16:30` as `4:30pm`. */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m ? `${hour}:${String(m).padStart(2, '0')}${suffix}` : `${hour}${suffix}`;
}
