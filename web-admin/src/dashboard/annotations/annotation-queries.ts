// The annotations' reads and writes through the typed client with the admin session: the notes touching the
// chart's dates, and creating, changing and deleting one (each write reads the notes again).
import '@bodymetrics/web-kit/zod-jitless';
import {
  annotationsRoutes,
  type AnnotationCreateBody,
  type AnnotationPatchBody,
} from '@bodymetrics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@bodymetrics/web-kit/api';
import { useAdminSessionId } from '../../auth/AdminSessionProvider';
import { endingSessionOn401 } from '../../lib/unauthorized';

const annotationsKey = ['annotations'] as const;

export function useAnnotations(range: { from: string; to: string } | null) {
  const sessionId = useAdminSessionId();
  return useQuery({
    queryKey: [...annotationsKey, range?.from, range?.to],
    enabled: range !== null,
    queryFn: ({ signal }) =>
      endingSessionOn401(call(annotationsRoutes.list, { query: range ?? {} }, { sessionId, signal })),
  });
}

/** Create, change and delete; each answers the server's refusal to `onError` and reads the notes again. */
export function useAnnotationWrites(onError: (error: Error) => void) {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  const done = { onSuccess: () => client.invalidateQueries({ queryKey: annotationsKey }), onError };
  const create = useMutation({
    mutationFn: (body: AnnotationCreateBody) =>
      endingSessionOn401(call(annotationsRoutes.create, { body }, { sessionId })),
    ...done,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: AnnotationPatchBody }) =>
      endingSessionOn401(call(annotationsRoutes.update, { params: { id }, body }, { sessionId })),
    ...done,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      endingSessionOn401(call(annotationsRoutes.remove, { params: { id } }, { sessionId })),
    ...done,
  });
  return { create, update, remove };
}
