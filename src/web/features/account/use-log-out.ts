import { useNavigate } from 'react-router';
import { logOut } from './session-actions';

/** Log Out (docs/requirements.md §4): ends the session, clears the customer's data, goes home. */
export function useLogOut() {
  const navigate = useNavigate();
  return async () => {
    await logOut();
    navigate('/');
  };
}
