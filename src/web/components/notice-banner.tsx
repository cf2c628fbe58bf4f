import { useSettings } from '../features/settings/use-settings';

/** The optional notice under the header, its text from the settings (`Site` / `NoticeBanner`). */
export function NoticeBanner() {
  const settings = useSettings();
  const text = settings.get<string>('Site', 'NoticeBanner');
  if (typeof text !== 'string' || !text.trim()) return null;
  return (
    <aside className="notice-banner" aria-label="Notice" data-testid="notice-banner">
      <p className="container">{text}</p>
    </aside>
  );
}
