import type { UserData } from '../../shared/api/auth';
import type { AbilityAction, AbilitySubject } from '../../shared/access';
import { staffCan } from './staff/staff-session';

/**
 * The back office's rooms, grouped as its folders are (docs/architecture.md, the back office):
 * the depot floor, the office, and the administration of the whole (staff, the site's settings
 * and catalogue, the audit log, the service's health, the timetable). Who sees a room is the
 * role's rule in src/shared/access.ts, unchanged: a group holds only the rooms the role may open,
 * and a group with none is not shown (decision 0056).
 */
const ADMIN_GROUPS = [
  { id: 'floor', label: 'Depot floor' },
  { id: 'office', label: 'Office' },
  { id: 'administration', label: 'Administration' },
] as const;
type AdminGroupId = (typeof ADMIN_GROUPS)[number]['id'];

type Permission = [AbilityAction, AbilitySubject];

interface AdminAreaLink {
  label: string;
  to: string;
  can: Permission;
  description: string;
  group: AdminGroupId;
  /**
   * The group for a role that may also change what the room shows: the depot reads the sailings'
   * timetable on its floor; those who keep the timetable find it with the administration.
   */
  keptIn?: { can: Permission; group: AdminGroupId };
}

/** The back office's rooms, in the order each group lists them. */
const ADMIN_AREAS: AdminAreaLink[] = [
  {
    label: 'Receive',
    to: '/admin/receive/',
    can: ['receive', 'Parcel'],
    group: 'floor',
    description: 'A parcel arrives: find its booking, weigh, measure, photograph and shelve it.',
  },
  {
    label: 'Unmatched',
    to: '/admin/parcels/',
    can: ['receive', 'Parcel'],
    group: 'floor',
    description: 'Unbooked and unknown parcels: match each to its booking once there is one.',
  },
  {
    label: 'Waiting',
    to: '/admin/waiting/',
    can: ['manage', 'Parcel'],
    group: 'floor',
    description:
      'Booked parcels waiting for their customer (an unpaid invoice, a consolidation): their storage clock, abandon.',
  },
  {
    label: 'Dispatch',
    to: '/admin/dispatch/',
    can: ['dispatch', 'Parcel'],
    group: 'floor',
    description: 'Send ready parcels on a sailing, and mark shipped ones delivered.',
  },
  {
    label: 'Sailings',
    to: '/admin/sailings/',
    can: ['read', 'Sailing'],
    group: 'floor',
    keptIn: { can: ['manage', 'Sailing'], group: 'administration' },
    description:
      'The timetable as a calendar per route: cancel or delay a sailing, add one, closing days.',
  },
  {
    label: 'Consolidation',
    to: '/admin/consolidation/',
    can: ['read', 'Parcel'],
    group: 'floor',
    description:
      'Bookings shipped together: parcels in and awaited, repack, measure, dispatch as one.',
  },
  {
    label: 'Returns',
    to: '/admin/returns/',
    can: ['dispatch', 'Parcel'],
    group: 'floor',
    description: 'Parcels customers asked to go back to the retailer: print the label, send, mark.',
  },
  {
    label: 'Today',
    to: '/admin/today/',
    can: ['manage', 'Order'],
    group: 'office',
    description: 'The day’s numbers: parcels, quotes, invoices, bookings and takings.',
  },
  {
    label: 'Quotes',
    to: '/admin/quotes/',
    can: ['manage', 'Quote'],
    group: 'office',
    description: 'Price the quotes customers asked for; see which were accepted.',
  },
  {
    label: 'Orders',
    to: '/admin/orders/',
    can: ['manage', 'Order'],
    group: 'office',
    description: 'Find any order; cancel, refund or add a note.',
  },
  {
    label: 'Invoices',
    to: '/admin/invoices/',
    can: ['manage', 'Invoice'],
    group: 'office',
    description: 'Unpaid, paid and void invoices: raise one on an order, remind, void.',
  },
  {
    label: 'Cases',
    to: '/admin/cases/',
    can: ['manage', 'Case'],
    group: 'office',
    description: 'Missing-item cases, open ones first: reply, resolve, refund.',
  },
  {
    label: 'Customers',
    to: '/admin/customers/',
    can: ['manage', 'Customer'],
    group: 'office',
    description: 'Find a customer; resend their validation e-mail, disable or export an account.',
  },
  {
    label: 'Catalogue',
    to: '/admin/catalogue/',
    can: ['manage', 'Catalogue'],
    group: 'administration',
    description: 'Price bands, extras and discount codes: prices and what the site offers.',
  },
  {
    label: 'Settings',
    to: '/admin/settings/',
    can: ['manage', 'Settings'],
    group: 'administration',
    description: 'The notice banner, contact details, depot hours, social links and island GST.',
  },
  {
    label: 'Audit log',
    to: '/admin/audit/',
    can: ['read', 'AuditLog'],
    group: 'administration',
    description: 'Every staff action: who, when, what, and what it changed.',
  },
  {
    label: 'Staff',
    to: '/admin/staff/',
    can: ['manage', 'Staff'],
    group: 'administration',
    description: 'Invite staff, change their roles, disable accounts.',
  },
  {
    label: 'Health',
    to: '/admin/health/',
    can: ['read', 'Operations'],
    group: 'administration',
    description: 'Job queues, e-mails waiting, refunds pending and the last backup.',
  },
];

export interface AdminGroup {
  id: AdminGroupId;
  label: string;
  areas: AdminAreaLink[];
}

/** The groups of rooms this staff member's role may open, each with its rooms; none empty. */
export function adminGroupsFor(user: UserData | null): AdminGroup[] {
  const groupOf = (area: AdminAreaLink) =>
    area.keptIn && staffCan(user, ...area.keptIn.can) ? area.keptIn.group : area.group;
  const open = ADMIN_AREAS.filter((area) => staffCan(user, ...area.can));
  return ADMIN_GROUPS.map((group) => ({
    ...group,
    areas: open.filter((area) => groupOf(area) === group.id),
  })).filter((group) => group.areas.length > 0);
}

const trimmed = (path: string) => path.replace(/\/+$/, '');

/**
 * Where `pathname` is as to a room's link: `page` on the room itself, `true` inside it (an
 * order opened from Orders), else nothing (the value of the link's aria-current).
 */
export function currentMark(pathname: string, to: string): 'page' | 'true' | undefined {
  const here = trimmed(pathname);
  const room = trimmed(to);
  if (here === room) return 'page';
  return here.startsWith(`${room}/`) ? 'true' : undefined;
}
