import { apiHandler, readUploadBody } from '@wattle/http';
import { filesDeps } from './deps.ts';
import { deleteFileRoute, getFileRoute, uploadFileRoute } from './files.ts';
import { routes } from './routes.ts';

export const handler = apiHandler(
  'files',
  routes,
  filesDeps,
  {
    'POST /1/files': uploadFileRoute,
    'GET /1/files/{file_token}': getFileRoute,
    'DELETE /1/files/{file_token}': deleteFileRoute,
  },
  { uploadBody: readUploadBody },
);
