// The "Oferte" tab's data: the offers list and the two writes, through the typed client with the session
// as bearer token. A write refreshes the list (its new change record included); a 401 ends the session.
import '@bodymetrics/web-kit/zod-jitless';
import { adminOffersRoutes, type OfferFields, type OfferPatch } from '@bodymetrics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@bodymetrics/web-kit/api';
import { useAdminSessionId } from '../../auth/AdminSessionProvider';
import { endingSessionOn401 } from '../../lib/unauthorized';

export const adminOffersQueryKey = ['admin-offers'] as const;

export function useAdminOffers() {
  const sessionId = useAdminSessionId();
  return useQuery({
    queryKey: adminOffersQueryKey,
    queryFn: ({ signal }) => endingSessionOn401(call(adminOffersRoutes.list, {}, { sessionId, signal })),
  });
}

/** Creates an offer (no id) or changes the given fields of one. */
export function useSaveOffer() {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: { id?: number; fields: OfferFields | OfferPatch }) =>
      endingSessionOn401(
        save.id === undefined
          ? call(adminOffersRoutes.create, { body: save.fields as OfferFields }, { sessionId })
          : call(
              adminOffersRoutes.update,
              { params: { id: String(save.id) }, body: save.fields },
              { sessionId },
            ),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: adminOffersQueryKey }),
  });
}
