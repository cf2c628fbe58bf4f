// The customer site's icons (icons.tsx names them `icons.basket` through this module's namespace):
// one constant each, which the build writes into the code that uses it (vite.config.ts,
// `inlineConst`), so the shell every page loads carries only the icons the shell draws, not every
// icon some screen draws (an object of them all went into the shell whole).
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

/** The account menu's button. */
export const account = mdiAccountCircleOutline;
/** A menu that opens below its button. */
export const opens = mdiChevronDown;
export const basket = mdiBasketOutline;
export const copy = mdiContentCopy;
/** A password shown, or hidden. */
export const show = mdiEye;
export const hide = mdiEyeOff;
/** Someone taken out of a list (a household's member). */
export const removePerson = mdiAccountRemove;
/** Something that went wrong, said in a heading. */
export const failed = mdiAlertCircle;
/** A pager's previous and next page. */
export const before = mdiChevronLeft;
export const next = mdiChevronRight;
/** A column sorted newest first. */
export const arrowDown = mdiArrowDown;
export const calendar = mdiCalendar;
/** A step done. */
export const check = mdiCheck;
/** Something done, said in a heading or a notice. */
export const done = mdiCheckCircle;
export const close = mdiClose;
export const remove = mdiDelete;
/** A list that opens below its control (a select, a month and year picker). */
export const dropDown = mdiMenuDown;
export const edit = mdiPencil;
export const email = mdiEmailOutline;
export const menu = mdiMenu;
export const place = mdiMapMarkerOutline;
