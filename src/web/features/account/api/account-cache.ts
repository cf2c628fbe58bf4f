import { queryClient } from '../../../lib/query-client';
import { getSession, subscribeSession } from '../../../lib/session';

// Imported by every module that caches account data: when the session ends (log out, expiry,
// another tab), the cached profile and user data go, so the next customer never sees them.
let token = getSession().token;
subscribeSession(() => {
  const next = getSession().token;
  if (token && !next) queryClient.removeQueries({ queryKey: ['account'] });
  token = next;
});
