import { apiHandler, readUploadBody } from '@wattle/http';
import { filesRoutes } from '@wattle/routes/table/files';
import { filesDeps } from './deps.ts';
import { deleteFileRoute, getFileRoute, uploadFileRoute } from './files.ts';

export const handler = apiHandler(
  'files',
  filesRoutes,
  filesDeps,
  {
    'POST /1/files': uploadFileRoute,
    'GET /1/files/{file_token}': getFileRoute,
    'DELETE /1/files/{file_token}': deleteFileRoute,
  },
  { uploadBody: readUploadBody },
);
