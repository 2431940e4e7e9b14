// The "Segmente" part's data: every segment with its offers' shares, and the switch of a segment's mode
// and floor, through the typed client with the session as bearer token. A switch refreshes the segments
// (the shares are computed again before it answers); a 401 ends the session.
import '@bodymetrics/web-kit/zod-jitless';
import { adminOffersRoutes, type OfferSegmentKey, type OfferSegmentSettings } from '@bodymetrics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@bodymetrics/web-kit/api';
import { useAdminSessionId } from '../../auth/AdminSessionProvider';
import { endingSessionOn401 } from '../../lib/unauthorized';

export const offerSegmentsQueryKey = ['admin-offer-segments'] as const;

export function useOfferSegments() {
  const sessionId = useAdminSessionId();
  return useQuery({
    queryKey: offerSegmentsQueryKey,
    queryFn: ({ signal }) => endingSessionOn401(call(adminOffersRoutes.segments, {}, { sessionId, signal })),
  });
}

export function useSaveSegment() {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ segment, settings }: { segment: OfferSegmentKey; settings: OfferSegmentSettings }) =>
      endingSessionOn401(
        call(adminOffersRoutes.updateSegment, { params: segment, body: settings }, { sessionId }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: offerSegmentsQueryKey }),
  });
}
