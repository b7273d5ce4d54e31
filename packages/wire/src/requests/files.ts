import { fileLimits, filePurposes, fileTypes } from '@wattle/domain';
import * as v from 'valibot';

/**
 * The multipart/form-data fields of POST /files as the OpenAPI document shows them, from the
 * limits `uploadOf` checks (it reads the file part's bytes, which no valibot schema sees).
 */
export const uploadSchema = v.object({
  purpose: v.picklist(filePurposes),
  file: v.pipe(
    v.string(),
    v.metadata({ contentMediaType: 'application/octet-stream' }),
    v.description(
      `The file part: ${fileTypes.join(', ')} (told by its bytes), ${fileLimits.maxBytes / (1024 * 1024)} MB at most.`,
    ),
  ),
});
