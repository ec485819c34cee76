import type { RequestKey } from '@ipportal/api-client';
import { useMemo } from 'react';
import { useParams } from 'react-router';

/** The request of a detail page's path (`/requests/:projectId/:requestId/...`); null when malformed. */
export function useRequestKey(): RequestKey | null {
  const { projectId, requestId } = useParams();
  return useMemo(() => {
    const number = Number(requestId);
    if (!projectId || !Number.isInteger(number) || number < 1) return null;
    return { projectId, requestId: number };
  }, [projectId, requestId]);
}
