import { createMongoAbility, type MongoAbility } from '@casl/ability';

// Who may do what (decision 0016): one definition, read by the server's guard on every route and by
// the screens to hide what would be refused. Roles: customers, and the staff roles depot (the
// floor: receive, hold, dispatch), office (quotes, orders, money, claims, catalogue, customers)
// and admin (everything, staff included). A customer's rules cover their own records only: every
// customer route filters by the session's user, so "own" is the query's job, not a condition here.

export const ROLES = ['customer', 'depot', 'office', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ['depot', 'office', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

export const ABILITY_ACTIONS = [
  'manage',
  'create',
  'read',
  'update',
  'delete',
  'receive',
  'dispatch',
  'refund',
] as const;
export type AbilityAction = (typeof ABILITY_ACTIONS)[number];

/** What a rule is about; `all` matches every subject (admins). */
export const ABILITY_SUBJECTS = [
  'all',
  'Account',
  'Order',
  'Address',
  'Invoice',
  'Case',
  'Certificate',
  'Parcel',
  'Quote',
  'Customer',
  'Catalogue',
  'Settings',
  'AuditLog',
  'Staff',
  'Operations',
  'Sailing',
] as const;
export type AbilitySubject = (typeof ABILITY_SUBJECTS)[number];

/**
 * One permission, as CASL's `createMongoAbility(rules)` reads it (docs/requirements.md §3, User
 * data's Ability).
 */
export interface AbilityRule {
  action: AbilityAction;
  subject: AbilitySubject;
}

const CUSTOMER: AbilityRule[] = [
  { action: 'manage', subject: 'Account' },
  { action: 'manage', subject: 'Order' },
  { action: 'manage', subject: 'Address' },
  { action: 'manage', subject: 'Invoice' },
  { action: 'manage', subject: 'Case' },
  { action: 'read', subject: 'Certificate' },
];

const DEPOT: AbilityRule[] = [
  { action: 'read', subject: 'Order' },
  { action: 'read', subject: 'Customer' },
  { action: 'manage', subject: 'Parcel' },
  { action: 'receive', subject: 'Parcel' },
  { action: 'dispatch', subject: 'Parcel' },
  // The timetable: the floor reads it (dispatch follows it); the office changes it (0048).
  { action: 'read', subject: 'Sailing' },
];

const OFFICE: AbilityRule[] = [
  ...DEPOT,
  { action: 'manage', subject: 'Order' },
  { action: 'refund', subject: 'Order' },
  { action: 'manage', subject: 'Quote' },
  { action: 'manage', subject: 'Invoice' },
  { action: 'manage', subject: 'Case' },
  { action: 'manage', subject: 'Customer' },
  { action: 'manage', subject: 'Catalogue' },
  { action: 'manage', subject: 'Settings' },
  { action: 'manage', subject: 'Sailing' },
  { action: 'read', subject: 'AuditLog' },
];

const RULES: Readonly<Record<Role, readonly AbilityRule[]>> = {
  customer: CUSTOMER,
  depot: DEPOT,
  office: OFFICE,
  admin: [{ action: 'manage', subject: 'all' }],
};

/** The permission list of a role, as GET /public/auth/me sends it in `Ability`. */
export const abilityFor = (role: Role): AbilityRule[] => [...RULES[role]];

export type AppAbility = MongoAbility<[AbilityAction, AbilitySubject]>;

/** The CASL ability of a permission list (`manage` is every action, `all` every subject). */
const abilityOf = (rules: readonly AbilityRule[]): AppAbility =>
  createMongoAbility<[AbilityAction, AbilitySubject]>([...rules]);

/** Whether the rules allow the action on the subject. */
export const can = (
  rules: readonly AbilityRule[],
  action: AbilityAction,
  subject: AbilitySubject,
) => abilityOf(rules).can(action, subject);
