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
      return outcomes.shift() ?? { accepted: true, status: 200 };
    },
  };
};

export const refusedBy = (status: number): SendOutcome => ({
  accepted: false,
  error: 'unexpected_http_code',
  description: `Unexpected http code ${status}`,
});
