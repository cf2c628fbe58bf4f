import { useParams } from 'react-router';
import { pageTitle } from '../lib/site';
import { AdminInvitation } from '../admin/staff/admin-invitation';

export const meta = () => [
  { title: pageTitle('Choose your password') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminInvitationRoute() {
  const { token = '' } = useParams();
  return <AdminInvitation token={token} />;
}
