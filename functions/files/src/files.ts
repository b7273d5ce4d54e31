import { deleteFile, getFile, uploadFile } from '@wattle/flows';
import { noContent, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentFile } from '@wattle/wire';
import type { FilesDeps } from './deps.ts';
import { uploadOf } from './upload-input.ts';

/** POST /files: 200 (not 201, as Pin) with the file and its download URL. */
export const uploadFileRoute: RouteHandler<FilesDeps> = async (request, deps) => {
  const upload = uploadOf(request);
  const { file, link } = await uploadFile(deps, scopeOf(request), upload);
  return resource(200, presentFile(file, link));
};

export const getFileRoute: RouteHandler<FilesDeps, 'GET /1/files/{file_token}'> = async (request, deps) => {
  const { file, link } = await getFile(deps, scopeOf(request), request.params.file_token);
  return resource(200, presentFile(file, link));
};

/** DELETE /files/{token}: 204; 400 once the file is in submitted dispute evidence. */
export const deleteFileRoute: RouteHandler<FilesDeps, 'DELETE /1/files/{file_token}'> = async (
  request,
  deps,
) => {
  await deleteFile(deps, scopeOf(request), request.params.file_token);
  return noContent();
};
