// Icons are inline SVG (Material Design Icons paths from @mdi/js), bundled from our own origin:
// no icon font to download, nothing from a third-party host (docs/decisions/0006). This is the
// customer site's one icon source: its screens name an icon here, never @mdi/js (checked by
// .dependency-cruiser.cjs); the back office's are in admin/kit/mui-icons.tsx.
import {
  mdiAccountCircleOutline,
  mdiAccountRemove,
  mdiAlertCircle,
  mdiArrowDown,
  mdiBasketOutline,
  mdiCalendar,
  mdiCheck,
  mdiCheckCircle,
  mdiChevronDown,
  mdiChevronLeft,
  mdiChevronRight,
  mdiClose,
  mdiContentCopy,
  mdiDelete,
  mdiEmailOutline,
  mdiEye,
  mdiEyeOff,
  mdiMapMarkerOutline,
  mdiMenu,
  mdiMenuDown,
  mdiPencil,
} from '@mdi/js';

export const icons = {
  /** The account menu's button. */
  account: mdiAccountCircleOutline,
  /** A menu that opens below its button. */
  opens: mdiChevronDown,
  basket: mdiBasketOutline,
  copy: mdiContentCopy,
  /** A password shown, or hidden. */
  show: mdiEye,
  hide: mdiEyeOff,
  /** Someone taken out of a list (a household's member). */
  removePerson: mdiAccountRemove,
  /** Something that went wrong, said in a heading. */
  failed: mdiAlertCircle,
  /** A pager's previous and next page. */
  before: mdiChevronLeft,
  next: mdiChevronRight,
  /** A column sorted newest first. */
  arrowDown: mdiArrowDown,
  calendar: mdiCalendar,
  /** A step done. */
  check: mdiCheck,
  /** Something done, said in a heading or a notice. */
  done: mdiCheckCircle,
  close: mdiClose,
  remove: mdiDelete,
  /** A list that opens below its control (a select, a month and year picker). */
  dropDown: mdiMenuDown,
  edit: mdiPencil,
  email: mdiEmailOutline,
  menu: mdiMenu,
  place: mdiMapMarkerOutline,
};

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
