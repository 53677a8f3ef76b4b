import { Navigate, Outlet, useLocation } from 'react-router';
import { SessionActor } from '../../app/actors.ts';
import { selectIsLoggedIn } from '../../machines/session/session.selectors.ts';

/**
 * Routing renders the session: an anonymous visitor on an Auth page goes to /login (and back after login); a
 * logged-in user on /login and the password pages goes to /.
 */
export function AuthGate({ access }: { access: 'anonymous' | 'user' }) {
  const loggedIn = SessionActor.useSelector(selectIsLoggedIn);
  const location = useLocation();
  if (access === 'user' && !loggedIn) {
    const asked = `${location.pathname}${location.search}`;
    return <Navigate to={asked === '/' ? '/login' : `/login?redirect=${encodeURIComponent(asked)}`} replace />;
  }
  if (access === 'anonymous' && loggedIn) return <Navigate to="/" replace />;
  return <Outlet />;
}
