// Icons are inline SVG (Material Design Icons paths from @mdi/js), bundled from our own origin:
// no icon font to download, nothing from a third-party host (docs/decisions/0006).
import {
  mdiArrowDown,
  mdiBasketOutline,
  mdiCalendar,
  mdiCheck,
  mdiCheckCircle,
  mdiChevronLeft,
  mdiChevronRight,
  mdiClose,
  mdiDelete,
  mdiEmailOutline,
  mdiMapMarkerOutline,
  mdiMenu,
  mdiMenuDown,
  mdiPencil,
} from '@mdi/js';

export const icons = {
  basket: mdiBasketOutline,
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
