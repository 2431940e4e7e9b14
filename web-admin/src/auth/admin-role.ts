// What the signed-in account may do, from the session check's `role`: the dashboard hides the controls
// of changes a viewer cannot make (the server refuses them with 403 whatever the page shows). Until the
// answer arrives nothing that changes data is shown.
import { useQuery } from '@tanstack/react-query';
import { useAdminSessionId } from './AdminSessionProvider';
import { validateSession } from './admin-session-api';

export function useCanChange(): boolean {
  const sessionId = useAdminSessionId();
  const session = useQuery({
    queryKey: ['admin-role', sessionId],
    queryFn: () => validateSession(sessionId),
    staleTime: 5 * 60_000,
  });
  return session.data?.role === 'admin';
}
