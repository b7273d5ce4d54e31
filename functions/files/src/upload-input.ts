import {
  cleanFilename,
  type FieldIssue,
  fieldIssue,
  fileLimits,
  filePurposes,
  fileTypeOf,
  invalidResource,
} from '@wattle/domain';
import type { FileUpload } from '@wattle/flows';
import type { ApiRequest } from '@wattle/http';

const megabytes = fileLimits.maxBytes / (1024 * 1024);

/**
 * The upload of POST /files, checked: `purpose` is dispute_evidence, `file` is a file part that is
 * not empty, within the size limit, and a PDF, PNG or JPEG by its bytes (the declared type is not
 * trusted). Every problem is one message of a 422, all at once.
 */
export const uploadOf = (request: ApiRequest): FileUpload => {
  const issues: FieldIssue[] = [];
  const purpose = request.body.purpose;
  if (purpose === undefined || purpose === '') issues.push(fieldIssue('purpose', "can't be blank"));
  else if (!filePurposes.includes(purpose as never))
    issues.push(fieldIssue('purpose', `must be one of: ${filePurposes.join(', ')}`));

  const upload = request.uploads.file;
  const type = upload ? fileTypeOf(upload.bytes) : null;
  if (!upload)
    issues.push(
      fieldIssue(
        'file',
        request.body.file === undefined
          ? "can't be blank"
          : 'must be a file part of a multipart/form-data body',
      ),
    );
  else if (upload.bytes.length === 0) issues.push(fieldIssue('file', 'is empty'));
  else if (upload.bytes.length > fileLimits.maxBytes)
    issues.push(fieldIssue('file', `is too large (maximum is ${megabytes} MB)`));
  else if (!type) issues.push(fieldIssue('file', 'must be a PDF, PNG or JPEG file'));

  if (issues.length > 0 || !upload || !type) throw invalidResource(issues);
  return {
    originalFilename: cleanFilename(upload.filename) || 'file',
    purpose: purpose as FileUpload['purpose'],
    bytes: upload.bytes,
    type,
  };
};
