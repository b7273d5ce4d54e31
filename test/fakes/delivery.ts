import type { DeliveryQueue, DeliveryRequest, SendOutcome, WebhookPost, WebhookSender } from '@wattle/ports';

/** The webhooks queue in memory: what was asked for, in order. */
export const fakeDeliveryQueue = (): DeliveryQueue & { sent: DeliveryRequest[] } => {
  const sent: DeliveryRequest[] = [];
  return {
    sent,
    send: async (requests) => {
      sent.push(...requests);
    },
  };
};

/** A sender that records each post and answers the outcomes given, in turn (then accepts). */
export const fakeSender = (...outcomes: SendOutcome[]): WebhookSender & { posts: WebhookPost[] } => {
  const posts: WebhookPost[] = [];
  return {
    posts,
    send: async (post) => {
      posts.push(post);
      const outcome = outcomes.shift() ?? { accepted: true as const, status: 200 };
      return { outcome, headers: { 'content-type': 'application/json', 'pin-signature': 't=0,v1=fake' } };
    },
  };
};

export const refusedBy = (status: number): SendOutcome => ({
  accepted: false,
  error: 'unexpected_http_code',
  description: `Unexpected http code ${status}`,
});
