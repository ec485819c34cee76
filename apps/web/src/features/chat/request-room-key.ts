import type { RequestKey } from '@ipportal/api-client';
import { useMemo } from 'react';
import { useParams } from 'react-router';

/** The room of `/chat/:projectId/:requestId`; null on /chat or when the path is malformed. */
export function useRoomKey(): RequestKey | null {
  const { projectId, requestId } = useParams();
  return useMemo(() => {
    const number = Number(requestId);
    if (!projectId || !Number.isInteger(number) || number < 1) return null;
    return { projectId, requestId: number };
  }, [projectId, requestId]);
}
