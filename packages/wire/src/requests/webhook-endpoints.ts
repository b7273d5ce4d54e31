import * as v from 'valibot';
import { requiredText } from '../validation.ts';

/** An absolute http or https URL with a host. */
const isWebUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

export const createWebhookEndpointSchema = v.object({
  url: v.pipe(requiredText(2000), v.check(isWebUrl, 'is not a valid URL')),
});
