import { pathOf, projectDetailEndpoints, projectUserSpaceEndpoints } from '@ipportal/domain';
import type { ProjectDetail, UserSpaceFile } from '@ipportal/domain';
import { envelopeOf, send, type BinaryResult, type BinaryThunk as Thunk } from '../binary-call.js';
import { apiRequest } from '../endpoint-request.js';
import { projectOf, projectsApi, updateEveryList } from './projects-api.js';
import { listUpdates } from './list-cache.js';

/* The matter's uploads and downloads (through binary-call.ts). */

function formWith(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** Uploads a file to a matter's user space (multipart, part `file`); adds it to the cached list. */
export function uploadUserSpaceFile(projectId: string, file: File): Thunk<BinaryResult<UserSpaceFile>> {
  return async (dispatch, _getState, extra) => {
    const request = apiRequest(projectUserSpaceEndpoints.uploadUserSpaceFile, { params: { projectId } });
    const sent = await send(extra, request, formWith(file));
    if ('error' in sent) return sent;
    const result = await envelopeOf<UserSpaceFile>(sent.response);
    if ('data' in result) {
      const added = result.data;
      dispatch(
        projectsApi.util.updateQueryData('listUserSpaceFiles', projectId, (draft) => {
          if (!draft.some((f) => f.id === added.id)) draft.unshift(added);
        }),
      );
    }
    return result;
  };
}

/** Uploads a matter's trademark image (multipart, part `file`); answers the updated detail. */
export function uploadTrademarkImage(projectId: string, file: File): Thunk<BinaryResult<ProjectDetail>> {
  return async (dispatch, getState, extra) => {
    const request = apiRequest(projectDetailEndpoints.putTrademarkImage, { params: { projectId } });
    const sent = await send(extra, request, formWith(file));
    if ('error' in sent) return sent;
    const result = await envelopeOf<ProjectDetail>(sent.response);
    if ('data' in result) {
      const detail = result.data;
      await dispatch(projectsApi.util.upsertQueryData('getProject', projectId, detail));
      const project = projectOf(detail);
      updateEveryList({ dispatch, getState }, (list, args) => listUpdates.replace(list, project, args));
    }
    return result;
  };
}

/** GET of a file's bytes (a path of `projectBinaryPaths`) with the bearer token. */
export function fetchProjectBlob(path: string): Thunk<BinaryResult<Blob>> {
  return async (_dispatch, _getState, extra) => {
    const sent = await send(extra, { url: path, method: 'GET' });
    if ('error' in sent) return sent;
    if (!sent.response.ok) return envelopeOf<Blob>(sent.response);
    return { data: await sent.response.blob() };
  };
}

/** Paths of the byte downloads, for `fetchProjectBlob`. */
export const projectBinaryPaths = {
  userSpaceFile: (projectId: string, fileId: string) =>
    pathOf(projectUserSpaceEndpoints.downloadUserSpaceFile, { projectId, fileId }),
  trademarkImage: (projectId: string) => pathOf(projectDetailEndpoints.getTrademarkImage, { projectId }),
};

export type { BinaryResult } from '../binary-call.js';
