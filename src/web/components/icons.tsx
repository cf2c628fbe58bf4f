// Icons are inline SVG (Material Design Icons paths from @mdi/js), bundled from our own origin:
// no icon font to download, nothing from a third-party host (docs/decisions/0006). This is the
// customer site's one icon source: its screens name an icon here, never @mdi/js (checked by
// .dependency-cruiser.cjs); the back office's are in admin/kit/mui-icons.tsx.
export * as icons from './icon-paths';

interface Props {
  path: string;
  size?: number;
  className?: string;
}

/** A decorative icon: the control around it carries the accessible name. */
export function Icon({ path, size = 24, className }: Props) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}
