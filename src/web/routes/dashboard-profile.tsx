import type { Route } from './+types/dashboard-profile';
import { pageTitle } from '../lib/site';
import { failureOf, readForSession } from '../lib/route-data';
import { getProfile } from '../features/account/api/get-profile';
import { updateProfile } from '../features/account/api/update-profile';
import {
  PROFILE_UPDATED,
  PROFILE_UPDATED_CONFIRM_EMAIL,
  ProfilePage,
  type ProfileAnswer,
  type ProfileSubmission,
} from '../features/account/profile-form';

/** The logged-in customer's profile (GET /public/members). */
export async function clientLoader() {
  return { profile: await readForSession(getProfile) };
}

/**
 * Save Profile: PUT /public/members/update, whose new token and user data become the session's;
 * a changed e-mail address is confirmed from the link sent to it.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ProfileAnswer> {
  const { payload, emailChanged } = (await request.json()) as ProfileSubmission;
  try {
    await updateProfile(payload);
  } catch (error) {
    return { saved: null, failure: failureOf(error) };
  }
  return { saved: emailChanged ? PROFILE_UPDATED_CONFIRM_EMAIL : PROFILE_UPDATED, failure: null };
}

export const meta = () => [{ title: pageTitle('Profile') }, { name: 'robots', content: 'noindex' }];

export default function DashboardProfile({ loaderData }: Route.ComponentProps) {
  return <ProfilePage profile={loaderData.profile} />;
}
