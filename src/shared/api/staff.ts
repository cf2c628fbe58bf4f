import { z } from 'zod';
import { STAFF_ROLES } from '../access';
import { loginSchema, registerRules, withConfirmPassword } from '../auth/schemas';
import { cleanString } from '../validation/clean-text';
import { ruledText } from './fields';
import { MESSAGES } from '../validation/messages';
import { withRules } from '../validation/zod-rules';

/**
 * The staff side's accounts (decision 0020), under /api/admin:
 * - POST /api/admin/auth/login: a staff member's log-in (a customer's is refused, as a staff
 *   member's is on the customer's dialog); answers the bearer token like /public/auth/login.
 * - POST /api/admin/auth/accept-invitation: sets the password of an invited account and logs in.
 * - GET /api/admin/staff, POST /api/admin/staff/invite, PUT /api/admin/staff/{Id},
 *   POST /api/admin/staff/{Id}/disable and /enable: admins only.
 * Field rules are the register form's (src/shared/auth/schemas.ts), never restated.
 */

const rules = registerRules({});

export const staffLoginSchema = loginSchema;

const staffRoleSchema = z.enum(STAFF_ROLES, {
  error: `must be one of ${STAFF_ROLES.join(', ')}`,
});

export const inviteStaffSchema = z
  .object({
    Email: withRules(ruledText(), rules.Email),
    FirstName: withRules(ruledText(), rules.FirstName),
    LastName: withRules(ruledText(), rules.LastName),
    Role: staffRoleSchema,
  })
  .strict();
export type InviteStaff = z.input<typeof inviteStaffSchema>;

export const acceptInvitationSchema = withConfirmPassword(
  z
    .object({
      token: z.string({ error: MESSAGES.required }).regex(/^[\w-]{20,200}$/, 'is not a link token'),
      Password: withRules(cleanString({ lines: true }), rules.Password),
      ConfirmPassword: cleanString({ lines: true }),
    })
    .strict(),
);

export const changeStaffSchema = z.object({ Role: staffRoleSchema }).strict();

export const staffMemberSchema = z.object({
  Id: z.number().int(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Role: staffRoleSchema,
  /** Invited: the invitation has not been accepted yet. */
  Status: z.enum(['Invited', 'Active', 'Disabled']),
  Created: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const STAFF_MESSAGES = {
  lastAdmin: 'There must always be at least one active admin.',
  notYourself: 'You cannot change or disable your own account here.',
  notStaff: 'No such staff member.',
  emailTaken: 'This email address is already in use.',
} as const;
